import TestSupport
import Foundation
import Testing

/// The server's push number is untrusted like its records: a damaged one stops the sync with a
/// message and changes nothing, and a server restored from a backup (behind what a machine had
/// merged) is synced again from the start, so no push is passed over on either side.
@Suite("sync against a damaged or restored server's push number, end to end", .enabled(if: PostgresTestServer.isExpected))
struct SyncServerSequenceEndToEndTests {
    typealias Machines = SyncEndToEndTests.Machines

    private func psql(_ sql: String, _ machines: Machines) throws {
        try SyncRecordRulesEndToEndTests.psql(sql, machines.url)
    }

    private func setSequence(_ value: String, _ machines: Machines) throws {
        try psql("UPDATE persistence_entries SET value = convert_to('\(value)', 'UTF8') WHERE key = 'sync.sequence'", machines)
    }

    private func ids(_ machine: LeetTrackRunner, _ command: String...) throws -> [Int] {
        let rows = try #require(try machine.json(try machine.run(command + ["--json"])) as? [[String: Any]])
        return rows.compactMap { $0["id"] as? Int }.sorted()
    }

    @Test("a push number out of range or not a number is refused before any arithmetic, and nothing is stored",
          arguments: ["9223372036854775807", "-9223372036854775808", "-1", "\"three\""])
    func damagedSequence(value: String) throws {
        let machines = try Machines()
        try machines.laptop.run("solve", "1", "--date", "2026-11-20")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try setSequence(value, machines)
        try machines.desktop.run("solve", "2", "--date", "2026-11-21")
        let before = try machines.desktop.run("export").stdout
        let refused = try machines.desktop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("the sync server's push number 'sync.sequence' is not valid"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Fatal") && !refused.stderr.contains("crashed"), "\(refused.stderr)")
        #expect(try machines.desktop.run("export").stdout == before)
        // Repaired on the server, the next sync goes through and the solve waiting here is pushed.
        try setSequence("1", machines)
        #expect(try machines.sync(machines.desktop).stdout.contains("pushed 1 change"))
        try machines.sync(machines.laptop)
        #expect(try ids(machines.laptop, "list", "--status", "solved") == [1, 2])
    }

    @Test("a server restored from an older copy is synced again from the start: nothing either side had is passed over")
    func restoredServer() throws {
        let machines = try Machines()
        let third = try LeetTrackRunner()
        try machines.laptop.run("solve", "1", "--date", "2026-11-20")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        // The server's state at push 1, kept aside as a backup would be.
        try psql("CREATE TABLE backup AS SELECT * FROM persistence_entries", machines)
        try machines.laptop.run("solve", "2", "--date", "2026-11-21")
        try machines.sync(machines.laptop)
        try machines.laptop.run("solve", "3", "--date", "2026-11-21")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        // Restored: pushes 2 and 3 are gone from the server, and a third machine pushes under
        // number 2 again.
        try psql("DELETE FROM persistence_entries; INSERT INTO persistence_entries SELECT * FROM backup", machines)
        let first = try third.run(["sync", "--remote", machines.url])
        #expect(first.status == 0, "\(first.stderr)")
        try third.run("fav", "1")
        try third.run("solve", "4", "--date", "2026-11-22")
        #expect(try third.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url]).status == 0)
        let again = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("everything was exchanged again"), "\(again.stdout)")
        try machines.sync(machines.desktop)
        #expect(try third.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url]).status == 0)
        for machine in [machines.laptop, machines.desktop, third] {
            #expect(try ids(machine, "list", "--status", "solved") == [1, 2, 3, 4])
            #expect(try ids(machine, "favorites") == [1])
        }
        // Once caught up, a sync is plain again.
        #expect(!(try machines.sync(machines.laptop).stdout.contains("exchanged again")))
    }
}
