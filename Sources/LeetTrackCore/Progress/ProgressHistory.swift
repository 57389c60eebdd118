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

    /// The union of two histories, in time order: the one rule by which `import --merge` and a
    /// sync's merge combine histories.
    ///
    /// - An event in both (same kind, instant and rating) is kept once, with the details either side
    ///   has (``EventMultiset/detailed(_:_:)``); one recorded twice on one side stays twice.
    /// - Events at the same instant keep the order their side recorded them in (a `solve` then a
    ///   `reset` in one second stays a reset problem): when one side's events at that instant are a
    ///   part of the other's, in the same order, the other's order is the result; else the events of
    ///   the side that comes first by ``precedes(_:_:)`` come first, then the other side's new ones in
    ///   its order. So the result does not depend on which side is `a`.
    /// - Complexity: O(n) for histories in time order, plus the sorting of one that is not.
    static func union(_ a: [ProgressEvent], _ b: [ProgressEvent]) -> [ProgressEvent] {
        let (a, b) = (ordered(a), ordered(b))
        if b.isEmpty || a == b { return a }
        if a.isEmpty { return b }
        let (first, second) = precedes(b, a) ? (b, a) : (a, b)
        var result: [ProgressEvent] = []
        result.reserveCapacity(max(first.count, second.count))
        var (i, j) = (first.startIndex, second.startIndex)
        while i < first.endIndex || j < second.endIndex {
            let date = min(i < first.endIndex ? first[i].date : .distantFuture, j < second.endIndex ? second[j].date : .distantFuture)
            let groupEndI = first[i...].firstIndex { $0.date != date } ?? first.endIndex
            let groupEndJ = second[j...].firstIndex { $0.date != date } ?? second.endIndex
            result += unionAtOneInstant(Array(first[i..<groupEndI]), Array(second[j..<groupEndJ]))
            (i, j) = (groupEndI, groupEndJ)
        }
        return result
    }

    /// Two sides' events at one instant, each in its recorded order (see ``union(_:_:)``); `x` comes first.
    private static func unionAtOneInstant(_ x: [ProgressEvent], _ y: [ProgressEvent]) -> [ProgressEvent] {
        if y.isEmpty { return x }
        if x.isEmpty { return y }
        let (long, short) = x.count >= y.count ? (x, y) : (y, x)
        // `short` a part of `long` in the same order: `long` as it is, with the details of both.
        var positions: [Int] = []
        var index = 0
        for event in short {
            while index < long.count, EventMultiset.Identity(long[index]) != EventMultiset.Identity(event) { index += 1 }
            guard index < long.count else { break }
            positions.append(index)
            index += 1
        }
        if positions.count == short.count {
            var result = long
            for (event, position) in zip(short, positions) { result[position] = EventMultiset.detailed(long[position], event) }
            return result
        }
        // Otherwise `x`, then what `y` adds (an event `x` has as often is not repeated).
        var result = x
        var unmatched: [EventMultiset.Identity: [Int]] = [:]
        for (position, event) in x.enumerated().reversed() { unmatched[EventMultiset.Identity(event), default: []].append(position) }
        for event in y {
            if let position = unmatched[EventMultiset.Identity(event)]?.popLast() {
                result[position] = EventMultiset.detailed(result[position], event)
            } else {
                result.append(event)
            }
        }
        return result
    }

    /// A fixed order of two histories (by each event's instant, kind, rating, time and note, in
    /// turn), so that every machine merging them in either order puts the same side first.
    private static func precedes(_ a: [ProgressEvent], _ b: [ProgressEvent]) -> Bool {
        a.lexicographicallyPrecedes(b, by: SyncMerge.ordered)
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
