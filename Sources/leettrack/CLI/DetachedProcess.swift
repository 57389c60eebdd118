import ChildProcesses
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import Foundation  // Process, for the branch below.
#endif

/// Starts a program that outlives the command and never touches its terminal: a web browser.
///
/// The program gets `/dev/null` for its input and output (a browser's chatter must not garble the
/// interactive screen or a script's output), no other descriptor of ours, a session of its own (so the terminal's signals and
/// its closing do not reach it), the default signal dispositions and an empty signal mask. It is
/// started with `posix_spawnp`, with no shell: every argument reaches it as one argv word. The
/// caller does not wait for it; a thread reaps it when it ends, so none is left a zombie.
enum DetachedProcess {
    /// Starts `arguments[0]` (found on `PATH`) with `arguments`.
    /// - Returns: `nil` when it started, else why not (`No such file or directory`).
    static func start(_ arguments: [String]) -> String? {
        guard let program = arguments.first, !program.isEmpty else { return "no program" }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else of ours may live on in it: not the store's file (SQLite's locks), not a
        // descriptor by which our own parent learns that we ended (Foundation's Process watches
        // a socket for that, and a browser holding it would make us look alive for hours).
        ChildProcessSetup.closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildProcessSetup.freshSignals(&attributes, newSession: true)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else { return String(cString: strerror(result)) }
        let child = pid
        DispatchQueue.global(qos: .background).async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return nil
        #else
        // Elsewhere (macOS): Foundation's Process, with the same quiet input and output.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return error.localizedDescription
        }
        #endif
    }
}
