import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `cli` suite: whole-process medians of `leettrack list --difficulty hard`, `fav 1`, `stats`,
/// `today`, `next` and `lists neetcode-150` on a store with 500 touched problems (following
/// neetcode-150, with a daily goal), next to an empty Swift program that imports Foundation,
/// compiled the same way (`-O`, and `-static-stdlib` when the measured binary is
/// statically linked). Prints each median and its ratio to the empty program (target: at most 2x).
///
/// It measures the `leettrack` next to this executable (build both with `swift build -c release`),
/// or the one named by `LEETTRACK_BENCH_BINARY` (e.g. a `--static-swift-stdlib` build).
/// Runs are interleaved (empty, then each command, round after round) so that a busy machine
/// slows every program alike.
func runCLISuite() throws {
    let binary = try CLIBench.leettrackBinary()
    let isStatic = try CLIBench.isStaticallyLinked(binary)
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-cli-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }  // A leftover temp directory is harmless.

    let empty = try CLIBench.compileEmptyProgram(in: workspace, staticStdlib: isStatic)
    let store = workspace.appendingPathComponent("store.sqlite").path
    try CLIBench.fillStore(binary: binary, store: store)

    let commands: [(name: String, arguments: [String], before: [String]?)] = [
        ("list --difficulty hard", ["list", "--difficulty", "hard"], nil),
        // Every measured `fav 1` writes: an unmeasured `unfav 1` runs before it.
        ("fav 1", ["fav", "1"], ["unfav", "1"]),
        ("stats", ["stats"], nil),
        ("today", ["today"], nil),
        ("next", ["next"], nil),
        ("lists neetcode-150", ["lists", "neetcode-150"], nil),
    ]
    let rounds = 60
    var emptyTimes: [Double] = []
    var times = Array(repeating: [Double](), count: commands.count)
    for _ in 0..<3 { _ = try CLIBench.time(empty.path, []) }  // Warm the page cache.
    for round in 0..<rounds {
        emptyTimes.append(try CLIBench.time(empty.path, []))
        for offset in 0..<commands.count {
            let index = (round + offset) % commands.count
            let command = commands[index]
            if let before = command.before { _ = try CLIBench.time(binary, ["--store", store] + before) }
            times[index].append(try CLIBench.time(binary, ["--store", store] + command.arguments))
        }
    }

    let emptyMedian = CLIBench.median(emptyTimes)
    print("binary: \(binary) (\(isStatic ? "static Swift runtime" : "dynamically linked Swift runtime"))")
    print("store: 500 touched problems; \(rounds) interleaved runs each; medians of whole-process time")
    print()
    print("command".padding(toLength: 36, withPad: " ", startingAt: 0) + "median ms   ratio   target <= 2x")
    print("empty Foundation program".padding(toLength: 36, withPad: " ", startingAt: 0)
        + CLIBench.format(emptyMedian).padding(toLength: 12, withPad: " ", startingAt: 0) + "1.00x")
    for (index, command) in commands.enumerated() {
        let median = CLIBench.median(times[index])
        let ratio = median / emptyMedian
        print("leettrack \(command.name)".padding(toLength: 36, withPad: " ", startingAt: 0)
            + CLIBench.format(median).padding(toLength: 12, withPad: " ", startingAt: 0)
            + (CLIBench.format(ratio) + "x").padding(toLength: 8, withPad: " ", startingAt: 0)
            + (ratio <= 2 ? "ok" : "over"))
    }
}

/// Helpers of the `cli` suite.
enum CLIBench {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func leettrackBinary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LEETTRACK_BENCH_BINARY"] { return path }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("leettrack").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            throw Failure(description: "no leettrack at \(beside): run `swift build -c release` first")
        }
        return beside
    }

    /// Whether the binary carries its own Swift runtime (it then names no `libswiftCore.so`).
    static func isStaticallyLinked(_ binary: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: binary), options: .alwaysMapped)
        return data.range(of: Data("libswiftCore.so".utf8)) == nil
    }

    static func compileEmptyProgram(in directory: URL, staticStdlib: Bool) throws -> URL {
        let source = directory.appendingPathComponent("main.swift")
        try Data("import Foundation\n".utf8).write(to: source)
        let output = directory.appendingPathComponent("empty")
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
        batches += [["config", "follow", "neetcode-150"], ["config", "daily-goal", "3"]]  // What `today` and `next` read.
        for arguments in batches {
            let status = try run(binary, ["--store", store] + arguments)
            guard status == 0 else { throw Failure(description: "leettrack \(arguments.prefix(2)) failed with status \(status)") }
        }
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
        waitpid(pid, &status, 0)
        let end = DispatchTime.now().uptimeNanoseconds
        return Double(end - start) / 1_000_000
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
}
