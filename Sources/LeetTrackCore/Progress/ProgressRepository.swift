import FoundationEssentials
import Persistence

/// Reads and changes progress records in a ``Store``.
///
/// Each problem's record lives under its own key, `progress.<slug>`: changing one problem writes
/// one small value, and all records load with one prefix query. Changes go through a transaction,
/// so a command that changes several problems changes all or none, and a change made by another
/// process between reading and writing a record cannot be lost. Each change is also noted for
/// sync in the same transaction (`SyncJournal`: stamps under `sync.meta.<slug>`, a pending marker).
public struct ProgressRepository: Sendable {
    /// The store the records live in.
    public let store: Store
    /// Dates the changes (note stamps, sync stamps).
    public let clock: Clock

    /// The prefix of every progress key.
    public static let keyPrefix = "progress."

    /// A repository over `store`, dating its changes by `clock`.
    public init(store: Store, clock: Clock = .system) {
        self.store = store
        self.clock = clock
    }

    /// The summaries kept beside the records.
    public var summaries: ProgressSummaries { ProgressSummaries(store: store) }

    /// The funnel of this repository's synced writes.
    var writes: SyncedWrites { SyncedWrites(clock: clock) }

    /// The key of one problem's record.
    public static func key(for slug: String) -> Key<ProblemProgress> {
        Key<ProblemProgress>(keyPrefix + slug, default: ProblemProgress())
    }

    /// Every stored record, by slug.
    /// - Complexity: one prefix query.
    /// - Throws: `PersistenceError`, including `undecodable` naming a record that does not decode.
    public func allProgress() throws -> [String: ProblemProgress] {
        try progress { _ in true }
    }

    /// The stored records of the slugs that `include` accepts, by slug.
    ///
    /// The records are read as bytes in one prefix query and parsed by `ProgressJSONReader`,
    /// several times cheaper than `values(withKeyPrefix:as:)`'s `JSONDecoder` (see the reader's
    /// doc comment); only the records that `include` accepts are parsed.
    /// - Complexity: one range query; O(k) parsing for the k accepted records.
    /// - Throws: `PersistenceError`, including `undecodable` naming a record that does not decode.
    public func progress(where include: (String) -> Bool) throws -> [String: ProblemProgress] {
        var records: [String: ProblemProgress] = [:]
        for (key, data) in try store.rawValues(withKeyPrefix: Self.keyPrefix) {
            let slug = String(key.dropFirst(Self.keyPrefix.count))
            guard include(slug) else { continue }
            records[slug] = try Self.decode(data, key: key)
        }
        return records
    }

    /// The stored records of the slugs that `include` accepts, and the records that do not decode,
    /// kept apart: one damaged record hides no other. The damaged records' bytes stay untouched.
    /// - Complexity: one range query; O(k) parsing for the k accepted records.
    public func readableProgress(where include: (String) -> Bool) throws -> ReadableProgress {
        var result = ReadableProgress()
        let rows = try store.rawValues(withKeyPrefix: Self.keyPrefix)
        // Sized once: growing by doubling copied every record several times (60 page faults for 500).
        result.records.reserveCapacity(rows.count)
        for (key, data) in rows {
            let slug = String(key.dropFirst(Self.keyPrefix.count))
            guard include(slug) else { continue }
            do {
                result.records[slug] = try Self.decode(data, key: key)
            } catch PersistenceError.undecodable(_, let reason) {
                result.damaged.append(DamagedRecord(slug: slug, key: key, raw: data, reason: reason))
            }
        }
        return result
    }

    /// The summaries of the records of the slugs that `include` accepts, and the records that do
    /// not decode, kept apart (as ``readableProgress(where:)``): from the stored summaries when they
    /// are known to match the records, else from the records themselves.
    /// - Complexity: one prefix query over the summaries and O(events) reading for the accepted
    ///   ones (plus one read per record a summary sends to); else as ``readableProgress(where:)``.
    public func readableSummaries(where include: (String) -> Bool) throws -> ReadableSummaries {
        let (summaries, damaged) = try readableDerived(
            where: include, fromSummary: { ProgressSummary(storedJSON: $0) }, fromRecord: ProgressSummary.init)
        return ReadableSummaries(summaries: summaries, damaged: damaged)
    }

    /// As ``readableSummaries(where:)``, for the review queue: a stored summary's events are left
    /// unread where its review card is all the queue needs (``ProgressSummary/reviewCard(using:)``
    /// gives the same card either way), so their ``ProgressSummary/events`` may be empty.
    public func readableReviewSummaries(where include: (String) -> Bool) throws -> ReadableSummaries {
        let (summaries, damaged) = try readableDerived(
            where: include, fromSummary: { ProgressSummary(storedJSON: $0, events: false) }, fromRecord: ProgressSummary.init)
        return ReadableSummaries(summaries: summaries, damaged: damaged)
    }

    /// The marks (status, favorite, latest activity) of the records of the slugs that `include`
    /// accepts, and the records that do not decode, kept apart: as ``readableSummaries(where:)``,
    /// reading only the start of each summary, for listings.
    /// - Parameter keep: which marks to return (the favorites sheet keeps the favorites): the
    ///   others are dropped as they are read, before their slug is even made.
    public func readableMarks(
        where include: (String) -> Bool, keeping keep: (ProblemMarks) -> Bool = { _ in true }
    ) throws -> (marks: [String: ProblemMarks], damaged: [DamagedRecord]) {
        try readableDerived(
            where: include, fromSummary: ProblemMarks.init(storedSummaryJSON:), fromRecord: ProblemMarks.init, keeping: keep)
    }

    /// What `fromSummary` reads of each accepted stored summary when the summaries are known to
    /// match the records (a summary it cannot read sends to its record), else what `fromRecord`
    /// makes of each record; the records that do not decode kept apart.
    private func readableDerived<Derived>(
        where include: (String) -> Bool, fromSummary: (Data) -> Derived?, fromRecord: (ProblemProgress) -> Derived,
        keeping keep: (Derived) -> Bool = { _ in true }
    ) throws -> ([String: Derived], [DamagedRecord]) {
        guard let entries = try summaries.currentEntries() else {
            let readable = try readableProgress(where: include)
            return (readable.records.mapValues(fromRecord).filter { keep($0.value) }, readable.damaged)
        }
        var derived: [String: Derived] = [:]
        var damaged: [DamagedRecord] = []
        derived.reserveCapacity(entries.count)
        let prefixLength = ProgressSummaries.keyPrefix.utf8.count
        for (key, data) in entries {
            let value = fromSummary(data)
            if let value, !keep(value) { continue }
            let slug = Self.slug(ofSummaryKey: key, prefixLength: prefixLength)
            guard include(slug) else { continue }
            if let value {
                derived[slug] = value
                continue
            }
            // A record its summary cannot stand for (or a summary from a newer format): the record.
            let recordKey = Self.keyPrefix + slug
            guard let raw = try store.rawValue(forKey: recordKey) else { continue }
            do {
                let value = fromRecord(try Self.decode(raw, key: recordKey))
                if keep(value) { derived[slug] = value }
            } catch PersistenceError.undecodable(_, let reason) {
                damaged.append(DamagedRecord(slug: slug, key: recordKey, raw: raw, reason: reason))
            }
        }
        return (derived, damaged)
    }

    /// The slug in a summary's key: the key after its prefix of `prefixLength` UTF-8 bytes, cut by
    /// byte offset: the prefix is ASCII, and dropping it by characters walked graphemes (5 M
    /// instructions of `stats` on a store of 4,000 problems).
    private static func slug(ofSummaryKey key: String, prefixLength: Int) -> String {
        let utf8 = key.utf8
        guard let start = utf8.index(utf8.startIndex, offsetBy: prefixLength, limitedBy: utf8.endIndex) else { return "" }
        return String(Substring(utf8[start...]))
    }

    /// Decodes one stored record: the fast reader, else `JSONDecoder` for its precise error.
    static func decode(_ data: Data, key: String) throws -> ProblemProgress {
        if let record = ProgressJSONReader.progress(from: data) { return record }
        do {
            return try JSONDecoder().decode(ProblemProgress.self, from: data)
        } catch {
            throw PersistenceError.undecodable(key: key, underlying: Store.describe(error))
        }
    }

    /// One problem's record (an empty record when it was never touched).
    public func progress(for slug: String) throws -> ProblemProgress {
        try store.value(for: Self.key(for: slug))
    }

    /// Applies `change` to the records of `slugs` in one transaction: all are written or none.
    /// Only records that changed are written; a record that becomes empty is removed.
    /// - Returns: what happened to each problem, in the order given.
    @discardableResult
    public func update(
        _ slugs: [String], _ change: (String, inout ProblemProgress) throws -> Void
    ) throws -> [ProgressChange] {
        try store.transaction { transaction in
            var changes: [ProgressChange] = []
            for slug in slugs {
                let key = Self.key(for: slug)
                let before = try transaction.value(for: key)
                var after = before
                try change(slug, &after)
                Self.stampNote(of: &after, before: before, now: clock.now)
                try writes.progress(after, replacing: before, for: slug, in: transaction)
                changes.append(ProgressChange(slug: slug, before: before, after: after))
            }
            return changes
        }
    }

    /// Applies `change` to every stored record in one transaction.
    @discardableResult
    public func updateAll(_ change: (String, inout ProblemProgress) throws -> Void) throws -> [ProgressChange] {
        try store.transaction { transaction in
            var changes: [ProgressChange] = []
            for entry in try transaction.values(withKeyPrefix: Self.keyPrefix, as: ProblemProgress.self) {
                let slug = String(entry.key.dropFirst(Self.keyPrefix.count))
                var after = entry.value
                try change(slug, &after)
                Self.stampNote(of: &after, before: entry.value, now: clock.now)
                try writes.progress(after, replacing: entry.value, for: slug, in: transaction)
                changes.append(ProgressChange(slug: slug, before: entry.value, after: after))
            }
            return changes
        }
    }

    /// Dates a changed note, so that a later merge can tell the newer note (see
    /// ``ProblemProgress/noteUpdated``). A change that sets the date itself (an import) keeps it.
    static func stampNote(of after: inout ProblemProgress, before: ProblemProgress, now: Date) {
        guard after.note != before.note, after.noteUpdated == before.noteUpdated else { return }
        after.noteUpdated = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }
}

/// Progress records as read, apart from those that do not decode.
public struct ReadableProgress: Sendable {
    /// The records that decode, by slug.
    public var records: [String: ProblemProgress] = [:]
    /// The records that do not decode, in key order.
    public var damaged: [DamagedRecord] = []
}

/// Summaries of progress records as read, apart from the records that do not decode.
public struct ReadableSummaries: Sendable {
    /// The summaries of the records that decode, by slug.
    public var summaries: [String: ProgressSummary] = [:]
    /// The records that do not decode, in key order.
    public var damaged: [DamagedRecord] = []
}

/// A stored progress record whose bytes do not decode: left untouched, named in warnings and by
/// `leettrack doctor`, its bytes kept for repair by hand.
public struct DamagedRecord: Sendable, Equatable {
    /// The problem's slug.
    public let slug: String
    /// The store key (`progress.<slug>`).
    public let key: String
    /// The stored bytes.
    public let raw: Data
    /// Why they do not decode.
    public let reason: String
}
