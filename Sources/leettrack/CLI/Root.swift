import ArgumentParser
import FoundationEssentials
import LeetTrackCore

/// The `leettrack` command: the table of subcommands, the root help, and the one place that
/// runs a command line and turns its outcome into an exit code.
struct LeetTrack: ParsableCommand {
    /// The version `--version` prints.
    static let version = "0.1.0"
    /// What `--version` prints.
    static let versionLine = "leettrack \(version)"

    static var configuration: CommandConfiguration {
        ParserShim.configuration(plainConfiguration, whileParsing: parsingConfiguration)
    }

    /// The configuration while ``ParserShim/parse(_:_:)`` parses (see there why).
    private static let parsingConfiguration = ParserShim.parsingVariant(of: plainConfiguration)

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
            TodayCommand.self, NextCommand.self, PlanCommand.self,
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

    /// The environment variables leettrack reads.
    static let environmentNames = [
        "LEETTRACK_STORE", "NO_COLOR", "TERM", "VISUAL", "EDITOR", "XDG_DATA_HOME", "HOME", "LEETTRACK_REMOTE", "LEETTRACK_REMOTE_FILE",
        "LEETTRACK_NOW", "LEETTRACK_TODAY", "LEETCODE_SESSION", "LEETCODE_CSRFTOKEN", "LEETTRACK_LEETCODE_TIMEOUT",
        "LEETCODE_CF_CLEARANCE",
    ]

    /// `leettrack` with no command: the interactive screen on a terminal, else the help.
    func run() throws {
        try Self.perform(store: store, use: { _ in .writingWhereAllowed }) { context, output in
            if try NoArguments.launch(context) { return }
            output.writeData(HelpCommand.ended(Self.helpMessage()))
        }
    }

    /// Opens the store named by `--store` (else the environment's) as `use` says and runs `work` on
    /// it; what was printed before a failure still goes out.
    static func perform(store: String?, use: (CommandContext) -> StoreUse, _ work: (CommandContext, CommandOutput) throws -> Void) throws {
        if store?.isEmpty == true { throw CLIError.usage("'--store' needs a path", command: nil) }
        let environment = Terminal.environment(environmentNames)
        let context = try CommandContext(storePath: store, environment: environment)
        let output = CommandOutput(environment: environment)
        context.use = use(context)
        do {
            try context.installCatalogUpdate()
            try work(context, output)
            try output.flush(storeWritten: context.storeOpenedForWriting)
        } catch {
            do {
                try output.flush(storeWritten: context.storeOpenedForWriting)
            } catch {
                // Standard output is broken too; the first error is the one to report.
            }
            throw StoreCommandFailure(error: error, storePath: context.storePath)
        }
    }

    /// Runs a command line and returns the exit code (0 success, 1 failure, 64 usage error).
    /// Standard output is written as the command finishes; errors go to standard error.
    static func run(_ commandLine: [String]) -> Int32 {
        let arguments = NoteCommand.arrangingText(commandLine)
        // `--version` alone is answered before the parser builds the command table, which is
        // most of its cost (the same line the parser prints for it anywhere else).
        if arguments == ["--version"] { return Terminal.answer(versionLine + "\n") }
        do {
            try CommandLineChecks.check(arguments)
            var command = try ParserShim.parse(Self.self, arguments)
            try command.run()
            return 0
        } catch {
            let report = ErrorReport(error, storePath: nil)
            if report.exitCode == 0 {
                return Terminal.answer(report.message)
            } else {
                Terminal.writeError(report.message)
            }
            return report.exitCode
        }
    }
}

/// A command's failure once its store was opened: the store's path goes into the message.
struct StoreCommandFailure: Error {
    let error: any Error
    let storePath: String
}
