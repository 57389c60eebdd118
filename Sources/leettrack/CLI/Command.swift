import ArgumentParser
import LeetTrackCore

extension ArgumentHelp {
    /// The help of `--json`, which every command that prints data declares as
    /// `@Flag(help: .json) var json = false`. A flag of each command's own rather than an option
    /// group: every group costs the parser a reflection of one more type at each run (about 1.5
    /// million instructions, a tenth of the parsing).
    static let json: ArgumentHelp = "Print JSON instead of text."
    /// The help of the one PROBLEM a command takes, as `leettrack help` explains it.
    static let problem = ArgumentHelp("An id, a slug, or title words.", valueName: "problem")
}

/// A `leettrack` subcommand: a swift-argument-parser command whose work needs the store.
///
/// Parsing only checks the shape of the command line; `run(_:)` checks the values (problem names
/// resolve against the catalog there) before it touches the store, so a usage error changes nothing.
protocol LeetTrackCommand: ParsableCommand {
    /// The root command, whose options (`--store`) may appear anywhere on the command line.
    var root: LeetTrack { get }
    /// How this run opens the store, decided from the arguments (and the context's store path and
    /// environment) before anything is read: a command that only reads never creates or locks it.
    func storeUse(_ context: CommandContext) -> StoreUse
    /// Does the work: reads and writes the store through `context`, prints through `output`.
    func run(_ context: CommandContext, _ output: CommandOutput) throws
}

extension LeetTrackCommand {
    /// Most commands only read.
    func storeUse(_ context: CommandContext) -> StoreUse { .reading }

    /// swift-argument-parser's entry point: opens the store and does the work.
    func run() throws {
        try LeetTrack.perform(store: root.store, use: storeUse) { try self.run($0, $1) }
    }

    /// A usage error that shows this command's usage.
    static func usageError(_ message: String) -> CLIError {
        .usage(message, command: Self.self)
    }
}

/// Help text written across several source lines, made into one line per paragraph (paragraphs
/// are separated by a blank line), so that the library wraps it to the terminal's width.
///
/// Every command's configuration is built at start-up (to find the command named), so this is a
/// plain pass over the bytes rather than Foundation's string search, which costs far more cold.
func paragraphs(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let newline = UInt8(ascii: "\n")
    var joined = bytes
    for index in bytes.indices where bytes[index] == newline {
        let before = index > 0 && bytes[index - 1] == newline
        let after = index + 1 < bytes.count && bytes[index + 1] == newline
        if !before && !after { joined[index] = UInt8(ascii: " ") }
    }
    return String(decoding: joined, as: UTF8.self)
}
