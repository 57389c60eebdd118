#if canImport(Glibc)
import Glibc
#endif

/// What can go wrong with the terminal.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal (a pipe, a file, a CI runner).
    case notATerminal
    /// This platform has no terminal support in this module yet.
    case unsupportedPlatform
    /// A system call failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A message for the user that says what to do.
    public var description: String {
        switch self {
        case .notATerminal:
            return "the interactive screen needs a terminal (standard input and output are not one); use the commands instead, see --help"
        case .unsupportedPlatform:
            return "the interactive screen is not supported on this platform yet; use the commands instead, see --help"
        case .systemCall(let call, let code):
            #if canImport(Glibc)
            let reason = String(cString: strerror(code))
            #else
            let reason = "error \(code)"
            #endif
            return "terminal: \(call) failed: \(reason)"
        }
    }
}
