import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import Persistence

/// Why a command stopped. ``ErrorReport`` turns every error into a message and an exit code in
/// one place.
enum CLIError: Error {
    /// The command line is wrong (exit 64); the usage of `command` follows the message.
    case usage(String, command: ParsableCommand.Type?)
    /// No command has this name.
    case unknownCommand(String, suggestion: String?)
    /// The command could not do its work (exit 1).
    case failure(String)
    /// The command did its work and its output says why it did not succeed (a test case that
    /// failed, a submission the judge did not accept): exit 1, with nothing more on standard error.
    case saidInOutput
}

/// The one place that maps errors to what the user sees and to the exit code:
/// 0 success, 1 failure, 64 usage error (`EX_USAGE`).
struct ErrorReport {
    /// The text for stderr.
    let message: String
    /// The process's exit code.
    let exitCode: Int32

    static let usageExitCode: Int32 = 64

    init(_ error: any Error, storePath: String?) {
        switch error {
        case let failure as StoreCommandFailure:
            self.init(failure.error, storePath: failure.storePath)
        case CLIError.usage(let text, let command):
            // A usage message is one line; a line feed in it came from the argument it quotes.
            var message = "Error: \(text.lineFeedsEscaped)\n"
            if let command, let name = command.configuration.commandName {
                message += "Usage: \(LeetTrack.usageString(for: command))\n  See 'leettrack \(name) --help' for more information.\n"
            } else {
                message += "  See 'leettrack --help' for more information.\n"
            }
            self.init(message: message, exitCode: Self.usageExitCode)
        case CLIError.unknownCommand(let name, let suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            self.init(
                message: "Error: unknown command '\(name)'.\(hint)\n  See 'leettrack --help' for the commands.\n",
                exitCode: Self.usageExitCode)
        case CLIError.failure(let text):
            self.init(message: "Error: \(text)\n", exitCode: 1)
        case CLIError.saidInOutput:
            self.init(message: "", exitCode: 1)
        case let error as LeetTrackError:
            switch error {
            // Only `review --date` meets it here (without --date, `review` says the clock is
            // behind); the screen and the web page, which have no --date, show the error alone.
            case .reviewBeforeLastReview:
                self.init(message: "Error: \(error) Leave out --date to record the review now.\n", exitCode: Self.usageExitCode)
            // The command line was right, but the store's state does not allow the change.
            case .invalidCatalog, .duplicateList, .invalidListMove, .invalidListPlace, .notSolved, .codeFile, .codeFolder, .notEnoughReviews:
                self.init(message: "Error: \(error)\n", exitCode: 1)
            default:
                self.init(message: "Error: \(error)\n", exitCode: Self.usageExitCode)
            }
        case PersistenceError.undecodable(let key, let reason):
            let place = storePath.map { " in \($0)" } ?? ""
            let repair = key.hasPrefix("settings.")
                ? " `leettrack doctor --export-raw FILE --remove-unreadable-settings` saves its bytes and puts the defaults back."
                : ""
            self.init(
                message: "Error: the record '\(key)'\(place) cannot be read (\(reason)). It was left untouched and "
                    + "nothing was changed. `leettrack doctor --export-raw FILE` lists the damaged records and saves "
                    + "their bytes for repair by hand.\(repair)\n",
                exitCode: 1)
        case PersistenceError.readOnly:
            self.init(
                message: "Error: \(error).\nNothing was changed; reading commands (list, show, stats, export, report) still work.\n",
                exitCode: 1)
        case PersistenceError.damaged:
            self.init(
                message: "Error: \(error)\nNothing was changed. `leettrack doctor` checks the whole store.\n", exitCode: 1)
        case PersistenceError.sqlite(let code, _, _, _) where code & 0xFF == 1:
            // The store's tables changed under the command (another program edited them).
            self.init(
                message: "Error: \(error)\nNothing was changed. `leettrack doctor` checks the whole store.\n", exitCode: 1)
        case let error as PersistenceError:
            // Some store errors name a key rather than the file; the user needs both.
            let text = "\(error)"
            let location = storePath.map { text.contains($0) ? "" : " (store: \($0))" } ?? ""
            self.init(message: "Error: \(text)\(location)\nNothing was changed.\n", exitCode: 1)
        case let error as CocoaError:
            // Foundation's own text ("NSCocoaErrorDomain error 512") means nothing to a user.
            let path = error.filePath ?? error.url?.path
            self.init(message: "Error: \(path.map { "\($0): " } ?? "")\(FileErrorReason.text(error))\n", exitCode: 1)
        case let error as POSIXError:
            self.init(message: "Error: \(FileErrorReason.system(error.code.rawValue))\n", exitCode: 1)
        default:
            // The library's own errors (parsing, help, version) and anything else: its message
            // and exit code (64 for a command line it cannot parse, 0 for help, 1 otherwise).
            var message = LeetTrack.fullMessage(for: error)
            if message.hasPrefix("Error: Missing expected argument"),
                let unknown = CommandLineChecks.unknownOption(in: Array(CommandLine.arguments.dropFirst())) {
                // The library names the missing argument first; the unknown option is the mistake.
                let usage = message.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("Usage:") }
                message = "Error: Unknown option '\(unknown)'\n" + usage.joined(separator: "\n")
            }
            // A value the parser echoes ("The value 'x' is invalid") keeps its line feeds escaped, as ours do.
            for argument in CommandLine.arguments.dropFirst() where argument.unicodeScalars.contains("\n") {
                message = message.replacing(argument, with: argument.lineFeedsEscaped)
            }
            if !message.hasSuffix("\n") { message += "\n" }
            self.init(message: message, exitCode: LeetTrack.exitCode(for: error).rawValue)
        }
    }

    private init(message: String, exitCode: Int32) {
        self.message = Self.shorteningLongWords(of: message)
        self.exitCode = exitCode
    }

    /// The longest run of non-blank characters a message shows whole: more than any path or name a
    /// user would read, far less than a pasted page (a 100 KB argument came back whole in some
    /// messages, 100 KB of standard error).
    static let longestWord = 500

    /// `message` with each run of non-blank characters longer than ``longestWord`` cut to its
    /// first 60 characters, an ellipsis and its length, the quotes and marks around it kept:
    /// `'aaaa…' (102400 characters)`.
    static func shorteningLongWords(of message: String) -> String {
        guard message.utf8.count > longestWord else { return message }
        var result = ""
        var word = ""
        for character in message {
            guard character.isWhitespace else {
                word.append(character)
                continue
            }
            result += shortened(word)
            result.append(character)
            word = ""
        }
        return result + shortened(word)
    }

    /// `word` itself, or its start, an ellipsis and its length when it is longer than ``longestWord``.
    private static func shortened(_ word: String) -> String {
        let count = word.count
        guard count > longestWord else { return word }
        let marks: Set<Character> = ["'", "\"", "“", "”", "‘", "’", "(", ")", ".", ",", ":", ";", "!", "?"]
        let lead = word.prefix { marks.contains($0) }
        let trail = String(word.reversed().prefix { marks.contains($0) }.reversed())
        let core = word.dropFirst(lead.count).prefix(60)
        return "\(lead)\(core)…\(trail) (\(count - lead.count - trail.count) characters)"
    }
}
