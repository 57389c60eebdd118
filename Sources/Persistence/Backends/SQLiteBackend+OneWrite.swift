import CSQLite
import FoundationEssentials

// One change as one statement that commits itself: the path of every `set`.
//
// `commitOwnWrite` wraps a write in `BEGIN IMMEDIATE … COMMIT`, so that its work under SQLite's
// write lock (gathering others' changes, appending to the ring) happens before the commit. For one
// statement, the two extra statements cost about 1,200 instructions of a write's 25,000 (callgrind,
// release build, 1,000 keys). SQLite's commit hook runs at the same point, under the same lock,
// before a single statement's own transaction commits: this path does the work there, and takes
// `commitOwnWrite` whenever the hook could not (the log table must be read, which a hook may not do).
extension SQLiteBackend {
    /// Writes `bytes` under `key` (`nil` removes it) as one self-committing statement, with the
    /// ring's work in SQLite's commit hook. Falls back to ``commitOwnWrite(_:keys:_:)`` when
    /// another connection committed since this backend's last look (its log table may then hold
    /// changes to gather, which takes SQL), and when the store lacks the ring, the shared index or
    /// the triggers' switch.
    static func commitOneWrite(_ state: inout State, _ key: String, _ bytes: UnsafeRawBufferPointer?) throws {
        guard state.triggersOff, state.ring != nil, let expected = state.lastSignature,
              state.walIndex?.signature() == expected else {
            return try commitInTransaction(&state, key, bytes)
        }
        try state.fileWatch?.check()
        let statement = try bytes == nil ? state.deleteStatement() : state.upsertStatement()
        let connection = state.connection
        let position = state.logPosition
        var hook = OneWriteHook(key: key, expected: expected)
        do {
            try withUnsafeMutablePointer(to: &state) { state in
                hook.state = state
                try withUnsafeMutablePointer(to: &hook) { hook in
                    sqlite3_commit_hook(connection.handle, { OneWriteHook.run($0) }, hook)
                    defer { sqlite3_commit_hook(connection.handle, nil, nil) }
                    try run(key, bytes, on: connection, statement: statement)
                }
                hook.state = nil
            }
        } catch {
            hook.state = nil
            // Published whether the commit succeeded or not, as `commitOwnWrite` does: a failed
            // commit's key is told as changed, which is harmless; a key never told is not.
            if let published = hook.published { state.ring?.publish(published) }
            state.logPosition = position
            // The hook stopped the commit before anything was written, and changed nothing.
            if hook.refused { return try commitInTransaction(&state, key, bytes) }
            throw error
        }
        if let published = hook.published { state.ring?.publish(published) }
        noteOwnCommit(&state, lookedAt: expected)
    }

    /// The write through ``commitOwnWrite(_:keys:_:)``: the path that can read the log table.
    private static func commitInTransaction(_ state: inout State, _ key: String, _ bytes: UnsafeRawBufferPointer?) throws {
        try commitOwnWrite(&state, keys: { [key] }) { try apply(key, bytes, in: &$0) }
    }
}

/// What the commit hook of ``SQLiteBackend/commitOneWrite(_:_:_:)`` needs and leaves: it runs
/// inside `sqlite3_step`, while the caller holds the backend's state only through `state`.
private struct OneWriteHook {
    /// The backend's state, lent for the statement's step (the caller touches it only after).
    var state: UnsafeMutablePointer<SQLiteBackend.State>?
    let key: String
    /// The shared index's signature this backend last accounted for.
    let expected: WALIndexWatcher.Signature
    /// The ring's head after the key, to publish after the commit.
    var published: UInt64?
    /// Whether the hook refused the commit (so the caller writes through `commitOwnWrite`).
    var refused = false

    init(key: String, expected: WALIndexWatcher.Signature) {
        self.key = key
        self.expected = expected
    }

    /// The hook, under SQLite's write lock just before the commit: 0 lets it commit.
    static func run(_ context: UnsafeMutableRawPointer?) -> Int32 {
        guard let hook = context?.assumingMemoryBound(to: OneWriteHook.self), let state = hook.pointee.state else { return 0 }
        // Another connection committed since the last look: its changes may be in the log table,
        // which only SQL reads. Refused, the statement rolls back and the caller starts again.
        guard state.pointee.walIndex?.signature() == hook.pointee.expected else {
            hook.pointee.refused = true
            return 1
        }
        if let earlier = SQLiteBackend.readRingUnderLock(&state.pointee) {
            state.pointee.earlierChanges = state.pointee.earlierChanges.merged(with: earlier)
        }
        hook.pointee.published = SQLiteBackend.appendToRing(&state.pointee, CollectionOfOne(hook.pointee.key))
        return 0
    }
}
