import FoundationEssentials
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
        writeAsItIs(TerminalText.sanitized(text), to: .standardError)
    }

    /// Writes text for a person (help) to standard output, made safe for a terminal.
    static func writeOutput(_ text: String) {
        writeAsItIs(TerminalText.sanitized(text), to: .standardOutput)
    }

    /// Writes text the user asked for (help, the version) to standard output and returns the exit
    /// code: 0, or 1 with a message on standard error when the text could not be written (a full
    /// disk, a closed output), so a script does not take lost help for success.
    static func answer(_ text: String) -> Int32 {
        do {
            try FileDescriptorOutput.write(bytes(of: TerminalText.sanitized(text)), to: Stream.standardOutput.descriptor)
            return 0
        } catch {
            let report = ErrorReport(CommandOutput.error(error, storeWritten: false), storePath: nil)
            writeError(report.message)
            return report.exitCode
        }
    }

    /// Writes our own text (a progress bar, a line redrawn in place) with its escape sequences;
    /// a stream that cannot be written (closed) is let be: there is nowhere else to say so.
    static func writeAsItIs(_ text: String, to stream: Stream) {
        do {
            try FileDescriptorOutput.write(bytes(of: text), to: stream.descriptor)
        } catch {
            return
        }
    }

    /// The text's UTF-8 bytes, copied from its storage: `Data(text.utf8)` takes a generic path that
    /// searches every protocol conformance of the process once per run.
    static func bytes(of text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { Array($0) }
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
        values.reserveCapacity(names.count)  // One allocation, not one per growth.
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
