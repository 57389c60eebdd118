import FoundationEssentials
import LeetTrackCore

/// A change to one problem's record that a request asks for: what `leettrack fav`/`unfav`,
/// `solve --rating`, `attempt`, `reset PROBLEM` and `note` do. A value, so that the edits of
/// several requests can be applied in one transaction (see ``WriteQueue``).
enum ProgressEdit: Sendable {
    case favorite(Bool)
    /// A solve, with how long it took when it was timed (the page's timer, `solve --time`).
    case solve(ReviewRating, seconds: Int? = nil)
    /// An attempt, with how long it took when it was timed.
    case attempt(seconds: Int? = nil)
    case reset
    /// Sets the note; text that shows nothing (``InputRules/showsNothing(_:)``) clears it.
    case note(String)

    /// A note edit, refused with the command line's message when the text breaks the input rules.
    static func checkedNote(_ note: String) throws -> ProgressEdit {
        // The one rule for empty text, as in the note editors: nothing visible clears the note.
        if InputRules.showsNothing(note) { return .note("") }
        do {
            try InputRules.check(note: note, at: "note")
        } catch {
            throw ServerError.badRequest(error.reason)
        }
        return .note(note)
    }

    var isSolve: Bool {
        if case .solve = self { true } else { false }
    }

    /// Applies the edit to `slug`'s record, dated `now`; a solve schedules with `scheduler`.
    func apply(to record: inout ProblemProgress, slug: String, now: Date, scheduler: ReviewScheduler?) {
        switch self {
        case .favorite(let favorite): record.favorite = favorite
        case .solve(let rating, let seconds):
            if let scheduler { record.recordSolve(at: now, rating: rating, scheduler: scheduler.fuzzed(for: slug), seconds: seconds) }
        case .attempt(let seconds): record.recordAttempt(at: now, seconds: seconds)
        case .reset: record.reset(at: now, forgetHistory: false)
        case .note(let note): record.note = note
        }
    }
}
