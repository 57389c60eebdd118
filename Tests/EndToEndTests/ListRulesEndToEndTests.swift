import Foundation
import Testing
import TestSupport

/// One rule for an own list from outside, wherever it comes in: an import, a record loaded back
/// by doctor, another machine's sync; and doctor and export name a stored list that breaks it
/// (an export of it could not be imported back).
@Suite("an own list's rules at every way in, end to end")
struct ListRulesEndToEndTests {
    /// A list record's JSON text, escaped for a doctor file's "text".
    private static func record(name: String, created: String = "2026-11-20T09:00:00Z", problems: [String] = ["two-sum"]) -> String {
        let body = #"{"name":"\#(name)","problems":[\#(problems.map { "\"\($0)\"" }.joined(separator: ","))],"created":"\#(created)"}"#
        return body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    @Test("doctor --restore-record refuses a list an import would refuse, and changes nothing", arguments: [
        ("lists.create", "create", "2026-11-20T09:00:00Z", ["two-sum"], "subcommand"),
        ("lists.blind-75", "Blind 75", "2026-11-20T09:00:00Z", ["two-sum"], "Blind 75"),
        ("lists.x", "-x", "2026-11-20T09:00:00Z", ["two-sum"], "cannot start with '-'"),
        ("lists.twice", "twice", "2026-11-20T09:00:00Z", ["two-sum", "two-sum"], "appears twice"),
        ("lists.later", "later", "2030-01-01T00:00:00Z", ["two-sum"], "future"),
        ("lists.early", "early", "1970-01-01T00:00:00Z", ["two-sum"], "created"),
        ("lists.garbage", "garbage", "yesterday", ["two-sum"], "is not a UTC time"),
    ])
    func restoreRefusesBadLists(key: String, name: String, created: String, problems: [String], words: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let file = try leettrack.write(#"[{"key": "\#(key)", "text": "\#(Self.record(name: name, created: created, problems: problems))"}]"#, to: "list.json")
        let before = try leettrack.snapshot()
        let result = try leettrack.run("doctor", "--restore-record", file)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a stored list that breaks the rule is named by doctor, and export writes it but exits 1 saying so")
    func doctorAndExportNameABadStoredList() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("lists", "create", "Graphs")
        try leettrack.sqlite3(#"INSERT INTO entries VALUES ('lists.twice', '{"name":"twice","problems":["two-sum","two-sum"],"created":"2026-11-20T09:00:00Z"}')"#)
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("lists.twice") && doctor.stdout.contains("appears twice"), "\(doctor.stdout)")
        let exported = leettrack.file("out.json")
        let export = try leettrack.run("export", "-o", exported)
        #expect(export.status == 1)
        #expect(export.stderr.contains("the list 'twice' breaks a rule of `leettrack import`"), "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: exported))
    }

    @Test("a list on the sync server with a problem twice is refused by name, and the rest is synced",
          .enabled(if: PostgresTestServer.isExpected))
    func syncRefusesABadList() throws {
        let machines = try SyncEndToEndTests.Machines()
        try machines.laptop.run("lists", "create", "Graphs")
        try machines.laptop.run("lists", "add", "graphs", "two-sum")
        try machines.laptop.run("fav", "146")
        try machines.sync(machines.laptop)
        try SyncRecordRulesEndToEndTests.psql(
            #"UPDATE persistence_entries SET value = convert_to(replace(convert_from(value, 'UTF8'), '"two-sum"]', '"two-sum","two-sum"]'), 'UTF8') WHERE key = 'lists.graphs'"#,
            machines.url)
        let pulled = try machines.desktop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("the sync server's record 'lists.graphs' is not valid") && pulled.stderr.contains("appears twice"), "\(pulled.stderr)")
        #expect(try machines.desktop.run("lists", "graphs").status != 0)
        #expect(try machines.desktop.run("favorites", "--json").stdout.contains("lru-cache"))
        #expect(try machines.desktop.run("doctor").status == 0)
    }

    @Test("a list's creation time with fractions of a second is imported in whole seconds, as a list made here has it")
    func fractionalCreated() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [], "lists": [{"name": "mine", "created": "2026-11-29T11:00:00.99Z", "problems": ["two-sum"]}]}"#,
            to: "in.json")
        #expect(try leettrack.run("import", file).status == 0)
        let exported = try leettrack.run("export").stdout
        #expect(exported.contains("\"2026-11-29T11:00:00Z\""), "\(exported)")
        #expect(!exported.contains(".99"))
    }
}
