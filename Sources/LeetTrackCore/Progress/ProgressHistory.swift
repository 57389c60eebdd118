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
