import ChildProcesses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program in the foreground and waits for it: an editor, which shares our terminal.
///
/// It gets our standard input, output and error, no other descriptor of ours (not the store's
/// file), and the signal state of a fresh process; it stays in our session and process group, so
/// the terminal is its as long as it runs.
enum ForegroundProcess {
    /// How the program ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
    }

    /// Why the program could not be started.
    struct StartFailure: Error {
        let reason: String
    }

    /// Starts `program` (a path) with `arguments` after its name and waits for it to end.
    static func run(_ program: String, arguments: [String]) throws(StartFailure) -> Ending {
        let pid: pid_t
        switch ChildProcessSetup.spawn(program, arguments) {
        case .success(let child): pid = child
        case .failure(let failure): throw StartFailure(reason: failure.reason)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw StartFailure(reason: String(cString: strerror(errno))) }
        }
        // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal that
        // ended it (0 when it exited), the next byte its exit status.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
    }
}
