import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Solution files")
struct SolutionFileTests {
    func problem(title: String = "Two Sum", tags: [String] = ["Array"]) throws -> Problem {
        var problem = try #require(Catalog.builtIn.problem(withSlug: "two-sum"))
        problem.title = title
        problem.tags = tags
        return problem
    }

    @Test("the header is comments in the language's syntax: title, URL, difficulty and tags")
    func header() throws {
        let python = try #require(SolutionLanguage(named: "python3"))
        #expect(SolutionFile.header(for: try problem(), language: python)
            == "# 1. Two Sum\n# https://leetcode.com/problems/two-sum/\n# Easy · Array\n\n")
        let php = try #require(SolutionLanguage(named: "php"))
        #expect(SolutionFile.header(for: try problem(), language: php).hasPrefix("<?php\n// 1. Two Sum\n"))
    }

    @Test("a title or tag from outside cannot break out of the comment line")
    func headerSanitised() throws {
        let hostile = try problem(title: "Sum\nimport os; os.system('rm -rf ~')\r\u{2028}x\u{1B}[2J", tags: ["a\nb"])
        let header = SolutionFile.header(for: hostile, language: .standard)
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines[0...2].allSatisfy { $0.hasPrefix("# ") } && lines[3...].allSatisfy(\.isEmpty), "\(lines)")
        #expect(!header.unicodeScalars.contains { $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{1B}" })
    }

    @Test("sequences a language reads inside a comment line are taken apart: Java's \\u escapes, PHP's ?>, C's trailing backslash")
    func headerLanguageSequences() throws {
        let java = try #require(SolutionLanguage(named: "java"))
        let injected = try problem(title: #"Two Sum \u000a class Injected { static { System.out.println("INJECTED"); } } \\u000d"#)
        let javaHeader = SolutionFile.header(for: injected, language: java)
        #expect(!javaHeader.contains("\\u") && !javaHeader.contains("\\U"), "\(javaHeader)")
        #expect(javaHeader.contains(#"\ u000a class Injected"#), "\(javaHeader)")
        let php = try #require(SolutionLanguage(named: "php"))
        let phpHeader = SolutionFile.header(for: try problem(title: "Two Sum ?> <?php echo 'INJECTED'; ?>"), language: php)
        #expect(!phpHeader.dropFirst("<?php".count).contains("?>"), "\(phpHeader)")
        let cpp = try #require(SolutionLanguage(named: "cpp"))
        let cppHeader = SolutionFile.header(for: try problem(title: "Two Sum \\ \t", tags: []), language: cpp)
        #expect(cppHeader.hasPrefix("// 1. Two Sum\n"), "\(cppHeader)")
        #expect(!cppHeader.split(separator: "\n").contains { $0.hasSuffix("\\") || $0.hasSuffix("\\ ") })
    }

    @Test("languages are found by extension or alias in any case, and unknown ones are not")
    func languages() {
        #expect(SolutionLanguage(named: "C++")?.fileExtension == "cpp")
        #expect(SolutionLanguage(named: "Rust")?.fileExtension == "rs")
        #expect(SolutionLanguage(named: "typescript")?.fileExtension == "ts")
        #expect(SolutionLanguage(named: "cobol") == nil)
        #expect(SolutionLanguage.all.count == 14)
    }

    @Test("the file is created 0600 in a folder created 0700, and an existing file is reused untouched")
    func createsThenReuses() throws {
        let temporary = try TemporaryFolder("solution")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let base = temporary.path
        let folder = base + "/code/leetcode"
        let first = try SolutionFile.prepare(for: try problem(), language: .standard, in: folder)
        #expect(first == (folder + "/1.two-sum.py", true))
        let attributes = try FileManager.default.attributesOfItem(atPath: first.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)
        try Data("print('mine')\n".utf8).write(to: URL(fileURLWithPath: first.path))
        let second = try SolutionFile.prepare(for: try problem(), language: .standard, in: folder)
        #expect(second == (first.path, false))
        #expect(try String(contentsOfFile: first.path, encoding: .utf8) == "print('mine')\n")
    }

    @Test("a code folder that is a file is refused with its path")
    func folderIsAFile() throws {
        let temporary = try TemporaryFolder("solution")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let base = temporary.path
        #expect(FileManager.default.createFile(atPath: base + "/file", contents: Data()))
        #expect(throws: LeetTrackError.codeFolder(base + "/file", reason: "it is not a folder; set another with `leettrack config code-dir PATH`")) {
            try SolutionFile.prepare(for: try problem(), language: .standard, in: base + "/file")
        }
    }

    @Test("a FIFO, a folder or a dangling link under the file's name is refused, not opened")
    func onlyRegularFilesAreReused() throws {
        let problem = try problem()
        let name = SolutionFile.name(for: problem, language: .standard)
        for plant in ["fifo", "folder", "dangling"] {
            let temporary = try TemporaryFolder("solution")
            defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
            let base = temporary.path
            let path = base + "/" + name
            switch plant {
            case "fifo": #expect(mkfifo(path, 0o600) == 0)
            case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: base + "/nothing")
            }
            let error = #expect(throws: LeetTrackError.self, "\(plant)") {
                try SolutionFile.prepare(for: problem, language: .standard, in: base)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains(path), "\(plant)")
        }
    }

    @Test("a link the user made to a file of theirs is reused")
    func linkToAFileIsReused() throws {
        let temporary = try TemporaryFolder("solution")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let base = temporary.path
        let problem = try problem()
        #expect(FileManager.default.createFile(atPath: base + "/mine.py", contents: Data("x = 1\n".utf8)))
        try FileManager.default.createSymbolicLink(
            atPath: base + "/" + SolutionFile.name(for: problem, language: .standard), withDestinationPath: base + "/mine.py")
        let reused = try SolutionFile.prepare(for: problem, language: .standard, in: base)
        #expect(!reused.created)
    }

    @Test("a code folder others may write is refused: they could plant files in it")
    func worldWritableFolderIsRefused() throws {
        let temporary = try TemporaryFolder("solution")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let base = temporary.path
        #expect(chmod(base, 0o777) == 0)
        let error = #expect(throws: LeetTrackError.self) {
            try SolutionFile.prepare(for: try problem(), language: .standard, in: base)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("other users can write this folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty)
    }

    @Test("code settings take absolute or ~/ folders and known languages, and expand ~")
    func settings() throws {
        var settings = CodeSettings()
        #expect(throws: LeetTrackError.self) { try settings.set(.codeDirectory, to: "relative/dir") }
        #expect(throws: LeetTrackError.self) { try settings.set(.codeLanguage, to: "cobol") }
        try settings.set(.codeDirectory, to: "~/src/lc")
        try settings.set(.codeLanguage, to: "golang")
        #expect(settings.resolvedDirectory(home: "/home/ada") == "/home/ada/src/lc")
        #expect(settings.defaultLanguage.fileExtension == "go")
        #expect(CodeSettings().resolvedDirectory(home: "/home/ada/") == "/home/ada/leetcode")
    }
}
