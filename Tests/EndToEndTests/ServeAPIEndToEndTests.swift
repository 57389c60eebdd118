import Foundation
import LeetTrackCore
import Testing

/// `leettrack serve`'s JSON API, through the real binary on a real store.
@Suite("serve: the JSON API")
struct ServeAPIEndToEndTests {
    @Test func theProblemsRouteListsTheWholeCatalog() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let problems = try server.json("/api/problems") as? [[String: Any]]
        #expect(problems?.count == Catalog.builtIn.count)
    }

    @Test func theProblemsRouteGivesTheSameJSONAsListJSON() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        let server = try ServeProcess(runner)
        let served = try server.json("/api/problems?q=two%20sum&difficulty=easy") as? NSArray
        let printed = try runner.json(try runner.run("list", "two", "sum", "--difficulty", "easy", "--json")) as? NSArray
        #expect(served != nil)
        #expect(served == printed)
    }

    @Test func theProblemsRouteReadsIdsAndNumbersAsListDoes() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        // A search without letters is ids; a number is a whole word ("two sum 2" is not 2570).
        let ids = try server.json("/api/problems?q=1%3B2") as? [[String: Any]]
        #expect(ids?.compactMap { $0["id"] as? Int } == [1, 2])
        let numbers = try server.json("/api/problems?q=two%20sum%202") as? NSArray
        #expect(numbers == (try runner.json(try runner.run("list", "two sum 2", "--json")) as? NSArray))
        #expect(numbers?.count == 0)
    }

    @Test func aSkippedProblemIsMarkedAsListJSONAndShowJSONMarkIt() throws {
        let runner = try LeetTrackRunner()
        try runner.run("skip", "1")
        let server = try ServeProcess(runner)
        let served = try server.json("/api/problems?q=two%20sum") as? NSArray
        let printed = try runner.json(try runner.run("list", "two", "sum", "--json")) as? NSArray
        #expect(served != nil)
        #expect(served == printed)
        let rows = served as? [[String: Any]]
        #expect(rows?.first { $0["id"] as? Int == 1 }?["skipped"] as? Bool == true)
        #expect(rows?.contains { $0["id"] as? Int != 1 && $0["skipped"] != nil } == false)
        let one = try server.json("/api/problems/1") as? NSDictionary
        let shown = try runner.json(try runner.run("show", "1", "--json")) as? NSDictionary
        #expect(one?["skipped"] as? Bool == true)
        #expect(one == shown)
        // The whole list (served from its cached rows) too, and a skip made while it is cached.
        #expect(try server.json("/api/problems") as? NSArray == runner.json(try runner.run("list", "--json")) as? NSArray)
        try runner.run("skip", "146")
        try runner.run("unskip", "1")
        // Another process's change reaches the server within a second (its file watch), not at once.
        let deadline = Date().addingTimeInterval(3)
        var whole: [[String: Any]]?
        repeat {
            whole = try server.json("/api/problems") as? [[String: Any]]
            let row = { (id: Int) in whole?.first { $0["id"] as? Int == id } }
            if row(146)?["skipped"] as? Bool == true, row(1)?["skipped"] == nil { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(whole?.first { $0["id"] as? Int == 146 }?["skipped"] as? Bool == true)
        #expect(whole?.first { $0["id"] as? Int == 1 }?["skipped"] == nil)
        #expect(try server.json("/api/problems") as? NSArray == runner.json(try runner.run("list", "--json")) as? NSArray)
    }

    @Test func theProblemsRouteFiltersFavoritesAndStatus() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1", "146")
        try runner.run("solve", "146")
        let server = try ServeProcess(runner)
        let favorites = try server.json("/api/problems?favorites=1") as? [[String: Any]]
        let solved = try server.json("/api/problems?status=solved") as? [[String: Any]]
        #expect(favorites?.compactMap { $0["id"] as? Int } == [1, 146])
        #expect(solved?.compactMap { $0["id"] as? Int } == [146])
    }

    @Test func aBadFilterIsA400WithTheListMessage() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems?difficulty=extreme")
        #expect(reply.status == 400)
        #expect(reply.object["error"] as? String == "'extreme' is not a difficulty; use easy, medium or hard")
    }

    @Test func oneProblemComesWithItsHistory() throws {
        let runner = try LeetTrackRunner()
        try runner.run("solve", "two-sum")
        let server = try ServeProcess(runner)
        let problem = try server.json("/api/problems/two-sum") as? [String: Any]
        #expect(problem?["status"] as? String == "solved")
        #expect((problem?["history"] as? [Any])?.count == 1)
        // With its card's due day in the user's zone, as `show --json` gives it.
        let review = problem?["review"] as? [String: Any]
        #expect(review?["dueDay"] as? String != nil && review?["dueDay"] as? String == (review?["due"] as? String).map { String($0.prefix(10)) })
        #expect(problem.map(NSDictionary.init) == (try runner.json(try runner.run("show", "two-sum", "--json")) as? NSDictionary))
    }

    @Test func aFavoriteMadeThroughTheAPIIsSeenByTheCommandLine() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let reply = try server.request("PUT", "/api/problems/146/favorite")
        #expect(reply.status == 200)
        #expect(reply.object["favorite"] as? Bool == true)
        let shown = try runner.json(try runner.run("show", "146", "--json")) as? [String: Any]
        #expect(shown?["favorite"] as? Bool == true)
    }

    @Test func deletingTheFavoriteUnfavorites() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "146")
        let server = try ServeProcess(runner)
        let reply = try server.request("DELETE", "/api/problems/146/favorite")
        #expect(reply.object["favorite"] as? Bool == false)
    }

    @Test func solveTakesARatingAndSchedulesAReview() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("POST", "/api/problems/1/solve", body: #"{"rating":"easy"}"#)
        #expect(reply.status == 200)
        #expect(reply.object["status"] as? String == "solved")
        let history = reply.object["history"] as? [[String: Any]]
        #expect(history?.first?["rating"] as? String == "easy")
        #expect(reply.object["review"] != nil)
    }

    @Test func attemptAndResetChangeTheStatus() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        #expect(try server.request("POST", "/api/problems/1/attempt").object["status"] as? String == "attempted")
        #expect(try server.request("POST", "/api/problems/1/reset").object["status"] as? String == "todo")
    }

    @Test func aNoteIsSetAndCleared() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let set = try server.request("PUT", "/api/problems/1/note", body: #"{"note":"use a <b>map</b>"}"#)
        #expect(set.object["note"] as? String == "use a <b>map</b>")
        #expect(try runner.run("note", "1").stdout == "use a <b>map</b>\n")
        let cleared = try server.request("DELETE", "/api/problems/1/note")
        #expect(cleared.status == 200)
        #expect(cleared.object["note"] == nil)
    }

    @Test func aReviewRatesTheCard() throws {
        let runner = try LeetTrackRunner()
        try runner.run("solve", "1", "--date", "2020-01-01")
        let server = try ServeProcess(runner)
        let queue = try server.json("/api/review") as? [[String: Any]]
        #expect((queue?.first?["problem"] as? [String: Any])?["slug"] as? String == "two-sum")
        let reply = try server.request("POST", "/api/problems/1/review", body: #"{"rating":"good"}"#)
        #expect(reply.status == 200)
        #expect(reply.object["reps"] as? Int == 2)
    }

    @Test func reviewingAnUnsolvedProblemIsAConflictWithTheReviewMessage() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("POST", "/api/problems/1/review", body: #"{"rating":"good"}"#)
        #expect(reply.status == 409)
        #expect((reply.object["error"] as? String)?.contains("it is not solved") == true)
    }

    @Test func statsCountTheSolvesAndCarryTheCalendar() throws {
        let runner = try LeetTrackRunner()
        try runner.run("solve", "1", "2")
        let server = try ServeProcess(runner)
        let page = try server.json("/api/stats") as? [String: Any]
        let total = (page?["stats"] as? [String: Any])?["total"] as? [String: Any]
        #expect(total?["solved"] as? Int == 2)
        #expect((page?["calendar"] as? [String: Any])?["total"] as? Int == 2)
    }

    /// The `progress` route's answer: each record's status and favorite, by slug.
    private func servedProgress(_ server: ServeProcess) throws -> [String: String] {
        let progress = try #require(try server.json("/api/progress") as? [String: [String: Any]])
        return progress.mapValues { "\($0["status"] as? String ?? "?") \($0["favorite"] as? Bool == true ? "♥" : "-")" }
    }

    @Test func theProgressRouteGivesEveryRecordsMarksWhateverStateTheSummariesAreIn() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        try runner.run("solve", "146")
        try runner.run("attempt", "2")
        let server = try ServeProcess(runner)
        #expect(try servedProgress(server) == ["two-sum": "todo ♥", "lru-cache": "solved -", "add-two-numbers": "attempted -"])
        guard LeetTrackRunner.hasSQLiteShell else { return }
        // A record written behind the summaries (an older LeetTrack, a hand edit): the records are read.
        try runner.sqlite3("INSERT INTO entries VALUES ('progress.3sum', '{\"status\":\"solved\",\"favorite\":true,\"events\":[]}')")
        #expect(try servedProgress(server)["3sum"] == "solved ♥")
        #expect(try server.json("/api/lists") as? NSArray == runner.json(try runner.run("lists", "--json")) as? NSArray)
        // A record that does not decode is left out, with a warning that names it and what to do;
        // the other records are served (ServeOperatorEndToEndTests checks every route).
        try runner.sqlite3("UPDATE entries SET value = '{\"status\":' WHERE key = 'progress.3sum'")
        for route in ["/api/progress", "/api/review", "/api/stats"] {
            let reply = try server.request("GET", route)
            #expect(reply.status == 200, "\(route)")
            let warning = reply.headers["x-leettrack-warning"] ?? ""
            #expect(warning.contains("progress.3sum") && warning.contains("leettrack doctor"), "\(route): \(warning)")
            // Without the store's internals (its path, the library's API).
            #expect(!warning.contains("rawValue(forKey") && !warning.contains(runner.storePath), "\(route): \(warning)")
        }
        #expect(try servedProgress(server)["two-sum"] == "todo ♥")
    }

    @Test func theReviewAndStatsRoutesGiveWhatTheCommandLinePrintsWhateverStateTheSummariesAreIn() throws {
        let runner = try LeetTrackRunner()
        try runner.run("solve", "1", "--date", "2026-10-01")
        try runner.run("solve", "146", "--date", "2026-11-20", "--time", "25m")
        try runner.run("attempt", "2", "--date", "2026-11-28")
        try runner.run("fav", "3")
        let server = try ServeProcess(runner)
        func expectSame(_ comment: Comment) throws {
            #expect((try server.json("/api/review") as? NSArray)?.count ?? 0 >= 2, comment)
            #expect(try server.json("/api/review") as? NSArray == runner.json(try runner.run("review", "--json")) as? NSArray, comment)
            let page = try #require(try server.json("/api/stats") as? [String: Any])
            #expect(page["stats"] is NSDictionary && page["calendar"] is NSDictionary, comment)
            #expect(try page["stats"] as? NSDictionary == runner.json(try runner.run("stats", "--json")) as? NSDictionary, comment)
            #expect(try page["calendar"] as? NSDictionary == runner.json(try runner.run("stats", "--calendar", "--json")) as? NSDictionary, comment)
        }
        try expectSame("current")
        guard LeetTrackRunner.hasSQLiteShell else { return }
        // A solve written behind the summaries: the records are read, the card derived from the solve.
        try runner.sqlite3("""
            INSERT INTO entries VALUES ('progress.3sum',
                '{"status":"solved","favorite":true,"events":[{"kind":"solved","at":"2026-11-25T09:00:00Z"}]}')
            """)
        try expectSame("stale")
        #expect(try runner.run("review", "--json").stdout.contains("\"slug\" : \"3sum\""))
    }

    @Test func listsGiveEachListWithItsCounts() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let served = try server.json("/api/lists") as? NSArray
        let printed = try runner.json(try runner.run("lists", "--json")) as? NSArray
        #expect(served != nil)
        #expect(served == printed)
    }

    @Test func anOpenEventStreamHearsAChangeFromTheCommandLine() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let socket = try RawSocket(port: server.port)
        try socket.send(Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
        var seen = try socket.readSome()
        while !seen.contains(": connected") { seen += try socket.readSome() }
        try runner.run("fav", "146")
        while !seen.contains("event: change") { seen += try socket.readSome() }
        #expect(seen.contains("text/event-stream"))
    }

    @Test func theFullListShowsAChangeFromTheCommandLineOnceItsEventArrives() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        _ = try server.json("/api/problems")
        let socket = try RawSocket(port: server.port)
        try socket.send(Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
        var seen = try socket.readSome()
        while !seen.contains(": connected") { seen += try socket.readSome() }
        try runner.run("fav", "7")
        while !seen.contains("event: change") { seen += try socket.readSome() }
        let problems = try server.json("/api/problems") as? [[String: Any]]
        #expect(problems?.first { $0["id"] as? Int == 7 }?["favorite"] as? Bool == true)
    }

    @Test func sigtermStopsTheServerCleanly() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let (status, output) = server.stop()
        #expect(status == 0)
        #expect(output.contains("Stopped."))
    }
}
