import CSQLite
import Foundation
import Synchronization

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
/// A write is one upsert of one row: its cost does not grow with the number of keys.
final class SQLiteBackend: StorageBackend {
    /// The connection and what the last change check saw. All access goes through the mutex.
    private struct State: @unchecked Sendable {
        // @unchecked: `walIndex` points into memory owned by `connection`; both live and die together
        // inside the backend's mutex.
        let connection: SQLiteConnection
        let walIndex: WALIndexWatcher?
        var lastSignature: WALIndexWatcher.Signature?
        var lastDataVersion: Int64
    }

    /// Marks our stores in the SQLite header (`PRAGMA application_id`): "LTrk".
    static let applicationID: Int64 = 0x4C54_726B
    /// Schema migrations this version knows, in order. Applied ones are recorded by name.
    static let migrations: [(name: String, sql: [String])] = [
        ("1-entries", [
            "CREATE TABLE entries(key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL) WITHOUT ROWID",
        ]),
    ]

    private static let selectSQL = "SELECT value FROM entries WHERE key = ?1"
    private static let upsertSQL =
        "INSERT INTO entries(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
    private static let deleteSQL = "DELETE FROM entries WHERE key = ?1"
    private static let rangeSQL = "SELECT key, value FROM entries WHERE key >= ?1 AND key < ?2 ORDER BY key"
    private static let allSQL = "SELECT key, value FROM entries ORDER BY key"

    let path: String?
    var isShared: Bool { true }
    private let state: Mutex<State>

    init(path: String, synchronous: SynchronousMode) throws {
        self.path = path
        try SQLiteFileCheck.ensureDirectory(for: path)
        let connection = try SQLiteConnection(path: path)
        let (size, header) = try connection.fileSizeAndHeader()
        try SQLiteFileCheck.validate(size: size, header: header, path: path)
        try connection.check(sqlite3_busy_timeout(connection.handle, 10_000), "busy_timeout")
        // Every command-line run opens and closes the store. Checkpointing the log at each close
        // costs two fsyncs and recreating the log and its index at the next open; the log is as
        // durable as the database, and writers checkpoint it every 1,000 pages anyway.
        try connection.check(csqlite_disable_checkpoint_on_close(connection.handle), "SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE")
        try Self.prepareSchema(connection)
        try connection.execute("PRAGMA synchronous = \(synchronous.rawValue)")
        let dataVersion = try connection.integer("PRAGMA data_version")
        let walIndex = WALIndexWatcher(connection: connection)
        state = Mutex(State(
            connection: connection, walIndex: walIndex,
            lastSignature: walIndex?.signature(), lastDataVersion: dataVersion))
    }

    /// Creates the schema in a new file, or checks that an existing file is one of ours and not
    /// from a newer version. Reads come first, so a foreign or damaged file is never written.
    private static func prepareSchema(_ connection: SQLiteConnection) throws {
        let path = connection.path
        let tables = try connection.strings("SELECT name FROM sqlite_master WHERE type = 'table'")
        let applicationID = try connection.integer("PRAGMA application_id")
        if !tables.isEmpty && applicationID != Self.applicationID {
            throw PersistenceError.foreignDatabase(path: path)
        }
        if try connection.strings("PRAGMA journal_mode").first?.lowercased() != "wal" {
            let mode = try connection.strings("PRAGMA journal_mode = WAL").first?.lowercased()
            guard mode == "wal" else {
                throw PersistenceError.cannotOpen(path: path, reason: "the store cannot use write-ahead logging here")
            }
        }
        if tables.contains("migrations"),
           Set(try connection.strings("SELECT name FROM migrations")) == Set(Self.migrations.map(\.name)) {
            return  // Up to date: opening writes nothing and takes no write lock.
        }
        try connection.immediateTransaction {
            // Checked again under the write lock: another process may have created it meanwhile.
            let hasMigrations = try connection.integer(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'migrations'") > 0
            if !hasMigrations {
                try connection.execute("CREATE TABLE migrations(name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
                try connection.execute("PRAGMA application_id = \(Self.applicationID)")
            }
            let applied = Set(try connection.strings("SELECT name FROM migrations"))
            let known = Set(Self.migrations.map(\.name))
            if let unknown = applied.subtracting(known).first {
                throw PersistenceError.newerFormat(path: path, migration: unknown)
            }
            for migration in Self.migrations where !applied.contains(migration.name) {
                for sql in migration.sql {
                    try connection.execute(sql)
                }
                try connection.execute(
                    "INSERT INTO migrations(name, applied_at) VALUES('\(migration.name)', datetime('now'))")
            }
        }
    }

    func read(_ key: String) throws -> Data? {
        try state.withLock { try Self.read(key, on: $0.connection) }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try state.withLock { try Self.read(keysWithPrefix: prefix, on: $0.connection) }
    }

    func write(_ changes: [Change]) throws {
        try state.withLock { state in
            let connection = state.connection
            if changes.count == 1 {
                // One statement is its own transaction: no BEGIN/COMMIT round trips.
                try Self.apply(changes[0], on: connection)
            } else {
                try connection.immediateTransaction {
                    for change in changes {
                        try Self.apply(change, on: connection)
                    }
                }
            }
        }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try state.withLock { state in
            let connection = state.connection
            return UncheckedBox(try connection.immediateTransaction {
                let (result, changes) = try body(ConnectionReader(connection: connection))
                for change in changes {
                    try Self.apply(change, on: connection)
                }
                return result
            })
        }.value
    }

    func hasExternalChanges() throws -> Bool {
        try state.withLock { state in
            // The WAL-index header in shared memory changes with every commit, ours included; it
            // costs two memory loads. Only when it moved do we ask SQLite, whose data_version
            // ignores this connection's own commits. The signature is read first, so a commit that
            // lands between the two reads is caught by data_version now or by the signature later.
            let signature = state.walIndex?.signature()
            if let signature, signature == state.lastSignature { return false }
            let dataVersion = try state.connection.integer("PRAGMA data_version")
            state.lastSignature = signature
            guard dataVersion != state.lastDataVersion else { return false }
            state.lastDataVersion = dataVersion
            return true
        }
    }

    private static func apply(_ change: Change, on connection: SQLiteConnection) throws {
        if let value = change.value {
            let statement = try connection.statement(upsertSQL)
            defer { sqlite3_reset(statement) }
            try change.key.withCString { key in
                try value.withUnsafeBytes { bytes in
                    sqlite3_bind_text(statement, 1, key, -1, csqlite_static())
                    if let base = bytes.baseAddress {
                        sqlite3_bind_text(
                            statement, 2, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), csqlite_static())
                    } else {
                        sqlite3_bind_text(statement, 2, "", 0, csqlite_transient())
                    }
                    _ = try connection.step(statement, upsertSQL)
                }
            }
        } else {
            let statement = try connection.statement(deleteSQL)
            defer { sqlite3_reset(statement) }
            try change.key.withCString { key in
                sqlite3_bind_text(statement, 1, key, -1, csqlite_static())
                _ = try connection.step(statement, deleteSQL)
            }
        }
    }

    fileprivate static func read(_ key: String, on connection: SQLiteConnection) throws -> Data? {
        let statement = try connection.statement(selectSQL)
        defer { sqlite3_reset(statement) }
        return try key.withCString { key in
            sqlite3_bind_text(statement, 1, key, -1, csqlite_static())
            return try connection.step(statement, selectSQL) ? statement.columnData(0) : nil
        }
    }

    fileprivate static func read(
        keysWithPrefix prefix: String, on connection: SQLiteConnection
    ) throws -> [(key: String, value: Data)] {
        let sql = prefix.isEmpty ? allSQL : rangeSQL
        let statement = try connection.statement(sql)
        defer { sqlite3_reset(statement) }
        // Keys compare as bytes (BINARY collation); no valid UTF-8 byte is 0xFF, so every key that
        // starts with the prefix sorts below prefix + 0xFF. The range uses the primary key's index.
        let lower = Array(prefix.utf8)
        let upper = lower + [0xFF]
        var rows: [(key: String, value: Data)] = []
        try lower.withUnsafeBufferPointer { lower in
            try upper.withUnsafeBufferPointer { upper in
                if !prefix.isEmpty {
                    lower.withMemoryRebound(to: CChar.self) {
                        _ = sqlite3_bind_text(statement, 1, $0.baseAddress, Int32($0.count), csqlite_static())
                    }
                    upper.withMemoryRebound(to: CChar.self) {
                        _ = sqlite3_bind_text(statement, 2, $0.baseAddress, Int32($0.count), csqlite_static())
                    }
                }
                while try connection.step(statement, sql) {
                    rows.append((key: statement.columnString(0), value: statement.columnData(1)))
                }
            }
        }
        return rows
    }

    private struct ConnectionReader: BackendReader {
        let connection: SQLiteConnection
        func read(_ key: String) throws -> Data? { try SQLiteBackend.read(key, on: connection) }
        func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
            try SQLiteBackend.read(keysWithPrefix: prefix, on: connection)
        }
    }
}
