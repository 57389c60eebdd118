import Foundation
import LeetTrackCore
import Persistence
import TestSupport

/// Runs the built `leettrack` binary on a store in a fresh temporary directory.
struct LeetTrackRunner {
    /// What a finished process left.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The temporary directory of this test.
    let directory: URL
    /// The store the runs use (`--store` is passed unless a test asks otherwise).
    let storePath: String
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-e2e")
        directory = folder.url
        storePath = directory.appendingPathComponent("store.sqlite").path
    }

    /// The `leettrack` executable next to the test bundle (`.build/debug`).
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug").standardized,
        ]
        for directory in candidates {
            var current = directory
            for _ in 0..<3 {
                let binary = current.appendingPathComponent("leettrack")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                current.deleteLastPathComponent()
            }
        }
        return candidates[0].appendingPathComponent("leettrack")
    }()

    /// The environment of every run: no colour variables, a fixed time zone, no editor.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["NO_COLOR", "LEETTRACK_STORE", "VISUAL", "EDITOR"] { environment[name] = nil }
        environment["TZ"] = "UTC"
        environment["HOME"] = directory.path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("xdg").path
        return environment.merging(extra) { $1 }
    }

    /// Starts `leettrack arguments` with `--store` and returns the running process and its pipes.
    /// - Parameter launcher: a program and its arguments that run the binary (e.g. `prlimit
    ///   --nofile=256`), given the binary's path and arguments after its own.
    func start(
        _ arguments: [String], useStore: Bool = true, environment extra: [String: String] = [:], launcher: [String] = []
    ) throws -> (Process, Pipe, Pipe, Pipe) {
        let process = Process()
        let arguments = (useStore ? ["--store", storePath] : []) + arguments
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.environment = environment(extra)
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, input, output, error)
    }

    /// Runs `leettrack arguments` to the end, feeding `input` on standard input.
    @discardableResult
    func run(_ arguments: String..., input: String = "", useStore: Bool = true, environment: [String: String] = [:]) throws -> Result {
        try run(arguments, input: input, useStore: useStore, environment: environment)
    }

    /// Runs `leettrack arguments` to the end, feeding `input` on standard input.
    @discardableResult
    func run(_ arguments: [String], input: String = "", useStore: Bool = true, environment: [String: String] = [:]) throws -> Result {
        let (process, stdin, stdout, stderr) = try start(arguments, useStore: useStore, environment: environment)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData.wait(), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Every stored key and its bytes: compared before and after a failing command.
    func snapshot(withSummaries: Bool = false) throws -> [String: Data] {
        guard FileManager.default.fileExists(atPath: storePath) else { return [:] }
        let store = try Store.sqlite(path: storePath)
        var entries: [String: Data] = [:]
        // The summaries beside the records are derived from them (ProgressSummariesTests and
        // SummariesEndToEndTests check them): left out unless asked for.
        for key in try store.keys(withPrefix: "") where withSummaries || !ProgressSummaries.isSummaryKey(key) {
            entries[key] = try store.rawValue(forKey: key)
        }
        return entries
    }

    /// Decodes standard output as JSON.
    func json(_ result: Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

/// Reads a pipe to its end on another thread.
final class ErrorCollector: @unchecked Sendable {
    // @unchecked: `data` is written once by the reading thread before `done` is signalled and
    // read only after waiting for it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
