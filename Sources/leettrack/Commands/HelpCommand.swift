import ArgumentParser

/// `leettrack help [COMMAND]`: the same text as `leettrack COMMAND --help`.
///
/// Declared here rather than left to the library's built-in one so that `help` has its own
/// `--help` and its usage names it.
struct HelpCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(commandName: "help", abstract: "Show help for a command.")

    @Argument(help: ArgumentHelp("The command to explain.", valueName: "command")) var command: String?
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        guard let command else { return output.writeData(Self.ended(LeetTrack.helpMessage())) }
        guard let type = LeetTrack.configuration.subcommands.first(where: { $0.configuration.commandName == command }) else {
            throw CLIError.unknownCommand(command, suggestion: nil)
        }
        output.writeData(Self.ended(LeetTrack.helpMessage(for: type)))
    }

    /// The text with one final newline, as `--help` prints it.
    static func ended(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }
}
