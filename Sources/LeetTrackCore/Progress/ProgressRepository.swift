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
    public init(store: Store, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    /// The summaries kept beside the records.
    public var summaries: ProgressSummaries { ProgressSummaries(store: store) }

    /// The funnel of this repository's synced writes.
    var writes: SyncedWrites { SyncedWrites(clock: clock) }

    /// The slug whose record `key` holds (`progress.two-sum`: `two-sum`), or `nil` for a key of
    /// anything else: how a store's notice (``StoreChange``) names the records it changed.
    public static func slug(ofKey key: String) -> String? {
        key.hasPrefix(keyPrefix) ? String(key.dropFirst(keyPrefix.count)) : nil
    }

    /// The key of one problem's record.
    public static func key(for slug: String) -> Key<ProblemProgress> {
        // Read by the fast reader wherever it is read (a transaction's edit reads it first).
        Key<ProblemProgress>(keyPrefix + slug, default: ProblemProgress(), reading: ProgressJSONReader.progress(from:))
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
    /// `include` must not use the store: it runs while the store lends the summaries.
    /// - Complexity: one prefix query over the summaries and O(events) reading for the accepted
    ///   ones (plus one read per record a summary sends to); else as ``readableProgress(where:)``.
    public func readableSummaries(where include: (String) -> Bool) throws -> ReadableSummaries {
        var result = ReadableSummaries()
        result.damaged = try forEachReadable(
            where: include, fromSummary: { ProgressSummary(storedJSON: $0) }, fromRecord: ProgressSummary.init
        ) { slug, summary in
            let slug = String(decoding: slug, as: UTF8.self)
            if include(slug) { result.summaries[slug] = summary }
        }
        return result
    }

    /// Lends `body` the summary of every record with the record's slug (as UTF-8 bytes, valid
    /// during the call), in no particular order, and returns the records that do not decode: what
    /// ``readableSummaries(where:)`` gives for every slug, without a dictionary, a slug string or a
    /// copy of the stored bytes per record, for commands that only count (`stats`, `review`).
    ///
    /// `body` must not use the store: it may run while the store lends its bytes.
    /// - Parameters:
    ///   - events: false leaves a stored summary's events unread where the review queue needs
    ///     none (a solved problem without a card is read whole, for its last solve).
    ///   - card: false leaves a stored summary's review card unread (``ProgressSummary/review`` `nil`).
    public func forEachReadableSummary(
        events: Bool = true, card: Bool = true, _ body: (_ slug: UnsafeRawBufferPointer, _ summary: ProgressSummary) throws -> Void
    ) throws -> [DamagedRecord] {
        // One buffer for every summary's events, used again once `body` has let go of the summary before.
        var eventBuffer: [ProgressSummary.Event] = []
        return try forEachReadable(
            fromSummary: { ProgressSummary(storedJSON: $0, events: events, card: card, eventBuffer: &eventBuffer) },
            fromRecord: ProgressSummary.init, body)
    }

    /// As ``forEachReadableMarks(favoritesOnly:where:_:)``, for the records of `slugs` alone, each
    /// summary (or, when the summaries cannot stand for the records, each record) read by its key:
    /// a study list's marks cost its length, not the store's. A slug without a record is not lent.
    /// - Complexity: one key read per slug.
    public func forEachReadableMarks(
        ofSlugs slugs: [String], _ body: (_ slug: UnsafeRawBufferPointer, _ marks: ProblemMarks) throws -> Void
    ) throws -> [DamagedRecord] {
        try forEachReadable(slugs: slugs, fromSummary: ProblemMarks.init(storedSummaryJSON:), fromRecord: ProblemMarks.init, body)
    }

    /// As ``forEachReadableSummary(events:card:_:)``, lending each record's marks (status,
    /// favorite, latest activity), read from the start of its summary, for listings.
    /// - Parameters:
    ///   - favoritesOnly: lends the favorites only; a summary whose favorite byte says it is none
    ///     is passed over unread.
    ///   - include: the slugs whose records are read when the summaries cannot be (a listing of
    ///     the hard problems then decodes the hard problems' records only); others may be lent too.
    ///     Like `body`, it must not use the store.
    public func forEachReadableMarks(
        favoritesOnly: Bool = false, where include: (String) -> Bool = { _ in true },
        _ body: (_ slug: UnsafeRawBufferPointer, _ marks: ProblemMarks) throws -> Void
    ) throws -> [DamagedRecord] {
        try forEachReadable(
            where: include, favoritesOnly: favoritesOnly, fromSummary: ProblemMarks.init(storedSummaryJSON:), fromRecord: ProblemMarks.init
        ) { slug, marks in
            if !favoritesOnly || marks.favorite { try body(slug, marks) }
        }
    }

    /// Lends `body` what `fromSummary` reads of each stored summary when the summaries are known to
    /// match the records (a summary it cannot read sends to its record), else what `fromRecord`
    /// makes of each record that `include` accepts, with the record's slug; returns the records
    /// that do not decode. With `slugs`, only the summaries (or records) of those slugs, each read
    /// by its key.
    ///
    /// The summaries are read where the store keeps them: no key, value, row or slug is copied
    /// for a summary `fromSummary` reads. With `favoritesOnly`, a summary whose favorite byte
    /// says it is none is passed over unread; `body` may still get others (from the records).
    private func forEachReadable<Derived>(
        where include: (String) -> Bool = { _ in true }, favoritesOnly: Bool = false, slugs: [String]? = nil,
        fromSummary: (UnsafeRawBufferPointer) -> Derived?, fromRecord: (ProblemProgress) -> Derived,
        _ body: (_ slug: UnsafeRawBufferPointer, _ derived: Derived) throws -> Void
    ) throws -> [DamagedRecord] {
        // The records that their summaries send to, read once the summaries are (the store is busy
        // lending them meanwhile).
        var unread: [String] = []
        func lend(_ slug: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws {
            if let derived = fromSummary(value) {
                try body(slug, derived)
            } else {
                unread.append(String(decoding: slug, as: UTF8.self))
            }
        }
        let isCurrent: Bool
        if let slugs {
            isCurrent = try summaries.forEachCurrentEntry(ofSlugs: slugs, lend)
        } else {
            isCurrent = try summaries.forEachCurrentEntry { slug, value in
                if !favoritesOnly || ProblemMarks.mayBeFavorite(storedSummaryJSON: value) { try lend(slug, value) }
            }
        }
        // A record its summary cannot stand for (or a summary from a newer format): the record.
        let records: ReadableProgress
        if isCurrent {
            records = try readableProgress(ofSlugs: unread.filter(include))
        } else if let slugs {
            records = try readableProgress(ofSlugs: slugs.filter(include))
        } else {
            records = try readableProgress(where: include)
        }
        for (slug, record) in records.records {
            var slug = slug
            try slug.withUTF8 { try body(UnsafeRawBufferPointer($0), fromRecord(record)) }
        }
        return records.damaged
    }

    /// The records of `slugs` (a missing one left out), and those that do not decode kept apart,
    /// as ``readableProgress(where:)`` gives them for those slugs.
    /// - Complexity: one key read per slug: for a few hundred favorites of a store with thousands
    ///   of records.
    public func readableProgress(ofSlugs slugs: [String]) throws -> ReadableProgress {
        var result = ReadableProgress()
        for slug in slugs {
            let recordKey = Self.keyPrefix + slug
            guard let raw = try store.rawValue(forKey: recordKey) else { continue }
            do {
                result.records[slug] = try Self.decode(raw, key: recordKey)
            } catch PersistenceError.undecodable(_, let reason) {
                result.damaged.append(DamagedRecord(slug: slug, key: recordKey, raw: raw, reason: reason))
            }
        }
        return result
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
    ///
    /// Read as the listings read records (``decode(_:key:)``), not through `Store.value(for:)`:
    /// its JSON decoder and its checks for observable values each searched every protocol
    /// conformance of the program once, a fifth of `show`'s own work.
    public func progress(for slug: String) throws -> ProblemProgress {
        let recordKey = Self.key(for: slug)
        guard let raw = try store.rawValue(forKey: recordKey.name) else { return recordKey.defaultValue }
        return try Self.decode(raw, key: recordKey.name)
    }

    /// Applies `change` to the records of `slugs` in one transaction: all are written or none.
    /// Only records that changed are written; a record that becomes empty is removed, unless it
    /// keeps when its favorite or note last changed (``ProblemProgress/isRemovable``). `alongside`
    /// runs last in the same transaction (to write another key in the same commit, or throw to
    /// apply nothing).
    /// - Returns: what happened to each problem, in the order given.
    /// - Throws: ``LeetTrackError/invalidNote(slug:reason:)`` when `change` sets a note that breaks
    ///   the note rule (see ``checkNote(of:before:slug:)``); nothing is written then.
    @discardableResult
    public func update(
        _ slugs: [String], alongside: (Transaction) throws -> Void = { _ in }, _ change: (String, inout ProblemProgress) throws -> Void
    ) throws -> [ProgressChange] {
        try store.transaction { transaction in
            var changes: [ProgressChange] = []
            for slug in slugs {
                let key = Self.key(for: slug)
                let before = try transaction.value(for: key)
                var after = before
                try change(slug, &after)
                try settle(&after, before: before, slug: slug)
                try writes.progress(after, replacing: before, for: slug, in: transaction)
                changes.append(ProgressChange(slug: slug, before: before, after: after))
            }
            try alongside(transaction)
            return changes
        }
    }

    /// Removes the records of `slugs` whole, in one transaction: history, favorite, note and the
    /// times they keep, so that nothing of them is left (`reset --forget` of a record the catalog
    /// does not have, which no other command reaches).
    /// - Returns: what happened to each problem, in the order given.
    @discardableResult
    public func forget(_ slugs: [String]) throws -> [ProgressChange] {
        try store.transaction { transaction in
            try slugs.map { slug in
                let before = try transaction.value(for: Self.key(for: slug))
                try writes.progress(ProblemProgress(), replacing: before, for: slug, in: transaction)
                return ProgressChange(slug: slug, before: before, after: ProblemProgress())
            }
        }
    }

    /// Applies `change` to every stored record in one transaction.
    /// - Throws: ``LeetTrackError/invalidNote(slug:reason:)`` as ``update(_:alongside:_:)`` does.
    @discardableResult
    public func updateAll(_ change: (String, inout ProblemProgress) throws -> Void) throws -> [ProgressChange] {
        try store.transaction { transaction in
            var changes: [ProgressChange] = []
            for entry in try transaction.values(withKeyPrefix: Self.keyPrefix, as: ProblemProgress.self) {
                let slug = String(entry.key.dropFirst(Self.keyPrefix.count))
                var after = entry.value
                try change(slug, &after)
                try settle(&after, before: entry.value, slug: slug)
                try writes.progress(after, replacing: entry.value, for: slug, in: transaction)
                changes.append(ProgressChange(slug: slug, before: entry.value, after: after))
            }
            return changes
        }
    }

    /// What every change of a record gets before it is written: the note rule checked
    /// (``checkNote(of:before:slug:)``), a changed note and favorite dated now.
    private func settle(_ after: inout ProblemProgress, before: ProblemProgress, slug: String) throws(LeetTrackError) {
        try Self.checkNote(of: after, before: before, slug: slug)
        Self.stampNote(of: &after, before: before, now: clock.now)
        Self.stampFavorite(of: &after, before: before, now: clock.now)
    }

    /// Refuses a change that sets a note breaking the note rule (``InputRules/check(note:at:)``:
    /// over ``InputRules/maximumNoteLength`` bytes, or with a NUL). Every edit of a note (the
    /// `note` command, the screen's editor, the web page) comes through here, and each checks the
    /// text first to say why in its own words; this is the check none can miss, so that the store
    /// never holds a note its own export could not import again. Only a note that changes is
    /// checked: a record that already holds a longer one (kept from before the rule) can still
    /// be hearted or solved.
    /// - Complexity: O(note's bytes), only when the note changed.
    static func checkNote(of after: ProblemProgress, before: ProblemProgress, slug: String) throws(LeetTrackError) {
        guard after.note != before.note else { return }
        do {
            try InputRules.check(note: after.note, at: "note")
        } catch {
            throw LeetTrackError.invalidNote(slug: slug, reason: error.reason)
        }
    }

    /// Dates a changed note, so that a later merge can tell the newer note (see
    /// ``ProblemProgress/noteUpdated``). A change that sets the date itself (an import) keeps it.
    static func stampNote(of after: inout ProblemProgress, before: ProblemProgress, now: Date) {
        guard after.note != before.note, after.noteUpdated == before.noteUpdated else { return }
        after.noteUpdated = ProblemProgress.wholeSeconds(now)
    }

    /// Dates a favorite mark set or taken off, so that a change made offline before it loses to it
    /// (see ``ProblemProgress/favoriteUpdated``). A change that sets the date itself (a dated
    /// edit) keeps it. Every writer that changes the mark calls this (or dates it itself).
    static func stampFavorite(of after: inout ProblemProgress, before: ProblemProgress, now: Date) {
        guard after.favorite != before.favorite, after.favoriteUpdated == before.favoriteUpdated else { return }
        after.favoriteUpdated = ProblemProgress.wholeSeconds(now)
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
