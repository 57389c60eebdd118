import LeetTrackCore

/// What `leettrack` does when run with no command.
///
/// The single place where a launch without arguments is dispatched: on a terminal it opens the
/// interactive screen (the `tui` command); when standard input or output is not a terminal, the
/// caller prints the help.
enum NoArguments {
    /// Opens the interactive screen when there is one and both standard input and output are
    /// terminals. Returns `false` when the caller should print the help instead.
    static func launch(_ context: CommandContext) throws -> Bool {
        guard Terminal.isTerminal(.standardInput), Terminal.isTerminal(.standardOutput) else { return false }
        try InteractiveSession.run(context)
        return true
    }
}
