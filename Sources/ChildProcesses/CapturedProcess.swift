import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to the end without a shell and collects what it wrote: `git`, run by
/// `leettrack` for the code folder. Its standard input is `/dev/null` (a program that would ask
/// a question gets the end of input instead of hanging on our terminal); it gets our environment
/// with `overrides` applied, none of our other descriptors, and the signal state of a fresh process.
public enum CapturedProcess {
    /// How a run ended and what it wrote.
    public struct Output: Sendable {
        /// The exit status (128 + the signal's number when a signal ended it).
        public var status: Int32
        /// Its standard output.
        public var standardOutput: Data
        /// Its standard error.
        public var standardError: Data
    }

    /// Why a program could not be started: the system's words.
    public struct StartFailure: Error, Sendable {
        /// The reason (`No such file or directory`).
        public let reason: String
    }

    /// The path of the executable `name` on `searchPath` (a `PATH` value), if any.
    public static func find(_ name: String, searchPath: String?) -> String? {
        for folder in (searchPath ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let path = folder + "/" + name
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Runs `program` (a path) with `arguments` and waits for it; `overrides` set (or, with
    /// `nil`, remove) variables of the inherited environment.
    public static func run(_ program: String, _ arguments: [String], overrides: [String: String?] = [:]) throws(StartFailure) -> Output {
        var output: [Int32] = [-1, -1]
        var error: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw StartFailure(reason: String(cString: strerror(errno))) }
        guard pipe(&error) == 0 else {
            close(output[0]); close(output[1])
            throw StartFailure(reason: String(cString: strerror(errno)))
        }
        let started = ChildProcessSetup.spawn(program, arguments, environment: Self.environment(overrides)) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        }
        close(output[1])
        close(error[1])
        defer { close(output[0]); close(error[0]) }
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let failure): throw StartFailure(reason: failure.reason)
        }
        let (standardOutput, standardError) = drain(output[0], error[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw StartFailure(reason: String(cString: strerror(errno))) }
        }
        // The <sys/wait.h> macros, which Swift does not import.
        let signal = status & 0x7F
        return Output(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, standardOutput: standardOutput, standardError: standardError)
    }

    /// Our environment with `overrides` applied, as `NAME=value` entries.
    private static func environment(_ overrides: [String: String?]) -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if overrides[name] == nil { entries.append(text) }
            pointer += 1
        }
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            if let value { entries.append(name + "=" + value) }
        }
        return entries
    }

    /// Reads both pipes to their ends at once (a child that fills one while we wait on the other
    /// would never end).
    private static func drain(_ first: Int32, _ second: Int32) -> (Data, Data) {
        var collected = [Data(), Data()]
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while open[0] || open[1] {
            var descriptors = [pollfd(fd: open[0] ? first : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open[1] ? second : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return (collected[0], collected[1])
    }
}
