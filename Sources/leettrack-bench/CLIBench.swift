import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers of the `cli` suite (also used by other suites for medians and figures).
enum CLIBench {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One `leettrack` binary to measure, and the empty program built the same way.
    struct Build {
        let label: String
        let binary: String
        let isStatic: Bool
    }

    /// One whole run of a process: wall time and CPU time in milliseconds, peak resident memory in MiB.
    struct Run {
        let wall: Double
        let cpu: Double
        let peakMiB: Double
    }

    /// The `leettrack` to measure: `LEETTRACK_BENCH_BINARY`, else the one beside this executable.
    static func leettrackBinary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LEETTRACK_BENCH_BINARY"] { return path }
        return try besideBinary()
    }

    private static func besideBinary() throws -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("leettrack").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            throw Failure(description: "no leettrack at \(beside): run `swift build -c release` first")
        }
        return beside
    }

    /// The builds to measure: `LEETTRACK_BENCH_BINARY` alone when set; else the `leettrack` beside
    /// this executable (dynamic, `swift build -c release`) and, when it exists, the static one
    /// (`LEETTRACK_BENCH_STATIC_BINARY`, else `.build-static/release/leettrack` under the current
    /// directory, which `swift build -c release --static-swift-stdlib --scratch-path .build-static`
    /// makes).
    static func builds() throws -> (builds: [Build], notes: [String]) {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LEETTRACK_BENCH_BINARY"] {
            let isStatic = try isStaticallyLinked(path)
            return ([Build(label: isStatic ? "static" : "dynamic", binary: path, isStatic: isStatic)], [])
        }
        let beside = try besideBinary()
        var builds = [Build(label: "dynamic", binary: beside, isStatic: try isStaticallyLinked(beside))]
        var notes: [String] = []
        let staticPath = environment["LEETTRACK_BENCH_STATIC_BINARY"] ?? ".build-static/release/leettrack"
        if FileManager.default.isExecutableFile(atPath: staticPath) {
            let path = URL(fileURLWithPath: staticPath).resolvingSymlinksInPath().path
            builds.append(Build(label: "static", binary: path, isStatic: try isStaticallyLinked(path)))
        } else {
            notes.append("no static build at \(staticPath): build it with `swift build -c release --static-swift-stdlib "
                + "--scratch-path .build-static --product leettrack` (or set LEETTRACK_BENCH_STATIC_BINARY)")
        }
        return (builds, notes)
    }

    /// Whether the binary carries its own Swift runtime (it then names no `libswiftCore.so`).
    static func isStaticallyLinked(_ binary: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: binary), options: .alwaysMapped)
        return data.range(of: Data("libswiftCore.so".utf8)) == nil
    }

    static func compileEmptyProgram(in directory: URL, staticStdlib: Bool) throws -> URL {
        let source = directory.appendingPathComponent("main.swift")
        try Data("import Foundation\n".utf8).write(to: source)
        let output = directory.appendingPathComponent(staticStdlib ? "empty-static" : "empty")
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
        var arguments = [swiftc, "-O"]
        if staticStdlib { arguments.append("-static-stdlib") }
        arguments += [source.path, "-o", output.path]
        let status = try run("/usr/bin/env", arguments)
        guard status == 0 else { throw Failure(description: "swiftc could not build the empty program (status \(status))") }
        return output
    }

    /// 300 solved, 200 attempted, 100 favorites and 50 notes: 500 touched problems.
    static func fillStore(binary: String, store: String) throws {
        let solved = (1...300).map { String($0 * 7) }
        let attempted = (1...200).map { String($0 * 7 + 3) }
        let favorites: [String] = Array(solved.prefix(60)) + Array(attempted.prefix(40))
        var batches: [[String]] = [["solve", "--date", "2026-01-10"] + solved, ["attempt"] + attempted, ["fav"] + favorites]
        for id in solved.prefix(50) { batches.append(["note", id, "Remember the two-pointer trick."]) }
        for arguments in batches {
            let status = try run(binary, ["--store", store] + arguments)
            guard status == 0 else { throw Failure(description: "leettrack \(arguments.prefix(2)) failed with status \(status)") }
        }
    }

    /// Whether `leettrack` has a command (`today` arrives with another change).
    static func hasCommand(_ binary: String, _ name: String) throws -> Bool {
        try run(binary, [name, "--help"]) == 0
    }

    /// Runs a program with its output discarded; returns its exit status.
    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The wall time, in milliseconds, from spawning a process to reaping it.
    static func time(_ path: String, _ arguments: [String]) throws -> Double {
        try measure(path, arguments).wall
    }

    /// Spawns a process with its output discarded and reaps it with `wait4`, whose resource usage
    /// is the child's own: CPU time and peak resident memory (`ru_maxrss`, KiB on Linux).
    static func measure(_ path: String, _ arguments: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw Failure(description: "cannot wait for \(path)") }
        let end = DispatchTime.now().uptimeNanoseconds
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        #if canImport(Darwin)
        let peak = Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
        #else
        let peak = Double(usage.ru_maxrss) / 1024  // KiB on Linux
        #endif
        return Run(wall: Double(end - start) / 1_000_000, cpu: cpu, peakMiB: peak)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `text` padded with spaces to `width` characters.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// The load average over the last minute, as `uptime` shows it.
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map(format).joined(separator: ", ")
    }
}
