import CSQLite
import Foundation
import Persistence
import Testing

/// Outside write counts by namespace: every write another program makes counts once (SQLite's
/// triggers), the store's own writes never count, counts commit with their writes, and a store that
/// cannot count says `nil`.
@Suite("Outside write counts")
struct OutsideWriteCountTests {
    @Test("The store's own writes count nothing, in SQLite and in memory", arguments: [BackendKind.memory, .sqlite])
    func ownWritesCountNothing(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let key = Key<Int?>("progress.two-sum", default: nil)
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)
        try store.set(1, for: key)
        try store.set(1, for: key)
        try store.removeValue(for: key)
        try store.transaction { transaction in
            try transaction.set(2, for: Key<Int>("progress.a", default: 0))
            try transaction.set(3, for: Key<Int>("summary.a", default: 0))
        }
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 0)
        // A second store on the same file is this library too.
        if let path = store.path {
            try Store.sqlite(path: path).set(4, for: Key<Int>("progress.b", default: 0))
            #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)
        }
    }

    @Test("Another program's value stored counts 1 in its namespace, and again when stored with the same bytes")
    func outsideUpsertsCountOnceEach() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try RawSQLite(path: path)
        try other.execute("INSERT INTO entries(key, value) VALUES('progress.two-sum', '1')")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 1)
        try other.execute("INSERT OR REPLACE INTO entries(key, value) VALUES('progress.two-sum', '1')")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 2)
        try other.execute("UPDATE entries SET value = '2' WHERE key = 'progress.two-sum'")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 3)
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 0)
    }

    @Test("Another program's removal of a stored key counts 1, and of an absent key nothing")
    func outsideRemovalsCountOnlyWhenTheKeyExists() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("progress.two-sum", default: 0))
        let other = try RawSQLite(path: path)
        try other.execute("DELETE FROM entries WHERE key = 'progress.two-sum'")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 1)
        try other.execute("DELETE FROM entries WHERE key = 'progress.two-sum'")
        try other.execute("DELETE FROM entries WHERE key = 'progress.never-stored'")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 1)
    }

    @Test("A namespace ends at the key's first dot, and a key without one is in the namespace \"\"")
    func namespacesEndAtTheFirstDot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try RawSQLite(path: path)
        for key in ["summary.a.b", "favorites", "theme", "accent.\u{301}x"] {
            try other.execute("INSERT INTO entries(key, value) VALUES('\(key)', '1')")
        }
        // A combining mark after the dot is not part of the namespace, in Swift as in SQLite.
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 1)
        #expect(try store.outsideWriteCount(forNamespace: "") == 2)
        #expect(try store.outsideWriteCount(forNamespace: "accent.") == 1)
    }

    @Test("A text that no key has as its namespace is refused instead of reading 0 forever", arguments: [BackendKind.memory, .sqlite])
    func invalidNamespacesAreRefused(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for namespace in ["progress", "summary.a.", "a.\u{301}", "x\u{0}."] {
            let error = #expect(throws: PersistenceError.self) { try store.outsideWriteCount(forNamespace: namespace) }
            guard case .invalidKey = error else {
                Issue.record("\(namespace.debugDescription) gave \(String(describing: error))")
                continue
            }
        }
    }

    @Test("Another program's transaction counts each of its writes, per namespace, at its commit")
    func outsideTransactionCountsEachWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("progress.old", default: 0))
        let other = try RawSQLite(path: path)
        try other.execute("BEGIN")
        try other.execute("INSERT INTO entries(key, value) VALUES('progress.a', '1'), ('progress.b', '2'), ('summary.all', '3')")
        try other.execute("DELETE FROM entries WHERE key IN ('progress.old', 'progress.absent')")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)  // Not committed yet.
        try other.execute("COMMIT")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 3)
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 1)
    }

    @Test("A transaction sees the outside count as of its start, and its own writes never count")
    func transactionSeesTheOutsideCount() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try RawSQLite(path: path).execute("INSERT INTO entries(key, value) VALUES('progress.a', '1'), ('progress.b', '2')")
        let (before, after) = try store.transaction { transaction in
            let before = try transaction.outsideWriteCount(forNamespace: "progress.")
            try transaction.set(3, for: Key<Int>("progress.a", default: 0))
            try transaction.set(4, for: Key<Int>("progress.c", default: 0))
            return (before, try transaction.outsideWriteCount(forNamespace: "progress."))
        }
        #expect(before == 2)
        #expect(after == 2)
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 2)
    }

    @Test("An outside transaction that rolls back counts nothing")
    func rolledBackOutsideTransactionCountsNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try RawSQLite(path: path)
        try other.execute("BEGIN")
        try other.execute("INSERT INTO entries(key, value) VALUES('progress.a', '1')")
        try other.execute("ROLLBACK")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)
    }

    @Test("Stores that cannot count outside writes answer nil", arguments: BackendKind.allCases.filter { ![.memory, .sqlite].contains($0) })
    func backendsThatCannotCountAnswerNil(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        try store.set(1, for: Key<Int>("progress.a", default: 0))
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == nil)
        #expect(try store.transaction { try $0.outsideWriteCount(forNamespace: "progress.") } == nil)
    }

    // MARK: - SQLite: other writers and older files

    @Test("Another program's inserts, updates and deletes in the SQLite file are counted, and seen at once")
    func anotherProgramsWritesAreCounted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("progress.a", default: 0))
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)  // Read once, before the edits.

        let other = try RawSQLite(path: path)
        try other.execute("INSERT INTO entries(key, value) VALUES('progress.b', '2')")
        try other.execute("UPDATE entries SET value = '3' WHERE key = 'progress.a'")
        try other.execute("INSERT OR REPLACE INTO entries(key, value) VALUES('progress.a', '4')")
        try other.execute("DELETE FROM entries WHERE key = 'progress.b'")
        try other.execute("DELETE FROM entries WHERE key = 'progress.absent'")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 4)

        // A changed key is the removal of one key and the insertion of another.
        try other.execute("UPDATE entries SET key = 'summary.a' WHERE key = 'progress.a'")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 5)
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 1)
    }

    @Test("A store made before write counts gets them at its next open for writing, each entry it held counted as one write")
    func olderStoreGetsCountsWhenOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStoreWithoutWriteCounts(at: path)

        let store = try Store.sqlite(path: path)
        // Its one entry, `progress.a`, written before counting began: told apart from a new store.
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 1)
        #expect(try store.outsideWriteCount(forNamespace: "summary.") == 0)
        #expect(try store.value(for: Key<Int>("progress.a", default: 0)) == 2)
        try store.set(3, for: Key<Int>("progress.a", default: 0))  // Its own: not counted.
        try RawSQLite(path: path).execute("INSERT INTO entries(key, value) VALUES('progress.b', '1')")
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 2)
        // Opened again: counted once, not seeded again.
        #expect(try Store.sqlite(path: path).outsideWriteCount(forNamespace: "progress.") == 2)
    }

    @Test("A store made before write counts, opened for reading, answers nil and is left as it was")
    func olderStoreOpenedForReadingAnswersNil() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStoreWithoutWriteCounts(at: path)
        let listing = try System.listing(directory.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let store = try Store.sqlite(path: path, access: .readOnly)
            #expect(try store.outsideWriteCount(forNamespace: "progress.") == nil)
            #expect(try store.transaction { try $0.outsideWriteCount(forNamespace: "progress.") } == nil)
            #expect(try store.value(for: Key<Int>("progress.a", default: 0)) == 2)
        }
        #expect(try System.listing(directory.path) == listing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try RawSQLite(path: path).integer(RawSQLite.writeCountObjectsSQL) == 0)
    }

    @Test("A store opened for reading counts once a writer has added the counts to its file")
    func readingStoreCountsOnceTheFileHasCounts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStoreWithoutWriteCounts(at: path)
        let reader = try Store.sqlite(path: path, access: .readOnly)
        #expect(try reader.outsideWriteCount(forNamespace: "progress.") == nil)

        let writer = try Store.sqlite(path: path)
        try writer.set(5, for: Key<Int>("progress.a", default: 0))
        try RawSQLite(path: path).execute("INSERT INTO entries(key, value) VALUES('progress.b', '1')")
        // The entry it held when counting began, and the other program's write (not the store's).
        #expect(try reader.outsideWriteCount(forNamespace: "progress.") == 2)
        #expect(try reader.transaction { try $0.outsideWriteCount(forNamespace: "progress.") } == 2)
    }

    @Test("Opening an up-to-date store for writing writes nothing and takes no write lock")
    func openingAnUpToDateStoreWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try Store.sqlite(path: path)
            try store.set(1, for: Key<Int>("progress.a", default: 0))
        }
        let other = try RawSQLite(path: path)
        let version = try other.integer("PRAGMA data_version")
        // While another connection holds the write lock, any write at open would wait out the busy
        // timeout and fail: opening at once shows that it wrote nothing.
        try other.execute("BEGIN IMMEDIATE")
        let started = ContinuousClock.now
        let store = try Store.sqlite(path: path)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try store.outsideWriteCount(forNamespace: "progress.") == 0)
        try other.execute("ROLLBACK")
        #expect(try other.integer("PRAGMA data_version") == version)
    }

    /// A store at `path` as a build before write counts left it: one entry written twice, and no
    /// write counts' table or triggers (dropped here, as that build never made them).
    private func makeStoreWithoutWriteCounts(at path: String) throws {
        do {
            let store = try Store.sqlite(path: path)
            try store.set(1, for: Key<Int>("progress.a", default: 0))
        }
        let raw = try RawSQLite(path: path)
        for trigger in ["write_counts_after_insert", "write_counts_after_update", "write_counts_after_delete"] {
            try raw.execute("DROP TRIGGER \(trigger)")
        }
        try raw.execute("DROP TABLE write_counts")
        // The older build's own write, which nothing counts.
        try raw.execute("UPDATE entries SET value = '2' WHERE key = 'progress.a'")
        try #require(try raw.integer(RawSQLite.writeCountObjectsSQL) == 0)
    }
}

/// The SQLite file opened with the C library directly, as another program (an older build, the
/// `sqlite3` shell) would: its writes go around the store.
private final class RawSQLite {
    /// How many of the write counts' table and triggers the file has (4 when all are there).
    static let writeCountObjectsSQL = """
        SELECT count(*) FROM sqlite_master
        WHERE name IN ('write_counts', 'write_counts_after_insert', 'write_counts_after_update', 'write_counts_after_delete')
        """

    private let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            throw RawSQLiteError(message: "cannot open \(path): \(String(cString: sqlite3_errstr(code)))")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 10_000)
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw RawSQLiteError(message: "\(sql): \(message.map { String(cString: $0) } ?? "error \(code)")")
        }
    }

    func integer(_ sql: String) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw RawSQLiteError(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw RawSQLiteError(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return sqlite3_column_int64(statement, 0)
    }
}

private struct RawSQLiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
