import CSQLite
import FoundationEssentials

// Creating and checking the schema: migrations recorded by name, and a file that is not one of our
// stores (or is from a newer version) refused before anything is written to it.
extension SQLiteBackend {
    /// The write counts behind ``Store/writeCount(forNamespace:)``: a table, and triggers on
    /// `entries` that add 1 to a key's namespace for every row inserted, updated or deleted. Being
    /// triggers, they count every writer of the file: an older build of the program, the `sqlite3`
    /// shell, any tool that edits `entries`.
    ///
    /// Deliberately not a migration: an older build refuses a store with a migration it does not
    /// know, and it must keep opening and writing the store, for its writes to be counted. An
    /// older build's schema check only looks at migrations, so the extra table and triggers pass.
    ///
    /// The triggers add 1 with an UPSERT, which an outer statement's conflict clause (a hand edit's
    /// `INSERT OR REPLACE`) cannot override, unlike `INSERT OR IGNORE` followed by an `UPDATE`. The
    /// store's own UPSERT of an entry fires exactly one of them: AFTER INSERT for a new key, AFTER
    /// UPDATE for an existing one. A changed key (`UPDATE entries SET key = …`, never done by us)
    /// counts as the removal of the old key and the insertion of the new one.
    static let writeCountSchema: [String] = [
        "CREATE TABLE IF NOT EXISTS write_counts(namespace TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID",
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_insert AFTER INSERT ON entries BEGIN
            \(countWrite(of: "NEW.key"));
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_update AFTER UPDATE ON entries BEGIN
            \(countWrite(of: "NEW.key"));
            \(countWrite(of: "OLD.key", when: "OLD.key IS NOT NEW.key"));
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_delete AFTER DELETE ON entries BEGIN
            \(countWrite(of: "OLD.key"));
        END
        """,
    ]

    /// A trigger's statement that adds 1 to the namespace of `key` (the text up to and including
    /// its first ".", or "" without one: `instr` is 0 then), when `condition` holds.
    private static func countWrite(of key: String, when condition: String = "true") -> String {
        // `SELECT … WHERE`, not `VALUES`, for the condition; a WHERE clause also keeps SQLite from
        // reading the `ON CONFLICT` as a join constraint.
        "INSERT INTO write_counts(namespace, count) SELECT substr(\(key), 1, instr(\(key), '.')), 1"
            + " WHERE \(condition) ON CONFLICT(namespace) DO UPDATE SET count = count + 1"
    }

    /// Counts, when the table is first made, each entry already stored as one write of its namespace.
    static let seedWriteCountsSQL = """
        INSERT INTO write_counts(namespace, count)
        SELECT substr(key, 1, instr(key, '.')), count(*) FROM entries WHERE true GROUP BY 1
        ON CONFLICT(namespace) DO UPDATE SET count = count + excluded.count
        """

    /// Counts the objects of ``writeCountSchema`` present: all four of them, or writes go uncounted.
    private static let writeCountObjectsSQL = """
        SELECT count(*) FROM sqlite_master
        WHERE (type = 'table' AND name = 'write_counts')
           OR (type = 'trigger' AND tbl_name = 'entries'
               AND name IN ('write_counts_after_insert', 'write_counts_after_update', 'write_counts_after_delete'))
        """

    /// Whether the file has the write counts' table and all three triggers (read only).
    static func hasWriteCounts(_ connection: SQLiteConnection) throws -> Bool {
        try connection.integer(writeCountObjectsSQL) == 4
    }

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

    /// Switches a new file to write-ahead logging and returns the journal mode it then has. Two
    /// processes creating the store at once both ask for the switch, which takes an exclusive lock;
    /// SQLite answers one of them "database is locked" at once, without waiting (waiting could
    /// deadlock), so the switch is asked again for up to five seconds, or until the other process
    /// has made it.
    private static func switchToWriteAheadLogging(_ connection: SQLiteConnection) throws -> String? {
        var attempts = 0
        while true {
            do {
                return try connection.strings("PRAGMA journal_mode = WAL").first?.lowercased()
            } catch PersistenceError.sqlite(let code, _, _, _) where code & 0xFF == SQLITE_BUSY && attempts < 200 {
                attempts += 1
                sqlite3_sleep(25)
                if try connection.strings("PRAGMA journal_mode").first?.lowercased() == "wal" { return "wal" }
            }
        }
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
            let mode = try switchToWriteAheadLogging(connection)
            guard mode == "wal" else {
                throw PersistenceError.cannotOpen(path: path, reason: "the store cannot use write-ahead logging here")
            }
        }
        if tables.contains("migrations"),
           Set(try connection.strings("SELECT name FROM migrations")) == Set(Self.migrations.map(\.name)),
           try hasWriteCounts(connection) {
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
            // After the migrations, which create `entries`. Each is `IF NOT EXISTS`: a store made by
            // an older build gets what it lacks, and one that has them is left as it is.
            let hadCounts = try connection.integer(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'write_counts'") > 0
            for sql in Self.writeCountSchema {
                try connection.execute(sql)
            }
            // A store that held entries before it counted: each counts as one write, so that a
            // client can tell "written before counting began" from "never written" (a new store).
            if !hadCounts { try connection.execute(Self.seedWriteCountsSQL) }
        }
    }
}
