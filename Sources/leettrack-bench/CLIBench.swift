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
                + "--scratch-path .build-static --product leettrack` (or set LEETTRACK_BENCH_STATIC_BINARY), and `--product parser-floor` for its floor")
        }
        return (builds, notes)
    }

    /// A new scratch folder for the suite `name`, `leettrack-bench-<name>-<pid>` in the temporary
    /// folder; the suite removes it with ``removeScratch(_:)``.
    static func makeScratch(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "leettrack-bench-\(name)-\(getpid())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Removes a suite's scratch folder; a folder that cannot be removed is named on standard error
    /// (it holds only the suite's own stores, so the run's figures stand).
    static func removeScratch(_ path: String) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            FileHandle.standardError.write(Data("leettrack-bench: could not remove the scratch folder \(path): \(error)\n".utf8))
        }
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
        batches += [["config", "follow", "neetcode-150"], ["config", "daily-goal", "3"]]  // What `today` and `next` read.
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

    /// Runs a program through the launcher (see ``compileLauncher(in:)``), which spawns it with its
    /// output discarded and reaps it with `wait4`: whole-process wall time, the child's CPU time and
    /// its peak resident memory (`ru_maxrss`).
    static func measure(launcher: URL, _ path: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = launcher
        process.arguments = [path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count == 3 else {
            throw Failure(description: "cannot measure \(path) \(arguments.joined(separator: " "))")
        }
        return Run(wall: fields[0] / 1_000_000, cpu: fields[1] / 1000, peakMiB: fields[2] / 1024)
    }

    /// A small C program that runs one command and prints its wall time (ns), CPU time (µs) and peak
    /// resident memory (`ru_maxrss`). It exists because a child spawned by a large process reports
    /// that process's peak as its own: Linux records the peak of the memory the child leaves at
    /// `exec`, which `posix_spawn`'s `vfork` shares with the parent (here, the benchmark, 80 MiB).
    /// Spawned from this launcher, whose own peak is about 1.2 MiB, the child's figure is its own.
    /// Built with `clang` (every Swift toolchain for Linux has one; `CC` names another).
    static func compileLauncher(in directory: URL) throws -> URL {
        let source = directory.appendingPathComponent("launcher.c")
        try Data(launcherSource.utf8).write(to: source)
        let output = directory.appendingPathComponent("launcher")
        let compiler = ProcessInfo.processInfo.environment["CC"] ?? "clang"
        let status = try run("/usr/bin/env", [compiler, "-O2", source.path, "-o", output.path])
        guard status == 0 else { throw Failure(description: "\(compiler) could not build the launcher (status \(status))") }
        return output
    }

    private static let launcherSource = """
        #include <fcntl.h>
        #include <spawn.h>
        #include <stdio.h>
        #include <sys/resource.h>
        #include <sys/wait.h>
        #include <time.h>
        extern char **environ;
        int main(int argc, char **argv) {
            posix_spawn_file_actions_t actions;
            posix_spawn_file_actions_init(&actions);
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
            struct timespec start, end;
            struct rusage usage;
            pid_t pid;
            int status;
            if (argc < 2) return 1;
            clock_gettime(CLOCK_MONOTONIC, &start);
            if (posix_spawn(&pid, argv[1], &actions, 0, argv + 1, environ) != 0) return 1;
            if (wait4(pid, &status, 0, &usage) != pid) return 1;
            clock_gettime(CLOCK_MONOTONIC, &end);
            long long wall = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
            long long cpu = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
                + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
        #ifdef __APPLE__
            long peak = usage.ru_maxrss / 1024;
        #else
            long peak = usage.ru_maxrss;
        #endif
            printf("%lld %lld %ld\\n", wall, cpu, peak);
            return 0;
        }

        """

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
