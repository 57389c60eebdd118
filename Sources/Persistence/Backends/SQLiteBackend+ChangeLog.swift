import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The change log: which keys other writers changed, in commit order, each change once.
//
// Two sources, one per kind of writer:
// - This library's writers append their keys to the ring beside the file (ChangeRing), under
//   SQLite's write lock, and publish them after the commit. No row is written for them: a second
//   table in every commit doubled the cost of a write.
// - Every other writer of the file (the `sqlite3` shell, an older build) fills the table
//   `changes(seq, key)` through the triggers on `entries` (SQLiteBackend+Schema), which this
//   library's writers leave out of their statements altogether: a writing connection with a ring
//   turns the schema's triggers off (`SQLITE_DBCONFIG_ENABLE_TRIGGER`), so SQLite compiles no
//   trigger program into its upserts. (A trigger skipped by its `WHEN` still costs its program's
//   frame on every row: half again the instructions of an upsert.) Should SQLite refuse that, the
//   triggers' `WHEN` still skips writes made with the connection's last insert rowid set to
//   `ownWriteMark`, which no other connection has. `seq` is an INTEGER PRIMARY KEY without AUTOINCREMENT, so each
//   new row is the last one + 1; pruning (SQLiteCheckpointer) only removes the oldest rows and
//   always keeps the last, so `seq` never goes back and has no holes.
//
// A backend remembers where it stands in both. A write of its own reads, under the write lock,
// what others logged since: their commits came before its own, and are kept in `earlierChanges`
// for the store to tell first. When the data version says another connection committed, what
// both logs hold since is others'. When either no longer reaches back (the ring overrun or reset,
// the table pruned or emptied by hand), the notice says that anything may have changed: never a
// silent miss.
extension SQLiteBackend {
    /// The log table's rows kept by pruning: a reader more than this many outside changes behind
    /// is told that anything may have changed. 10,000 rows of short keys is a few hundred KiB.
    static let changeLogLimit: Int64 = 10_000
    /// The last insert rowid of a connection while it makes this library's writes (see
    /// `ownWriteCondition`): "LTrkOwnW". No row of ours has such a rowid, and another connection's
    /// last insert rowid is one it inserted.
    static let ownWriteMark: Int64 = 0x4C54_726B_4F77_6E57

    private static let lastSeqSQL = "SELECT max(seq) FROM changes"
    private static let logSQL = "SELECT seq, key FROM changes WHERE seq > ?1 ORDER BY seq"
    /// Removes the oldest rows, keeping ``changeLogLimit``; run by the checkpointer, only when the
    /// log has grown a tenth past the limit (so it writes once per thousand changes, not each time).
    static let pruneSQL = """
        DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - \(changeLogLimit)
          AND (SELECT max(seq) - min(seq) FROM changes) > \(changeLogLimit + changeLogLimit / 10)
        """

    /// Whether the file has the log table, where it ends, and the ring: at open, and again for a
    /// reader whose file lacked them (a writer of this version adds them). `known` is what the
    /// open's schema check already found out, when it ran (`nil`: ask the file).
    static func startChangeLog(_ state: inout State, path: String?, writable: Bool, known: Bool? = nil) throws {
        if state.ring == nil, let path {
            state.ring = ChangeRing.attach(storePath: path, writable: writable)
            if let ring = state.ring {
                state.ringPosition = ring.end
                // The ring logs this connection's writes: the triggers, which log other programs',
                // are left out of its statements (SQLite prepares any it holds again). Refused, the
                // triggers' `WHEN` skips them at each row instead (``ownWriteMark``).
                if writable { state.triggersOff = csqlite_disable_triggers(state.connection.handle) == SQLITE_OK }
            }
        }
        guard try known ?? hasChangeLog(state.connection) else { return }
        state.hasChangeLog = true
        state.lastSeq = try state.connection.integer(lastSeqSQL)
    }

    /// Runs `apply` in one `BEGIN IMMEDIATE` transaction as this library's write (the triggers skip
    /// it), after checking that the file is still the one opened and gathering what others
    /// committed since this backend's last look (into `earlierChanges`); then logs `keys` in the
    /// ring before the commit. Publishes after the commit, whether it succeeded or not (a failed
    /// commit's keys are told as changed: harmless). A failed transaction puts the logs' positions
    /// back.
    static func commitOwnWrite<T>(_ state: inout State, keys: () -> [String], _ apply: (inout State) throws -> T) throws -> T {
        let connection = state.connection
        let position = state.logPosition
        var published: UInt64?
        var signature: WALIndexWatcher.Signature?
        defer { if let published { state.ring?.publish(published) } }
        let result: T
        do {
            result = try connection.immediateTransaction {
                try state.fileWatch?.check()
                signature = try gatherEarlierChanges(&state)
                // Without a ring (its file could not be made) the triggers log this write in the
                // table, and its own rows, the last ones, are not others'.
                if state.ring != nil, !state.triggersOff { sqlite3_set_last_insert_rowid(connection.handle, ownWriteMark) }
                let result = try apply(&state)
                if state.ring != nil {
                    published = appendToRing(&state, keys())
                } else if state.hasChangeLog {
                    state.lastSeq = try connection.integer(lastSeqSQL)
                }
                return result
            }
        } catch {
            state.logPosition = position
            throw error
        }
        noteOwnCommit(&state, lookedAt: signature)
        return result
    }

    /// Under the write lock, before the commit: appends `keys` to the ring (which the caller has)
    /// and moves this backend's position past them. Returns the head to publish after the commit.
    static func appendToRing(_ state: inout State, _ keys: some Sequence<String>) -> UInt64? {
        let published = state.ring?.append(keys)
        state.ringPosition.head = published ?? state.ringPosition.head
        return published
    }

    /// After this backend's commit: when the shared index's counter moved by exactly this commit
    /// since the look under the lock (`signature`), nobody else committed meanwhile, and the next
    /// look need not ask SQLite.
    static func noteOwnCommit(_ state: inout State, lookedAt signature: WALIndexWatcher.Signature?) {
        if let signature, let after = state.walIndex?.signature(), after.salts == signature.salts,
           after.change == signature.change &+ 1 {
            state.lastSignature = after
        }
    }

    /// Under the write lock: what others committed since the last look, kept for the store to tell
    /// before this backend's own write. Returns the WAL index's signature it accounted for.
    private static func gatherEarlierChanges(_ state: inout State) throws -> WALIndexWatcher.Signature? {
        var earlier = readRingUnderLock(&state)
        // The table only when someone committed since the last look: the WAL index says so in two loads.
        let signature = state.walIndex?.signature()
        if signature == nil || signature != state.lastSignature {
            earlier = earlier.merged(with: try readLogTable(&state))
        }
        state.earlierChanges = state.earlierChanges.merged(with: earlier)
        return signature
    }

    /// Under the write lock, where every transaction that appended is over: publishes what a
    /// writer that died left behind, then reads the ring (``readRing(_:)``).
    static func readRingUnderLock(_ state: inout State) -> StoreChange? {
        state.ring?.publishLeftBehind()
        return readRing(&state)
    }

    /// What the ring holds after this backend's position, moving it on; `nil` when nothing new.
    static func readRing(_ state: inout State) -> StoreChange? {
        guard let ring = state.ring, ring.hasNews(after: state.ringPosition) else { return nil }
        let read = ring.read(after: state.ringPosition)
        state.ringPosition = read.end
        if read.keys.isEmpty && read.isComplete { return nil }
        return StoreChange(keys: read.keys, isComplete: read.isComplete, origin: .outside)
    }

    /// Others' changes in the log table once the data version said another connection committed;
    /// a reader whose file lacked the log (or the ring) looks for it again.
    static func readChangeLogAfterCommit(_ state: inout State, path: String?) throws -> StoreChange? {
        if !state.hasChangeLog || state.ring == nil {
            let hadLog = state.hasChangeLog, hadRing = state.ring != nil
            try startChangeLog(&state, path: path, writable: false)
            // A file without the log table, or one that just got it or its ring: no way to tell
            // what changed before.
            if !hadLog || (!hadRing && state.ring != nil) { return .unknownOutside }
        }
        let outside = try readLogTable(&state)
        // Without the ring (a file this process cannot open), a commit the table does not explain
        // may be a write of this library's: anything may have changed.
        if state.ring == nil { return outside ?? .unknownOutside }
        return outside  // `nil`: a commit that changed no entry (pruning), or one already told.
    }

    /// The table's rows after `lastSeq`, moving it to the last; `nil` when there are none.
    private static func readLogTable(_ state: inout State) throws -> StoreChange? {
        guard state.hasChangeLog else { return nil }
        let connection = state.connection
        let last = try connection.integer(lastSeqSQL)
        guard last != state.lastSeq else { return nil }
        defer { state.lastSeq = last }
        guard last > state.lastSeq else { return .unknownOutside }  // Emptied or replaced by hand.
        let statement = try connection.statement(logSQL)
        defer { sqlite3_reset(statement) }
        try connection.check(sqlite3_bind_int64(statement, 1, state.lastSeq), logSQL)
        var keys: [String] = []
        var expected = state.lastSeq + 1
        var isComplete = true
        while try connection.step(statement, logSQL), sqlite3_column_int64(statement, 0) <= last {
            if sqlite3_column_int64(statement, 0) != expected { isComplete = false }
            expected = sqlite3_column_int64(statement, 0) + 1
            keys.append(statement.columnString(1))
        }
        if expected != last + 1 { isComplete = false }
        return StoreChange(keys: keys, isComplete: isComplete, origin: .outside)
    }
}
