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
/// `input`, standard output and error to files, every other descriptor closed.
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
        closeInheritedDescriptors(&actions)
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        // The signal mask and dispositions of a fresh process, not those of the calling thread (a
        // worker thread of Dispatch blocks some signals, and a shell in tmux needs SIGTSTP and SIGCHLD).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)  // Darwin closes every descriptor not named.
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var pid = pid_t()
        guard posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros do not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    #endif

    /// Adds the closing of every descriptor from 3 up: glibc's `addclosefrom_np` (2.34 on, looked up
    /// at run time: Swift's Glibc module does not import it), else one close per descriptor open
    /// now, as `/proc/self/fd` lists them (glibc ignores a close of one that is not open). Darwin
    /// needs none: `POSIX_SPAWN_CLOEXEC_DEFAULT` does it.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []  // No /proc: nothing listed.
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        #endif
    }
}
