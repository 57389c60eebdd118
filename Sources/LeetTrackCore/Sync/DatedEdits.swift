import FoundationEssentials
import Persistence

/// A change to one problem's record, made at a known time on a device that could not reach the
/// store then (the web page on a phone, offline), or now.
///
/// A dated change is merged into the stored record by sync's conflict rule (``SyncMerge``), as if
/// the device were a machine that synced: its fields are stamped with the time it was made, so a
/// favorite or note it sets does not overwrite one changed later elsewhere; its events land dated
/// when they were made, in their place in the history.
///
/// The stored favorite and note are weighed by their sync stamps, or, where they have none (a
/// store that never synced, or a change from before its first sync), by the times the record
/// keeps of them, ``ProblemProgress/favoriteUpdated`` and ``ProblemProgress/noteUpdated``: a
/// favorite taken off at the desk at 10:05 stays off when the phone's heart from 10:00 arrives.
/// Those times are whole seconds: a change made within the second of the stored one is not known
/// to be older, and applies. Only a value with no time at all (a problem never touched, a record
/// from before those times) counts as older than the change, as sync counts an unstamped value.
public struct DatedProgressEdit {
    /// The problem's slug.
    public var slug: String
    /// When the change was made; `nil`: now, an ordinary edit.
    public var madeAt: Date?
    /// The change itself, given the record and the instant to date its events.
    public var apply: (inout ProblemProgress, Date) -> Void

    /// A change of `slug`'s record made at `madeAt` (`nil`: now).
    public init(slug: String, madeAt: Date?, apply: @escaping (inout ProblemProgress, Date) -> Void) {
        self.slug = slug
        self.madeAt = madeAt
        self.apply = apply
    }
}

extension ProgressRepository {
    /// Applies `edits` in order, in one transaction, with `alongside` (which sees each edit's
    /// record right after it, and may write other keys in the same commit, or throw to apply
    /// nothing). Each record is written once, through the synced funnel.
    ///
    /// - Returns: each edit's record right after it.
    /// - Throws: ``LeetTrackError/invalidNote(slug:reason:)`` when an edit sets a note that breaks
    ///   the note rule (see ``checkNote(of:before:slug:)``); nothing is written then.
    /// - Complexity: one read and one write per problem named, whatever the number of edits.
    @discardableResult
    public func update(
        _ edits: [DatedProgressEdit], alongside: (Transaction, [ProblemProgress]) throws -> Void = { _, _ in }
    ) throws -> [ProblemProgress] {
        let now = clock.now
        return try store.transaction { transaction in
            let node = try transaction.value(for: SyncKeys.clock)?.last.node ?? ""
            var records: [String: DatedRecord] = [:]
            var order: [String] = []
            var after: [ProblemProgress] = []
            after.reserveCapacity(edits.count)
            for edit in edits {
                var record: DatedRecord
                if let known = records[edit.slug] {
                    record = known
                } else {
                    let stored = try transaction.value(for: Self.key(for: edit.slug))
                    record = DatedRecord(original: stored, current: stored, metadata: try transaction.value(for: SyncKeys.metadata(edit.slug)))
                    order.append(edit.slug)
                }
                record.apply(edit, now: now, node: node)
                after.append(record.current)
                records[edit.slug] = record
            }
            for slug in order {
                guard let record = records[slug] else { continue }
                try Self.checkNote(of: record.current, before: record.original, slug: slug)
                try writes.progress(record.current, replacing: record.original, for: slug, in: transaction)
                try record.keepDatedStamps(for: slug, in: transaction)
            }
            try alongside(transaction, after)
            return after
        }
    }
}

/// One problem's record while ``ProgressRepository/update(_:alongside:)`` applies its edits.
private struct DatedRecord {
    enum Field: Hashable { case status, favorite, note }

    var original: ProblemProgress
    var current: ProblemProgress
    /// The stamps as the merge sees them: the stored ones, then each edit's.
    var metadata: SyncMetadata
    /// The fields whose value a dated edit set last: their stamp is the time it was made, not the
    /// time it reached the store.
    var dated: Set<Field> = []

    mutating func apply(_ edit: DatedProgressEdit, now: Date, node: String) {
        let before = current
        var changed = before
        edit.apply(&changed, edit.madeAt ?? now)
        let instant = edit.madeAt ?? now
        let stamp = HLCTimestamp(milliseconds: Self.milliseconds(instant), counter: 0, node: node)
        // A favorite without a sync stamp (a store that never synced, or a change from before its
        // first sync) was last changed when the record says (to the second): a change made before
        // that second loses to it. (The merge weighs an unstamped note by its edit date alike.)
        if edit.madeAt != nil, metadata.favorite == nil, let last = before.favoriteUpdated, instant < last {
            changed.favorite = before.favorite
        }
        var side = metadata
        if changed.status != before.status { side.status = stamp }
        if changed.favorite != before.favorite {
            side.favorite = stamp
            changed.favoriteUpdated = ProblemProgress.wholeSeconds(instant)
        }
        if changed.note != before.note {
            side.note = stamp
            changed.noteUpdated = ProblemProgress.wholeSeconds(instant)
        }
        if edit.madeAt == nil {
            // Made now: nothing stored can be later, and the record stays what the edit made it.
            current = changed
            metadata = side
        } else {
            (current, metadata) = SyncMerge.merge((before, metadata), (changed, side))
        }
        for (field, differs) in [(Field.status, current.status != before.status), (.favorite, current.favorite != before.favorite),
                                 (.note, current.note != before.note)] where differs {
            if edit.madeAt == nil { dated.remove(field) } else { dated.insert(field) }
        }
    }

    /// On a store that syncs, the journal stamped the changed fields with the time of the write;
    /// those a dated edit set get the time it was made, so that the next sync weighs the change
    /// by when it happened (a change made elsewhere in between wins).
    func keepDatedStamps(for slug: String, in transaction: Transaction) throws {
        guard !dated.isEmpty, try transaction.value(for: SyncKeys.clock) != nil else { return }
        var stored = try transaction.value(for: SyncKeys.metadata(slug))
        if dated.contains(.status), current.status != original.status { stored.status = metadata.status }
        if dated.contains(.favorite), current.favorite != original.favorite { stored.favorite = metadata.favorite }
        if dated.contains(.note), current.note != original.note { stored.note = metadata.note }
        try transaction.set(stored, for: SyncKeys.metadata(slug))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded(.down)) ?? 0
    }
}
