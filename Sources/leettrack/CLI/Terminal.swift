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
        FileHandle.standardError.write(Data(TerminalText.sanitized(text).utf8))
    }

    /// Whether `stream` is a terminal (so colour and questions make sense).
    static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream.descriptor) == 1
    }
}

/// ANSI colours, or plain text when colour is off (not a terminal, or `NO_COLOR` set).
struct Style {
    /// Whether escape sequences are written.
    let enabled: Bool

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
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
