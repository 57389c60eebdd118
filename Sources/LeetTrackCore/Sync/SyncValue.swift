import FoundationEssentials
import Persistence

/// A synced value other than a progress record: one own study list (`lists.<key>`), the review
/// settings (`settings.review`) or the practice settings (`settings.practice`). Each is one record;
/// a list and the review settings go whole to one side (``SyncValueMerge``), the practice settings
/// merge field by field (``PracticeSettingsMerge``). No field set means the value was deleted.
struct SyncValue: Codable, Hashable {
    /// The list, for a `lists.<key>` record.
    var list: OwnLists.Record?
    /// The settings, for the `settings.review` record.
    var settings: ReviewSettings?
    /// The settings, for the `settings.practice` record.
    var practice: PracticeSettings?

    /// Whether the value is deleted (or was never there).
    var isAbsent: Bool { list == nil && settings == nil && practice == nil }

    /// Whether sync carries the local key `name`.
    static func isSynced(_ name: String) -> Bool {
        name.hasPrefix(OwnLists.keyPrefix) || name == ReviewSettings.key.name || name == PracticeSettings.key.name
    }

    /// The local value under `name` (absent when the key is not stored).
    static func read(_ name: String, in transaction: Transaction) throws -> SyncValue {
        if name == ReviewSettings.key.name {
            return SyncValue(settings: try transaction.value(for: Key<ReviewSettings?>(name, default: nil)))
        }
        if name == PracticeSettings.key.name {
            return SyncValue(practice: try transaction.value(for: Key<PracticeSettings?>(name, default: nil)))
        }
        return SyncValue(list: try transaction.value(for: Key<OwnLists.Record?>(name, default: nil)))
    }

    /// Writes the value under `name`, removing the key when the value is absent.
    func write(_ name: String, in transaction: Transaction) throws {
        if name == ReviewSettings.key.name {
            if let settings { try transaction.set(settings, for: ReviewSettings.key) } else {
                transaction.removeValue(for: ReviewSettings.key)
            }
        } else if name == PracticeSettings.key.name {
            if let practice { try transaction.set(practice, for: PracticeSettings.key) } else {
                transaction.removeValue(for: PracticeSettings.key)
            }
        } else {
            let key = Key<OwnLists.Record?>(name, default: nil)
            if let list { try transaction.set(list, for: key) } else { transaction.removeValue(for: key) }
        }
    }
}

/// When a synced value was made and last changed, by the hybrid logical clock. Stored locally under
/// `sync.stamps.<key>` and remotely in the value's record; it outlives a deleted value, so the
/// deletion is synced too.
struct SyncValueStamps: Codable, Hashable {
    /// When the value was created (went from absent to present); nil for a deleted value and for
    /// one made before the store first synced.
    var created: HLCTimestamp?
    /// When the value was last changed or deleted.
    var changed: HLCTimestamp?
    /// For the practice settings, when each of their parts was last changed; nil (and left out of
    /// the encoding, so older builds read and write the same records) for every other value, and
    /// for practice settings whose every part is as of `changed`.
    var practice: PracticeStamps? = nil

    /// The latest stamp held.
    var latest: HLCTimestamp? { ([created, changed, practice?.latest].compactMap { $0 }).max() }
}

/// One synced value as the remote keeps it (under the same key as locally): the value, its stamps,
/// and the remote sequence number of the push that last changed it.
struct SyncValueRecord: Codable, Hashable {
    var value: SyncValue
    var stamps: SyncValueStamps
    var sequence: Int
}

/// The conflict rule for lists and the review settings: the whole value goes to one side, and a
/// deletion holds against edits of what it deleted but not against a value created after it. (The
/// practice settings merge field by field: ``merge(_:_:key:)`` sends them to ``PracticeSettingsMerge``.)
///
/// Each side is ranked by (epoch, last change): the epoch of a present value is its creation
/// stamp, that of a deleted value its deletion stamp. So edits of the same value go to the latest
/// writer; a deletion beats every value created before it (however late its edits), and a value
/// created after a deletion beats the deletion. Unstamped (made before the first sync) ranks
/// lowest; equal ranks fall to the encoded value. Taking the maximum of a total order is
/// commutative, associative and idempotent.
enum SyncValueMerge {
    /// One side of a merge.
    typealias Side = (value: SyncValue, stamps: SyncValueStamps)

    /// The merge of two sides of the synced value stored under `key`: the practice settings field
    /// by field, anything else whole.
    static func merge(_ a: Side, _ b: Side, key: String) -> Side {
        key == PracticeSettings.key.name ? PracticeSettingsMerge.merge(a, b) : merge(a, b)
    }

    /// The side that wins.
    static func merge(_ a: Side, _ b: Side) -> Side {
        let (rankA, rankB) = (rank(a), rank(b))
        if rankA != rankB { return precedes(rankA, rankB) ? b : a }
        return tieBreak(a.value) < tieBreak(b.value) ? b : a
    }

    private typealias Rank = (epoch: HLCTimestamp, changed: HLCTimestamp, present: Bool)

    private static let unstamped = HLCTimestamp(milliseconds: .min, counter: .min, node: "")

    private static func rank(_ side: Side) -> Rank {
        let changed = side.stamps.changed ?? unstamped
        let epoch = side.value.isAbsent ? changed : side.stamps.created ?? unstamped
        return (epoch, changed, !side.value.isAbsent)
    }

    private static func precedes(_ a: Rank, _ b: Rank) -> Bool {
        if a.epoch != b.epoch { return a.epoch < b.epoch }
        if a.changed != b.changed { return a.changed < b.changed }
        return !a.present && b.present
    }

    /// A total, deterministic order on values for equal ranks (which one write never makes): the
    /// values' full descriptions, which hold only strings, numbers, arrays and optionals, so they
    /// read the same on every machine. Unlike encoding, it cannot fail.
    private static func tieBreak(_ value: SyncValue) -> String {
        String(reflecting: value)
    }
}
