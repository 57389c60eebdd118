import FoundationEssentials

extension ProblemProgress {
    /// Records a solve: the status becomes solved and a `solved` event is added.
    public mutating func recordSolve(at date: Date) {
        insert(ProgressEvent(kind: .solved, date: date))
        if !ProgressHistory.isReset(after: date, in: events) { status = .solved }
    }

    /// Records an attempt, with how long it took and a note about it when given. A solved problem
    /// stays solved (the attempt is still in its history). An attempt dated before a later reset
    /// goes into the history only.
    public mutating func recordAttempt(at date: Date, seconds: Int? = nil, note: String? = nil) {
        insert(ProgressEvent(kind: .attempted, date: date, seconds: seconds, note: note))
        if status != .solved, !ProgressHistory.isReset(after: date, in: events) { status = .attempted }
    }

    /// Sets the problem back to todo. The history keeps a `reset` event unless `forgetHistory`,
    /// which erases the history instead. A todo problem with nothing to forget is left unchanged.
    /// The review card goes too: a problem to practise from scratch is not due for a redo.
    public mutating func reset(at date: Date, forgetHistory: Bool) {
        review = nil
        if forgetHistory {
            events.removeAll()
        } else if status != .todo {
            insert(ProgressEvent(kind: .reset, date: date))
        }
        status = .todo
    }
}

/// What a change did to one problem's record.
public struct ProgressChange: Sendable, Equatable {
    /// The problem's slug.
    public var slug: String
    /// The record before the change.
    public var before: ProblemProgress
    /// The record after the change (and as stored).
    public var after: ProblemProgress
    /// Whether anything changed (and so was written).
    public var changed: Bool { before != after }
}
