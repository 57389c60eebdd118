import FoundationEssentials

/// One problem as the remote keeps it (`progress.<slug>` on the server): the record, its sync
/// metadata, and the remote sequence number of the push that last changed it.
public struct SyncRecord: Codable, Sendable, Hashable {
    /// The record.
    public var progress: ProblemProgress
    /// Its stamps and erased events.
    public var metadata: SyncMetadata
    /// The remote sequence number of the push that last changed it.
    public var sequence: Int

    /// Creates a remote record.
    public init(progress: ProblemProgress, metadata: SyncMetadata, sequence: Int) {
        self.progress = progress
        self.metadata = metadata
        self.sequence = sequence
    }
}

/// The conflict rule, per record. It is commutative, associative and idempotent, so machines that
/// merge in any order, any number of times (a sync killed and run again), agree:
///
/// - **Events** merge as a union: an event (same kind, instant and rating) known to both sides is
///   kept once; one recorded twice on one machine stays twice. Events erased on purpose on either
///   side (`reset --forget`) stay erased. The history is kept oldest first, and events at one
///   instant keep the order they were recorded in (``ProgressHistory/union(_:_:)``, the rule of
///   `import --merge` too): a solve then a reset in one second stays reset.
/// - **Status** is the latest writer's (between two statuses set before their stores first synced,
///   the one whose history ends later, as an import merges them), raised to what the merged history shows since its last reset
///   (a solve or a review → solved, an attempt → attempted; ``ProgressHistory/status(_:with:)``, the
///   rule every reader and writer keeps). A status further than the history (LeetCode's word) stays.
/// - **Favorite** and **note** each go to the latest writer by the hybrid logical clock, and keep
///   the date of their last change of the side they came from (``ProblemProgress/favoriteUpdated``,
///   ``ProblemProgress/noteUpdated``). A note written before the first sync carries no stamp and
///   counts at its edit date; a favorite without a stamp counts as older than any stamped one.
/// - **The review card** is the one reviewed last (then the one with more reviews, then the later
///   due date): the redo schedule of the machine that saw the latest rating.
public enum SyncMerge {
    /// One side of a merge.
    public typealias Side = (progress: ProblemProgress, metadata: SyncMetadata)

    /// The merge of two sides.
    public static func merge(_ a: Side, _ b: Side) -> Side {
        var metadata = SyncMetadata()
        var erased = a.metadata.erased
        for event in b.metadata.erased where !erased.contains(event) { erased.append(event) }
        metadata.erased = erased.sorted(by: ordered)
        let erasedSet = Set(erased.map(EventMultiset.Identity.init))
        // One rule with `import --merge`: events at one instant keep the order they were recorded in.
        let events = ProgressHistory.union(a.progress.events, b.progress.events)
            .filter { !erasedSet.contains(EventMultiset.Identity($0)) }

        var progress = ProblemProgress(events: events)
        (progress.favorite, metadata.favorite) = latest(
            (a.progress.favorite, a.metadata.favorite), (b.progress.favorite, b.metadata.favorite)) { !$0 && $1 }
        (progress.note, metadata.note) = latestNote(a, b)
        let status: Status
        if a.metadata.status == nil && b.metadata.status == nil {
            // Neither side's status was set since its store first synced (an import, or records from
            // before): as an import merges them, the side whose history ends later, else the further.
            // An absent record (todo, no history) so says nothing.
            status = ProgressMerge.status(a.progress, b.progress)
        } else {
            (status, metadata.status) = latest(
                (a.progress.status, a.metadata.status), (b.progress.status, b.metadata.status)) { $0.rawValue < $1.rawValue }
        }
        progress.status = ProgressHistory.status(status, with: events)
        progress.noteUpdated = changeDate(a, b, chosen: (progress.note, metadata.note)) {
            ($0.progress.note, $0.metadata.note, $0.progress.noteUpdated)
        }
        progress.favoriteUpdated = changeDate(a, b, chosen: (progress.favorite, metadata.favorite)) {
            ($0.progress.favorite, $0.metadata.favorite, $0.progress.favoriteUpdated)
        }
        // A reset removes the card on purpose: a record that merges back to todo has none.
        progress.review = progress.status == .todo ? nil : latestCard(a.progress.review, b.progress.review)
        return (progress, metadata)
    }

    /// The note written last. A note from before a store's first sync has no clock stamp; its edit
    /// date stands in for one, so an older note never beats a newer one. Only when both times are
    /// equal does a rule that ignores the time decide: a note over no note, then the longer one, then
    /// a fixed hash of the text (never the text's alphabetical order).
    private static func latestNote(_ a: Side, _ b: Side) -> (String, HLCTimestamp?) {
        func stamp(_ side: Side) -> HLCTimestamp? {
            if let stamp = side.metadata.note { return stamp }
            guard let date = side.progress.noteUpdated,
                let milliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded(.down))
            else { return nil }
            return HLCTimestamp(milliseconds: milliseconds, counter: 0, node: "")
        }
        let winner = latest((a.progress.note, stamp(a)), (b.progress.note, stamp(b))) { x, y in
            (x.isEmpty ? 0 : 1, x.utf8.count, fnv1a(x)) < (y.isEmpty ? 0 : 1, y.utf8.count, fnv1a(y))
        }
        let fromA = winner.0 == a.progress.note && winner.1 == stamp(a)
        return fromA ? (a.progress.note, a.metadata.note) : (b.progress.note, b.metadata.note)
    }

    /// A 64-bit FNV-1a hash of the UTF-8 bytes: the same on every machine and every run (Swift's
    /// `Hasher` is seeded per process).
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The date of the last change of the value that won (the note, the favorite mark), as
    /// `field` reads a side's value, stamp and date: the date of the side it came from, or the
    /// later of the two when both sides hold the same value and stamp.
    private static func changeDate<Value: Equatable>(
        _ a: Side, _ b: Side, chosen: (Value, HLCTimestamp?), _ field: (Side) -> (Value, HLCTimestamp?, Date?)
    ) -> Date? {
        let (x, y) = (field(a), field(b))
        let fromA = x.0 == chosen.0 && x.1 == chosen.1
        let fromB = y.0 == chosen.0 && y.1 == chosen.1
        switch (fromA, fromB) {
        case (true, true), (false, false):
            return [x.2, y.2].compactMap { $0 }.max()
        case (true, false): return x.2
        case (false, true): return y.2
        }
    }

    /// The card reviewed last, so that merging in either order picks the same one.
    private static func latestCard(_ a: ReviewCard?, _ b: ReviewCard?) -> ReviewCard? {
        guard let a, let b else { return a ?? b }
        func rank(_ card: ReviewCard) -> (Date, Int, Date, Double, Double) {
            (card.lastReview ?? .distantPast, card.reps, card.due, card.stability ?? 0, card.difficulty ?? 0)
        }
        return rank(a) < rank(b) ? b : a
    }

    /// The value with the later stamp (an unstamped value is older than any stamped one); equal
    /// stamps with different values (which one write never makes) are settled by `isBelow`. Also
    /// the rule of each part of the practice settings (``PracticeSettingsMerge``).
    static func latest<Value: Equatable>(
        _ a: (Value, HLCTimestamp?), _ b: (Value, HLCTimestamp?), isBelow: (Value, Value) -> Bool
    ) -> (Value, HLCTimestamp?) {
        switch (a.1, b.1) {
        case (nil, nil): return isBelow(a.0, b.0) ? b : a
        case (nil, .some): return b
        case (.some, nil): return a
        case let (.some(x), .some(y)):
            if x != y { return x < y ? b : a }
            return isBelow(a.0, b.0) ? b : a
        }
    }

    /// A total order on events: by instant, then kind, rating, time and note.
    static func ordered(_ a: ProgressEvent, _ b: ProgressEvent) -> Bool {
        (a.date, a.kind.rawValue, a.rating ?? "", a.seconds ?? -1, a.note ?? "")
            < (b.date, b.kind.rawValue, b.rating ?? "", b.seconds ?? -1, b.note ?? "")
    }
}
