import ArgumentParser
import LeetTrackCore

/// The options every subcommand accepts, declared once.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store to use (default: $LEETTRACK_STORE, else the XDG data directory).", valueName: "path"))
    var store: String?
}

/// A `leettrack` subcommand: a swift-argument-parser command whose work needs the store.
///
/// Parsing only checks the shape of the command line; `run(_:)` checks the values (problem names
/// resolve against the catalog there) before it touches the store, so a usage error changes nothing.
protocol LeetTrackCommand: ParsableCommand {
    /// The root command, whose options (`--store`) may appear anywhere on the command line.
    var root: LeetTrack { get }
    /// Does the work.
    func run(_ context: CommandContext) throws
}

extension LeetTrackCommand {
    /// A usage error that shows this command's usage.
    static func usageError(_ message: String) -> CLIError {
        .usage(message, command: Self.self)
    }
}

/// Help text written across several source lines, made into one line per paragraph (paragraphs
/// are separated by a blank line), so that the library wraps it to the terminal's width.
func paragraphs(_ text: String) -> String {
    text.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n\n")
}
