import LeetTrackCore

/// What the screen asks of the program around it, for the keys that reach outside the store:
/// `o` opens the problem's page in a browser, `e` edits its solution file. The screen's model
/// knows no processes or terminals; `leettrack` fills these in (tests give stand-ins). Each
/// returns the line the footer shows.
public struct ScreenActions {
    /// A footer line: what happened, or what went wrong.
    public struct Outcome: Equatable {
        /// The text.
        public var text: String
        /// Whether it reports a failure.
        public var isError: Bool

        /// An outcome.
        public init(_ text: String, isError: Bool = false) {
            self.text = text
            self.isError = isError
        }
    }

    /// Opens `problem`'s page (key `o`).
    public var open: ((Problem) -> Outcome)?
    /// Creates or reuses `problem`'s solution file and runs the editor on it, with the screen
    /// suspended meanwhile (key `e`).
    public var editCode: ((Problem) -> Outcome)?

    /// Actions; a missing one makes its key say it is not available.
    public init(open: ((Problem) -> Outcome)? = nil, editCode: ((Problem) -> Outcome)? = nil) {
        self.open = open
        self.editCode = editCode
    }
}
