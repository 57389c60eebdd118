import Foundation
import Testing

/// The routes behind the Today and Lists pages and the timer: each answers what the command line
/// says, changes the store as the command does, and refuses what it refuses with its words.
@Suite("serve: the Today and Lists routes, and timed solves")
struct ServePagesAPIEndToEndTests {
    static let clock = ["LEETTRACK_NOW": "2026-12-07T15:00:00Z"]

    @discardableResult
    func ok(_ runner: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try runner.run(arguments, environment: Self.clock)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// Expects the command to fail, saying the first line of the server's `error` (the command's
    /// parser may put it in its own sentence, as for `--time`).
    func expectRefused(_ reply: HTTPReply, status: Int, like runner: LeetTrackRunner, _ arguments: String...,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(reply.status == status, "\(reply.body)", sourceLocation: sourceLocation)
        let message = try #require(reply.object["error"] as? String, sourceLocation: sourceLocation)
        let result = try runner.run(arguments, environment: Self.clock)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        let first = String(message.split(separator: "\n").first ?? "")
        #expect(!first.isEmpty && result.stderr.contains(first), "\(message) / \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func todayAnswersWhatTodayJSONSaysWithThePlanLineAndPassesOverPaidOnlyWithoutPremium() throws {
        let runner = try LeetTrackRunner()
        try ok(runner, "config", "follow", "neetcode-150")
        try ok(runner, "config", "target-date", "2027-03-01")
        try ok(runner, "solve", "217", "242", "1", "49", "347", "238", "36", "--date", "2026-11-20")
        let server = try ServeProcess(runner, environment: Self.clock)
        let page = try #require(try server.json("/api/today") as? [String: Any])
        let cli = try #require(try runner.json(try ok(runner, "today", "--json")) as? [String: Any])
        let today = try #require(page["today"] as? [String: Any])
        #expect(today["date"] as? String == "2026-12-07")
        #expect(today["dueCount"] as? Int == cli["dueCount"] as? Int)
        #expect((today["next"] as? [String: Any])?["slug"] as? String == "encode-and-decode-strings")
        #expect(page["followedName"] as? String == "NeetCode 150")
        let plan = try #require(page["plan"] as? [String: Any])
        #expect(plan["target"] as? String == "2027-03-01")
        let line = try ok(runner, "today").stdout
        #expect(line.contains("Plan:       \(plan["new"] as? Int ?? -1) new · "), "\(line) / \(plan)")
        try ok(runner, "config", "premium", "no")
        let free = try #require(try server.json("/api/today") as? [String: Any])
        #expect(((free["today"] as? [String: Any])?["next"] as? [String: Any])?["slug"] as? String == "longest-consecutive-sequence")
    }

    @Test func aTargetWhoseDateHasPassedIsAWarningAsTodaySaysNotAPlan() throws {
        let runner = try LeetTrackRunner()
        let set = try runner.run(["config", "target-date", "2026-12-05", "--lists", "blind-75"], environment: ["LEETTRACK_NOW": "2026-12-01T12:00:00Z"])
        #expect(set.status == 0, "\(set.stderr)")
        let server = try ServeProcess(runner, environment: Self.clock)
        let page = try #require(try server.json("/api/today") as? [String: Any])
        #expect(page["plan"] == nil)
        let warnings = page["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("the target date 2026-12-05 has passed") }, "\(warnings)")
        #expect(try runner.run(["today"], environment: Self.clock).stderr.contains("the target date 2026-12-05 has passed"))
    }

    @Test func ownListsAreMadeFilledRenamedAndDeletedAsTheListsCommandDoes() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner, environment: Self.clock)
        let made = try server.request("POST", "/api/lists", body: #"{"name": "Bus rides"}"#)
        #expect(made.status == 200, "\(made.body)")
        #expect(made.object["message"] as? String == "Created the list “Bus rides” (key bus-rides).")
        let added = try server.request("POST", "/api/lists/bus-rides/add", body: #"{"problems": ["1", "valid parentheses"]}"#)
        #expect(added.object["message"] as? String == "Added 1. Two Sum to “Bus rides”. Added 20. Valid Parentheses to “Bus rides”.")
        let again = try server.request("POST", "/api/lists/bus-rides/add", body: #"{"problems": ["two sum"]}"#)
        #expect(again.object["message"] as? String == "1. Two Sum is already in “Bus rides”.")
        var shown = try runner.json(try ok(runner, "lists", "bus-rides", "--json")) as? [[String: Any]]
        #expect(shown?.compactMap { $0["slug"] as? String } == ["two-sum", "valid-parentheses"])
        let moved = try server.request("POST", "/api/lists/bus-rides/move", body: #"{"problem": "valid-parentheses", "place": 1}"#)
        #expect(moved.object["message"] as? String == "Moved 20. Valid Parentheses to place 1 of “Bus rides”.", "\(moved.body)")
        shown = try runner.json(try ok(runner, "lists", "bus-rides", "--json")) as? [[String: Any]]
        #expect(shown?.compactMap { $0["slug"] as? String } == ["valid-parentheses", "two-sum"])
        let beyond = try server.request("POST", "/api/lists/bus-rides/move", body: #"{"problem": "two-sum", "place": 3}"#)
        try expectRefused(beyond, status: 400, like: runner, "lists", "move", "bus-rides", "two-sum", "3")
        #expect(try server.request("POST", "/api/lists/bus-rides/move", body: #"{"problem": "two-sum", "place": 0}"#).status == 400)
        // Well-formed JSON with a place that is no whole number is named by its place, not called malformed.
        for place in ["1.5", "-99999999999999999999"] {
            let unfit = try server.request("POST", "/api/lists/bus-rides/move", body: #"{"problem": "two-sum", "place": "# + place + "}")
            #expect(unfit.status == 400, "\(place)")
            let error = unfit.object["error"] as? String ?? ""
            #expect(error.contains("a number that does not fit where it stands") && !error.contains("malformed"), "\(place): \(error)")
        }
        shown = try runner.json(try ok(runner, "lists", "bus-rides", "--json")) as? [[String: Any]]
        #expect(shown?.compactMap { $0["slug"] as? String } == ["valid-parentheses", "two-sum"])
        let removed = try server.request("POST", "/api/lists/bus-rides/remove", body: #"{"problems": ["two-sum"]}"#)
        #expect((removed.object["list"] as? [String: Any])?["total"] as? Int == 1)
        shown = try runner.json(try ok(runner, "lists", "bus-rides", "--json")) as? [[String: Any]]
        #expect(shown?.compactMap { $0["slug"] as? String } == ["valid-parentheses"])
        let renamed = try server.request("PUT", "/api/lists/bus-rides", body: #"{"name": "Bus trips"}"#)
        #expect(renamed.object["message"] as? String == "Renamed the list “Bus rides” to “Bus trips” (key bus-trips).")
        let deleted = try server.request("DELETE", "/api/lists/bus-trips")
        #expect(deleted.object["message"] as? String == "Deleted the list “Bus trips”.")
        let lists = try runner.json(try ok(runner, "lists", "--json")) as? [[String: Any]]
        #expect(lists?.contains { ($0["key"] as? String)?.hasPrefix("bus-") == true } == false)
    }

    @Test func ownListsAreReorderedAsListsReorderDoesOnceForARepeatedChangeAndRefusedWithItsWords() throws {
        let runner = try LeetTrackRunner()
        for name in ["Alpha", "Beta", "Gamma"] { try ok(runner, "lists", "create", name) }
        let server = try ServeProcess(runner, environment: Self.clock)
        func own(_ lists: [[String: Any]]?) -> [String] { (lists ?? []).filter { $0["own"] as? Bool == true }.compactMap { $0["key"] as? String } }
        let change = ["X-LeetTrack-Change": "7c8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4", "X-LeetTrack-Made": "1796655540000"]
        let moved = try server.request("POST", "/api/lists/gamma/reorder", body: #"{"place": 1}"#, headers: change)
        #expect(moved.status == 200, "\(moved.body)")
        #expect(moved.object["message"] as? String == "Put the list “Gamma” at place 1 of your lists.")
        #expect(own(moved.object["lists"] as? [[String: Any]]) == ["gamma", "alpha", "beta"])
        #expect(own(try server.json("/api/lists") as? [[String: Any]]) == ["gamma", "alpha", "beta"])
        #expect(own(try runner.json(try ok(runner, "lists", "--json")) as? [[String: Any]]) == ["gamma", "alpha", "beta"])
        // Sent again (its answer lost): the first answer, and no second move.
        try ok(runner, "lists", "reorder", "alpha", "1")
        let again = try server.request("POST", "/api/lists/gamma/reorder", body: #"{"place": 1}"#, headers: change)
        #expect(again.body == moved.body)
        #expect(own(try runner.json(try ok(runner, "lists", "--json")) as? [[String: Any]]) == ["alpha", "gamma", "beta"])
        let same = try server.request("POST", "/api/lists/gamma/reorder", body: #"{"place": 2}"#)
        #expect(same.object["message"] as? String == "The list “Gamma” is already at place 2 of your lists.")

        let beyond = try server.request("POST", "/api/lists/gamma/reorder", body: #"{"place": 4}"#)
        try expectRefused(beyond, status: 400, like: runner, "lists", "reorder", "gamma", "4")
        let unknown = try server.request("POST", "/api/lists/nothing/reorder", body: #"{"place": 1}"#)
        try expectRefused(unknown, status: 404, like: runner, "lists", "reorder", "nothing", "1")
        let builtIn = try server.request("POST", "/api/lists/blind-75/reorder", body: #"{"place": 1}"#)
        try expectRefused(builtIn, status: 400, like: runner, "lists", "reorder", "blind-75", "1")
        for body in [#"{"place": 0}"#, #"{"place": "first"}"#, #"{"place": 1.5}"#, #"{}"#, "{"] {
            let refused = try server.request("POST", "/api/lists/gamma/reorder", body: body)
            #expect(refused.status == 400, "\(body): \(refused.body)")
            #expect((refused.object["error"] as? String)?.contains("nothing was changed") == true, "\(body): \(refused.body)")
        }
        #expect(try server.request("GET", "/api/lists/gamma/reorder").status == 405)
        #expect(own(try runner.json(try ok(runner, "lists", "--json")) as? [[String: Any]]) == ["alpha", "gamma", "beta"])
    }

    @Test func aListChangeTheCommandRefusesIsRefusedWithItsWordsAndChangesNothing() throws {
        let runner = try LeetTrackRunner()
        try ok(runner, "lists", "create", "Warm-up")
        let server = try ServeProcess(runner, environment: Self.clock)
        let duplicate = try server.request("POST", "/api/lists", body: #"{"name": "warm-up"}"#)
        try expectRefused(duplicate, status: 400, like: runner, "lists", "create", "warm-up")
        let builtIn = try server.request("PUT", "/api/lists/blind-75", body: #"{"name": "Mine"}"#)
        try expectRefused(builtIn, status: 400, like: runner, "lists", "rename", "blind-75", "Mine")
        let unknown = try server.request("POST", "/api/lists/warm-up/add", body: #"{"problems": ["no such problem zzz"]}"#)
        try expectRefused(unknown, status: 404, like: runner, "lists", "add", "warm-up", "no such problem zzz")
        #expect(try server.request("POST", "/api/lists/warm-up/add", body: #"{"problems": []}"#).status == 400)
        #expect(try server.request("POST", "/api/lists", body: "{").status == 400)
        #expect(try server.request("PATCH", "/api/lists/warm-up").status == 405)
        let lists = try runner.json(try ok(runner, "lists", "warm-up", "--json")) as? [Any]
        #expect(lists?.isEmpty == true)
    }

    @Test func solveAndAttemptTakeATimeAsTimeDoesAndRefuseABadOne() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner, environment: Self.clock)
        #expect(try server.request("POST", "/api/problems/1/solve", body: #"{"rating": "hard", "time": "25m"}"#).status == 200)
        #expect(try server.request("POST", "/api/problems/2/attempt", body: #"{"time": "90s"}"#).status == 200)
        #expect(try server.request("POST", "/api/problems/3/attempt").status == 200)
        let solved = try runner.json(try ok(runner, "show", "1", "--json")) as? [String: Any]
        #expect(((solved?["history"] as? [[String: Any]])?.last)?["seconds"] as? Int == 1500)
        let attempted = try runner.json(try ok(runner, "show", "2", "--json")) as? [String: Any]
        #expect(((attempted?["history"] as? [[String: Any]])?.last)?["seconds"] as? Int == 90)
        let bad = try server.request("POST", "/api/problems/4/solve", body: #"{"time": "-5m"}"#)
        try expectRefused(bad, status: 400, like: runner, "solve", "4", "--time", "-5m")
        let untouched = try runner.json(try ok(runner, "show", "4", "--json")) as? [String: Any]
        #expect(untouched?["status"] as? String == "todo")
    }
}
