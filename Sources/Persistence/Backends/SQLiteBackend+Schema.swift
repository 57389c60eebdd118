import CSQLite
import FoundationEssentials

// Creating and checking the schema: migrations recorded by name, and a file that is not one of our
// stores (or is from a newer version) refused before anything is written to it.
extension SQLiteBackend {
    /// Checks, without writing, that the file is one of our stores (or a new one being created)
    /// and not from a newer version. Returns whether its table of entries exists.
    static func checkSchemaForReading(_ connection: SQLiteConnection) throws -> Bool {
        let tables = try connection.strings("SELECT name FROM sqlite_master WHERE type = 'table'")
        if tables.isEmpty { return false }
        guard try connection.integer("PRAGMA application_id") == Self.applicationID else {
            throw PersistenceError.foreignDatabase(path: connection.path)
        }
        if tables.contains("migrations") {
            let applied = Set(try connection.strings("SELECT name FROM migrations"))
            if let unknown = applied.subtracting(Self.migrations.map(\.name)).first {
                throw PersistenceError.newerFormat(path: connection.path, migration: unknown)
            }
        }
        return tables.contains("entries")
    }

    /// Creates the schema in a new file, or checks that an existing file is one of ours and not
    /// from a newer version. Reads come first, so a foreign or damaged file is never written.
    static func prepareSchema(_ connection: SQLiteConnection) throws {
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
}
