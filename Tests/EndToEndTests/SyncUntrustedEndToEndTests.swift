import TestSupport
import Foundation
import Testing

/// Issue 12 through a real PostgreSQL server: a reset is an event, and notes from before the
/// first sync merge by their edit time.
@Suite("sync of resets and first notes, end to end", .enabled(if: PostgresTestServer.isExpected))
struct SyncUntrustedEndToEndTests {
    private func status(_ machine: LeetTrackRunner, _ problem: String) throws -> String? {
        try #require(try machine.json(try machine.run("show", problem, "--json")) as? [String: Any])["status"] as? String
    }

    @Test("a solve dated before a reset keeps todo here and on the other machine after a sync")
    func solveBeforeResetAcrossMachines() throws {
        let machines = try SyncEndToEndTests.Machines()
        try machines.laptop.run("solve", "2", "--date", "2026-11-01")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try machines.laptop.run("reset", "2")
        let yesterday = String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400)).prefix(10))
        let solve = try machines.laptop.run("solve", "2", "--date", yesterday)
        #expect(solve.stdout.contains("it stays todo"))
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try status(machines.laptop, "2") == "todo")
        #expect(try status(machines.desktop, "2") == "todo")
    }

    @Test("notes written before the first sync: the newer one wins on both machines, whatever the text")
    func firstSyncNotes() throws {
        let machines = try SyncEndToEndTests.Machines()
        // The laptop's note was written on 2026-11-01 (imported with its time), the desktop's now.
        let old = try machines.laptop.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [{"slug": "two-sum", "status": "todo", "#
                + #""note": "zzz old", "noteUpdated": "2026-11-01T12:00:00Z"}]}"#, to: "old-note.json")
        #expect(try machines.laptop.run("import", old).status == 0)
        try machines.desktop.run("note", "1", "aaa new")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try machines.sync(machines.laptop)
        for machine in [machines.laptop, machines.desktop] {
            let note = try #require(try machine.json(try machine.run("show", "1", "--json")) as? [String: Any])["note"] as? String
            #expect(note == "aaa new")
        }
    }
}
