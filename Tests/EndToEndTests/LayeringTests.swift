import Foundation
import Testing

/// The layers of DESIGN.md, checked on the sources: C shims → Persistence → LeetTrackCore →
/// (TerminalUI, the screen, the web app) → the `leettrack` executable. A target may import only
/// what its row allows; a new import across a layer fails here before it becomes a habit.
@Suite("Layering")
struct LayeringTests {
    /// `FoundationEssentials`, not `Foundation`: a module the executable links that imports
    /// `Foundation` makes every command load libFoundation, FoundationInternationalization and ICU.
    static let system: Set<String> = ["FoundationEssentials", "Glibc", "Darwin", "Synchronization", "Observation", "Dispatch"]

    /// What each library target may import besides the system modules.
    static let allowed: [String: Set<String>] = [
        "Persistence": ["CSQLite", "CLibPQ"],
        "LeetTrackCore": ["Persistence"],
        "LeetCodeClient": ["Persistence", "LeetTrackCore", "CLibCurl"],
        "TerminalUI": [],
        "LeetTrackText": ["Persistence", "LeetTrackCore", "TerminalUI"],
        "LeetTrackScreen": ["Persistence", "LeetTrackCore", "LeetTrackText", "TerminalUI"],
        "LeetTrackServer": ["Persistence", "LeetTrackCore", "NIOCore", "NIOConcurrencyHelpers", "NIOPosix", "NIOHTTP1", "Logging", "CZlib", "COpenSSL"],
        "TestSupport": ["ChildProcesses", "Foundation"],
        "ChildProcesses": [],
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    static func swiftFiles(of target: String) -> [URL] {
        let folder = sources.appendingPathComponent(target)
        return (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }) ?? []
    }

    static func imports(in file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                index + 1 < words.count
            else { return nil }
            return String(words[index + 1].split(separator: ".").first ?? words[index + 1])
        }
    }

    @Test("every library target imports only what its layer may", arguments: allowed.keys.sorted())
    func importsFollowTheLayers(target: String) throws {
        let files = Self.swiftFiles(of: target)
        guard !files.isEmpty else { return }  // A target another branch adds.
        let allowed = Self.system.union(Self.allowed[target] ?? [])
        for file in files {
            for module in try Self.imports(in: file) {
                #expect(allowed.contains(module), "\(target)/\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    @Test("only the command that opens the screen imports the screen; the others format through LeetTrackText")
    func commandLineFormatsWithoutTheScreen() throws {
        let files = Self.swiftFiles(of: "leettrack")
        #expect(files.count > 20)
        let importing = try files.filter { try Self.imports(in: $0).contains("LeetTrackScreen") }.map(\.lastPathComponent)
        #expect(importing == ["InteractiveCommand.swift"])
    }

    @Test("Persistence and TerminalUI never mention LeetTrack", arguments: ["Persistence", "TerminalUI"])
    func genericLibraries(target: String) throws {
        let folder = Self.sources.appendingPathComponent(target)
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { ["swift", "md", "h"].contains($0.pathExtension) }) ?? []
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.lowercased().contains("leettrack"), "\(target)/\(file.lastPathComponent) mentions LeetTrack")
        }
    }

    @Test("the leettrack executable loads neither Foundation nor ICU, only FoundationEssentials")
    func executableLoadsNoFoundation() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [LeetTrackRunner.executable.path]
        let output = Pipe()
        ldd.standardOutput = output
        try ldd.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0, "\(text)")
        #expect(text.contains("libFoundationEssentials.so"), "\(text)")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so", "libicu"] {
            #expect(!text.contains(library), "leettrack loads \(library):\n\(text)")
        }
    }
}
