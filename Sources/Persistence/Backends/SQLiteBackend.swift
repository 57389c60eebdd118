import CSQLite
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How hard SQLite works to keep a committed write through a crash.
public enum SynchronousMode: String, Sendable, CaseIterable {
    /// The default. A write that returned survives the crash or `kill -9` of its process (it is in
    /// the write-ahead log, handed to the operating system). A power loss or kernel crash may undo
    /// the last transactions, but never corrupts the store. This is SQLite's recommended WAL setting.
    case normal = "NORMAL"
    /// Every commit waits for `fsync`: a write that returned also survives a power loss, at the
    /// price of one disk flush per write (often 1 ms or more).
    case full = "FULL"
}

/// The SQLite backend: one row per key in a `WITHOUT ROWID` table, WAL journal, one connection.
///
/// A write is one upsert of one row: its cost does not grow with the number of keys. The log is
/// copied into the main file (checkpointed) by ``SQLiteCheckpointer`` within a second of each
/// commit, off the write's path; SQLite also copies it when it passes ``walCheckpointPages``
/// pages, and closing and exiting copy it too. So `store.sqlite` alone holds every write more than
/// a second or two old, even while a long-lived process keeps the store open.
final class SQLiteBackend: StorageBackend {
    /// The connection and what the last change check saw. All access goes through the mutex.
    struct State: @unchecked Sendable {
        // @unchecked: `walIndex` points into memory owned by `connection`; both live and die together
        // inside the backend's mutex.
        var connection: SQLiteConnection
        var walIndex: WALIndexWatcher?
        var lastSignature: WALIndexWatcher.Signature?
        var lastDataVersion: Int64
        /// For a connection SQLite opened `immutable`: the files as they were when it opened. Such
        /// a connection never sees another process's commit (its `data_version` stays put), so a
        /// change to the files means a new connection.
        var immutableFiles: SQLiteFileCheck.FilesSignature?
        /// Checks that the file at the path is still the one opened (`nil` when reading only).
        let fileWatch: StoreFileWatch?
        /// Whether the file is known to have the outside write counts' table and triggers: always
        /// once opened for writing (the open adds them). A store opened for reading may predate
        /// them, and asks again at each count until a writer has added them.
        var countsWrites: Bool
        /// The log table's last row this backend accounted for (see SQLiteBackend+ChangeLog).
        var lastSeq: Int64 = 0
        /// Whether the file is known to have the change log (a store opened for reading may predate it).
        var hasChangeLog: Bool
        /// The ring of this library's writers' keys, and how far this backend has read it.
        var ring: ChangeRing?
        var ringPosition = ChangeRing.Position(epoch: 0, head: 0)
        /// Whether the schema's triggers are left out of this connection's statements (a writer
        /// with a ring; see SQLiteBackend+ChangeLog).
        var triggersOff = false
        /// Others' changes met while writing, committed before this backend's own last write.
        var earlierChanges: StoreChange?

        /// Where the logs stood: what a rolled-back transaction puts back.
        var logPosition: (lastSeq: Int64, ringPosition: ChangeRing.Position, earlierChanges: StoreChange?) {
            get { (lastSeq, ringPosition, earlierChanges) }
            set { (lastSeq, ringPosition, earlierChanges) = newValue }
        }
        /// The write statements, prepared at the first write: looking them up by their SQL text in
        /// the connection's cache would hash 100 bytes per write.
        var upsert: OpaquePointer?
        var delete: OpaquePointer?

        mutating func upsertStatement() throws -> OpaquePointer {
            if let upsert { return upsert }
            let statement = try connection.statement(SQLiteBackend.upsertSQL)
            upsert = statement
            return statement
        }

        mutating func deleteStatement() throws -> OpaquePointer {
            if let delete { return delete }
            let statement = try connection.statement(SQLiteBackend.deleteSQL)
            delete = statement
            return statement
        }
    }

    /// Marks our stores in the SQLite header (`PRAGMA application_id`): "LTrk".
    static let applicationID: Int64 = 0x4C54_726B
    /// The log is copied into the main file once it holds this many pages (about 4 MiB of 4 KiB
    /// pages), SQLite's own default. Each copy costs two `fdatasync`s; at 256 pages a stream of
    /// small writes paid them four times as often and ran 5x slower than at 1,000 (measured with
    /// the package's persistence benchmark). Closing and exiting still copy everything.
    static let walCheckpointPages = 1000
    /// The page cache of a connection that only reads, in KiB (SQLite's default is 2,000). A
    /// reader mostly scans a range once, and each page it kept was fresh memory to fault in and
    /// clear: on a store of 4,029 problems, `review` faulted 370 pages fewer with this cache and
    /// ran 1 to 2 ms faster (of 18); a small store ran as fast as before. Pages read again come
    /// from the system's file cache. A writer keeps the default, for its transactions' pages.
    static let readerCacheKiB = 128
    /// Schema migrations this version knows, in order. Applied ones are recorded by name.
    static let migrations: [(name: String, sql: [String])] = [
        ("1-entries", [
            "CREATE TABLE entries(key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL) WITHOUT ROWID",
        ]),
    ]

    private static let selectSQL = "SELECT value FROM entries WHERE key = ?1"
    fileprivate static let upsertSQL =
        "INSERT INTO entries(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
    fileprivate static let deleteSQL = "DELETE FROM entries WHERE key = ?1"
    private static let rangeSQL = "SELECT key, value FROM entries WHERE key >= ?1 ORDER BY key"
    private static let allSQL = "SELECT key, value FROM entries ORDER BY key"
    private static let writeCountSQL = "SELECT count FROM write_counts WHERE namespace = ?1"

    let path: String?
    var isShared: Bool { true }
    /// Whether this store may write (``StoreAccess/readWrite``).
    let isWritable: Bool
    /// Whether the file has the table of entries: a store opened for reading may be a new one whose
    /// creator has not committed its schema yet, which reads as empty.
    private let hasEntries: Bool
    private let state: Mutex<State>
    /// Copies this process's commits, and the others' it notices, into the main file (`nil` when
    /// the store only reads: a reading connection cannot checkpoint).
    private let checkpointer: SQLiteCheckpointer?

    init(path: String, synchronous: SynchronousMode, access: StoreAccess) throws {
        // The file the path leads to: SQLite names the log and its index beside it, and so must the
        // ring and the file watch, or a store opened through a link would keep a ring of its own
        // (named after the link) that other processes never write, and miss their changes.
        let path = FilePaths.resolvingLinks(path)
        self.path = path
        // Taken before opening, so that a change made while it opens is seen at the next check; only
        // reading can open `immutable`.
        var files = access == .readOnly ? SQLiteFileCheck.FilesSignature(path: path) : nil
        var mode = try SQLiteFileCheck.prepare(path: path, access: access)
        var connection = try SQLiteConnection(path: path, mode: mode)
        let (size, header) = try connection.fileSizeAndHeader()
        try SQLiteFileCheck.validate(size: size, header: header, path: path)
        try connection.check(sqlite3_busy_timeout(connection.handle, 10_000), "busy_timeout")
        let dataVersion: Int64
        // Whether the file has the change log, when the schema check found out (a writer's open).
        var logFound: Bool?
        if mode.canWrite {
            if SQLiteFileCheck.headerExceedsFile(size: size, header: header) {
                // Maybe truncated, maybe a checkpoint under way elsewhere: SQLite decides, before
                // anything is written to a file that may be damaged.
                let verdict = try connection.strings("PRAGMA quick_check")
                guard verdict == ["ok"] else {
                    throw PersistenceError.damaged(path: path, reason: SQLiteConnection.damageReason(checkFound: verdict))
                }
            }
            logFound = try Self.prepareSchema(connection)
            try connection.execute("PRAGMA synchronous = \(synchronous.rawValue)")
            try connection.execute("PRAGMA wal_autocheckpoint = \(Self.walCheckpointPages)")
            hasEntries = true
            dataVersion = try connection.integer("PRAGMA data_version")
        } else {
            do {
                let reading = try Self.startReading(connection)
                (hasEntries, dataVersion) = (reading.hasEntries, reading.dataVersion)
            } catch let error as PersistenceError where mode != .immutable && Self.cannotGrowIndex(error, path: path) {
                // A full disk: SQLite cannot grow the -shm index that every reader of a log needs,
                // and reading would fail for want of a few kilobytes. With no log to read (none,
                // or empty), the file holds every committed write and no writer can add one (a
                // write needs room in the log), so it is read as `immutable`, which needs no index.
                // The failed attempt left an empty log and index behind: the files are compared with
                // what they are now, or the first check would take them for another process's write.
                mode = .immutable
                files = SQLiteFileCheck.FilesSignature(path: path)
                connection = try SQLiteConnection(path: path, mode: .immutable)
                try connection.check(sqlite3_busy_timeout(connection.handle, 10_000), "busy_timeout")
                let reading = try Self.startReading(connection)
                (hasEntries, dataVersion) = (reading.hasEntries, reading.dataVersion)
            }
        }
        isWritable = mode.canWrite
        // The file the connection opened, compared before each write with what is at `path` now.
        var fileWatch: StoreFileWatch?
        var checkpointer: SQLiteCheckpointer?
        if mode.canWrite {
            guard let opened = try SQLiteFileCheck.identity(of: path) else {
                throw PersistenceError.replaced(path: path, reason: "was deleted")
            }
            fileWatch = StoreFileWatch(path: path, identity: opened)
            checkpointer = SQLiteCheckpointer(path: path, identity: opened)
        }
        self.checkpointer = checkpointer
        let walIndex = mode == .immutable ? nil : WALIndexWatcher(connection: connection)
        state = Mutex(State(
            connection: connection, walIndex: walIndex,
            lastSignature: walIndex?.signature(), lastDataVersion: dataVersion,
            immutableFiles: mode == .immutable ? files : nil, fileWatch: fileWatch,
            countsWrites: mode.canWrite, hasChangeLog: false))
        try state.withLock { try Self.startChangeLog(&$0, path: path, writable: mode.canWrite, known: logFound) }
        if mode.canWrite {
            SQLiteExitCheckpoint.register(self) { [weak self] in self?.checkpointAtExit() }
        }
    }

    deinit {
        SQLiteExitCheckpoint.unregister(self)
        // Closing copies the log only when no other connection has the store open: with a server
        // or a screen holding it, a command's writes would stay in the log. So they are copied
        // first, as at exit; the checkpointer's connection closes before the store's, which is
        // then the last of this process.
        checkpointer?.close()
        if isWritable { checkpointAtExit() }
    }

    /// Makes `connection` read only and checks its schema (see ``checkSchemaForReading(_:)``);
    /// returns whether it has entries, and the data version, whose first read is the one that maps
    /// the `-shm` index (so a full disk fails here, where the caller can fall back).
    private static func startReading(_ connection: SQLiteConnection) throws -> (hasEntries: Bool, dataVersion: Int64) {
        try configureForReading(connection)
        let hasEntries = try checkSchemaForReading(connection)
        return (hasEntries, try connection.integer("PRAGMA data_version"))
    }

    /// Makes `connection` one that only reads, with a reader's page cache (``readerCacheKiB``).
    private static func configureForReading(_ connection: SQLiteConnection) throws {
        try connection.execute("PRAGMA query_only = 1")
        try connection.execute("PRAGMA cache_size = -\(readerCacheKiB)")
    }

    /// Whether `error` says that SQLite could not create or grow the `-shm` index (or found the
    /// disk full) while the store has no log to read: then the file alone can be read.
    private static func cannotGrowIndex(_ error: PersistenceError, path: String) -> Bool {
        guard case .sqlite(let code, _, _, _) = error else { return false }
        let shmSize = SQLITE_IOERR | (19 << 8)  // SQLITE_IOERR_SHMSIZE
        let shmOpen = SQLITE_IOERR | (18 << 8)  // SQLITE_IOERR_SHMOPEN
        guard code == shmSize || code == shmOpen || code & 0xFF == SQLITE_FULL else { return false }
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return errno == ENOENT }
        return info.st_size == 0
    }

    /// A passive checkpoint (it never waits for other processes' readers), skipped when another
    /// thread holds the connection: exit must not hang. Its failure has nobody left to tell; the log
    /// still holds every write and the next open reads it.
    private func checkpointAtExit() {
        state.withLockIfAvailable { state in
            _ = sqlite3_wal_checkpoint_v2(state.connection.handle, "main", SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        guard hasEntries else { return nil }
        return try state.withLock { try Self.read(key, on: $0.connection) }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try KeyCheck.validate(prefix)
        guard hasEntries else { return [] }
        return try state.withLock { try Self.read(keysWithPrefix: prefix, on: $0.connection) }
    }

    func visit(
        keysWithPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try KeyCheck.validate(prefix)
        guard hasEntries else { return }
        try state.withLock { try Self.visit(keysWithPrefix: prefix, on: $0.connection, body) }
    }

    func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
        // A reader that opened before the file had a schema reads it as empty; its count is unknown.
        guard hasEntries else { return nil }
        return try state.withLock { state in
            if !state.countsWrites {
                guard try Self.hasWriteCounts(state.connection) else { return nil }
                state.countsWrites = true
            }
            return try Self.writeCount(forNamespace: namespace, on: state.connection)
        }
    }

    func write(_ changes: [Change]) throws {
        if changes.count == 1 { return try write(changes[0]) }
        try KeyCheck.validate(changes)
        try checkWritable()
        guard !changes.isEmpty else { return }
        defer { checkpointer?.commitMade() }
        try state.withLock { state in
            try Self.commitOwnWrite(&state, keys: { changes.map(\.key) }) { state in
                for change in changes {
                    try Self.apply(change, in: &state)
                }
            }
        }
    }

    /// One change, as one statement that commits itself (see ``commitOneWrite(_:_:_:)``), with
    /// no array of changes or keys made for it: a store's `set` comes here.
    func write(_ change: Change) throws {
        try change.withBytes { try write(key: change.key, bytes: $0) }
    }

    /// Stores `bytes` under `key` (`nil` removes it), as writing one `Change` would: also the path
    /// of a store's `set` of a `Codable` value, whose bytes the encoder lends for the call (they
    /// are not kept).
    func write(key: String, bytes: UnsafeRawBufferPointer?) throws {
        try KeyCheck.validate(key)
        try checkWritable()
        defer { checkpointer?.commitMade() }
        try state.withLock { try Self.commitOneWrite(&$0, key, bytes) }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        // On a store opened for reading, a transaction that only reads (a dry run, a consistent
        // snapshot) works; one that would change something is refused before anything is written.
        guard isWritable else {
            return try state.withLock { state in
                UncheckedBox(try state.connection.readTransaction {
                    let reader = ConnectionReader(connection: state.connection, countsWrites: state.countsWrites)
                    let (result, changes) = try body(reader)
                    if !changes.isEmpty { try checkWritable() }
                    return result
                })
            }.value
        }
        var wrote = false
        defer { if wrote { checkpointer?.commitMade() } }
        return try state.withLock { state in
            let connection = state.connection
            var keys: [String] = []
            return UncheckedBox(try Self.commitOwnWrite(&state, keys: { keys }) { state in
                let (result, changes) = try body(ConnectionReader(connection: connection, countsWrites: true))
                try KeyCheck.validate(changes)
                for change in changes {
                    try Self.apply(change, in: &state)
                }
                keys = changes.map(\.key)
                wrote = !changes.isEmpty
                return result
            })
        }.value
    }

    func backup(to destination: String) throws {
        try state.withLock { try SQLiteBackup.copy(from: $0.connection, to: destination) }
    }

    func integrityCheck() throws -> [String] {
        guard hasEntries else { return ["ok"] }
        return try state.withLock { try $0.connection.strings("PRAGMA integrity_check") }
    }

    private func checkWritable() throws {
        guard isWritable else {
            throw PersistenceError.readOnly(path: path ?? "", reason: "it was opened for reading only")
        }
    }

    func changesByOthers() throws -> StoreChange? {
        let (changed, change) = try state.withLock { state -> (Bool, StoreChange?) in
            if let opened = state.immutableFiles {
                let files = SQLiteFileCheck.FilesSignature(path: path ?? "")
                guard files != opened else { return (false, nil) }
                try Self.reopenForReading(&state, path: path ?? "", files: files)
                return (true, .unknownOutside)
            }
            // The ring first: keys published since the last look (a commit's keys are published
            // just after it, maybe after the look its file event caused), in two loads when none.
            let published = Self.readRing(&state)
            // The WAL-index header in shared memory changes with every commit, ours included; it
            // costs two memory loads. Only when it moved do we ask SQLite, whose data_version
            // ignores this connection's own commits. The signature is read first, so a commit that
            // lands between the two reads is caught by data_version now or by the signature later.
            let signature = state.walIndex?.signature()
            if let signature, signature == state.lastSignature { return (published != nil, published) }
            let dataVersion = try state.connection.integer("PRAGMA data_version")
            guard dataVersion != state.lastDataVersion else {
                state.lastSignature = signature
                return (published != nil, published)
            }
            // Read before anything moves on: a failure leaves the next look to find it all again.
            let outside = try Self.readChangeLogAfterCommit(&state, path: path)
            state.lastSignature = signature
            state.lastDataVersion = dataVersion
            return (true, published.merged(with: outside))
        }
        // Another process's commit: that process copies it at its close or exit, unless a read of
        // ours held the copy back then; copying it from here too leaves nothing to chance.
        if changed { checkpointer?.commitMade() }
        return change
    }

    func changesByOthersBeforeLastWrite() throws -> StoreChange? {
        state.withLock { state in
            defer { state.earlierChanges = nil }
            return state.earlierChanges
        }
    }

    /// Watches the store's file and its log (`-wal`), which every commit writes.
    func watchChangesByOthers(_ handler: @escaping @Sendable () -> Void) -> ObservationToken? {
        guard let path else { return nil }
        return FileChangeWatch.start(files: [path, path + "-wal"], isSettled: { [weak self] in self?.ringIsSettled ?? true }, handler)
    }

    /// Whether every key in the ring is published (see ``ChangeRing/isSettled``).
    private var ringIsSettled: Bool {
        state.withLock { $0.ring?.isSettled ?? true }
    }

    /// Replaces an `immutable` connection after the files changed: immutable again when there is
    /// still no log, else an ordinary reading connection, which sees later commits by itself.
    private static func reopenForReading(_ state: inout State, path: String, files: SQLiteFileCheck.FilesSignature) throws {
        let mode = try SQLiteFileCheck.prepare(path: path, access: .readOnly)
        let connection = try SQLiteConnection(path: path, mode: mode)
        try connection.check(sqlite3_busy_timeout(connection.handle, 10_000), "busy_timeout")
        try configureForReading(connection)
        let walIndex = mode == .immutable ? nil : WALIndexWatcher(connection: connection)
        state.lastDataVersion = try connection.integer("PRAGMA data_version")
        state.connection = connection
        state.walIndex = walIndex
        state.lastSignature = walIndex?.signature()
        state.immutableFiles = mode == .immutable ? files : nil
    }

    /// Applies one change, inside a transaction of ``commitOwnWrite(_:keys:_:)``.
    static func apply(_ change: Change, in state: inout State) throws {
        try change.withBytes { try apply(change.key, $0, in: &state) }
    }

    /// Stores `bytes` under `key` (`nil` removes it) with the state's upsert (or delete) statement.
    static func apply(_ key: String, _ bytes: UnsafeRawBufferPointer?, in state: inout State) throws {
        try run(key, bytes, on: state.connection, statement: bytes == nil ? state.deleteStatement() : state.upsertStatement())
    }

    /// Binds and steps `statement` (the state's upsert for bytes, its delete for `nil`): what
    /// storing `bytes` under `key` asks of SQLite, without the backend's state.
    static func run(_ key: String, _ bytes: UnsafeRawBufferPointer?, on connection: SQLiteConnection, statement: OpaquePointer) throws {
        defer { sqlite3_reset(statement) }
        let sql = bytes == nil ? deleteSQL : upsertSQL
        try connection.withText(key, at: 1, of: statement, sql) {
            if let bytes { try connection.bindText(bytes, at: 2, of: statement, sql) }
            while try connection.step(statement, sql) {}
        }
    }

    fileprivate static func read(_ key: String, on connection: SQLiteConnection) throws -> Data? {
        let statement = try connection.statement(selectSQL)
        defer { sqlite3_reset(statement) }
        return try connection.withText(key, at: 1, of: statement, selectSQL) {
            try connection.step(statement, selectSQL) ? statement.columnData(0) : nil
        }
    }

    fileprivate static func read(
        keysWithPrefix prefix: String, on connection: SQLiteConnection
    ) throws -> [(key: String, value: Data)] {
        var rows: [(key: String, value: Data)] = []
        try visit(keysWithPrefix: prefix, on: connection) { key, value in
            rows.append((key: String(decoding: key, as: UTF8.self), value: Data(value)))
            return true
        }
        return rows
    }

    /// Steps the range query of the keys that start with `prefix` (every key for `""`), lending
    /// each row's key and value to `body` in key order straight from SQLite's buffers: no string,
    /// no `Data` and no array per row (for 4,000 rows, about half of reading them). Stepping stops
    /// when `body` returns false, so the rows after it are never read.
    fileprivate static func visit(
        keysWithPrefix prefix: String, on connection: SQLiteConnection,
        _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let sql = prefix.isEmpty ? allSQL : rangeSQL
        let statement = try connection.statement(sql)
        defer { sqlite3_reset(statement) }
        // Keys compare as bytes (BINARY collation), so the keys that start with the prefix follow
        // it in one run, found through the primary key's index; the run ends at the first key
        // without the prefix, tested here with `memcmp` (SQLite testing an upper bound on every
        // row cost about 130 instructions a row more).
        var prefix = prefix
        try prefix.withUTF8 { prefix in
            if !prefix.isEmpty { try connection.bindText(UnsafeRawBufferPointer(prefix), at: 1, of: statement, sql) }
            while try connection.step(statement, sql) {
                let key = statement.columnBytes(0)
                if let start = prefix.baseAddress, !prefix.isEmpty {
                    guard key.count >= prefix.count, let keyStart = key.baseAddress, memcmp(keyStart, start, prefix.count) == 0 else { return }
                }
                guard try body(key, statement.columnBytes(1)) else { return }
            }
        }
    }

    /// The count of `namespace` as `connection` sees it: 0 for a namespace never written.
    /// - Complexity: one lookup in the primary key of `write_counts`, a cached statement.
    fileprivate static func writeCount(forNamespace namespace: String, on connection: SQLiteConnection) throws -> Int {
        let statement = try connection.statement(writeCountSQL)
        defer { sqlite3_reset(statement) }
        return try connection.withText(namespace, at: 1, of: statement, writeCountSQL) {
            try connection.step(statement, writeCountSQL) ? Int(sqlite3_column_int64(statement, 0)) : 0
        }
    }

    private struct ConnectionReader: BackendReader {
        let connection: SQLiteConnection
        /// Whether the file is known to count writes; else it is asked (a store opened for reading).
        let countsWrites: Bool
        func read(_ key: String) throws -> Data? {
            try KeyCheck.validate(key)
            return try SQLiteBackend.read(key, on: connection)
        }
        func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
            try KeyCheck.validate(prefix)
            return try SQLiteBackend.read(keysWithPrefix: prefix, on: connection)
        }
        func visit(
            keysWithPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
        ) throws {
            try KeyCheck.validate(prefix)
            try SQLiteBackend.visit(keysWithPrefix: prefix, on: connection, body)
        }
        func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
            guard try countsWrites || SQLiteBackend.hasWriteCounts(connection) else { return nil }
            return try SQLiteBackend.writeCount(forNamespace: namespace, on: connection)
        }
    }
}
