import FoundationEssentials
import Persistence

/// One ``ProgressSummary`` per progress record, stored beside the records (`summary.<slug>`), so
/// that the commands that summarise read a few bytes per problem instead of parsing every record.
///
/// **Kept current by the write funnel.** ``SyncedWrites`` writes a record's summary in the same
/// transaction as the record, so the two change together or not at all: a change to one problem
/// (a heart, a solve, a note) writes two keys, its record and its summary, and nothing else.
///
/// **Trusted only when known to match.** Anything that writes records without their summaries (an
/// older LeetTrack, a hand edit in the `sqlite3` shell) is caught by the store's outside write
/// counts (``Store/outsideWriteCount(forNamespace:)``), which the store keeps in the file itself
/// for every writer but this library. The difference of the records' and the summaries' counts
/// is recorded (the *stamp*, under `summaries`) when the summaries are made whole; the funnel's own
/// writes do not move it. When the difference moved since, or the store cannot count (a JSON
/// file, PostgreSQL), the summaries are not used: readers parse the records, and the next change
/// rebuilds the summaries first, in its own transaction. `leettrack doctor` compares every summary
/// with its record and rebuilds them if any disagree.
///
/// **No other index.** Builds before this one also kept a favorites' index (`favorite.<slug>`,
/// stamp `favorites`) and a review index (`due.…`, stamp `due`), which cost three more keys per
/// change. The favorites and the review queue are now read from the summaries. Those keys stay
/// derived data (``isSummaryKey(_:)``) until a rebuild removes them; an older build that opens
/// the store again does not trust them, since their stamps also hold the summaries' write count,
/// which this build's first change moves, and rebuilds them before its next read of them.
public struct ProgressSummaries: Sendable {
    /// The store the summaries live in.
    public let store: Store

    /// The prefix of every summary key.
    public static let keyPrefix = "summary."
    /// The difference of the write counts when the summaries were last made whole. Absent means
    /// 0: a store counts each entry it held when it began to count as one write, so a new store
    /// (no records, no summaries: 0 and 0) is whole, and a store from before the summaries (its
    /// records counted, no summaries) is not.
    static let stampKey = Key<Int>("summaries", default: 0)
    /// The summary of a record that the summary cannot stand for (it does not decode, or its times
    /// cannot be written): readers read the record itself.
    static let readTheRecord = "1!"
    /// The prefixes of the indexes older builds kept beside the summaries (the favorites' and the
    /// review index), and the names of their stamps: derived data, removed by a rebuild.
    static let legacyPrefixes = ["favorite.", "due."]
    static let legacyStamps = ["favorites", "due"]

    /// The summaries of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Whether `key` is a summary's or the summaries' stamp, or an older build's index beside
    /// them: derived data, not a user's record.
    public static func isSummaryKey(_ key: String) -> Bool {
        key.hasPrefix(keyPrefix) || key == stampKey.name || legacyStamps.contains(key) || legacyPrefixes.contains { key.hasPrefix($0) }
    }

    /// The key of one problem's summary.
    static func key(for slug: String) -> Key<String> {
        Key<String>(keyPrefix + slug, default: "")
    }

    /// Lends `body` every stored summary, as its slug's and its stored bytes where they lie (see
    /// ``Store/forEachRawValue(withKeyPrefix:_:)``: `body` must not use the store), when they
    /// are known to match the records.
    /// - Returns: whether the summaries were known to match (else `body` was not called).
    /// - Complexity: two count reads, one key read and one prefix query.
    func forEachCurrentEntry(_ body: (_ slug: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        // The counts first: a funnel write committed after them only makes the summaries newer.
        guard try areCurrent() else { return false }
        let prefixLength = Self.keyPrefix.utf8.count
        try store.forEachRawValue(withKeyPrefix: Self.keyPrefix) { key, value in
            if key.count >= prefixLength { try body(UnsafeRawBufferPointer(rebasing: key[prefixLength...]), value) }
        }
        return true
    }

    /// Lends `body` the stored summary of each of `slugs` that has one, each read by its key, when
    /// the summaries are known to match the records (see ``areCurrent()``); returns whether they
    /// were, having lent nothing otherwise.
    /// - Complexity: one key read per slug.
    func forEachCurrentEntry(
        ofSlugs slugs: [String], _ body: (_ slug: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        // The counts first, as in `forEachCurrentEntry(_:)`.
        guard try areCurrent() else { return false }
        for var slug in slugs {
            guard let value = try store.rawValue(forKey: Self.keyPrefix + slug) else { continue }
            try slug.withUTF8 { slug in try value.withUnsafeBytes { try body(UnsafeRawBufferPointer(slug), $0) } }
        }
        return true
    }

    /// Whether the stored summaries are known to match the records.
    public func areCurrent() throws -> Bool {
        guard let records = try store.outsideWriteCount(forNamespace: ProgressRepository.keyPrefix),
              let summaries = try store.outsideWriteCount(forNamespace: Self.keyPrefix) else { return false }
        do {
            return try store.value(for: Self.stampKey) == records - summaries
        } catch PersistenceError.undecodable {
            return false  // A stamp edited by hand: the summaries are not trusted, and the next change rewrites it.
        }
    }

    /// Writes `record` as the record of `slug` (removing it when it need not be stored,
    /// ``ProblemProgress/isRemovable``) with its summary, in
    /// `transaction`: the one place progress records are written (the write funnel and sync's
    /// merges call it). Summaries not known to match are rebuilt first, in the same transaction, so
    /// that a change that fails writes nothing; a store that cannot count writes gets no summary.
    /// - Complexity: two keys written when the summaries match; else one pass over every record.
    static func writeRecord(_ record: ProblemProgress, for slug: String, in transaction: Transaction) throws {
        let recordKey = ProgressRepository.key(for: slug)
        // Checked once per transaction: this build's writes move neither count, and a rebuild
        // restamps, so every later record of a batch (a server's group of edits) finds the same.
        let hasSummaries = try transaction.once("ProgressSummaries.checked") { () -> Bool in
            guard let difference = try difference(in: transaction) else { return false }
            if try stamp(in: transaction) != difference { try rebuild(in: transaction) }
            try removeLegacyStamps(in: transaction)
            return true
        }
        guard hasSummaries else {
            if record.isRemovable { transaction.removeValue(for: recordKey) } else { try transaction.set(record, for: recordKey) }
            return
        }
        if record.isRemovable {
            transaction.removeValue(for: recordKey)
            transaction.removeValue(for: key(for: slug))
        } else {
            try transaction.set(record, for: recordKey)
            try transaction.set(ProgressSummary(record).encoded ?? readTheRecord, for: key(for: slug))
        }
    }

    /// Rebuilds the summaries when they are not known to match the records, in one transaction;
    /// does nothing on a store that cannot count writes.
    /// - Returns: whether it rebuilt them.
    @discardableResult
    public func refreshIfStale() throws -> Bool {
        // Read first, without the write lock: a store whose summaries match takes none.
        if try areCurrent() || store.outsideWriteCount(forNamespace: Self.keyPrefix) == nil { return false }
        return try store.transaction { transaction in
            guard let difference = try Self.difference(in: transaction), try Self.stamp(in: transaction) != difference else {
                return false
            }
            try Self.rebuild(in: transaction)
            return true
        }
    }

    /// Rebuilds the summaries whatever the counts say (`doctor --rebuild-summaries`, after a
    /// summary was found to disagree with its record).
    /// - Returns: how many summaries it wrote or removed (older builds' index entries included).
    @discardableResult
    public func rebuild() throws -> Int {
        try store.transaction { transaction in
            guard try Self.difference(in: transaction) != nil else { return 0 }
            return try Self.rebuild(in: transaction)
        }
    }

    /// The summaries that disagree with their records, by slug (missing ones included, and ones
    /// whose record is gone), whether or not the counts say they match.
    /// - Complexity: one pass over every record and summary.
    public func disagreeing() throws -> [String] {
        Self.disagreeing(
            records: try store.rawValues(withKeyPrefix: ProgressRepository.keyPrefix),
            summaries: try store.rawValues(withKeyPrefix: Self.keyPrefix))
    }

    /// The slugs whose stored summary (`summaries`, as stored bytes by key) is not the one their
    /// stored record (`records`) makes, or has no record; entries of other keys are ignored, so
    /// one read of the whole store (``StoreCheck``) serves for both.
    static func disagreeing(records: [(key: String, value: Data)], summaries: [(key: String, value: Data)]) -> [String] {
        var stored: [String: Data] = [:]
        for (key, value) in summaries where key.hasPrefix(keyPrefix) { stored[key] = value }
        var disagreeing: Set<String> = []
        for entry in derivedSummaries(records: records) where stored.removeValue(forKey: entry.key) != storedBytes(entry.text) {
            disagreeing.insert(entry.slug)
        }
        // A summary no record makes.
        for key in stored.keys { disagreeing.insert(String(key.dropFirst(keyPrefix.count))) }
        return disagreeing.sorted()
    }

    /// The outside counts' difference as `transaction` sees it (its own writes do not count);
    /// `nil` when the store cannot count.
    private static func difference(in transaction: Transaction) throws -> Int? {
        guard let records = try transaction.outsideWriteCount(forNamespace: ProgressRepository.keyPrefix),
              let summaries = try transaction.outsideWriteCount(forNamespace: keyPrefix) else { return nil }
        return records - summaries
    }

    /// The stamp as `transaction` sees it; `nil` when it does not decode (a hand edit).
    private static func stamp(in transaction: Transaction) throws -> Int? {
        do {
            return try transaction.value(for: stampKey)
        } catch PersistenceError.undecodable {
            return nil
        }
    }

    /// Records that the summaries match the records as `transaction` leaves them.
    private static func restamp(in transaction: Transaction) throws {
        guard let difference = try difference(in: transaction) else { return }
        if try stamp(in: transaction) != difference { try transaction.set(difference, for: stampKey) }
    }

    /// Removes the stamps of an older build's indexes, when that build wrote them since the last
    /// rebuild: this build's writes do not move the outside counts those stamps hold, so that
    /// build, run again, would trust an index this build no longer keeps. Two key reads.
    private static func removeLegacyStamps(in transaction: Transaction) throws {
        for name in legacyStamps {
            let stamp = Key<String?>(name, default: nil)
            let isPresent: Bool
            do {
                isPresent = try transaction.value(for: stamp) != nil
            } catch PersistenceError.undecodable {
                isPresent = true  // A stamp edited by hand: removed all the same.
            }
            if isPresent { transaction.removeValue(for: stamp) }
        }
    }

    /// The summary that each stored record makes, each record decoded once: its key, its text and
    /// the slug of its problem. A record that does not decode gets the marker of a record to read,
    /// so that readers warn about it as they always did.
    private static func derivedSummaries(records: [(key: String, value: Data)]) -> [(key: String, text: String, slug: String)] {
        var summaries: [(key: String, text: String, slug: String)] = []
        summaries.reserveCapacity(records.count)
        for (key, data) in records where key.hasPrefix(ProgressRepository.keyPrefix) {
            let slug = String(key.dropFirst(ProgressRepository.keyPrefix.count))
            var text = readTheRecord
            do {
                text = ProgressSummary(try ProgressRepository.decode(data, key: key)).encoded ?? readTheRecord
            } catch {
                // Left as the marker: readers read the record and name it as damaged.
            }
            summaries.append((keyPrefix + slug, text, slug))
        }
        return summaries
    }

    /// Writes every summary that differs from the one its record makes, removes those without a
    /// record and older builds' indexes beside them, and stamps the result.
    /// - Returns: how many entries it wrote or removed.
    @discardableResult
    private static func rebuild(in transaction: Transaction) throws -> Int {
        var stored = Dictionary(try transaction.rawValues(withKeyPrefix: keyPrefix).map { ($0.key, $0.value) }) { first, _ in first }
        var written = 0
        for entry in derivedSummaries(records: try transaction.rawValues(withKeyPrefix: ProgressRepository.keyPrefix))
        where stored.removeValue(forKey: entry.key) != storedBytes(entry.text) {
            try transaction.set(entry.text, for: Key<String>(entry.key, default: ""))
            written += 1
        }
        var removed = Array(stored.keys)
        // `favorite` and `due`, without the dot, cover both the older indexes' entries and their stamps.
        for prefix in legacyPrefixes.map({ String($0.dropLast()) }) {
            removed += try transaction.rawValues(withKeyPrefix: prefix).map(\.key).filter(isSummaryKey)
        }
        for key in removed { transaction.removeValue(for: Key<String>(key, default: "")) }
        try restamp(in: transaction)
        return written + removed.count
    }

    /// The bytes the store keeps for a summary's text: a JSON string, which needs no escapes.
    static func storedBytes(_ text: String) -> Data {
        Data(("\"" + text + "\"").utf8)
    }
}
