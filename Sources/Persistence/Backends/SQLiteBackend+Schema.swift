import CSQLite
import FoundationEssentials

// Creating and checking the schema: migrations recorded by name, and a file that is not one of our
// stores (or is from a newer version) refused before anything is written to it.
extension SQLiteBackend {
    /// The outside write counts behind ``Store/outsideWriteCount(forNamespace:)``, and the log
    /// table of outside changes: two tables, and triggers on `entries` that, for every row another
    /// program inserts, updates or deletes, add 1 to the key's namespace and append the key to
    /// `changes` (see SQLiteBackend+ChangeLog). "Another program" is any connection but this
    /// library's while it writes: an older build, the `sqlite3` shell, any tool that edits
    /// `entries`. This library's writers turn the triggers off for their connection (or, should
    /// SQLite refuse, set its last insert rowid to ``ownWriteMark``, which the triggers' `WHEN`
    /// clause skips): they cost no second page per commit, and are logged in the ring (ChangeRing)
    /// instead.
    ///
    /// Deliberately not a migration: an older build refuses a store with a migration it does not
    /// know, and it must keep opening and writing the store, for its writes to be counted. An
    /// older build's schema check only looks at migrations and at the triggers' names, so the extra
    /// tables and these triggers pass, and its writes are counted and logged.
    ///
    /// The triggers add 1 with an UPSERT, which an outer statement's conflict clause (a hand edit's
    /// `INSERT OR REPLACE`) cannot override, unlike `INSERT OR IGNORE` followed by an `UPDATE`. An
    /// UPSERT of an entry fires exactly one of them: AFTER INSERT for a new key, AFTER UPDATE for
    /// an existing one. A changed key (`UPDATE entries SET key = …`, never done by us) counts as the
    /// removal of the old key and the insertion of the new one.
    static let writeCountSchema: [String] = [
        "CREATE TABLE IF NOT EXISTS write_counts(namespace TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS changes(seq INTEGER PRIMARY KEY, key TEXT NOT NULL)",
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_insert AFTER INSERT ON entries \(outsideOnly) BEGIN
            \(countWrite(of: "NEW.key"));
            \(logChange(of: "NEW.key"));
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_update AFTER UPDATE ON entries \(outsideOnly) BEGIN
            \(countWrite(of: "NEW.key"));
            \(countWrite(of: "OLD.key", when: "OLD.key IS NOT NEW.key"));
            \(logChange(of: "OLD.key", when: "OLD.key IS NOT NEW.key"));
            \(logChange(of: "NEW.key"));
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS write_counts_after_delete AFTER DELETE ON entries \(outsideOnly) BEGIN
            \(countWrite(of: "OLD.key"));
            \(logChange(of: "OLD.key"));
        END
        """,
    ]

    /// The triggers' condition: a write not made by this library (see ``ownWriteMark``).
    private static let outsideOnly = "WHEN last_insert_rowid() IS NOT \(ownWriteMark)"

    /// The triggers as earlier builds made them, which count and log every writer's changes: replaced
    /// by ``writeCountSchema``'s at the first open for writing.
    private static let earlierTriggers: [String: [String]] = [
        "write_counts_after_insert": [
            "CREATE TRIGGER write_counts_after_insert AFTER INSERT ON entries BEGIN \(countWrite(of: "NEW.key")); END",
            "CREATE TRIGGER write_counts_after_insert AFTER INSERT ON entries BEGIN"
                + " \(countWrite(of: "NEW.key")); \(logChange(of: "NEW.key")); END",
        ],
        "write_counts_after_update": [
            "CREATE TRIGGER write_counts_after_update AFTER UPDATE ON entries BEGIN"
                + " \(countWrite(of: "NEW.key")); \(countWrite(of: "OLD.key", when: "OLD.key IS NOT NEW.key")); END",
            "CREATE TRIGGER write_counts_after_update AFTER UPDATE ON entries BEGIN"
                + " \(countWrite(of: "NEW.key")); \(countWrite(of: "OLD.key", when: "OLD.key IS NOT NEW.key"));"
                + " \(logChange(of: "OLD.key", when: "OLD.key IS NOT NEW.key")); \(logChange(of: "NEW.key")); END",
        ],
        "write_counts_after_delete": [
            "CREATE TRIGGER write_counts_after_delete AFTER DELETE ON entries BEGIN \(countWrite(of: "OLD.key")); END",
            "CREATE TRIGGER write_counts_after_delete AFTER DELETE ON entries BEGIN"
                + " \(countWrite(of: "OLD.key")); \(logChange(of: "OLD.key")); END",
        ],
    ]

    /// SQL with every run of white space made one space, and without `IF NOT EXISTS` (which
    /// SQLite leaves out of the text it keeps).
    private static func normalized(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").replacing("IF NOT EXISTS ", with: "")
    }

    /// A trigger's statement that appends `key` to the change log, when `condition` holds.
    private static func logChange(of key: String, when condition: String = "true") -> String {
        "INSERT INTO changes(key) SELECT \(key) WHERE \(condition)"
    }

    /// Whether the file has the change log and the triggers that fill it (read only).
    static func hasChangeLog(_ connection: SQLiteConnection) throws -> Bool {
        try SchemaObjects(connection).hasChangeLog
    }

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

    /// The tables each migration creates, with their columns in order: what a store that recorded
    /// the migration has, and one that did not record it lacks.
    static let migrationTables: [String: [(table: String, columns: [String])]] = [
        "1-entries": [("entries", ["key", "value"])],
    ]

    /// The names of the triggers this program makes (``writeCountSchema``); any other is foreign.
    static let ownTriggers: Set<String> = ["write_counts_after_insert", "write_counts_after_update", "write_counts_after_delete"]

    /// The tables and triggers of a file, from one read of `sqlite_master`.
    struct SchemaObjects {
        var tables: Set<String> = []
        var triggers: [String] = []
        /// Our triggers on `entries` whose statements fill the change log.
        private var loggingTriggers: Set<String> = []
        /// Those of them that skip this library's writes (the current ones).
        private var outsideOnlyTriggers: Set<String> = []

        init(_ connection: SQLiteConnection) throws {
            let statement = try connection.statement(Self.sql)
            defer { sqlite3_reset(statement) }
            while try connection.step(statement, Self.sql) {
                let name = statement.columnString(1)
                if statement.columnString(0) == "table" {
                    tables.insert(name)
                } else {
                    triggers.append(name)
                    if statement.columnString(2) == "entries", sqlite3_column_int64(statement, 3) != 0 {
                        loggingTriggers.insert(name)
                        if sqlite3_column_int64(statement, 4) != 0 { outsideOnlyTriggers.insert(name) }
                    }
                }
            }
        }

        /// SQLite's `instr` looks for the statements in each trigger's text: a plain byte search, where
        /// `String.contains` cost every command 1.8 M instructions for three triggers.
        private static let sql = "SELECT type, name, tbl_name, instr(sql, 'INSERT INTO changes') > 0,"
            + " instr(sql, '\(SQLiteBackend.outsideOnly)') > 0 FROM sqlite_master WHERE type IN ('table', 'trigger')"

        /// Whether the write counts' table and all three triggers are there.
        var hasWriteCounts: Bool { tables.contains("write_counts") && SQLiteBackend.ownTriggers.isSubset(of: triggers) }
        /// Whether the change log's table is there, and all three triggers fill it.
        var hasChangeLog: Bool { tables.contains("changes") && SQLiteBackend.ownTriggers.isSubset(of: loggingTriggers) }
        /// Whether the triggers are this version's, which skip this library's writes.
        var isCurrent: Bool { hasWriteCounts && hasChangeLog && SQLiteBackend.ownTriggers.isSubset(of: outsideOnlyTriggers) }
    }

    /// Checks that the schema of one of our stores is what its migrations recorded, and returns
    /// the migrations applied. A table that a recorded migration made and that is missing or has
    /// other columns, a table that an unrecorded one would make, a missing or emptied record of
    /// migrations, or a trigger this program did not make: each means another program changed the
    /// store, and every statement on it could fail or do something else than asked, so the store is
    /// refused as damaged, naming what is wrong.
    /// - Complexity: one read of `migrations` and one `table_info` per table: a few pages, at open only.
    static func verifiedMigrations(_ connection: SQLiteConnection, objects: SchemaObjects) throws -> Set<String> {
        let path = connection.path
        guard objects.tables.contains("migrations") else {
            throw PersistenceError.damaged(path: path, reason: "its record of schema changes (the table 'migrations') is missing")
        }
        let applied = Set(try connection.strings("SELECT name FROM migrations"))
        if let unknown = applied.subtracting(Self.migrations.map(\.name)).first {
            throw PersistenceError.newerFormat(path: path, migration: unknown)
        }
        for migration in Self.migrations {
            for (table, columns) in migrationTables[migration.name] ?? [] {
                let exists = objects.tables.contains(table)
                guard applied.contains(migration.name) else {
                    if exists {
                        throw PersistenceError.damaged(
                            path: path, reason: "it has the table '\(table)', but its record of schema changes"
                                + " (the table 'migrations') does not list the change that makes it")
                    }
                    continue
                }
                guard exists else {
                    throw PersistenceError.damaged(path: path, reason: "its table '\(table)' is missing")
                }
                let found = try connection.strings("SELECT name FROM pragma_table_info('\(table)')")
                guard found == columns else {
                    let listed = found.map { "'\(PersistenceError.printable($0))'" }.joined(separator: ", ")
                    throw PersistenceError.damaged(
                        path: path, reason: "its table '\(table)' has the columns \(listed.isEmpty ? "(none)" : listed)"
                            + " instead of \(columns.map { "'\($0)'" }.joined(separator: ", "))")
                }
            }
        }
        if let foreign = objects.triggers.first(where: { !ownTriggers.contains($0) }) {
            throw PersistenceError.damaged(
                path: path, reason: "it has a trigger '\(PersistenceError.printable(foreign))' that this program did not make,"
                    + " which can refuse or change its writes")
        }
        return applied
    }

    /// Checks, without writing, that the file is one of our stores (or a new one being created),
    /// not from a newer version, and with the schema its migrations recorded
    /// (``verifiedMigrations(_:objects:)``). Returns whether its table of entries exists.
    static func checkSchemaForReading(_ connection: SQLiteConnection) throws -> Bool {
        let objects = try SchemaObjects(connection)
        if objects.tables.isEmpty { return false }
        guard try connection.integer("PRAGMA application_id") == Self.applicationID else {
            throw PersistenceError.foreignDatabase(path: connection.path)
        }
        _ = try verifiedMigrations(connection, objects: objects)
        return objects.tables.contains("entries")
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
    /// - Returns: whether the file has the change log now (a trigger someone else changed keeps it out).
    static func prepareSchema(_ connection: SQLiteConnection) throws -> Bool {
        let path = connection.path
        let objects = try SchemaObjects(connection)
        let applicationID = try connection.integer("PRAGMA application_id")
        if !objects.tables.isEmpty && applicationID != Self.applicationID {
            throw PersistenceError.foreignDatabase(path: path)
        }
        let applied = objects.tables.isEmpty ? [] : try verifiedMigrations(connection, objects: objects)
        if try connection.strings("PRAGMA journal_mode").first?.lowercased() != "wal" {
            let mode = try switchToWriteAheadLogging(connection)
            guard mode == "wal" else {
                throw PersistenceError.cannotOpen(path: path, reason: "the store cannot use write-ahead logging here")
            }
        }
        if applied == Set(Self.migrations.map(\.name)), objects.isCurrent {
            return true  // Up to date: opening writes nothing and takes no write lock.
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
            // Triggers exactly as earlier builds made them: replaced by this version's. A trigger
            // someone else changed is left as it is (and reported by the writes it breaks).
            for (name, sql) in try connection.rows("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
            where (Self.earlierTriggers[name] ?? []).contains(where: { Self.normalized($0) == Self.normalized(sql) }) {
                try connection.execute("DROP TRIGGER \(name)")
            }
            for sql in Self.writeCountSchema {
                try connection.execute(sql)
            }
            // A store that held entries before it counted: each counts as one write, so that a
            // client can tell "written before counting began" from "never written" (a new store).
            if !hadCounts { try connection.execute(Self.seedWriteCountsSQL) }
        }
        return try hasChangeLog(connection)
    }
}
