import FoundationEssentials

/// How `leettrack import --merge` combines a stored record with a record from a file.
///
/// - History: the union of both by the rule a sync merges with (``ProgressHistory/union(_:_:)``):
///   an event in both is kept once, the history is in time order, and events at one instant keep
///   the order they were recorded in.
/// - Favorite: a favorite on either side stays a favorite.
/// - Note: the newer note by ``ProblemProgress/noteUpdated`` wins; a note without a time is older
///   than any note with one; on a tie the stored note stays. A side with no note and no time says
///   nothing about the note.
/// - Status: the status of the side whose history ends later; when the histories end together, the
///   side whose history holds all of the other's and more; else (or when neither has any) the further status (solved, then attempted, then todo). An attempt
///   recorded after a solve does not undo it unless that side was reset. Never below what the merged
///   history shows (``ProgressHistory/status(_:with:)``).
/// - Review card: the card reviewed last wins; on a tie the stored card stays; a record that
///   merges back to todo (it was reset) has no card.
public enum ProgressMerge {
    /// What happened to the note.
    public enum NoteOutcome: Sendable, Equatable {
        /// Both sides had the same note, or the file had none.
        case same
        /// The file's note was newer and replaced the stored one.
        case tookIncoming
        /// The stored note was newer (or as new) and stayed.
        case keptCurrent
    }

    /// `current` and `incoming` combined, and what happened to the note.
    public static func merge(_ current: ProblemProgress, _ incoming: ProblemProgress) -> (ProblemProgress, NoteOutcome) {
        var merged = current
        merged.favorite = current.favorite || incoming.favorite

        merged.events = ProgressHistory.union(current.events, incoming.events)
        merged.status = ProgressHistory.status(status(current, incoming), with: merged.events)
        if let card = incoming.review, (card.lastReview ?? .distantPast) > (current.review?.lastReview ?? .distantPast) || current.review == nil {
            merged.review = card
        }
        // A reset removes the card on purpose: a merged record back at todo has none to redo.
        if merged.status == .todo { merged.review = nil }

        let outcome: NoteOutcome
        if current.note == incoming.note {
            outcome = .same
            if let date = incoming.noteUpdated, date > (current.noteUpdated ?? .distantPast) { merged.noteUpdated = date }
        } else if incoming.note.isEmpty && incoming.noteUpdated == nil {
            outcome = .same
        } else if (current.note.isEmpty && current.noteUpdated == nil)
            || (incoming.noteUpdated ?? .distantPast) > (current.noteUpdated ?? .distantPast)
        {
            outcome = .tookIncoming
            merged.note = incoming.note
            merged.noteUpdated = incoming.noteUpdated
        } else {
            outcome = .keptCurrent
        }
        return (merged, outcome)
    }

    static func status(_ current: ProblemProgress, _ incoming: ProblemProgress) -> Status {
        if current.status == incoming.status { return current.status }
        let currentEnd = current.lastActivity ?? .distantPast
        let incomingEnd = incoming.lastActivity ?? .distantPast
        if currentEnd == incomingEnd {
            // One history holding all of the other and more, at the same last instant, was written later.
            let (mine, theirs) = (EventMultiset(current.events), EventMultiset(incoming.events))
            let (currentWithin, incomingWithin) = (mine.subtracting(theirs).isEmpty, theirs.subtracting(mine).isEmpty)
            if currentWithin != incomingWithin { return currentWithin ? incoming.status : current.status }
            return current.status.rank >= incoming.status.rank ? current.status : incoming.status
        }
        let (later, earlier) = incomingEnd > currentEnd ? (incoming, current) : (current, incoming)
        if later.status == .attempted, earlier.status == .solved, !later.events.contains(where: { $0.kind == .reset }) {
            return .solved
        }
        return later.status
    }
}
