import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import Synchronization

/// The `leettrack` command: the table of subcommands, the root help, and the one place that
/// runs a command line and turns its outcome into an exit code.
struct LeetTrack: ParsableCommand {
    /// The version `--version` prints.
    static let version = "0.1.0"
    /// What `--version` prints.
    static let versionLine = "leettrack \(version)"

    static var configuration: CommandConfiguration {
        parsingWithoutCompletionSearch.load(ordering: .relaxed) ? parsingConfiguration : plainConfiguration
    }

    /// The configuration while ``parseCommandLine(_:)`` parses a command line that asks for no completion
    /// script: the library skips its search for `--generate-completion-script` (two pseudo-commands
    /// parsed on every run, about 8 million instructions, a third of all parsing) when the root
    /// names a `_superCommandName`. That name shows in help and usage, so it is claimed only while
    /// parsing: every message is built afterwards, with ``plainConfiguration``.
    private static let parsingConfiguration: CommandConfiguration = {
        var configuration = plainConfiguration
        configuration._superCommandName = "leettrack"
        return configuration
    }()
    private static let parsingWithoutCompletionSearch = Atomic<Bool>(false)

    private static let plainConfiguration = CommandConfiguration(
        commandName: "leettrack",
        abstract: "Track your LeetCode practice: the whole catalog offline, what you solved, attempted and "
            + "favorited, your notes, what to redo when (FSRS), your own lists, streaks and a calendar.",
        discussion: """
            A PROBLEM is an id (1), a slug (two-sum) or title words ("two sum").
            Every command that prints data takes --json. Colour is off when NO_COLOR is set or TERM is dumb.
            LEETTRACK_TODAY=2026-11-29 runs a command on that day (at noon local time) instead of today.
            See 'leettrack help <command>' for a command's options.
            """,
        version: versionLine,
        subcommands: [
            TodayCommand.self, NextCommand.self,
            ListCommand.self, ShowCommand.self, OpenCommand.self, CodeCommand.self, TimerCommand.self, SolveCommand.self,
            AttemptCommand.self, FavoriteCommand.self,
            UnfavoriteCommand.self, NoteCommand.self, ResetCommand.self, FavoritesCommand.self, ReviewCommand.self,
            SkipCommand.self, UnskipCommand.self,
            ReportCommand.self, ServeCommand.self, StatsCommand.self, ListsCommand.self, RandomCommand.self, ConfigCommand.self,
            InteractiveCommand.self, ExportCommand.self, ImportCommand.self, CatalogCommand.self, LeetCodeCommand.self,
            SyncCommand.self, BackupCommand.self, DoctorCommand.self, HelpCommand.self,
        ])

    /// The store, accepted by every subcommand (declared here, not as an option group: see
    /// ``ArgumentHelp/json``).
    @Option(help: ArgumentHelp("The store to use (default: $LEETTRACK_STORE, else the XDG data directory).", valueName: "path"))
    var store: String?

    /// The subcommands' names, for the unknown-command check.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// Parses a command line as `parseAsRoot` does, without the library's search for
    /// `--generate-completion-script` unless an argument asks for it.
    static func parseCommandLine(_ arguments: [String]) throws -> ParsableCommand {
        if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) { return try parseAsRoot(arguments) }
        parsingWithoutCompletionSearch.store(true, ordering: .relaxed)
        defer { parsingWithoutCompletionSearch.store(false, ordering: .relaxed) }
        return try parseAsRoot(arguments)
    }

    /// Runs a command line and returns the exit code (0 success, 1 failure, 64 usage error).
    /// Standard output is written as the command finishes; errors go to standard error.
    static func run(_ commandLine: [String], environment: [String: String]) -> Int32 {
        let arguments = NoteCommand.arrangingText(commandLine)
        // `--version` alone is answered before the parser builds the command table, which is
        // most of its cost (the same line the parser prints for it anywhere else).
        if arguments == ["--version"] { return Terminal.answer(versionLine + "\n") }
        var storePath: String?
        var context: CommandContext?
        do {
            try CommandLineChecks.check(arguments)
            let parsed = try parseCommandLine(arguments)
            let store: String?
            var subcommand: (any LeetTrackCommand)?
            if let root = parsed as? LeetTrack {
                store = root.store
            } else {
                // Our commands hand themselves over (see `HandOver`); the library's own `help`
                // command reports the help it was asked for as an error.
                var command = parsed
                do {
                    try command.run()
                    return 0
                } catch let handOver as HandOver {
                    subcommand = handOver.command
                }
                store = subcommand?.root.store
            }
            if store?.isEmpty == true { throw CLIError.usage("'--store' needs a path", command: nil) }
            let commandContext = try CommandContext(storePath: store, environment: environment)
            storePath = commandContext.storePath
            context = commandContext
            try commandContext.installCatalogUpdate()
            guard let command = subcommand else {
                if try NoArguments.launch(commandContext) { return 0 }
                return Terminal.answer(HelpCommand.ended(helpMessage()))
            }
            try command.run(commandContext)
            try commandContext.flush()
            return 0
        } catch {
            do {
                try context?.flush()  // What was printed before the error still goes out.
            } catch {
                // Standard output is broken too; the first error is the one to report.
            }
            let report = ErrorReport(error, storePath: storePath)
            if report.exitCode == 0 {
                return Terminal.answer(report.message)
            } else {
                Terminal.writeError(report.message)
            }
            return report.exitCode
        }
    }
}
