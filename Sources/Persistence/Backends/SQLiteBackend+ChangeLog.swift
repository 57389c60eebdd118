import CSQLite
import FoundationEssentials

// The change log: which keys other writers changed, in commit order.
//
// The triggers on `entries` (SQLiteBackend+Schema) append one row to `changes(seq, key)` for every
// entry inserted, updated or deleted, by any writer of the file: this program, an older build, the
// `sqlite3` shell. `seq` is an INTEGER PRIMARY KEY without AUTOINCREMENT, so each new row is the
// last one + 1; pruning (SQLiteCheckpointer) only removes the oldest rows and always keeps the
// last, so `seq` never goes back and has no holes.
//
// A backend remembers the last row it accounted for (`lastSeq`). Its own writes read, in the same
// statement, the log's last row before their own (`RETURNING`), so it knows its own rows exactly
// and never guesses which were its own. Rows between `lastSeq` and its own are others' commits
// made before its write: kept in `earlierChanges` for the store to tell first. When the data
// version says another connection committed, the rows after `lastSeq` are all others'.
// If the log no longer reaches back to `lastSeq` (pruned, emptied by hand), the notice says that
// anything may have changed: never a silent miss.
extension SQLiteBackend {
    /// The log's rows kept by pruning: a reader more than this many changes behind is told that
    /// anything may have changed. 10,000 rows of short keys is a few hundred KiB.
    static let changeLogLimit: Int64 = 10_000

    private static let lastSeqSQL = "SELECT max(seq) FROM changes"
    private static let logSQL = "SELECT seq, key FROM changes WHERE seq > ?1 AND seq < ?2 ORDER BY seq"
    /// Removes the oldest rows, keeping ``changeLogLimit``; run by the checkpointer, only when the
    /// log has grown a tenth past the limit (so it writes once per thousand changes, not each time).
    static let pruneSQL = """
        DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - \(changeLogLimit)
          AND (SELECT max(seq) - min(seq) FROM changes) > \(changeLogLimit + changeLogLimit / 10)
        """

    /// Whether the file has the log, and where it ends: at open, and again for a reader whose file
    /// lacked it (a writer of this version adds it). `known` is what the open's schema check
    /// already found out, when it ran (`nil`: ask the file).
    static func startChangeLog(_ state: inout State, known: Bool? = nil) throws {
        guard try known ?? hasChangeLog(state.connection) else { return }
        state.hasChangeLog = true
        state.lastSeq = try state.connection.integer(lastSeqSQL)
    }

    /// The statement's own row in the log, after stepping it to completion: the log's last row
    /// before it (its `RETURNING` value) + 1; `nil` when it changed no entry (removing an absent key).
    static func loggedSeq(of statement: OpaquePointer, _ sql: String, on connection: SQLiteConnection) throws -> Int64? {
        guard try connection.step(statement, sql) else { return nil }
        let seq = sqlite3_column_int64(statement, 0) + 1  // NULL (an empty log) reads as 0.
        while try connection.step(statement, sql) {}
        return seq
    }

    /// Accounts for this backend's own row `seq`: the rows between the last accounted one and it
    /// are others' commits, made before this write.
    static func accountForOwnEntry(_ seq: Int64, in state: inout State) throws {
        defer { state.lastSeq = seq }
        guard seq != state.lastSeq + 1 else { return }
        let earlier = try seq > state.lastSeq ? readLog(after: state.lastSeq, before: seq, on: state.connection) : .unknownOutside
        state.earlierChanges = state.earlierChanges.map { $0.merged(with: earlier) } ?? earlier
    }

    /// Others' changes after `lastSeq`, once the data version said another connection committed.
    static func readChangeLog(_ state: inout State) throws -> StoreChange? {
        if !state.hasChangeLog {
            try startChangeLog(&state)
            return .unknownOutside  // A file without a log, or one that just got it: no way to tell.
        }
        let last = try state.connection.integer(lastSeqSQL)
        guard last != state.lastSeq else { return nil }  // A commit that changed no entry (pruning).
        let change = last > state.lastSeq ? try readLog(after: state.lastSeq, before: last + 1, on: state.connection) : .unknownOutside
        state.lastSeq = last
        return change
    }

    /// The keys of rows `lower` < seq < `upper`; not complete when the first of them is gone.
    private static func readLog(after lower: Int64, before upper: Int64, on connection: SQLiteConnection) throws -> StoreChange {
        let statement = try connection.statement(logSQL)
        defer { sqlite3_reset(statement) }
        try connection.check(sqlite3_bind_int64(statement, 1, lower), logSQL)
        try connection.check(sqlite3_bind_int64(statement, 2, upper), logSQL)
        var keys: [String] = []
        var expected = lower + 1
        var isComplete = true
        while try connection.step(statement, logSQL) {
            if sqlite3_column_int64(statement, 0) != expected { isComplete = false }
            expected = sqlite3_column_int64(statement, 0) + 1
            keys.append(statement.columnString(1))
        }
        if expected != upper { isComplete = false }
        return StoreChange(keys: keys, isComplete: isComplete, origin: .outside)
    }

    /// After this backend's own commit: when the shared index's counter moved by exactly that one
    /// commit since the last look found nothing new, nobody else committed meanwhile, and the next
    /// look need not ask SQLite (a `PRAGMA data_version` per write).
    static func committedAlone(since before: WALIndexWatcher.Signature?, in state: inout State) {
        guard let before, before == state.lastSignature, let after = state.walIndex?.signature(),
              after.salts == before.salts, after.change == before.change &+ 1 else { return }
        state.lastSignature = after
    }
}
