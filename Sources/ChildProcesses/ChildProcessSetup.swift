import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every program we start with `posix_spawn` gets, whoever starts it (the `leettrack`
/// executable's browser, the tests' tmux and PostgreSQL servers): none of our descriptors but
/// those named, and the signal state of a fresh process rather than of the calling thread.
///
/// A worker thread of Dispatch blocks some signals, which a child would inherit (a shell needs
/// SIGTSTP and SIGCHLD); Foundation makes pipes without close-on-exec, so a child that outlives
/// the call would keep other processes' pipes, or the socket by which our own parent learns that
/// we ended, open for its whole life.
public enum ChildProcessSetup {
    /// Adds the closing of every descriptor from 3 up to `actions` (after the ones that name 0–2).
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        // glibc's `addclosefrom_np` (2.34 on), looked up at run time: Swift's Glibc module does not import it.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open: [String]
        do {
            open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        } catch {
            // No /proc to list them: every descriptor number there can be (glibc ignores a close of
            // one that is not open).
            let limit = min(Int32(clamping: sysconf(Int32(_SC_OPEN_MAX))), 65_536)
            for descriptor in Int32(3)..<max(limit, 3) { posix_spawn_file_actions_addclose(&actions, descriptor) }
            return
        }
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        #endif
        // Darwin: `POSIX_SPAWN_CLOEXEC_DEFAULT`, set by ``freshSignals(_:newSession:)``, closes them.
    }

    /// Sets `attributes` for an empty signal mask and the default dispositions; with `newSession`,
    /// a session of the child's own (so a terminal's signals and its closing do not reach it).
    public static func freshSignals(_ attributes: inout posix_spawnattr_t, newSession: Bool = false) {
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        if newSession { flags |= 0x0400 }  // POSIX_SPAWN_SETSID, a macro Swift does not import.
        #else
        if newSession { flags |= 0x80 }  // POSIX_SPAWN_SETSID (glibc 2.26), a macro Swift does not import.
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    /// Starts `program` (a path) with `arguments` after its name, set up as above, with the
    /// descriptors `redirect` adds first (0–2) and `environment` (`nil`: ours).
    /// - Returns: the child's id, or the error number of `posix_spawn`.
    public static func spawn(
        _ program: String, _ arguments: [String], environment: [String]? = nil, redirect: (inout posix_spawn_file_actions_t) -> Void = { _ in }
    ) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        freshSignals(&attributes)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let entries: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in entries ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let result = if let entries {
            posix_spawn(&pid, program, &actions, &attributes, argv, entries)
        } else {
            posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        }
        return result == 0 ? .success(pid) : .failure(SpawnFailure(code: result))
    }

    /// Why ``spawn(_:_:environment:redirect:)`` could not start a program.
    public struct SpawnFailure: Error {
        /// The error number.
        public let code: Int32
        /// The system's words for it.
        public var reason: String { String(cString: strerror(code)) }
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    #endif
}
