import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program that may leave a server behind (`pg_ctl start`, a tmux client that starts its
/// server), waiting for that program only.
///
/// Nothing of the test process reaches the program but what is named here: standard input from
/// `input`, standard output and error to files, every other descriptor closed, and the signal state
/// of a fresh process (``ChildProcessSetup``).
/// Foundation makes pipes without close-on-exec, so a server started while another test spawns a
/// child would otherwise keep that child's output pipe (or the exit socket Foundation's `Process`
/// watches) open for the server's life, and that test, reading to the end, would wait for the
/// server; with every worker thread so blocked, the whole run waits forever.
/// Not Foundation's `Process`, which learns of the exit through a descriptor the child inherits,
/// so it would wait for the server as well.
public enum Spawn {
    /// Runs `argv` (`argv[0]` a path) with `environment`, its standard error to `errors` (by default
    /// with the output); returns its exit status, or -1 when it could not start or was ended by a signal.
    public static func run(
        _ argv: [String], environment: [String: String], input: String = "/dev/null", output: String, errors: String? = nil
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        ChildProcessSetup.closeInheritedDescriptors(&actions)
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildProcessSetup.freshSignals(&attributes)
        var pid = pid_t()
        guard posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros do not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
