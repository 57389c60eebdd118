import CLibPQ
import FoundationEssentials
import Synchronization

/// The PostgreSQL backend: one row per key in `persistence_entries`, one libpq connection.
///
/// - Writes and transactions take one advisory lock (`pg_advisory_xact_lock`) for their whole
///   transaction, so a ``Store/transaction(_:)`` is exclusive across every machine, as with SQLite.
/// - Every commit sends `NOTIFY persistence_changes` with the keys it changed (``notice(of:)``);
///   each store `LISTEN`s, so changes made by other machines reach its observers, with their keys
///   (the store polls ``changesByOthers()``: PostgreSQL has no file to watch). A notice without
///   keys (an older build's, or a commit of more keys than a notification holds) says that anything
///   may have changed.
/// - Keys use the `"C"` collation: they sort as bytes, like the other backends.
/// - Values are `bytea`, sent and read in binary format: the stored bytes come back unchanged.
final class PostgresBackend: StorageBackend {
    /// The advisory lock every writer takes: "LTrk", as the SQLite store's application id.
    static let lockID: Int64 = 0x4C54_726B
    /// The notification channel of commits.
    static let channel = "persistence_changes"
    /// Schema migrations this version knows, in order. Applied ones are recorded by name, and a
    /// database holding one this version does not know is refused as ``PersistenceError/newerFormat(path:migration:)``.
    static let migrations: [(name: String, sql: [String])] = [
        ("1-entries", [
            "CREATE TABLE persistence_entries(key text COLLATE \"C\" PRIMARY KEY, value bytea NOT NULL)",
        ]),
    ]
    /// At most this many rows go in one multi-row statement (the protocol allows 65,535 parameters).
    static let rowsPerStatement = 500

    private static let selectSQL = "SELECT value FROM persistence_entries WHERE key = $1"
    private static let rangeSQL =
        "SELECT key, value FROM persistence_entries WHERE key >= $1 AND key < $2 ORDER BY key"
    private static let allSQL = "SELECT key, value FROM persistence_entries ORDER BY key"

    let path: String?
    var isShared: Bool { true }
    private let connection: Mutex<PostgresConnection>

    init(connectionString: String, applicationName: String?) throws {
        var info = try PostgresConnectionInfo(connectionString)
        info.applicationName = applicationName
        let connection = try PostgresConnection(info: info)
        try Self.prepareSchema(connection)
        try connection.execute("LISTEN \(Self.channel)")
        path = info.location
        self.connection = Mutex(connection)
    }

    /// Creates the tables in an empty database, or checks that an existing one is not from a newer
    /// version, under the writers' lock (two machines may start at once).
    private static func prepareSchema(_ connection: PostgresConnection) throws {
        try transaction(on: connection) {
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS persistence_migrations(name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            let rows = try connection.execute("SELECT name FROM persistence_migrations")
            let applied = Set(rows.rows.indices.compactMap { rows.text($0, 0) })
            let known = Set(migrations.map(\.name))
            if let unknown = applied.subtracting(known).sorted().first {
                throw PersistenceError.newerFormat(path: connection.info.location, migration: unknown)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for sql in migration.sql { try connection.execute(sql) }
                try connection.execute("INSERT INTO persistence_migrations(name) VALUES($1)", [.text(migration.name)])
            }
        }
    }

    func read(_ key: String) throws -> Data? {
        try connection.withLock { connection in
            try connection.ensureConnected()
            return try Self.read(key, on: connection)
        }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try connection.withLock { connection in
            try connection.ensureConnected()
            return try Self.read(keysWithPrefix: prefix, on: connection)
        }
    }

    func write(_ changes: [Change]) throws {
        try KeyCheck.validate(changes)
        try connection.withLock { connection in
            try connection.ensureConnected()
            try Self.transaction(on: connection) {
                try Self.apply(changes, on: connection)
            }
        }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try connection.withLock { connection in
            try connection.ensureConnected()
            return UncheckedBox(try Self.transaction(on: connection) {
                let (result, changes) = try body(ConnectionReader(connection: connection))
                try KeyCheck.validate(changes)
                try Self.apply(changes, on: connection)
                return result
            })
        }.value
    }

    /// One round trip to the server (the price of reading another machine's commit at the next
    /// read, which a server cannot announce any cheaper), then the notifications it delivered.
    /// Our own commits notify us too; they are told apart by the sender's process id.
    func changesByOthers() throws -> StoreChange? {
        try connection.withLock { connection in
            try connection.ensureConnected()
            if connection.wasReset {
                // A new session: listen again, and assume we missed whatever happened meanwhile.
                try connection.execute("LISTEN \(Self.channel)")
                connection.acknowledgeReset()
                return .unknownOutside
            }
            try connection.roundTrip()
            let own = connection.backendPID
            let others = connection.notifications().filter { $0.sender != own }.map { Self.keys(inNotice: $0.payload) }
            guard !others.isEmpty else { return nil }
            return StoreChange(keys: others.flatMap { $0 ?? [] }, isComplete: !others.contains { $0 == nil }, origin: .outside)
        }
    }

    /// A notification's payload holds at most 7,999 bytes (PostgreSQL's limit).
    static let noticeLimit = 7_999

    /// The payload that names `keys`: each as its length in UTF-8 bytes, ":", and the key (a key
    /// may hold any character but NUL), or "" (anything may have changed) when they do not fit.
    static func notice(of keys: [String]) -> String {
        var payload = ""
        for key in keys {
            payload += "\(key.utf8.count):\(key)"
            if payload.utf8.count > noticeLimit { return "" }
        }
        return payload
    }

    /// The keys a payload of ``notice(of:)`` names; `nil` for "" (or any payload not in its form).
    static func keys(inNotice payload: String) -> [String]? {
        var keys: [String] = []
        var rest = Substring(payload).utf8[...]
        while !rest.isEmpty {
            guard let colon = rest.firstIndex(of: UInt8(ascii: ":")),
                  let length = Int(String(decoding: rest[..<colon], as: UTF8.self)), length >= 0,
                  rest.distance(from: rest.index(after: colon), to: rest.endIndex) >= length else { return nil }
            let start = rest.index(after: colon)
            let end = rest.index(start, offsetBy: length)
            keys.append(String(decoding: rest[start..<end], as: UTF8.self))
            rest = rest[end...]
        }
        return keys.isEmpty ? nil : keys
    }

    // MARK: - Statements

    /// Runs `body` in `BEGIN … COMMIT` holding the writers' lock, rolling back if it throws.
    private static func transaction<T>(on connection: PostgresConnection, _ body: () throws -> T) throws -> T {
        try connection.execute("BEGIN")
        do {
            try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [.text(String(lockID))])
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            // The rollback's own failure (a lost connection) would hide the error that caused it;
            // the server aborts the transaction either way.
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private static func apply(_ changes: [Change], on connection: PostgresConnection) throws {
        guard !changes.isEmpty else { return }
        // The last change of a key wins, as if applied one by one; a multi-row upsert may not
        // name a key twice.
        var latest: [String: Data?] = [:]
        var order: [String] = []
        for change in changes {
            if latest[change.key] == nil { order.append(change.key) }
            latest[change.key] = .some(change.value)
        }
        let upserts = order.compactMap { key in latest[key].flatMap { $0 }.map { (key, $0) } }
        let deletes = order.filter { latest[$0].map { $0 == nil } ?? false }
        for start in stride(from: 0, to: upserts.count, by: rowsPerStatement) {
            let chunk = upserts[start..<min(start + rowsPerStatement, upserts.count)]
            let rows = chunk.indices.map { "($\(2 * ($0 - start) + 1), $\(2 * ($0 - start) + 2))" }.joined(separator: ", ")
            try connection.execute(
                "INSERT INTO persistence_entries(key, value) VALUES \(rows) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                chunk.flatMap { [.text($0.0), .bytes($0.1)] })
        }
        for start in stride(from: 0, to: deletes.count, by: rowsPerStatement) {
            let chunk = deletes[start..<min(start + rowsPerStatement, deletes.count)]
            let list = chunk.indices.map { "$\($0 - start + 1)" }.joined(separator: ", ")
            try connection.execute("DELETE FROM persistence_entries WHERE key IN (\(list))", chunk.map { .text($0) })
        }
        try connection.execute("SELECT pg_notify($1, $2)", [.text(channel), .text(notice(of: order))])
    }

    fileprivate static func read(_ key: String, on connection: PostgresConnection) throws -> Data? {
        try KeyCheck.validate(key)
        let rows = try connection.execute(selectSQL, [.text(key)], prepare: true)
        return rows.rows.first?.first ?? nil
    }

    fileprivate static func read(
        keysWithPrefix prefix: String, on connection: PostgresConnection
    ) throws -> [(key: String, value: Data)] {
        try KeyCheck.validate(prefix)
        // Keys compare as bytes ("C" collation). U+10FFFF is the largest code point, so every key
        // that starts with the prefix sorts below prefix + U+10FFFF (short of keys that continue
        // with that non-character itself); the range uses the primary key's index.
        let rows = prefix.isEmpty
            ? try connection.execute(allSQL)
            : try connection.execute(rangeSQL, [.text(prefix), .text(prefix + "\u{10FFFF}")], prepare: true)
        return rows.rows.map { row in
            (key: String(decoding: row[0] ?? Data(), as: UTF8.self), value: row[1] ?? Data())
        }
    }

    private struct ConnectionReader: BackendReader {
        let connection: PostgresConnection
        func read(_ key: String) throws -> Data? { try PostgresBackend.read(key, on: connection) }
        func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
            try PostgresBackend.read(keysWithPrefix: prefix, on: connection)
        }
    }
}
