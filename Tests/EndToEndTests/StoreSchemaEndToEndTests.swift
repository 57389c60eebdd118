import Foundation
import Testing
import TestSupport

/// A store whose schema is not what its migrations recorded is damaged: every command refuses it,
/// naming the file and what to do, and `doctor` exits 1 naming the problem. And what SQLite, libpq,
/// Foundation and the system say reaches the user as our sentences, never as SQL or raw text.
@Suite("A changed schema and raw error text, end to end")
struct StoreSchemaEndToEndTests {
    /// The bytes of the store's files, to show that a refused command changed none of them
    /// (`snapshot()` opens the store, which a damaged schema refuses).
    private func files(of leettrack: LeetTrackRunner) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: leettrack.storePath + suffix) {
            files[suffix] = try Data(contentsOf: URL(fileURLWithPath: leettrack.storePath + suffix))
        }
        return files
    }

    /// Words of SQLite's, SQL's and Foundation's own text that a message must not carry.
    private static let rawText = [
        "SQLite result code", "no such table", "no such column", "already exists", "main.", "SELECT", "INSERT",
        "UPDATE", "nosuchtable", "The given data", "JSON path", "json_extract",
    ]

    @Test("a store whose schema another program changed is refused by every command, doctor exits 1 naming it", arguments: [
        ("DROP TABLE entries", "its table 'entries' is missing"),
        ("ALTER TABLE entries RENAME COLUMN value TO v", "its table 'entries' has the columns 'key', 'v' instead of 'key', 'value'"),
        ("DELETE FROM migrations",
         "it has the table 'entries', but its record of schema changes (the table 'migrations') does not list the change that makes it"),
        ("DROP TABLE migrations", "its record of schema changes (the table 'migrations') is missing"),
        ("CREATE TRIGGER t1 AFTER INSERT ON entries BEGIN INSERT INTO nosuchtable VALUES(1); END",
         "it has a trigger 't1' that this program did not make"),
    ])
    func changedSchema(edit: String, problem: String) throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "2")
        try leettrack.sqlite3(edit)
        let before = try files(of: leettrack)

        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1, "\(edit): \(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains("the store at \(leettrack.storePath) is damaged: \(problem)"), "\(edit): \(doctor.stdout)")
        #expect(!doctor.stdout.contains("No problems found"))
        for arguments in [["fav", "3"], ["list", "--favorites"], ["stats"], ["export"], ["show", "1"],
                          ["backup", leettrack.directory.appendingPathComponent("copy.sqlite").path]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 1, "\(edit) \(arguments): \(result.stdout)")
            #expect(result.stdout.isEmpty, "\(edit) \(arguments): \(result.stdout)")
            #expect(result.stderr.hasPrefix("Error: the store at \(leettrack.storePath) is damaged: \(problem)"),
                    "\(edit) \(arguments): \(result.stderr)")
            // What to do: keep the files together and rescue from copies; doctor checks the rest.
            #expect(result.stderr.contains("work on copies") && result.stderr.contains("`leettrack doctor`"), "\(result.stderr)")
            for raw in Self.rawText { #expect(!result.stderr.contains(raw), "\(edit) \(arguments): \(raw): \(result.stderr)") }
        }
        #expect(!FileManager.default.fileExists(atPath: leettrack.directory.appendingPathComponent("copy.sqlite").path))
        #expect(try files(of: leettrack) == before)
    }

    @Test("a schema changed while a command runs is a sentence without SQL or SQLite's own text")
    func sqliteErrorAfterOpen() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        // An index of another program's whose expression fails on the next problem's record: the
        // open's check passes, the write fails inside SQLite.
        try leettrack.sqlite3("""
            CREATE INDEX nosuchtable ON entries(json_extract(value, '$[')) WHERE key = 'progress.add-two-numbers';
            """)
        let before = try files(of: leettrack)
        let result = try leettrack.run("fav", "2")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: SQLite could not read or write the store at \(leettrack.storePath): its tables are not as this program made them"), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed. `leettrack doctor` checks the whole store."), "\(result.stderr)")
        for raw in Self.rawText { #expect(!result.stderr.contains(raw), "\(raw): \(result.stderr)") }
        #expect(try files(of: leettrack) == before)
    }

    @Test("a record that is not JSON is described in our words, not Foundation's")
    func recordNotJSON() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        try leettrack.sqlite3("UPDATE entries SET value = 'not json at all' WHERE key = 'progress.two-sum'")
        let write = try leettrack.run("fav", "1")
        #expect(write.status == 1)
        #expect(write.stderr.contains("'progress.two-sum' in \(leettrack.storePath) cannot be read (its bytes are not valid JSON)"), "\(write.stderr)")
        let doctor = try leettrack.run("doctor")
        #expect(doctor.stdout.contains("its bytes are not valid JSON"), "\(doctor.stdout)")
        for text in [write.stderr, doctor.stdout, doctor.stderr] {
            #expect(!text.contains("The given data") && !text.contains("corrupted data at the top level"), "\(text)")
        }
    }

    @Test("the system's reasons are our sentences: a file in the path, a folder that does not exist")
    func systemReasons() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let file = try leettrack.write("a file", to: "afile")
        let underFile = try leettrack.run(["--store", file + "/st/store.sqlite", "fav", "1"], useStore: false)
        #expect(underFile.status == 1)
        #expect(underFile.stderr.hasPrefix("Error: cannot open the store at \(file)/st/store.sqlite: "), "\(underFile.stderr)")
        #expect(underFile.stderr.contains("\(file) is a file, not a folder") || underFile.stderr.contains("a part of the path is not a folder"),
                "\(underFile.stderr)")
        #expect(!underFile.stderr.contains("Not a directory"))

        let openUnderFile = try leettrack.run(["--store", file + "/store.sqlite", "fav", "1"], useStore: false)
        #expect(openUnderFile.status == 1)
        #expect(openUnderFile.stderr.contains("a part of the path is not a folder"), "\(openUnderFile.stderr)")
        #expect(!openUnderFile.stderr.contains("Not a directory"))

        let backup = try leettrack.run("backup", "/proc/leettrack-backup")
        #expect(backup.status == 1)
        #expect(backup.stderr.contains("cannot create it: no such file or folder"), "\(backup.stderr)")
        #expect(!backup.stderr.contains("No such file or directory"))
    }

    // MARK: PostgreSQL

    /// Runs `sync` with the server at `url` and returns its standard error, after checking that it failed and
    /// changed nothing.
    private func failedSync(_ url: String, _ leettrack: LeetTrackRunner) throws -> String {
        let before = try leettrack.snapshot()
        // From the environment: a password on the command line adds a warning before the error.
        let result = try leettrack.run(["sync"], environment: ["LEETTRACK_REMOTE": url])
        #expect(result.status == 1, "\(url): \(result.stdout)")
        #expect(try leettrack.snapshot() == before)
        #expect(result.stderr.hasSuffix("Your local store is unchanged; your changes wait for the next sync.\n"), "\(result.stderr)")
        for raw in ["Is the server running on that host", "TCP/IP", "invalid sslmode value", "invalid port number", "\"bogus\"",
                    "FATAL", "failed: Connection refused"] {
            #expect(!result.stderr.contains(raw), "\(url): \(raw): \(result.stderr)")
        }
        return result.stderr
    }

    @Test("libpq's failures are sentences: a closed port cannot be reached, a bad setting in the URL is a mistake in the URL")
    func libpqFailures() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let closed = try failedSync("postgresql://u@127.0.0.1:1/db?connect_timeout=5", leettrack)
        #expect(closed.hasPrefix("Error: cannot reach the sync server postgresql://u@127.0.0.1:1/db: nothing accepts connections"
                                 + " at that address and port (connection refused); is the server running there?"), "\(closed)")
        for (url, reason) in [
            ("postgresql://u@127.0.0.1:1/db?sslmode=bogus", "the URL's sslmode is not one of disable, allow, prefer, require, verify-ca, verify-full"),
            ("postgresql://u@127.0.0.1:99999/db", "the port in the URL is not a port number (1 to 65535)"),
            ("host=127.0.0.1 port=99999 dbname=db", "the port in the URL is not a port number (1 to 65535)"),
        ] {
            let stderr = try failedSync(url, leettrack)
            #expect(stderr.hasPrefix("Error: the sync server's URL "), "\(url): \(stderr)")
            #expect(stderr.contains(" cannot be used: \(reason). Correct the URL."), "\(url): \(stderr)")
            #expect(!stderr.contains("cannot reach"), "\(url): \(stderr)")
        }
    }

    @Test("a real server's refusals are sentences: a database that does not exist, a wrong password")
    func serverRefusals() throws {
        let server = try PostgresTestServer.shared.get()
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let missing = try failedSync(server.url(database: "no_such_database"), leettrack)
        #expect(missing.hasPrefix("Error: the sync server postgresql://leettrack@127.0.0.1:\(server.port)/no_such_database failed:"
                                  + " the server has no database of that name; create it or correct the URL."), "\(missing)")
        let login = try failedSync(server.url(database: "postgres", password: "wrong"), leettrack)
        #expect(login.hasPrefix("Error: the sync server postgresql://leettrack@127.0.0.1:\(server.port)/postgres refused the login:"
                                + " the user name or password is wrong (password authentication failed)."), "\(login)")
        for text in [missing, login] { #expect(!text.contains(PostgresTestServer.password) && !text.contains("wrong@")) }
    }
}
