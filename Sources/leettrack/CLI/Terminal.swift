import Foundation
import LeetTrackCore
import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few facts about the terminal the command line needs.
enum Terminal {
    /// A standard stream.
    enum Stream {
        case standardInput, standardOutput, standardError

        var descriptor: Int32 {
            switch self {
            case .standardInput: 0
            case .standardOutput: 1
            case .standardError: 2
            }
        }
    }

    /// Writes a message to standard error, made safe for a terminal (see `TerminalText`): messages
    /// echo arguments and stored names, which may hold escape sequences.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(bytes(of: TerminalText.sanitized(text)))
    }

    /// Writes text for a person (help) to standard output, made safe for a terminal.
    static func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(bytes(of: TerminalText.sanitized(text)))
    }

    /// The text's UTF-8 bytes, copied from its storage: `Data(text.utf8)` takes a generic path that
    /// searches every protocol conformance of the process once per run.
    static func bytes(of text: String) -> Data {
        var text = text
        return text.withUTF8 { buffer in buffer.baseAddress.map { Data(bytes: $0, count: buffer.count) } ?? Data() }
    }

    /// Whether `stream` is a terminal (so colour and questions make sense).
    static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream.descriptor) == 1
    }
}

extension Terminal {
    /// The environment variables the command line reads, looked up one by one: building
    /// `ProcessInfo.processInfo.environment` copies the whole environment into a dictionary.
    static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
