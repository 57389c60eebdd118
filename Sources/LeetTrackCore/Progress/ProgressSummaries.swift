import FoundationEssentials
import Persistence

/// One ``ProgressSummary`` per progress record, stored beside the records (`summary.<slug>`), so
/// that the commands that summarise read a few bytes per problem instead of parsing every record.
///
/// **Kept current by the write funnel.** ``SyncedWrites`` writes a record's summary in the same
/// transaction as the record, so the two change together or not at all.
///
/// **Trusted only when known to match.** Anything that writes records without their summaries (an
/// older LeetTrack, a hand edit in the `sqlite3` shell) is caught by the store's write counts
/// (``Store/writeCount(forNamespace:)``), which the store keeps in the file itself, for every
/// writer: each funnel write adds one to `progress.` and one to `summary.`, and the funnel records
/// their difference as it leaves them (the *stamp*, under `summaries`). When the difference moved
/// since, or the store cannot count (a JSON file, PostgreSQL), the summaries are not used: readers
/// parse the records, and the next change rebuilds the summaries first, in its own transaction.
/// `leettrack doctor` compares every summary with its record and rebuilds them if any disagree.
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

    /// The prefix of the favorites' index: each favorite's summary again, under
    /// `favorite.<slug>`, so that the favorites sheet reads its few hundred entries instead of
    /// every summary. Written by the funnel with the summaries, in the same transaction.
    public static let favoritePrefix = "favorite."
    /// The write counts of the favorites' index and of the summaries as the funnel last left
    /// them, as `<index> <summaries>`: the index is trusted while both still hold (a build that
    /// writes summaries without the index, or a hand edit of either, moves one of them). Absent
    /// (empty) until the index is built; a string, which the store writes without a JSON encoder.
    static let favoritesStampKey = Key<String>("favorites", default: "")

    /// The summaries of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Whether `key` is a summary's or the summaries' stamp: derived data, not a user's record.
    public static func isSummaryKey(_ key: String) -> Bool {
        key.hasPrefix(keyPrefix) || key == stampKey.name || key.hasPrefix(favoritePrefix) || key == favoritesStampKey.name
            || key.hasPrefix(duePrefix) || key == dueStampKey.name
    }

    /// The key of one favorite's entry in the favorites' index.
    static func favoriteKey(for slug: String) -> Key<String> {
        Key<String>(favoritePrefix + slug, default: "")
    }

    /// The key of one problem's summary.
    static func key(for slug: String) -> Key<String> {
        Key<String>(keyPrefix + slug, default: "")
    }

    /// Lends `body` every stored summary, as its key's and its stored bytes where they lie (see
    /// ``Store/forEachRawValue(withKeyPrefix:_:)``: `body` must not use the store), with the
    /// length of the keys' prefix, when they are known to match the records. With
    /// `favoritesOnly`, the entries of the favorites' index instead (each favorite's summary,
    /// under `favorite.<slug>`) when it is known to match too; every summary when it is not.
    /// - Returns: whether the summaries were known to match (else `body` was not called).
    /// - Complexity: two count reads, one key read and one prefix query (and two count reads and
    ///   a key read more for the index).
    func forEachCurrentEntry(
        favoritesOnly: Bool = false,
        _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, _ prefixLength: Int) throws -> Void
    ) throws -> Bool {
        // The counts first: a funnel write committed after them only makes the summaries newer.
        guard try areCurrent() else { return false }
        let prefix = try favoritesOnly && favoritesAreCurrent() ? Self.favoritePrefix : Self.keyPrefix
        let prefixLength = prefix.utf8.count
        try store.forEachRawValue(withKeyPrefix: prefix) { try body($0, $1, prefixLength) }
        return true
    }

    /// Lends `body` the stored summary of each of `slugs` that has one, each read by its key, when
    /// the summaries are known to match the records (see ``areCurrent()``); returns whether they
    /// were, having lent nothing otherwise.
    /// - Complexity: one key read per slug.
    func forEachCurrentEntry(
        ofSlugs slugs: [String], _ body: (_ slug: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        // The counts first, as in `forEachCurrentEntry(favoritesOnly:_:)`.
        guard try areCurrent() else { return false }
        for var slug in slugs {
            guard let value = try store.rawValue(forKey: Self.keyPrefix + slug) else { continue }
            try slug.withUTF8 { slug in try value.withUnsafeBytes { try body(UnsafeRawBufferPointer(slug), $0) } }
        }
        return true
    }

    /// Whether the favorites' index is known to match the summaries (which may still not match
    /// the records: see ``areCurrent()``).
    public func favoritesAreCurrent() throws -> Bool {
        try indexIsCurrent(Self.favoritesStampKey)
    }

    /// Whether the index stamped under `stampKey` (the favorites' or the review index) is known to
    /// match the summaries: its stamp holds the write counts of the index and of the summaries.
    func indexIsCurrent(_ stampKey: Key<String>) throws -> Bool {
        // The counts first, as in `areCurrent()`.
        guard let index = try store.writeCount(forNamespace: Self.indexPrefix(stampKey)),
              let summaries = try store.writeCount(forNamespace: Self.keyPrefix) else { return false }
        do {
            return Self.stampHolds(try store.value(for: stampKey), counts: "\(index) \(summaries)")
        } catch PersistenceError.undecodable {
            return false  // Edited by hand: rebuilt by the next change.
        }
    }

    /// Whether the stored summaries are known to match the records.
    public func areCurrent() throws -> Bool {
        guard let records = try store.writeCount(forNamespace: ProgressRepository.keyPrefix),
              let summaries = try store.writeCount(forNamespace: Self.keyPrefix) else { return false }
        do {
            return try store.value(for: Self.stampKey) == records - summaries
        } catch PersistenceError.undecodable {
            return false  // A stamp edited by hand: the summaries are not trusted, and the next change rewrites it.
        }
    }

    /// Writes `record` as the record of `slug` (removing it when empty) with its summary, in
    /// `transaction`: the one place progress records are written (the write funnel and sync's
    /// merges call it). Summaries not known to match are rebuilt first, in the same transaction, so
    /// that a change that fails writes nothing; a store that cannot count writes gets no summary.
    /// - Complexity: O(1) when the summaries match; else one pass over every record.
    static func writeRecord(_ record: ProblemProgress, for slug: String, in transaction: Transaction) throws {
        let recordKey = ProgressRepository.key(for: slug)
        guard let difference = try difference(in: transaction) else {
            if record.isEmpty { transaction.removeValue(for: recordKey) } else { try transaction.set(record, for: recordKey) }
            return
        }
        try rebuildStale(in: transaction, difference: difference)
        // The review index's entry as the summary before this change made it: its key holds the due time.
        let dueBefore = dueEntry(slug: slug, storedSummary: try storedSummary(of: slug, in: transaction))
        var dueAfter: (key: String, text: String)?
        if record.isEmpty {
            transaction.removeValue(for: recordKey)
            transaction.removeValue(for: key(for: slug))
            transaction.removeValue(for: favoriteKey(for: slug))
        } else {
            let summary = ProgressSummary(record)
            let encoded = summary.encoded
            let text = encoded ?? readTheRecord
            try transaction.set(record, for: recordKey)
            try transaction.set(text, for: key(for: slug))
            if record.favorite {
                try transaction.set(text, for: favoriteKey(for: slug))
            } else {
                transaction.removeValue(for: favoriteKey(for: slug))
            }
            dueAfter = dueEntry(slug: slug, summary: summary, text: encoded)
        }
        // Written only when the card moved or changed: a favorite or a note leaves the entry as it is.
        if let dueBefore, dueBefore.key != dueAfter?.key { transaction.removeValue(for: Key<String>(dueBefore.key, default: "")) }
        if let dueAfter, dueBefore.map({ $0 != dueAfter }) ?? true {
            try transaction.set(dueAfter.text, for: Key<String>(dueAfter.key, default: ""))
        }
        try restamp(in: transaction)
    }

    /// The text of the stored summary of `slug` as `transaction` sees it: `nil` when there is
    /// none, and the marker of a record to read when it is not a string (a hand edit).
    private static func storedSummary(of slug: String, in transaction: Transaction) throws -> String? {
        do {
            let text = try transaction.value(for: key(for: slug))
            return text.isEmpty ? nil : text
        } catch PersistenceError.undecodable {
            return readTheRecord
        }
    }

    /// Rebuilds the summaries and the indexes beside them (the favorites' index, the review
    /// index) that are not known to match the records, in one transaction; does nothing on a
    /// store that cannot count writes.
    /// - Returns: whether it rebuilt them.
    @discardableResult
    public func refreshIfStale() throws -> Bool {
        // Read first, without the write lock: a store whose summaries match takes none.
        if try areCurrent() && favoritesAreCurrent() && dueAreCurrent() || store.writeCount(forNamespace: Self.keyPrefix) == nil {
            return false
        }
        return try store.transaction { transaction in
            guard let difference = try Self.difference(in: transaction) else { return false }
            return try Self.rebuildStale(in: transaction, difference: difference)
        }
    }

    /// Rebuilds the summaries whatever the counts say (`doctor --rebuild-summaries`, after a
    /// summary was found to disagree with its record).
    /// - Returns: how many summaries it wrote or removed.
    @discardableResult
    public func rebuild() throws -> Int {
        try store.transaction { transaction in
            guard try Self.difference(in: transaction) != nil else { return 0 }
            return try Self.rebuild(in: transaction)
        }
    }

    /// The summaries that disagree with their records, by slug (missing ones included, and ones
    /// whose record is gone), whether or not the counts say they match; and, when the favorites'
    /// index or the review index is in use, the problems whose entries in it disagree.
    /// - Complexity: one pass over every record and summary.
    public func disagreeing() throws -> [String] {
        let favoritesInUse = try favoritesAreCurrent()
        let dueInUse = try dueAreCurrent()
        return Self.disagreeing(
            records: try store.rawValues(withKeyPrefix: ProgressRepository.keyPrefix),
            summaries: try store.rawValues(withKeyPrefix: Self.keyPrefix),
            favorites: favoritesInUse ? try store.rawValues(withKeyPrefix: Self.favoritePrefix) : nil,
            due: dueInUse ? try store.rawValues(withKeyPrefix: Self.duePrefix) : nil)
    }

    /// The slugs whose stored summary (`summaries`, as stored bytes by key) is not the one their
    /// stored record (`records`) makes, or has no record, and (for `favorites` and `due` that are
    /// not `nil`) whose entries in the favorites' index or the review index are not the ones the
    /// record makes; entries of other keys are ignored, so one read of the whole store
    /// (``StoreCheck``) serves for all of them.
    static func disagreeing(
        records: [(key: String, value: Data)], summaries: [(key: String, value: Data)],
        favorites: [(key: String, value: Data)]?, due: [(key: String, value: Data)]? = nil
    ) -> [String] {
        let derived = derivedEntries(records: records)
        var disagreeing: Set<String> = []
        for (prefix, stored, made) in [
            (keyPrefix, summaries, derived.summaries), (favoritePrefix, favorites, derived.favorites), (duePrefix, due, derived.due),
        ] {
            guard let stored else { continue }
            var kept: [String: Data] = [:]
            for (key, value) in stored where key.hasPrefix(prefix) { kept[key] = value }
            for entry in made where kept.removeValue(forKey: entry.key) != storedBytes(entry.text) { disagreeing.insert(entry.slug) }
            // An entry no record makes (or, in the review index, one whose key is not the index's): its slug as far as it reads.
            for key in kept.keys {
                disagreeing.insert(prefix == duePrefix ? slug(ofDueKey: key) ?? key : String(key.dropFirst(prefix.count)))
            }
        }
        return disagreeing.sorted()
    }

    /// What the counts' difference will be once `transaction` commits; `nil` when the store cannot count.
    private static func difference(in transaction: Transaction) throws -> Int? {
        guard let records = try transaction.writeCountAfterCommit(forNamespace: ProgressRepository.keyPrefix),
              let summaries = try transaction.writeCountAfterCommit(forNamespace: keyPrefix) else { return nil }
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

    /// Records that the summaries, the favorites' index and the review index match the records
    /// as `transaction` leaves them.
    private static func restamp(in transaction: Transaction) throws {
        guard let difference = try difference(in: transaction) else { return }
        if try stamp(in: transaction) != difference { try transaction.set(difference, for: stampKey) }
        // The summaries' count moves with every change, so the indexes' stamps are written each time.
        for stampKey in [favoritesStampKey, dueStampKey] {
            if let counts = try indexCounts(stampKey, in: transaction), try indexStamp(stampKey, in: transaction) != counts {
                try transaction.set(counts, for: stampKey)
            }
        }
    }

    /// The prefix of the index whose stamp is `stampKey`.
    static func indexPrefix(_ stampKey: Key<String>) -> String {
        stampKey.name == dueStampKey.name ? duePrefix : favoritePrefix
    }

    /// The write counts of the index stamped under `stampKey` and of the summaries once
    /// `transaction` commits, as the stamp holds them.
    private static func indexCounts(_ stampKey: Key<String>, in transaction: Transaction) throws -> String? {
        guard let index = try transaction.writeCountAfterCommit(forNamespace: indexPrefix(stampKey)),
              let summaries = try transaction.writeCountAfterCommit(forNamespace: keyPrefix) else { return nil }
        return "\(index) \(summaries)"
    }

    /// An index's stamp as `transaction` sees it; `nil` when edited by hand (not a string).
    private static func indexStamp(_ stampKey: Key<String>, in transaction: Transaction) throws -> String? {
        do {
            return try transaction.value(for: stampKey)
        } catch PersistenceError.undecodable {
            return nil
        }
    }

    /// Whether the index stamped under `stampKey` matches the summaries as `transaction` sees them.
    private static func indexMatches(_ stampKey: Key<String>, in transaction: Transaction) throws -> Bool {
        guard let counts = try indexCounts(stampKey, in: transaction) else { return false }
        return stampHolds(try indexStamp(stampKey, in: transaction), counts: counts)
    }

    /// Whether an index's stamp (`nil` when edited by hand) holds for the write counts `counts`.
    /// An absent stamp (empty) holds while neither the index nor the summaries were ever written
    /// ("0 0"): an empty index of a store without progress matches, as the summaries' absent stamp
    /// means 0 (a new store whose only changes were lists or settings is not "out of date").
    static func stampHolds(_ stamp: String?, counts: String) -> Bool {
        stamp == counts || stamp == "" && counts == "0 0"
    }

    /// Rebuilds the summaries (and with them both indexes) when their stamp is not `difference`,
    /// else each index whose stamp does not hold, and stamps what it rebuilt.
    /// - Returns: whether it rebuilt anything.
    @discardableResult
    private static func rebuildStale(in transaction: Transaction, difference: Int) throws -> Bool {
        if try stamp(in: transaction) != difference {
            try rebuild(in: transaction)
            return true
        }
        let favoritesStale = try !indexMatches(favoritesStampKey, in: transaction)
        let dueStale = try !indexMatches(dueStampKey, in: transaction)
        guard favoritesStale || dueStale else { return false }
        let derived = derivedEntries(records: try transaction.rawValues(withKeyPrefix: ProgressRepository.keyPrefix))
        if favoritesStale { try replaceEntries(under: favoritePrefix, with: derived.favorites, in: transaction) }
        if dueStale { try replaceEntries(under: duePrefix, with: derived.due, in: transaction) }
        try restamp(in: transaction)
        return true
    }

    /// Makes the entries under `prefix` (`summary.`, `favorite.`, `due.`) hold exactly `entries`:
    /// writes each that differs from what is stored and removes the others.
    /// - Returns: how many entries it wrote or removed.
    @discardableResult
    private static func replaceEntries(
        under prefix: String, with entries: [DerivedEntry], in transaction: Transaction
    ) throws -> Int {
        var stored = Dictionary(try transaction.rawValues(withKeyPrefix: prefix).map { ($0.key, $0.value) }) { first, _ in first }
        var written = 0
        for entry in entries where stored.removeValue(forKey: entry.key) != storedBytes(entry.text) {
            try transaction.set(entry.text, for: Key<String>(entry.key, default: ""))
            written += 1
        }
        for key in stored.keys {
            transaction.removeValue(for: Key<String>(key, default: ""))
            written += 1
        }
        return written
    }

    /// One entry that the records make: its key, its text and the slug of its problem.
    struct DerivedEntry {
        let key: String
        let text: String
        let slug: String
    }

    /// The entries that stored records make, each record decoded once: its summary; the
    /// favorites' index's entry of each favorite (its summary again); and the review index's
    /// entry of each card. A record that does not decode gets the marker of a record to read in
    /// its summary, in the favorites' index (it may be a favorite) and in the review index (it may
    /// have a card), so that readers warn about it as they always did.
    private static func derivedEntries(
        records: [(key: String, value: Data)]
    ) -> (summaries: [DerivedEntry], favorites: [DerivedEntry], due: [DerivedEntry]) {
        var summaries: [DerivedEntry] = []
        var favorites: [DerivedEntry] = []
        var due: [DerivedEntry] = []
        summaries.reserveCapacity(records.count)
        for (key, data) in records where key.hasPrefix(ProgressRepository.keyPrefix) {
            let slug = String(key.dropFirst(ProgressRepository.keyPrefix.count))
            var summary: ProgressSummary?
            var favorite = true
            do {
                let record = try ProgressRepository.decode(data, key: key)
                summary = ProgressSummary(record)
                favorite = record.favorite
            } catch {
                summary = nil
            }
            let encoded = summary?.encoded
            let text = encoded ?? readTheRecord
            summaries.append(DerivedEntry(key: keyPrefix + slug, text: text, slug: slug))
            if favorite { favorites.append(DerivedEntry(key: favoritePrefix + slug, text: text, slug: slug)) }
            if let entry = dueEntry(slug: slug, summary: summary, text: encoded) {
                due.append(DerivedEntry(key: entry.key, text: entry.text, slug: slug))
            }
        }
        return (summaries, favorites, due)
    }

    /// Writes every summary and index entry that differs from the one its record makes, removes
    /// those without a record, and stamps the result.
    /// - Returns: how many entries it wrote or removed.
    @discardableResult
    private static func rebuild(in transaction: Transaction) throws -> Int {
        let derived = derivedEntries(records: try transaction.rawValues(withKeyPrefix: ProgressRepository.keyPrefix))
        var written = try replaceEntries(under: keyPrefix, with: derived.summaries, in: transaction)
        written += try replaceEntries(under: favoritePrefix, with: derived.favorites, in: transaction)
        written += try replaceEntries(under: duePrefix, with: derived.due, in: transaction)
        try restamp(in: transaction)
        return written
    }

    /// The bytes the store keeps for a summary's text: a JSON string, which needs no escapes.
    static func storedBytes(_ text: String) -> Data {
        Data(("\"" + text + "\"").utf8)
    }
}
