import Foundation
import LeetTrackCore

/// The `leettrack` command: the table of subcommands, the root help, and the one place that
/// runs a command line and turns its outcome into an exit code.
enum Root {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// Every subcommand, in the order the help lists them.
    static var commands: [any Command.Type] {
        [
            ListCommand.self, ShowCommand.self, SolveCommand.self, AttemptCommand.self, FavoriteCommand.self,
            UnfavoriteCommand.self, NoteCommand.self, ResetCommand.self, FavoritesCommand.self, ReviewCommand.self,
            ReportCommand.self,
            StatsCommand.self, ListsCommand.self, RandomCommand.self, ConfigCommand.self, InteractiveCommand.self,
            ExportCommand.self, ImportCommand.self, CatalogCommand.self, LeetCodeCommand.self, SyncCommand.self, BackupCommand.self, DoctorCommand.self,
            HelpCommand.self,
        ]
    }

    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The help shown by `leettrack`, `leettrack --help` and `leettrack help`.
    static var help: String {
        var text = """
            OVERVIEW: Track your LeetCode practice: the whole catalog offline, what you solved, attempted and
            favorited, your notes, what to redo when (FSRS), your own lists, streaks and a calendar.

            USAGE: leettrack <command> [options]

            COMMANDS:

            """
        text += CommandSpec.table(specs.map { ($0.name, $0.abstract) })
        text += "\nOPTIONS:\n"
        text += CommandSpec.table(CommandSpec.globalOptions.map { ($0.synopsis, $0.help) })
        text += """

            A PROBLEM is an id (1), a slug (two-sum) or title words ("two sum").
            Every command that prints data takes --json. Colour is off when NO_COLOR is set.
            See 'leettrack help <command>' for a command's options.

            """
        return text
    }

    /// Runs a command line and returns the exit code (0 success, 1 failure, 64 usage error).
    /// Standard output is written as the command finishes; errors go to standard error.
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var storePath: String?
        var context: CommandContext?
        do {
            let invocation = try ArgumentParser.parse(arguments, commands: specs)
            storePath = invocation.storePath
            if invocation.wantsVersion {
                print("leettrack \(version)")
                return 0
            }
            if invocation.wantsHelp {
                print(invocation.command?.helpText ?? help, terminator: "")
                return 0
            }
            let commandContext = CommandContext(storePath: invocation.storePath, environment: environment)
            storePath = commandContext.storePath
            context = commandContext
            try commandContext.installCatalogUpdate()
            guard let spec = invocation.command, let type = commands.first(where: { $0.spec.name == spec.name }) else {
                if try NoArguments.launch(commandContext) { return 0 }
                print(help, terminator: "")
                return 0
            }
            let command = try type.init(invocation.arguments)
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
            Terminal.writeError(report.message)
            return report.exitCode
        }
    }
}

/// `leettrack help [COMMAND]`.
struct HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [ArgumentSpec("COMMAND", help: "The command to explain.", optional: true)])

    let text: String

    init(_ arguments: ParsedArguments) throws {
        guard let name = arguments.positionals.first else {
            text = Root.help
            return
        }
        guard let spec = Root.specs.first(where: { $0.name == name }) else {
            throw CLIError.unknownCommand(name, suggestion: nil)
        }
        text = spec.helpText
    }

    func run(_ context: CommandContext) throws {
        context.write(text)
    }
}
