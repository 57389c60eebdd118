import TestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `leettrack sync` between two machines (two stores) through a real PostgreSQL server.
/// Without a server in CI these tests fail with the reason; elsewhere they run when PostgreSQL is installed.
@Suite("leettrack sync through PostgreSQL, end to end", .enabled(if: PostgresTestServer.isExpected))
struct SyncEndToEndTests {
    /// Two machines sharing one fresh database on the shared server.
    struct Machines {
        let laptop: LeetTrackRunner
        let desktop: LeetTrackRunner
        let url: String

        init(server: PostgresTestServer? = nil) throws {
            laptop = try LeetTrackRunner()
            desktop = try LeetTrackRunner()
            url = try (server ?? PostgresTestServer.shared.get()).makeDatabase()
        }

        /// Runs `leettrack sync` on `machine` with the remote in the environment; expects success.
        @discardableResult
        func sync(_ machine: LeetTrackRunner, _ extra: String...) throws -> LeetTrackRunner.Result {
            let result = try machine.run(["sync"] + extra, environment: ["LEETTRACK_REMOTE": url])
            #expect(result.status == 0, "sync failed: \(result.stderr)")
            return result
        }
    }

    private func record(_ machine: LeetTrackRunner, _ problem: String) throws -> [String: Any] {
        try #require(try machine.json(try machine.run("show", problem, "--json")) as? [String: Any])
    }

    private func history(_ machine: LeetTrackRunner, _ problem: String) throws -> [String] {
        let events = try record(machine, problem)["history"] as? [[String: Any]] ?? []
        return events.map { "\($0["kind"] ?? "?") \($0["date"] ?? "?")" }
    }

    private func favoriteIDs(_ machine: LeetTrackRunner) throws -> [Int] {
        let favorites = try #require(try machine.json(try machine.run("favorites", "--json")) as? [[String: Any]])
        return favorites.compactMap { $0["id"] as? Int }
    }

    @Test("two stores share favorites, solves and notes through one server, removals included")
    func twoStoresSync() throws {
        let machines = try Machines()
        try machines.laptop.run("fav", "1", "146")
        try machines.laptop.run("solve", "2", "--date", "2026-11-20")
        try machines.laptop.run("note", "3", "sliding window")
        #expect(try machines.sync(machines.laptop).stdout.contains("pushed 4 changes"))
        try machines.sync(machines.desktop)
        #expect(try favoriteIDs(machines.desktop) == [1, 146])
        #expect(try record(machines.desktop, "2")["status"] as? String == "solved")
        #expect(try record(machines.desktop, "3")["note"] as? String == "sliding window")

        try machines.desktop.run("unfav", "146")
        try machines.sync(machines.desktop)
        try machines.sync(machines.laptop)
        #expect(try favoriteIDs(machines.laptop) == [1])
        #expect(try machines.sync(machines.laptop).stdout.contains("Up to date"))
    }

    @Test("the same problem changed on both machines keeps both histories and the latest note")
    func concurrentChanges() throws {
        let machines = try Machines()
        // Both machines are set up for sync, then both work offline on the same problem.
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try machines.laptop.run("solve", "1", "--date", "2026-11-01", "--note", "laptop note")
        try machines.desktop.run("attempt", "1", "--date", "2026-11-02")
        try machines.desktop.run("note", "1", "desktop note, written later")
        try machines.desktop.run("fav", "1")
        for machine in [machines.laptop, machines.desktop, machines.laptop, machines.desktop] {
            try machines.sync(machine)
        }
        for machine in [machines.laptop, machines.desktop] {
            let shown = try record(machine, "1")
            #expect(shown["status"] as? String == "solved")
            #expect(shown["note"] as? String == "desktop note, written later")
            #expect(shown["favorite"] as? Bool == true)
            #expect(try history(machine, "1") == ["solved 2026-11-01T12:00:00Z", "attempted 2026-11-02T12:00:00Z"])
        }
    }

    @Test("a sync killed with kill -9 at any point and run again loses and duplicates nothing")
    func killedSync() throws {
        let machines = try Machines()
        // 1,000 records: two push batches, each a server transaction and a local write-back.
        let ids = (1...1_000).map { String($0) }
        try machines.laptop.run(["solve", "--date", "2026-11-10"] + ids)
        // A debug build takes about 0.4 s to push them all: kill it at moments spread over that
        // time (before connecting, mid-push, between the server's commit and ours), each run
        // starting from what the killed ones before it left.
        var killed = 0
        for delay in [10_000, 40_000, 70_000, 100_000, 140_000, 180_000, 230_000, 300_000] as [useconds_t] {
            let (process, input, _, _) = try machines.laptop.start(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
            try input.fileHandleForWriting.close()
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
        }
        #expect(killed > 0)
        try machines.sync(machines.laptop)
        let status = try machines.laptop.run("sync", "--status")
        #expect(status.stdout.contains("Nothing waiting to be pushed."))
        try machines.sync(machines.desktop)
        let solved = try #require(try machines.desktop.json(try machines.desktop.run("list", "--status", "solved", "--json")) as? [[String: Any]])
        #expect(solved.count == 1_000)
        for id in ["1", "500", "1000"] {
            #expect(try history(machines.desktop, id) == ["solved 2026-11-10T12:00:00Z"])
            #expect(try history(machines.laptop, id) == ["solved 2026-11-10T12:00:00Z"])
        }
    }

    @Test("with the server stopped, sync fails clearly, the store works, and a later sync catches up")
    func serverStopped() throws {
        // A server of its own: stopping the shared one would break the other tests.
        let server = try PostgresTestServer()
        let machines = try Machines(server: server)
        try machines.laptop.run("fav", "1")
        try machines.sync(machines.laptop)
        server.stop()

        try machines.laptop.run("fav", "5")
        let before = try machines.laptop.snapshot()
        let failed = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cannot reach the sync server postgresql://leettrack@127.0.0.1:\(server.port)/"))
        #expect(failed.stderr.contains("Your local store is unchanged"))
        #expect(!failed.stderr.contains(PostgresTestServer.password))
        #expect(try machines.laptop.snapshot() == before)
        #expect(try machines.laptop.run("sync", "--status").stdout.contains("1 problem has changes waiting to be pushed."))
        #expect(try machines.laptop.run("fav", "7").status == 0)

        try server.start()
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try favoriteIDs(machines.desktop) == [1, 5, 7])
        server.stop()
    }

    @Test("a wrong password fails with exit 1, shows no password and changes nothing")
    func wrongPassword() throws {
        let machines = try Machines()
        try machines.laptop.run("fav", "1")
        let before = try machines.laptop.snapshot()
        let wrong = "wrong-Pa55word"
        let server = try PostgresTestServer.shared.get()
        let url = server.url(database: "postgres", password: wrong)
        let result = try machines.laptop.run("sync", "--remote", url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused the login: the user name or password is wrong"))
        #expect(!result.stderr.contains(wrong) && !result.stdout.contains(wrong))
        #expect(try machines.laptop.snapshot() == before)
    }

    @Test("a connection file readable by others is refused; one with mode 600 is used")
    func connectionFile() throws {
        let machines = try Machines()
        let file = machines.laptop.directory.appendingPathComponent("remote").path
        try Data("# the sync server\n\(machines.url)\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o644)
        let refused = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE_FILE": file])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("others can read it (mode 644)"))
        #expect(!refused.stderr.contains(PostgresTestServer.password))
        chmod(file, 0o600)
        let used = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE_FILE": file])
        #expect(used.status == 0, "\(used.stderr)")
    }

    @Test("a server holding data of a newer version is refused and the local store is untouched")
    func newerRemoteFormat() throws {
        let machines = try Machines()
        try machines.sync(machines.desktop)
        let database = String(machines.url[machines.url.index(after: try #require(machines.url.lastIndex(of: "/")))...])
        try PostgresTestServer.shared.get().psql(
            "UPDATE persistence_entries SET value = convert_to('2', 'UTF8') WHERE key = 'sync.format'", database: database)
        try machines.laptop.run("fav", "1")
        let before = try machines.laptop.snapshot()
        let result = try machines.laptop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(result.status == 1)
        #expect(result.stderr.contains("newer LeetTrack"))
        #expect(try machines.laptop.snapshot() == before)
    }
}
