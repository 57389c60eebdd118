/// How well a problem went when it was redone: the four FSRS grades.
///
/// The raw value is the word a user types (`again`, `hard`, `good`, `easy`), so a rating
/// round-trips through the command line and through stored JSON unchanged.
public enum ReviewRating: String, CaseIterable, Codable, Sendable, Hashable,
    LosslessStringConvertible
{
    /// Could not solve it: the problem was forgotten.
    case again
    /// Solved it, with serious difficulty.
    case hard
    /// Solved it after some thought.
    case good
    /// Solved it at once.
    case easy

    /// Parses a rating word, ignoring case and surrounding white space.
    ///
    /// Returns `nil` for anything but `again`, `hard`, `good` or `easy`, so the caller can
    /// name the bad word in its error message.
    public init?(_ description: String) {
        let word = description.trimmedOfWhitespace.lowercased()
        self.init(rawValue: word)
    }

    /// The rating word, as typed on the command line.
    public var description: String { rawValue }

    /// The FSRS grade: 1 for again through 4 for easy, as in the reference implementation.
    public var grade: Int {
        switch self {
        case .again: 1
        case .hard: 2
        case .good: 3
        case .easy: 4
        }
    }

    /// Whether the problem was recalled (hard, good or easy) rather than forgotten.
    public var isRecall: Bool { self != .again }
}
