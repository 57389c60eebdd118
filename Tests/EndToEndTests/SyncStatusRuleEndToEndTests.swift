import Foundation
import Persistence
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 37, points 10 (its first defect) and 5: one rule derives the status from the history for
/// every reader and writer, a pull applies what it can and names what it cannot, and `sync`
/// remembers its server without the password. Two stores, one real PostgreSQL server.
@Suite("sync: one status rule, refusals by record, a remembered server", .enabled(if: PostgresTestServer.isExpected))
struct SyncStatusRuleEndToEndTests {
    typealias Machines = SyncEndToEndTests.Machines

    /// An export whose problems carry the given histories and statuses.
    static func export(_ problems: [(slug: String, status: String, history: String)]) -> String {
        let entries = problems.map { #"{"slug": ""# + $0.slug + #"", "status": ""# + $0.status + #"", "history": ["# + $0.history + "]}" }
        return #"{"format": "leettrack-export", "version": 1, "lists": [], "problems": ["# + entries.joined(separator: ",\n") + "]}"
    }

    static func status(_ machine: LeetTrackRunner, _ problem: String) throws -> String? {
        let record = try machine.json(try machine.run("show", problem, "--json")) as? [String: Any]
        return record?["status"] as? String
    }

    /// The database name of a test server URL.
    static func database(_ url: String) throws -> String {
        String(url[url.index(after: try #require(url.lastIndex(of: "/")))...])
    }

    @Test("a solve recorded as an attempt then a review stays solved through import, sync, the other machine's pull and doctor")
    func reviewImpliesSolved() throws {
        let machines = try Machines()
        let attempted = #"{"kind": "attempted", "at": "2026-11-18T09:00:00Z"}"#
        let reviewed = #"{"kind": "reviewed", "at": "2026-11-20T09:00:00Z", "rating": "hard"}"#
        let file = try machines.laptop.write(Self.export([
            ("two-sum", "solved", attempted + ", " + reviewed),
            // Solved on LeetCode's word: a status further than the history stays.
            ("add-two-numbers", "solved", attempted),
            ("3sum", "attempted", attempted),
        ]), to: "export.json")
        let imported = try machines.laptop.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try machines.laptop.run("doctor").status == 0)
        let expected = ["two-sum": "solved", "add-two-numbers": "solved", "3sum": "attempted"]
        for (slug, status) in expected { #expect(try Self.status(machines.laptop, slug) == status, "\(slug)") }

        let pushed = try machines.sync(machines.laptop)
        #expect(pushed.stdout.contains("pushed 3 changes"), "\(pushed.stdout)")
        let pulled = try machines.sync(machines.desktop)
        #expect(pulled.stdout.contains("pulled 3 changes"), "\(pulled.stdout)")
        for machine in [machines.laptop, machines.desktop] {
            for (slug, status) in expected { #expect(try Self.status(machine, slug) == status, "\(slug)") }
            let doctor = try machine.run("doctor")
            #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
            #expect(try machine.run("list", "--status", "solved", "--json").stdout.contains("two-sum"))
        }
        // Nothing was rewritten: a second round changes nothing on either side.
        #expect(try machines.sync(machines.laptop).stdout.contains("Up to date"))
        #expect(try machines.sync(machines.desktop).stdout.contains("Up to date"))
    }

    @Test("a record an older build pushed below its history is read and merged by the rule, not refused")
    func recordBelowItsHistoryIsHealed() throws {
        let machines = try Machines()
        try machines.laptop.run("solve", "1", "--date", "2026-11-20")
        try machines.sync(machines.laptop)
        // What the older build's sync wrote: `attempted` over a history with a solve.
        try PostgresTestServer.shared.get().psql(
            "UPDATE persistence_entries SET value = convert_to(replace(convert_from(value, 'UTF8'), '\"status\":\"solved\"', "
                + "'\"status\":\"attempted\"'), 'UTF8') WHERE key = 'progress.two-sum'",
            database: try Self.database(machines.url))
        let pulled = try machines.sync(machines.desktop)
        #expect(pulled.stdout.contains("pulled 1 change"), "\(pulled.stdout)")
        #expect(try Self.status(machines.desktop, "1") == "solved")
        #expect(try machines.desktop.run("doctor").status == 0)
    }

    @Test("a pull that meets a record it cannot accept merges the rest, names that record, exits 1, and tries it again next time")
    func invalidRecordIsLeftOutAlone() throws {
        let machines = try Machines()
        try machines.laptop.run("solve", "1", "--date", "2026-11-20")
        try machines.laptop.run("solve", "2", "--date", "2026-11-21")
        try machines.laptop.run("fav", "3")
        try machines.sync(machines.laptop)
        // A broken client's record: an event in 2099.
        try PostgresTestServer.shared.get().psql(
            "UPDATE persistence_entries SET value = convert_to(replace(convert_from(value, 'UTF8'), '2026-11-21', '2099-11-21'), "
                + "'UTF8') WHERE key = 'progress.add-two-numbers'",
            database: try Self.database(machines.url))
        let first = try machines.desktop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(first.status == 1)
        #expect(first.stdout.contains("pulled 2 changes"), "\(first.stdout)")
        #expect(first.stderr.contains("'progress.add-two-numbers' is not valid"), "\(first.stderr)")
        #expect(first.stderr.contains("1 record on the sync server is not valid"), "\(first.stderr)")
        #expect(!first.stderr.contains("two-sum"))
        #expect(try Self.status(machines.desktop, "1") == "solved")
        #expect(try Self.status(machines.desktop, "2") == "todo")
        #expect(try machines.desktop.run("favorites", "--json").stdout.contains("longest-substring"))
        // Named again until a machine whose copy is right pushes a change of it, which replaces it.
        let again = try machines.desktop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(again.status == 1)
        #expect(again.stderr.contains("'progress.add-two-numbers' is not valid"))
        try machines.laptop.run("note", "2", "carry")
        #expect(try machines.sync(machines.laptop).stdout.contains("pushed 1 change"))
        let fixed = try machines.sync(machines.desktop)
        #expect(fixed.stdout.contains("pulled 1 change"), "\(fixed.stdout)")
        #expect(try Self.status(machines.desktop, "2") == "solved")
        #expect(try machines.desktop.run("doctor").status == 0)
    }

    @Test("sync --remote URL is remembered without its password; a plain sync then uses it, with the password from ~/.pgpass")
    func remembersTheServer() throws {
        let machines = try Machines()
        try machines.laptop.run("fav", "1")
        let first = try machines.laptop.run("sync", "--remote", machines.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Remembered postgresql://leettrack@127.0.0.1:"), "\(first.stdout)")
        #expect(first.stdout.contains("without the password it held"))
        #expect(!first.stdout.contains("horse"))
        // The password is in no file of the store.
        for suffix in ["", "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: machines.laptop.storePath + suffix))) ?? Data()
            #expect(bytes.range(of: Data("horse".utf8)) == nil, "store\(suffix)")
        }
        // Without a password anywhere the server refuses the login, which says the URL was used.
        let refused = try machines.laptop.run("sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refused the login"), "\(refused.stderr)")
        // As libpq users expect: ~/.pgpass (HOME is the test's directory), mode 600.
        let url = try #require(URLComponents(string: machines.url))
        let pgpass = "127.0.0.1:\(try #require(url.port)):\(try Self.database(machines.url)):leettrack:\(PostgresTestServer.password)\n"
        let path = try machines.laptop.write(pgpass, to: ".pgpass")
        chmod(path, 0o600)
        try machines.laptop.run("fav", "2")
        let plain = try machines.laptop.run("sync")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("pushed 1 change"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("Remembered"))
        // The environment still comes first, and is not remembered.
        let other = try PostgresTestServer.shared.get().makeDatabase()
        let viaEnvironment = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE": other])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(!viaEnvironment.stdout.contains("Remembered"))
        let status = try machines.laptop.run("sync", "--status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("A plain `leettrack sync` uses postgresql://leettrack@127.0.0.1:"), "\(status.stdout)")
        #expect(!status.stdout.contains("horse"))
    }

    @Test("with no server anywhere, sync says how to give one and creates no store")
    func noServer() throws {
        let machine = try LeetTrackRunner()
        let result = try machine.run("sync")
        #expect(result.status == 1)
        #expect(result.stderr.contains("remembered, without its password"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.storePath))
    }
}
