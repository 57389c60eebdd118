import LeetTrackCore

/// A subcommand: its spec (name, arguments, options, help), how it checks its arguments, and
/// what it does. `init` must reject every bad argument before `run` touches the store.
protocol Command {
    /// What the parser and the help need.
    static var spec: CommandSpec { get }
    /// Checks and keeps the arguments; throws `CLIError.usage` or a `LeetTrackError`.
    init(_ arguments: ParsedArguments) throws
    /// Does the work.
    func run(_ context: CommandContext) throws
}

extension Command {
    /// A usage error that shows this command's usage.
    static func usageError(_ message: String) -> CLIError {
        .usage(message, command: spec)
    }
}
