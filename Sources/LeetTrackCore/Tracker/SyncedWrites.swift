import FoundationEssentials
import Persistence

/// The single funnel through which every write of a synced record passes: it writes the record
/// and journals the change for sync (``SyncJournal``) in the same transaction, stamped by the
/// tracker's ``Clock``.
///
/// There is one entrance per kind of synced record: ``progress(_:replacing:for:in:)`` for a
/// problem's progress, ``value(_:for:in:)`` for an own list, the review settings or the practice
/// settings (a ``SyncValue``). Nothing else writes those keys, so no change can escape the next
/// sync, and the journal sees every change whole (for the practice settings, which of their parts
/// changed: the followed list, the goal, each skipped problem).
struct SyncedWrites: Sendable {
    /// The time of the changes.
    let clock: Clock

    /// Writes `after` as the record of `slug` (removing it when it need not be stored,
    /// ``ProblemProgress/isRemovable``) with its summary
    /// (``ProgressSummaries``) and journals the change;
    /// does nothing when nothing changed.
    func progress(_ after: ProblemProgress, replacing before: ProblemProgress, for slug: String, in transaction: Transaction) throws {
        guard after != before else { return }
        try ProgressSummaries.writeRecord(after, for: slug, in: transaction)
        try SyncJournal.record(slug: slug, before: before, after: after, now: clock.now, in: transaction)
    }

    /// Writes `value` under the synced key `name` (an own list's `lists.<key>`, `settings.review`
    /// or `settings.practice`; an absent value removes the key) and journals the change; does
    /// nothing when the stored value is already `value`.
    func value(_ value: SyncValue, for name: String, in transaction: Transaction) throws {
        let before = try SyncValue.read(name, in: transaction)
        guard before != value else { return }
        try value.write(name, in: transaction)
        try SyncJournal.recordValue(name, before: before, after: value, now: clock.now, in: transaction)
    }
}
