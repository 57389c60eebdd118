import FoundationEssentials

/// The rules that keep a history in time order, whatever order its events were typed, imported
/// or synced in.
enum ProgressHistory {
    /// `events` sorted by instant; events at the same instant keep their order.
    static func ordered(_ events: [ProgressEvent]) -> [ProgressEvent] {
        if zip(events, events.dropFirst()).allSatisfy({ $0.date <= $1.date }) { return events }
        return events.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
    }

    /// Where an event at `date` goes: after every event at or before it.
    static func insertionIndex(for date: Date, in events: [ProgressEvent]) -> Int {
        events.lastIndex(where: { $0.date <= date }).map { $0 + 1 } ?? 0
    }

    /// Whether a reset was recorded after `date`: then an event dated before it (typed in late)
    /// goes into the history but does not change the status, which the reset set.
    static func isReset(after date: Date, in events: [ProgressEvent]) -> Bool {
        events.contains { $0.kind == .reset && $0.date > date }
    }

    /// The status the history alone shows, in time order: since the last reset, a solve or a
    /// review (a redo of a solved problem: it was solved) makes it solved, else an attempt makes
    /// it attempted, else it is todo; `nil` for no events.
    ///
    /// This is the one rule of status and history. Every writer and reader keeps a record's status
    /// at least this ( ``status(_:with:)``): the commands that record events, an import (which
    /// refuses a record below it, see ``InputRules``), an import's merge, a sync's merge of two
    /// records (pushed and pulled), and both decoders of a stored record, so `doctor`, the listings
    /// and the summaries agree.
    /// - Complexity: O(n) for a history in time order (as stored), else O(n log n).
    public static func status(of events: [ProgressEvent]) -> Status? {
        guard !events.isEmpty else { return nil }
        var attempted = false
        for event in ordered(events).reversed() {
            switch event.kind {
            case .solved, .reviewed: return .solved
            case .attempted: attempted = true
            case .reset: return attempted ? .attempted : .todo
            default: break
            }
        }
        return attempted ? .attempted : .todo
    }

    /// A record's status: `stated`, raised to what its history shows (``status(of:)``). A status
    /// further than the history stays: LeetCode's word (a catalog update, `leetcode pull`) marks a
    /// problem solved without a solve event.
    public static func status(_ stated: Status, with events: [ProgressEvent]) -> Status {
        guard let shown = status(of: events) else { return stated }
        return stated.rank >= shown.rank ? stated : shown
    }
}

extension Status {
    /// How far a problem got: todo 0, attempted 1, solved 2.
    var rank: Int {
        switch self {
        case .todo: 0
        case .attempted: 1
        case .solved: 2
        }
    }
}

extension ProblemProgress {
    /// Puts `event` into the history at its place in time; returns whether it is the latest.
    @discardableResult
    mutating func insert(_ event: ProgressEvent) -> Bool {
        events = ProgressHistory.ordered(events)
        let index = ProgressHistory.insertionIndex(for: event.date, in: events)
        events.insert(event, at: index)
        return index == events.count - 1
    }
}
