import FoundationEssentials
import Persistence

/// Offline-first sync of the progress records, own lists and review settings between the local
/// store (the working copy) and a remote store (a PostgreSQL server, the meeting point of several
/// machines).
///
/// A sync pushes the records changed here (those with a pending marker), merging each with the
/// remote's copy inside one remote transaction per batch, then writes the merged records back
/// here; then it pulls the records other machines pushed since the last sync. Every step is one
/// transaction on one side, and merging is idempotent, so a sync killed at any point and run
/// again loses and duplicates nothing: at worst it merges some records twice.
public struct SyncEngine: Sendable {
    /// The remote data format this version writes and reads.
    public static let format = 1
    /// Records per transaction.
    static let batchSize = 500
    /// A pull further behind than this many pushes reads every remote record instead of the logs.
    static let maximumLogsRead = 200
    /// The largest push number a server may hold (a push a millisecond for 285,000 years): one
    /// larger, or below zero, is damage, refused before any arithmetic on it.
    static let sequenceRange = 0...(1 << 53)

    /// What one sync did.
    public struct Report: Sendable, Equatable {
        /// Records this machine pushed that changed the remote.
        public var pushed = 0
        /// Records other machines changed that were merged here.
        public var pulled = 0
        /// The server's records a pull met that break ``InputRules`` or do not decode (each an
        /// ``SyncError/invalidRemoteRecord(key:path:reason:)``), and this store's records that do not
        /// decode (each an ``SyncError/unreadableLocalRecord(key:reason:)``, not pushed), one per key
        /// and side, in key order: each was left out, and everything else was merged. While there are any, the sync does not move past
        /// them (the next sync reads them again, and names them until a machine pushes a change of
        /// that record, which replaces it) and does not count as a complete sync.
        public var refused: [SyncError] = []
        /// Whether the server was behind what this machine had merged (restored from a backup, or
        /// replaced by a copy): then every record, list and setting was exchanged again, as on a
        /// first sync, so that what the server lost comes back from here and nothing it gained
        /// since is passed over.
        public var exchangedAgain = false
        /// A report of `pushed` and `pulled` records, and the records `refused`.
        public init(pushed: Int = 0, pulled: Int = 0, refused: [SyncError] = [], exchangedAgain: Bool = false) {
            self.pushed = pushed
            self.pulled = pulled
            self.refused = refused
            self.exchangedAgain = exchangedAgain
        }
    }

    /// The local store.
    public let local: Store
    /// The remote store.
    public let remote: Store
    /// Stamps the sync and its checks of pulled data ("in the future" is by this clock).
    public let clock: Clock

    /// A sync between `local` and `remote`.
    public init(local: Store, remote: Store, clock: Clock) {
        self.local = local
        self.remote = remote
        self.clock = clock
    }

    enum RemoteKeys {
        static let format = Key<Int?>("sync.format", default: nil)
        static let id = Key<String?>("sync.id", default: nil)
        static let sequence = Key<Int>("sync.sequence", default: 0)
        /// The slugs one push changed: lets a pull read only what changed.
        static func log(_ sequence: Int) -> Key<[String]?> { Key<[String]?>("sync.log.\(sequence)", default: nil) }
        static func record(_ slug: String) -> Key<SyncRecord?> { Key<SyncRecord?>(ProgressRepository.keyPrefix + slug, default: nil) }
        /// A list or the settings, under the same key as locally.
        static func value(_ name: String) -> Key<SyncValueRecord?> { Key<SyncValueRecord?>(name, default: nil) }
    }

    /// Pushes local changes and pulls remote ones.
    /// - Throws: ``SyncError/newerRemoteFormat(found:)`` when the server holds data of a newer
    ///   LeetTrack, and `PersistenceError` from either store. The local store is changed only by
    ///   whole transactions of merged records, so any failure leaves it consistent and usable.
    @discardableResult
    public func run() throws -> Report {
        let (remoteID, sequence) = try prepareRemote()
        var report = Report()
        if let known = try local.value(for: SyncKeys.state), known.remoteID == remoteID {
            report.exchangedAgain = try lostPushes(seenBy: known, sequence: sequence)
        }
        var state = try prepareLocal(remoteID: remoteID, startingAgain: report.exchangedAgain)
        let pending = try local.keys(withPrefix: SyncKeys.pendingPrefix).map { String($0.dropFirst(SyncKeys.pendingPrefix.count)) }
        for start in stride(from: 0, to: pending.count, by: Self.batchSize) {
            let batch = Array(pending[start..<min(start + Self.batchSize, pending.count)])
            report.pushed += try push(batch, state: &state, refused: &report.refused)
        }
        let pendingValues = try local.keys(withPrefix: SyncKeys.pendingValuePrefix)
            .map { String($0.dropFirst(SyncKeys.pendingValuePrefix.count)) }
        for start in stride(from: 0, to: pendingValues.count, by: Self.batchSize) {
            let batch = Array(pendingValues[start..<min(start + Self.batchSize, pendingValues.count)])
            report.pushed += try pushValues(batch, state: &state, refused: &report.refused)
        }
        report.pulled = try pull(state: &state, refused: &report.refused)
        var seen = Set<String>()
        report.refused = report.refused.sorted { ($0.refusedKey, $0.isLocalRecord ? 1 : 0) < ($1.refusedKey, $1.isLocalRecord ? 1 : 0) }
            .filter { seen.insert(($0.isLocalRecord ? "local " : "") + $0.refusedKey).inserted }
        guard report.refused.isEmpty else { return report }
        state.lastSync = clock.now
        try local.set(state, for: SyncKeys.state)
        return report
    }

    /// Checks the remote's format, setting up an empty remote. Returns its id and its push number.
    /// - Throws: ``SyncError/invalidRemoteSequence(reason:)`` when the push number is not one
    ///   (the server's data is damaged): nothing is synced.
    private func prepareRemote() throws -> (id: String, sequence: Int) {
        try remote.transaction { transaction in
            let sequence = try Self.checkedSequence { try transaction.value(for: RemoteKeys.sequence) }
            if let format = try transaction.value(for: RemoteKeys.format) {
                guard format <= Self.format else { throw SyncError.newerRemoteFormat(found: format) }
                if let id = try transaction.value(for: RemoteKeys.id) { return (id, sequence) }
            }
            let id = UUID().uuidString
            try transaction.set(Self.format, for: RemoteKeys.format)
            try transaction.set(id, for: RemoteKeys.id)
            return (id, sequence)
        }
    }

    /// The digest of a push's log (the slugs and keys it changed, in its order): what tells the
    /// log a store saw under a number from another one written under it after a restore.
    static func logDigest(_ log: [String]) -> String {
        var bytes: [UInt8] = []
        for entry in log { bytes += "\(entry.utf8.count):".utf8; bytes += entry.utf8 }
        return ContentHash.sha256(bytes)
    }

    /// The digest of the server's log of push `number`; `nil` when it has none or it does not decode.
    func loggedDigest(of number: Int) throws -> String? {
        guard number > 0 else { return nil }
        do {
            return try remote.value(for: RemoteKeys.log(number)).map(Self.logDigest)
        } catch PersistenceError.undecodable {
            return nil
        }
    }

    /// Whether the server lost pushes that `state` had merged (it was restored from a backup): its
    /// push number is behind the cursor, or its log at the cursor is not the one this store saw
    /// there (other machines pushed under the restored numbers). A cursor out of range is damage
    /// too (an older build stored what a damaged server said).
    private func lostPushes(seenBy state: SyncState, sequence: Int) throws -> Bool {
        guard Self.sequenceRange.contains(state.cursor), state.cursor <= sequence else { return true }
        guard let seen = state.cursorLog else { return false }
        return try loggedDigest(of: state.cursor) != seen
    }

    /// The server's push number as `read` gives it, checked: within ``sequenceRange``.
    static func checkedSequence(_ read: () throws -> Int) throws -> Int {
        let sequence: Int
        do {
            sequence = try read()
        } catch PersistenceError.undecodable(_, let reason) {
            throw SyncError.invalidRemoteSequence(reason: reason)
        }
        guard sequenceRange.contains(sequence) else {
            throw SyncError.invalidRemoteSequence(reason: "\(sequence) is not a push number from 0 to \(sequenceRange.upperBound)")
        }
        return sequence
    }

    /// The local sync state for this remote. The first sync with a remote marks every local record
    /// pending (records made before sync existed have no marker) in the same transaction that
    /// remembers the remote, so an interrupted first sync still pushes everything when run again.
    /// Until lists and settings have been exchanged once (a first sync, or the first sync of a store
    /// that synced before they were), every list and the settings are marked pending too.
    ///
    /// `startingAgain` (the server lost pushes this store had merged, ``lostPushes(seenBy:sequence:)``)
    /// makes it a first sync with the server again: this machine pushes back what the server lost,
    /// and pulls what others pushed since under the same numbers.
    private func prepareLocal(remoteID: String, startingAgain: Bool) throws -> SyncState {
        let location = remote.path ?? "the remote"
        return try local.transaction { transaction in
            let existing = startingAgain ? nil : try transaction.value(for: SyncKeys.state).flatMap { $0.remoteID == remoteID ? $0 : nil }
            if var state = existing, state.listsAndSettingsSynced == true {
                state.location = location
                return state
            }
            var clock = try transaction.value(for: SyncKeys.clock) ?? HybridLogicalClock(node: SyncNode.make())
            let stamp = clock.tick(now: self.clock.now)
            try transaction.set(clock, for: SyncKeys.clock)
            var state = existing ?? SyncState(remoteID: remoteID, cursor: 0, location: location, lastSync: nil)
            state.location = location
            if existing == nil {
                let slugs = Set(
                    try Self.keys(withPrefix: ProgressRepository.keyPrefix, in: transaction)
                    + Self.keys(withPrefix: SyncKeys.metadataPrefix, in: transaction))
                for slug in slugs where try transaction.value(for: SyncKeys.pending(slug)) == nil {
                    try transaction.set(stamp, for: SyncKeys.pending(slug))
                }
            }
            var names = Set(try Self.keys(withPrefix: OwnLists.keyPrefix, in: transaction).map { OwnLists.keyPrefix + $0 })
            names.formUnion(try Self.keys(withPrefix: SyncKeys.stampsPrefix, in: transaction))
            if try transaction.value(for: Key<ReviewSettings?>(ReviewSettings.key.name, default: nil)) != nil {
                names.insert(ReviewSettings.key.name)
            }
            if try transaction.value(for: Key<PracticeSettings?>(PracticeSettings.key.name, default: nil)) != nil {
                names.insert(PracticeSettings.key.name)
            }
            for name in names.sorted() where SyncValue.isSynced(name) {
                if try transaction.value(for: SyncKeys.pendingValue(name)) == nil {
                    try transaction.set(stamp, for: SyncKeys.pendingValue(name))
                }
            }
            try transaction.set(state, for: SyncKeys.state)
            return state
        }
    }

    /// The stored keys that start with `prefix`, without it (read inside a transaction).
    private static func keys(withPrefix prefix: String, in transaction: Transaction) throws -> [String] {
        try transaction.values(withKeyPrefix: prefix, as: IgnoredValue.self).map { String($0.key.dropFirst(prefix.count)) }
    }

    /// Pushes one batch; returns how many remote records it changed.
    /// A remote record met on the way that breaks ``InputRules`` (or does not decode) is replaced by
    /// the local one. A local record that does not decode is not pushed (it stays pending) and is
    /// added to `refused`; the rest of the batch is pushed.
    private func push(_ slugs: [String], state: inout SyncState, refused: inout [SyncError]) throws -> Int {
        let snapshot = try localSnapshot(of: slugs, pending: SyncKeys.pending, refused: &refused) { slug, transaction in
            (progress: try transaction.value(for: ProgressRepository.key(for: slug)),
             metadata: try transaction.value(for: SyncKeys.metadata(slug)))
        }
        let now = clock.now
        let (merged, previous, sequence, changedSlugs) = try remote.transaction { transaction in
            let previous = try Self.checkedSequence { try transaction.value(for: RemoteKeys.sequence) }
            let sequence = previous + 1
            var merged: [String: SyncMerge.Side] = [:]
            var changed = 0
            var changedSlugs: [String] = []
            for entry in snapshot {
                let key = RemoteKeys.record(entry.name)
                // Merged here and written back locally: checked like a pulled record first. One that
                // breaks a rule is replaced by this machine's copy: a push repairs the server.
                var replaced: [SyncError] = []
                let stored = try Self.readable(key, in: transaction, refused: &replaced)
                    .flatMap { Self.violation(of: (key: key.name, value: $0), now: now) == nil ? $0 : nil }
                let result = stored.map { SyncMerge.merge(entry.side, ($0.progress, $0.metadata)) } ?? SyncMerge.merge(entry.side, entry.side)
                merged[entry.name] = result
                if stored.map({ $0.progress != result.progress || $0.metadata != result.metadata }) ?? true {
                    try transaction.set(SyncRecord(progress: result.progress, metadata: result.metadata, sequence: sequence), for: key)
                    changed += 1
                    changedSlugs.append(entry.name)
                }
            }
            if changed > 0 {
                try transaction.set(sequence, for: RemoteKeys.sequence)
                try transaction.set(changedSlugs, for: RemoteKeys.log(sequence))
            }
            return (merged, previous, changed > 0 ? sequence : previous, changedSlugs)
        }
        try finishPush(snapshot, merged: merged, pending: SyncKeys.pending, from: previous, to: sequence, log: changedSlugs, state: &state) {
            try Self.mergeLocally($0, $1, in: $2)
        }
        return changedSlugs.count
    }

    /// Merges the records other machines pushed since the cursor (lists and settings: all of them
    /// until they have been exchanged once); returns how many changed here. The cursor moves only
    /// after everything up to it was merged.
    /// A record that breaks ``InputRules`` is left out and added to `refused`; then the cursor stays.
    private func pull(state: inout SyncState, refused: inout [SyncError]) throws -> Int {
        let sequence = try Self.checkedSequence { try remote.value(for: RemoteKeys.sequence) }
        let cursor = state.cursor
        let valuesCursor = state.listsAndSettingsSynced == true ? cursor : 0
        guard sequence != cursor || valuesCursor != cursor else {
            state.listsAndSettingsSynced = true  // Saved by `run()`; only an empty remote gets here unsynced.
            return 0
        }
        let before = refused.count
        // A record whose bytes do not decode is named like one that breaks a rule, and left out.
        let (pulledRecords, pulledValues) = try changes(after: cursor, valuesAfter: valuesCursor, upTo: sequence, refused: &refused)
        // Another machine's data is checked like a file's before any of it is merged; a record
        // that breaks a rule is named and left out, and the rest is merged.
        let now = clock.now
        let records = pulledRecords.filter { entry in
            guard let error = Self.violation(of: entry, now: now) else { return true }
            refused.append(error)
            return false
        }
        let values = pulledValues.filter { entry in
            guard let error = Self.violation(of: entry, now: now) else { return true }
            refused.append(error)
            return false
        }
        var changed = 0
        for start in stride(from: 0, to: records.count, by: Self.batchSize) {
            let batch = records[start..<min(start + Self.batchSize, records.count)]
            changed += try mergeInOneTransaction(batch, refused: &refused) { entry, transaction in
                let slug = String(entry.key.dropFirst(ProgressRepository.keyPrefix.count))
                return try Self.mergeLocally(slug, (entry.value.progress, entry.value.metadata), in: transaction)
            }
        }
        changed += try mergeValuesLocally(values, refused: &refused)
        // Past a refused record the cursor does not move: the next sync reads it again.
        guard refused.count == before else { return changed }
        state.cursorLog = try loggedDigest(of: sequence)
        state.cursor = sequence
        state.listsAndSettingsSynced = true
        try local.set(state, for: SyncKeys.state)
        return changed
    }

    /// The remote records pushed after `cursor`, and the lists and settings pushed after
    /// `valuesAfter` (at most `cursor`): through the pushes' logs when there are few of them
    /// (reading only what changed), else by reading every record.
    /// A record whose bytes do not decode is left out and added to `refused`.
    private func changes(after cursor: Int, valuesAfter: Int, upTo sequence: Int, refused: inout [SyncError]) throws
        -> (records: [(key: String, value: SyncRecord)], values: [(key: String, value: SyncValueRecord)])
    {
        typealias Changes = (records: [(key: String, value: SyncRecord)], values: [(key: String, value: SyncValueRecord)])
        var undecodable: [SyncError] = []
        let logged: Changes? = sequence > valuesAfter && sequence - valuesAfter <= Self.maximumLogsRead
            ? try remote.transaction { transaction in
                var slugs = Set<String>()
                var names = Set<String>()
                for number in (valuesAfter + 1)...sequence {
                    // A missing log (a push by an older build), or one that does not decode (damage
                    // on the server), means reading everything.
                    let log: [String]?
                    do {
                        log = try transaction.value(for: RemoteKeys.log(number))
                    } catch PersistenceError.undecodable {
                        log = nil
                    }
                    guard let log else { return nil }
                    // A log names lists and settings by their keys, problems by their slugs
                    // (builds before lists were synced read `progress.lists.…`, find nothing, skip it).
                    for entry in log {
                        if SyncValue.isSynced(entry) { names.insert(entry) } else if number > cursor { slugs.insert(entry) }
                    }
                }
                let records = try slugs.sorted().compactMap { slug in
                    try Self.readable(RemoteKeys.record(slug), in: transaction, refused: &undecodable)
                        .map { (key: ProgressRepository.keyPrefix + slug, value: $0) }
                }
                let values = try names.sorted().compactMap { name in
                    try Self.readable(RemoteKeys.value(name), in: transaction, refused: &undecodable).map { (key: name, value: $0) }
                }
                return (records, values)
            }
            : nil
        if let logged {
            refused += undecodable
            return logged
        }
        // Every record: one that does not decode has no sequence to tell whether it is new, so it
        // is named every time, until a push replaces it.
        let read = try remote.readableValues(withKeyPrefix: ProgressRepository.keyPrefix, as: SyncRecord.self)
        refused += read.undecodable.map(Self.refusal)
        let records = read.values.filter { $0.value.sequence > cursor }
        return (records, try allValues(refused: &refused).filter { $0.value.sequence > valuesAfter })
    }

    /// The server's record under `key`; `nil` when there is none, or when its bytes do not decode:
    /// then it is added to `refused` (as ``SyncError/invalidRemoteRecord(key:path:reason:)``).
    static func readable<Value>(_ key: Key<Value?>, in transaction: Transaction, refused: inout [SyncError]) throws -> Value? {
        do {
            return try transaction.value(for: key)
        } catch PersistenceError.undecodable(let name, let reason) {
            refused.append(.invalidRemoteRecord(key: name, path: "", reason: reason))
            return nil
        }
    }

    /// A server record that does not decode, as the refusal that names it.
    static func refusal(_ entry: UndecodableEntry) -> SyncError {
        .invalidRemoteRecord(key: entry.key, path: "", reason: entry.reason)
    }

    /// Merges a remote side into the local record; returns whether the local record changed.
    @discardableResult
    static func mergeLocally(_ slug: String, _ remoteSide: SyncMerge.Side, in transaction: Transaction) throws -> Bool {
        let recordKey = ProgressRepository.key(for: slug)
        let current = (progress: try transaction.value(for: recordKey), metadata: try transaction.value(for: SyncKeys.metadata(slug)))
        let result = SyncMerge.merge(current, remoteSide)
        var clock = try transaction.value(for: SyncKeys.clock) ?? HybridLogicalClock(node: SyncNode.make())
        if let latest = result.metadata.latest { clock.observe(latest) }
        try transaction.set(clock, for: SyncKeys.clock)
        if result.metadata != current.metadata { try transaction.set(result.metadata, for: SyncKeys.metadata(slug)) }
        guard result.progress != current.progress else { return false }
        try ProgressSummaries.writeRecord(result.progress, for: slug, in: transaction)
        return true
    }
}

/// Decodes any JSON value without looking at it (for listing keys inside a transaction).
struct IgnoredValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension SyncEngine {
    /// The local side of each of `names` with its pending marker, read in one transaction. A
    /// record that does not decode is left out (it stays pending) and added to `refused`.
    func localSnapshot<Side>(
        of names: [String], pending: (String) -> Key<HLCTimestamp?>, refused: inout [SyncError],
        _ side: (String, Transaction) throws -> Side
    ) throws -> [(name: String, side: Side, marker: HLCTimestamp?)] {
        let (snapshot, unreadable) = try local.transaction { transaction in
            var unreadable: [SyncError] = []
            let snapshot = try names.compactMap { name -> (name: String, side: Side, marker: HLCTimestamp?)? in
                do {
                    return (name: name, side: try side(name, transaction), marker: try transaction.value(for: pending(name)))
                } catch PersistenceError.undecodable(let key, let reason) {
                    unreadable.append(.unreadableLocalRecord(key: key, reason: reason))
                    return nil
                }
            }
            return (snapshot, unreadable)
        }
        refused += unreadable
        return snapshot
    }

    /// Ends a push in one local transaction: merges what the server kept back into each record,
    /// clears the pending markers that no newer change replaced meanwhile, and moves the cursor
    /// past the push when only our own push came after it (nothing from others was skipped).
    func finishPush<Side>(
        _ snapshot: [(name: String, side: Side, marker: HLCTimestamp?)], merged: [String: Side],
        pending: (String) -> Key<HLCTimestamp?>, from previous: Int, to sequence: Int, log: [String], state: inout SyncState,
        mergeLocally: (String, Side, Transaction) throws -> Void
    ) throws {
        try local.transaction { transaction in
            for entry in snapshot {
                if let remoteSide = merged[entry.name] { try mergeLocally(entry.name, remoteSide, transaction) }
                // A change made here while we pushed has a newer marker: it stays pending.
                if try transaction.value(for: pending(entry.name)) == entry.marker {
                    transaction.removeValue(for: pending(entry.name))
                }
            }
            if state.cursor == previous, sequence != previous {
                state.cursor = sequence
                state.cursorLog = Self.logDigest(log)
            }
            try transaction.set(state, for: SyncKeys.state)
        }
    }
}
