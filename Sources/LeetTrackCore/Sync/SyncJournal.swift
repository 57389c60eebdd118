import FoundationEssentials
import Persistence

/// Records local changes for sync, inside the transaction that makes them: the changed fields'
/// hybrid-logical-clock stamps, erased events, and a pending marker. ``ProgressRepository`` calls
/// it for every record it changes; ``SyncedWrites/value(_:for:in:)`` calls
/// ``recordValue(_:before:after:now:in:)`` for every list and settings write.
///
/// A store that never synced has no clock, and nothing is recorded: a change still writes exactly
/// one key, and its first sync pushes every record (unstamped values count as older than any
/// stamped one). Once a store has synced, a change costs three more small keys in the same commit.
enum SyncJournal {
    /// Notes that `slug` changed from `before` to `after` at wall-clock time `now`.
    static func record(slug: String, before: ProblemProgress, after: ProblemProgress, now: Date, in transaction: Transaction) throws {
        guard var clock = try transaction.value(for: SyncKeys.clock) else { return }
        let stamp = clock.tick(now: now)
        var metadata = try transaction.value(for: SyncKeys.metadata(slug))
        if before.status != after.status { metadata.status = stamp }
        if before.favorite != after.favorite { metadata.favorite = stamp }
        if before.note != after.note { metadata.note = stamp }
        let removed = EventMultiset(before.events).subtracting(EventMultiset(after.events))
        for event in removed where !metadata.erased.contains(event) {
            metadata.erased.append(event)
        }
        try transaction.set(clock, for: SyncKeys.clock)
        try transaction.set(metadata, for: SyncKeys.metadata(slug))
        try transaction.set(stamp, for: SyncKeys.pending(slug))
    }

    /// Notes that the list or settings under the key `name` changed from `before` to `after`
    /// (absent: removed), inside the transaction that did it; the caller calls this only when
    /// something changed. For the practice settings it also stamps each part that changed (the
    /// followed list, the goal, each problem skipped or unskipped), so sync merges them one by one.
    static func recordValue(_ name: String, before: SyncValue, after: SyncValue, now: Date, in transaction: Transaction) throws {
        guard var clock = try transaction.value(for: SyncKeys.clock) else { return }
        let stamp = clock.tick(now: now)
        var stamps = try transaction.value(for: SyncKeys.stamps(name))
        let (existed, exists) = (!before.isAbsent, !after.isAbsent)
        if name == PracticeSettings.key.name {
            // Stamps without per-part stamps hold every part as of their last change: that
            // becomes the floor the new part stamps rise above.
            var parts = stamps.practice ?? PracticeStamps(since: stamps.changed)
            parts.record(from: before.practice ?? PracticeSettings(), to: after.practice ?? PracticeSettings(), at: stamp)
            stamps.practice = parts
        }
        stamps.changed = stamp
        if !exists {
            stamps.created = nil
        } else if !existed {
            stamps.created = stamp
        }
        try transaction.set(clock, for: SyncKeys.clock)
        try transaction.set(stamps, for: SyncKeys.stamps(name))
        try transaction.set(stamp, for: SyncKeys.pendingValue(name))
    }
}

/// Names a local store in its clock's timestamps.
enum SyncNode {
    static func make() -> String {
        String(UUID().uuidString.prefix(8)).lowercased()
    }
}

/// Events counted by identity (kind, instant, rating): what "the same event" means when merging.
///
/// An event's time and note are details of it, not part of its identity: a build that does not
/// know them (or a side that added a time later) has the same event, and the merge keeps one copy
/// with the details, chosen the same way on every machine.
struct EventMultiset {
    struct Identity: Hashable {
        var kind: ProgressEvent.Kind
        var date: Date
        var rating: String?

        init(_ event: ProgressEvent) {
            kind = event.kind
            date = event.date
            rating = event.rating
        }
    }

    private(set) var counts: [Identity: (event: ProgressEvent, count: Int)] = [:]

    init(_ events: [ProgressEvent]) {
        for event in events {
            let identity = Identity(event)
            let known = counts[identity]
            counts[identity] = (Self.detailed(known?.event, event), (known?.count ?? 0) + 1)
        }
    }

    /// The events of `self` beyond those in `other`, one per extra occurrence.
    func subtracting(_ other: EventMultiset) -> [ProgressEvent] {
        counts.flatMap { identity, entry in
            Array(repeating: entry.event, count: max(0, entry.count - (other.counts[identity]?.count ?? 0)))
        }
    }

    /// Each event as many times as the larger count on either side: a union in which an event
    /// known to both is not doubled, with the details either side has.
    func union(_ other: EventMultiset) -> [ProgressEvent] {
        var merged = counts
        for (identity, entry) in other.counts {
            let mine = merged[identity]
            merged[identity] = (Self.detailed(mine?.event, entry.event), max(mine?.count ?? 0, entry.count))
        }
        return merged.values.flatMap { Array(repeating: $0.event, count: $0.count) }
    }

    /// Of two copies of one event, the one with more details (a time, a note); between two with
    /// different details, the larger, so that every machine picks the same.
    static func detailed(_ a: ProgressEvent?, _ b: ProgressEvent) -> ProgressEvent {
        guard let a, a != b else { return b }
        func rank(_ event: ProgressEvent) -> (Int, Int, Int, String) {
            (event.seconds == nil ? 0 : 1, event.note == nil ? 0 : 1, event.seconds ?? 0, event.note ?? "")
        }
        return rank(a) >= rank(b) ? a : b
    }
}
