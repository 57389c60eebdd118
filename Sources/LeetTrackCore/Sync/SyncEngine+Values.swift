import FoundationEssentials
import Persistence

/// Sync of the user's own lists and the review and practice settings: each is one record, merged
/// by ``SyncValueMerge/merge(_:_:key:)`` (whole, or field by field for the practice settings),
/// pushed and pulled like the progress records, in the same sequence of pushes and the same logs.
extension SyncEngine {
    /// Pushes the lists and settings `names` (their local keys); returns how many remote records
    /// it changed.
    /// A remote record that breaks ``InputRules`` is replaced by the local one.
    func pushValues(_ names: [String], state: inout SyncState) throws -> Int {
        let snapshot = try local.transaction { transaction in
            try names.map { name in
                (name: name,
                 side: (value: try SyncValue.read(name, in: transaction),
                        stamps: try transaction.value(for: SyncKeys.stamps(name))) as SyncValueMerge.Side,
                 marker: try transaction.value(for: SyncKeys.pendingValue(name)))
            }
        }
        let now = clock.now
        let (merged, previous, sequence, changed) = try remote.transaction { transaction in
            let previous = try transaction.value(for: RemoteKeys.sequence)
            let sequence = previous + 1
            var merged: [String: SyncValueMerge.Side] = [:]
            var changedNames: [String] = []
            for entry in snapshot where SyncValue.isSynced(entry.name) {
                let key = RemoteKeys.value(entry.name)
                // Merged here and written back locally: checked like a pulled record first. One that
                // breaks a rule is replaced by this machine's copy: a push repairs the server.
                let stored = try transaction.value(for: key)
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
            return (merged, previous, changedNames.isEmpty ? previous : sequence, changedNames.count)
        }
        try local.transaction { transaction in
            for entry in snapshot {
                if let remoteSide = merged[entry.name] { try Self.mergeValueLocally(entry.name, remoteSide, in: transaction) }
                // A change made here while we pushed has a newer marker: it stays pending.
                if try transaction.value(for: SyncKeys.pendingValue(entry.name)) == entry.marker {
                    transaction.removeValue(for: SyncKeys.pendingValue(entry.name))
                }
            }
            if state.cursor == previous { state.cursor = sequence }
            try transaction.set(state, for: SyncKeys.state)
        }
        return changed
    }

    /// Merges pulled lists and settings in one local transaction; returns how many changed here.
    func mergeValuesLocally(_ values: [(key: String, value: SyncValueRecord)]) throws -> Int {
        guard !values.isEmpty else { return 0 }
        return try local.transaction { transaction in
            var changed = 0
            for entry in values where SyncValue.isSynced(entry.key) {
                if try Self.mergeValueLocally(entry.key, (entry.value.value, entry.value.stamps), in: transaction) { changed += 1 }
            }
            return changed
        }
    }

    /// Every list and the settings on the remote.
    func allValues() throws -> [(key: String, value: SyncValueRecord)] {
        try remote.transaction { transaction in
            var values = try transaction.values(withKeyPrefix: OwnLists.keyPrefix, as: SyncValueRecord.self)
            for name in [ReviewSettings.key.name, PracticeSettings.key.name] {
                if let settings = try transaction.value(for: RemoteKeys.value(name)) { values.append((key: name, value: settings)) }
            }
            return values
        }
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
