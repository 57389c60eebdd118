import Foundation

/// Finds or builds the Python virtual environment that holds the FSRS reference
/// implementations, and runs oracle scripts in it: py-fsrs (the scheduler's reference) and
/// fsrs-rs-python (the optimizer's: fsrs-rs, which Anki uses).
///
/// The environment lives in the user's cache directory and is reused across runs, so only the
/// first run pays for `pip install`. It is built in a staging directory and renamed into place
/// when complete, so an interrupted or concurrent run never leaves a half-built one in use.
/// Set `LEETTRACK_FSRS_PYTHON` to an interpreter that already has `fsrs` and `fsrs-rs-python`
/// to skip all of this.
public enum FSRSOracle {
    /// The reference releases the Swift scheduler (FSRS-6) and optimizer are checked against.
    /// Pinned so that a new upload to PyPI cannot change a test's verdict unannounced.
    static let references = ["fsrs==6.3.2", "fsrs-rs-python==0.9.3"]

    /// Why the oracle could not run; the test fails with this text.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `script` (Python source) with `arguments` after its path, in the oracle's environment,
    /// and returns the path of the output file it was told to write (its last argument).
    /// - Parameter name: the script's file name in `directory`.
    public static func run(script source: String, name: String, input: URL, in directory: URL) async throws -> URL {
        let python = try await interpreter()
        let script = directory.appendingPathComponent(name)
        try Data(source.utf8).write(to: script)
        let output = directory.appendingPathComponent("\(name)-output.json")
        let log = directory.appendingPathComponent("\(name).log")
        let status = try await execute(python, [script.path, input.path, output.path], log: log)
        guard status == 0 else {
            throw Failure(description: """
                The FSRS reference script failed (exit \(status)) with \(python.path):
                \(tail(of: log))
                """)
        }
        return output
    }

    /// The Python interpreter of a virtual environment where `import fsrs` and
    /// `import fsrs_rs_python` work.
    public static func interpreter() async throws -> URL {
        if let override = ProcessInfo.processInfo.environment["LEETTRACK_FSRS_PYTHON"] {
            return URL(fileURLWithPath: override)
        }
        let files = FileManager.default
        var cache = cacheDirectory()
        do {
            try files.createDirectory(at: cache, withIntermediateDirectories: true)
        } catch {
            // A read-only home (some CI runners): build a fresh environment in /tmp instead.
            cache = files.temporaryDirectory.appendingPathComponent("leettrack-tests")
        }
        let name = "venv-" + references.map { $0.replacingOccurrences(of: "==", with: "-") }.joined(separator: "-")
        let environment = cache.appendingPathComponent(name)
        let python = environment.appendingPathComponent("bin/python")
        let ready = environment.appendingPathComponent("ready")
        // A system Python upgrade can break the environment's link to its interpreter.
        let usable = {
            files.fileExists(atPath: ready.path) && files.isExecutableFile(atPath: python.path)
        }
        if usable() { return python }

        let staging = cache.appendingPathComponent("staging-\(UUID().uuidString)")
        let log = cache.appendingPathComponent("\(staging.lastPathComponent).log")
        defer {
            // Leftovers of a failed or lost race; the log's text is already in any error.
            for leftover in [staging, log] where files.fileExists(atPath: leftover.path) {
                do { try files.removeItem(at: leftover) } catch {}
            }
        }

        let python3 = try findOnPath("python3")
        guard try await execute(python3, ["-m", "venv", staging.path], log: log) == 0 else {
            throw Failure(description: """
                `\(python3.path) -m venv` failed, so the FSRS reference cannot be installed. \
                On Debian or Ubuntu: apt-get install python3-venv.
                \(tail(of: log))
                """)
        }
        let pip = [
            "-m", "pip", "install", "--disable-pip-version-check", "--quiet",
            "--timeout", "30",
        ] + references
        let stagingPython = staging.appendingPathComponent("bin/python")
        guard try await execute(stagingPython, pip, log: log) == 0 else {
            throw Failure(description: """
                pip could not install \(references.joined(separator: " and ")) from PyPI into \(staging.path); the FSRS \
                reference test needs network access to PyPI (or LEETTRACK_FSRS_PYTHON).
                \(tail(of: log))
                """)
        }
        try Data().write(to: staging.appendingPathComponent("ready"))

        if files.fileExists(atPath: environment.path), !usable() {
            try files.removeItem(at: environment)  // an incomplete or broken environment
        }
        do {
            try files.moveItem(at: staging, to: environment)
        } catch where usable() {
            // Another run finished first; its environment is as good as ours.
        }
        return python
    }

    /// `$XDG_CACHE_HOME/leettrack-tests`, else `~/.cache/leettrack-tests`, else a temporary
    /// directory.
    private static func cacheDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("leettrack-tests")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/leettrack-tests")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-tests")
    }

    private static func findOnPath(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: """
            \(name) is not on PATH (\(path)). The FSRS reference test needs Python 3 with venv \
            to run the reference implementation: apt-get install python3-venv.
            """)
    }

    /// Runs a program to completion with its output in `log`, returning its exit status.
    private static func execute(_ executable: URL, _ arguments: [String], log: URL) async throws
        -> Int32
    {
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
            let sink = FileHandle(forWritingAtPath: log.path)
        else { throw Failure(description: "Cannot create the log file \(log.path).") }
        defer {
            // Closing a log we only append to cannot lose anything worth reporting.
            do { try sink.close() } catch {}
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = sink
        process.standardError = sink
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: Failure(description: """
                    Cannot run \(executable.path): \(error.localizedDescription)
                    """))
            }
        }
    }

    /// The last lines of a log, for an error message.
    private static func tail(of log: URL) -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "" }
        return String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .suffix(15).joined(separator: "\n")
    }
}
