import ArgumentParser
import Synchronization

/// The one place that uses an underscored API of swift-argument-parser, and why.
///
/// What the parser lacks: a way to skip its search for `--generate-completion-script`. On every
/// command line it parses two pseudo-commands to look for that option (about 8 million
/// instructions, a third of all parsing), unless the root command names a `_superCommandName`.
/// That name also shows in help and usage, so the root claims it only while ``parse(_:_:)``
/// parses a command line that asks for no completion script; every message is built afterwards,
/// with the plain configuration. `parser-floor` links this same file, so the floor it measures is
/// the parse `leettrack` pays.
///
/// Remove this file when the library offers the skip (or makes the search cheap).
enum ParserShim {
    private static let parsing = Atomic<Bool>(false)

    /// `plain` naming its own command as its super command: what the root's configuration is while
    /// ``parse(_:_:)`` runs.
    static func parsingVariant(of plain: CommandConfiguration) -> CommandConfiguration {
        var configuration = plain
        configuration._superCommandName = plain.commandName
        return configuration
    }

    /// The root's configuration now: `whileParsing` during ``parse(_:_:)``, else `plain`.
    static func configuration(_ plain: CommandConfiguration, whileParsing: CommandConfiguration) -> CommandConfiguration {
        parsing.load(ordering: .relaxed) ? whileParsing : plain
    }

    /// Parses a command line as `parseAsRoot` does, without the search for
    /// `--generate-completion-script` unless an argument asks for it.
    static func parse<Root: ParsableCommand>(_ root: Root.Type, _ arguments: [String]) throws -> ParsableCommand {
        if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) { return try root.parseAsRoot(arguments) }
        parsing.store(true, ordering: .relaxed)
        defer { parsing.store(false, ordering: .relaxed) }
        return try root.parseAsRoot(arguments)
    }
}
