import Foundation
import Testing

/// While `serve` or the screen holds the store, the main file alone (what `cp`, a file backup or a
/// sync folder takes) holds every write more than 2 s old: the commands' writes, and the long-lived
/// process's own. The long-lived process writes last, after the commands, which copy the log when
/// they close: what it wrote reaches the main file only through its own checkpoints.
@Suite("A copy of the main file while the store is open", .serialized)
struct MainFileCopyEndToEndTests {
    /// Copies the store's main file alone (not `-wal` nor `-shm`) and returns the favorites'
    /// ids that the copy holds, read by the binary.
    static func favoritesInCopy(of store: String) throws -> Set<Int> {
        let copy = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        let runner = try LeetTrackRunner()
        let listed = try runner.run(["--store", copy, "favorites", "--json"], useStore: false)
        #expect(listed.status == 0, "\(listed.stderr)")
        let problems = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return Set(problems.compactMap { $0["id"] as? Int })
    }

    @Test("serve open: 20 commands' hearts and 20 of the page's, 2.5 s later, are all in a copy of the main file")
    func whileServing() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("fav", "1").status == 0)
        let server = try ServeProcess(leettrack)
        for id in 2...21 {
            #expect(try leettrack.run("fav", "\(id)").status == 0)
        }
        // As the page sends them (same origin), after the commands.
        let origin = ["Origin": "http://127.0.0.1:\(server.port)"]
        for id in 101...120 {
            let reply = try server.request("PUT", "/api/problems/\(id)/favorite", headers: origin)
            #expect(reply.status == 200, "\(reply.body)")
        }
        Thread.sleep(forTimeInterval: 2.5)  // The bound under test.
        #expect(try Self.favoritesInCopy(of: leettrack.storePath) == Set(1...21).union(101...120))
        #expect(server.stop().status == 0)
    }

    @Test(
        "The screen open: 10 commands' hearts and 3 of its own, 2.5 s later, are all in a copy of the main file",
        .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
    func whileOnScreen() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("1 Two Sum"))
        for id in 101...110 {
            #expect(try runLeettrackForInteractiveTests(["fav", "\(id)"], store: tmux.storePath).code == 0)
        }
        for row in 1...3 {
            if row > 1 { try tmux.send("j") }
            try tmux.send("f")
        }
        #expect(try tmux.waitFor("♥    3 Longest Substring"))
        Thread.sleep(forTimeInterval: 2.5)  // The bound under test.
        #expect(try Self.favoritesInCopy(of: tmux.storePath) == Set(1...3).union(101...110))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }
}
