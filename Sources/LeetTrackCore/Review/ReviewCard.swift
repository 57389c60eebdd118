import FoundationEssentials

/// The spaced-repetition memory state of one problem: when to redo it next and how well it
/// is known.
///
/// A card mirrors `fsrs.Card` of the Python reference implementation (FSRS-6), minus its id
/// and learning step: this app has no same-day steps, so a card's step carries no
/// information. `reps` and `lapses` are bookkeeping for display; they do not influence
/// scheduling. Cards are plain values; store them as JSON (`Codable`).
public struct ReviewCard: Codable, Sendable, Hashable {
    /// Where a card is in its life.
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        /// Never rated: stability and difficulty are unknown.
        case learning
        /// Rated at least once and scheduled in whole days.
        case review
        /// Forgotten and being relearned. Never produced without relearning steps, but kept
        /// so cards written by a scheduler with steps still decode.
        case relearning
    }

    /// When the problem should be redone next.
    public var due: Date
    /// Memory stability in days: the interval after which recall probability falls to 90 %.
    /// `nil` until the first rating.
    public var stability: Double?
    /// Memory difficulty, from 1 (easiest) to 10 (hardest). `nil` until the first rating.
    public var difficulty: Double?
    /// Where the card is in its life.
    public var state: State
    /// When the card was last rated, or `nil` if it never was.
    public var lastReview: Date?
    /// How many times the card has been rated.
    public var reps: Int
    /// How many times a card in review was forgotten (rated again).
    public var lapses: Int

    /// Creates a card from its stored parts; prefer `ReviewScheduler.newCard(rating:at:)`
    /// for a problem solved for the first time.
    public init(
        due: Date,
        stability: Double? = nil,
        difficulty: Double? = nil,
        state: State = .learning,
        lastReview: Date? = nil,
        reps: Int = 0,
        lapses: Int = 0
    ) {
        self.due = due
        self.stability = stability
        self.difficulty = difficulty
        self.state = state
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
    }

    /// A card that has never been rated and is due at `date`.
    public static func unreviewed(at date: Date) -> ReviewCard {
        ReviewCard(due: date)
    }

    /// Whether the card is due at `date` (its due instant has passed or is `date`).
    public func isDue(at date: Date) -> Bool { due <= date }

    /// The day the card falls due in `timeZone`: the day of its last rating and the whole days
    /// scheduled after it (``scheduledInterval``), or else the day of its due instant.
    ///
    /// The scheduler adds days of 24 hours, as FSRS does; across a daylight-saving change the due
    /// instant is then an hour off the rating's local time, and a rating made in the hour before
    /// midnight (or after it) fell due a day late (or early). Counted in days, it does not.
    public func dueDay(in timeZone: some UTCOffsetProvider) -> LocalDay {
        guard let (last, days) = scheduledInterval else { return LocalDay(due, in: timeZone) }
        return LocalDay(last, in: timeZone).adding(days: days)
    }

    /// The last rating and the whole days from it to ``due``, when the card has both (what the
    /// scheduler and a review cap's balance make); `nil` for any other due instant (one placed at
    /// a day's noon, one before the rating, a damaged one).
    var scheduledInterval: (lastReview: Date, days: Int)? {
        guard let last = lastReview else { return nil }
        let seconds = due.timeIntervalSince(last)
        let days = (seconds / 86_400).rounded()
        // NaN fails the first test; the bound keeps the conversion to `Int` (and the day's number) in range.
        guard seconds > 0, days <= 1e7, abs(seconds - days * 86_400) < 1 else { return nil }
        return (last, Int(days))
    }
}
