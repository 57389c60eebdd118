import FoundationEssentials
import Persistence

/// Sync of the user's own lists and the review and practice settings: each is one record, merged
/// by ``SyncValueMerge/merge(_:_:key:)`` (whole, or field by field for the practice settings),
/// pushed and pulled like the progress records, in the same sequence of pushes and the same logs.
extension SyncEngine {
    /// Pushes the lists and settings `names` (their local keys); returns how many remote records
    /// it changed.
    /// A remote record that breaks ``InputRules`` (or does not decode) is replaced by the local one.
    /// A local one that does not decode is not pushed (it stays pending) and is added to `refused`.
    func pushValues(_ names: [String], state: inout SyncState, refused: inout [SyncError]) throws -> Int {
        let snapshot = try localSnapshot(of: names, pending: SyncKeys.pendingValue, refused: &refused) { name, transaction in
            (value: try SyncValue.read(name, in: transaction), stamps: try transaction.value(for: SyncKeys.stamps(name)))
        }
        let now = clock.now
        let (merged, previous, sequence, changedNames) = try remote.transaction { transaction in
            let previous = try Self.checkedSequence { try transaction.value(for: RemoteKeys.sequence) }
            let sequence = previous + 1
            var merged: [String: SyncValueMerge.Side] = [:]
            var changedNames: [String] = []
            for entry in snapshot where SyncValue.isSynced(entry.name) {
                let key = RemoteKeys.value(entry.name)
                // Merged here and written back locally: checked like a pulled record first. One that
                // breaks a rule is replaced by this machine's copy: a push repairs the server.
                var replaced: [SyncError] = []
                let stored = try Self.readable(key, in: transaction, refused: &replaced)
                    .flatMap { Self.violation(of: (key: entry.name, value: $0), now: now) == nil ? $0 : nil }
                let result = stored.map { SyncValueMerge.merge(entry.side, ($0.value, $0.stamps), key: entry.name) }
                    ?? SyncValueMerge.merge(entry.side, entry.side, key: entry.name)  // In its canonical form.
                merged[entry.name] = result
                if stored.map({ $0.value != result.value || $0.stamps != result.stamps }) ?? true {
                    try transaction.set(SyncValueRecord(value: result.value, stamps: result.stamps, sequence: sequence), for: key)
                    changedNames.append(entry.name)
                }
            }
            if !changedNames.isEmpty {
                try transaction.set(sequence, for: RemoteKeys.sequence)
                try transaction.set(changedNames, for: RemoteKeys.log(sequence))
            }
            return (merged, previous, changedNames.isEmpty ? previous : sequence, changedNames)
        }
        try finishPush(snapshot, merged: merged, pending: SyncKeys.pendingValue, from: previous, to: sequence, log: changedNames, state: &state) {
            try Self.mergeValueLocally($0, $1, in: $2)
        }
        return changedNames.count
    }

    /// Merges pulled lists and settings in one local transaction; returns how many changed here.
    /// One whose local copy does not decode is left as it is and added to `refused`.
    func mergeValuesLocally(_ values: [(key: String, value: SyncValueRecord)], refused: inout [SyncError]) throws -> Int {
        guard !values.isEmpty else { return 0 }
        return try mergeInOneTransaction(values.filter { SyncValue.isSynced($0.key) }, refused: &refused) { entry, transaction in
            try Self.mergeValueLocally(entry.key, (entry.value.value, entry.value.stamps), in: transaction)
        }
    }

    /// Merges each of `entries` by `merge` (true when it changed the local copy) in one local
    /// transaction; returns how many changed. One whose local copy does not decode is left as it
    /// is and added to `refused`: the server's copy is merged once it is repaired.
    func mergeInOneTransaction<Entries: Sequence>(
        _ entries: Entries, refused: inout [SyncError], _ merge: (Entries.Element, Transaction) throws -> Bool
    ) throws -> Int {
        let (changed, unreadable) = try local.transaction { transaction in
            var changed = 0
            var unreadable: [SyncError] = []
            for entry in entries {
                do {
                    if try merge(entry, transaction) { changed += 1 }
                } catch PersistenceError.undecodable(let key, let reason) {
                    unreadable.append(.unreadableLocalRecord(key: key, reason: reason))
                }
            }
            return (changed, unreadable)
        }
        refused += unreadable
        return changed
    }

    /// Every list and the settings on the remote; one that does not decode is added to `refused`.
    func allValues(refused: inout [SyncError]) throws -> [(key: String, value: SyncValueRecord)] {
        let lists = try remote.readableValues(withKeyPrefix: OwnLists.keyPrefix, as: SyncValueRecord.self)
        refused += lists.undecodable.map(Self.refusal)
        var values = lists.values
        var undecodable: [SyncError] = []
        try remote.transaction { transaction in
            for name in [ReviewSettings.key.name, PracticeSettings.key.name] {
                if let settings = try Self.readable(RemoteKeys.value(name), in: transaction, refused: &undecodable) {
                    values.append((key: name, value: settings))
                }
            }
        }
        refused += undecodable
        return values
    }

    /// Merges a remote side into the local list or settings `name`; returns whether the local
    /// value changed.
    @discardableResult
    static func mergeValueLocally(_ name: String, _ remoteSide: SyncValueMerge.Side, in transaction: Transaction) throws -> Bool {
        let current = (value: try SyncValue.read(name, in: transaction), stamps: try transaction.value(for: SyncKeys.stamps(name)))
        let result = SyncValueMerge.merge(current, remoteSide, key: name)
        var clock = try transaction.value(for: SyncKeys.clock) ?? HybridLogicalClock(node: SyncNode.make())
        if let latest = result.stamps.latest { clock.observe(latest) }
        try transaction.set(clock, for: SyncKeys.clock)
        if result.stamps != current.stamps { try transaction.set(result.stamps, for: SyncKeys.stamps(name)) }
        guard result.value != current.value else { return false }
        try result.value.write(name, in: transaction)
        return true
    }
}
