import Foundation
import Testing

/// `leettrack serve` after another process changes the store: the cached full list reads the
/// records the store's notices name, and keeps its word about records that cannot be read.
@Suite("serve: another process's changes")
struct ServeExternalChangeEndToEndTests {
    /// The full list and its warning, asked again (every 50 ms, 3 s at most) until `done` holds:
    /// another process's change reaches the server through its file watch, not at once.
    func list(_ server: ServeProcess, until done: ([[String: Any]], String?) -> Bool) throws -> ([[String: Any]], String?) {
        let deadline = Date().addingTimeInterval(3)
        var rows: [[String: Any]] = []
        var warning: String?
        repeat {
            let reply = try server.request("GET", "/api/problems")
            rows = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]] ?? []
            warning = reply.headers["x-leettrack-warning"]
            if done(rows, warning) { break }
            usleep(50_000)
        } while Date() < deadline
        return (rows, warning)
    }

    @Test func aRecordDamagedAndRepairedElsewhereLeavesAndRejoinsTheServedList() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        let server = try ServeProcess(runner)
        let row = { (rows: [[String: Any]], id: Int) in rows.first { $0["id"] as? Int == id } }
        // Served once: from now on the list is kept and only changed rows are read.
        #expect(row(try list(server) { _, _ in true }.0, 1)?["favorite"] as? Bool == true)

        try runner.sqlite3("UPDATE entries SET value = '{\"status\":' WHERE key = 'progress.two-sum'")
        try runner.run("fav", "146")
        var (rows, warning) = try list(server) { rows, warning in
            warning != nil && row(rows, 146)?["favorite"] as? Bool == true
        }
        #expect((warning ?? "").hasPrefix("1 record in the store cannot be read (progress.two-sum)"), "\(warning ?? "no warning")")
        #expect(row(rows, 1)?["favorite"] as? Bool == false)
        #expect(row(rows, 146)?["favorite"] as? Bool == true)

        try runner.sqlite3("DELETE FROM entries WHERE key = 'progress.two-sum'")
        (rows, warning) = try list(server) { _, warning in warning == nil }
        #expect(warning == nil)
        #expect(row(rows, 1)?["status"] as? String == "todo")
        #expect(row(rows, 146)?["favorite"] as? Bool == true)
        #expect(try server.json("/api/problems") as? NSArray == runner.json(try runner.run("list", "--json")) as? NSArray)
    }
}
