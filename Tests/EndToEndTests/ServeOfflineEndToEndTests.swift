import Foundation
import Persistence
import Testing

/// The page's changes carry an id and the time they were made (`X-LeetTrack-Change`,
/// `X-LeetTrack-Made`): the server applies each id once, in the transaction that records it, and
/// answers a repetition with the first answer, so a change whose answer was lost (the connection
/// dropped, the phone offline) can be sent again safely; and it dates the change when it was made.
@Suite("serve: changes applied exactly once")
struct ServeOfflineEndToEndTests {
    static func headers(_ id: String, madeAt: Date = Date()) -> [String: String] {
        ["X-LeetTrack-Change": id, "X-LeetTrack-Made": String(Int64(madeAt.timeIntervalSince1970 * 1000))]
    }

    static func history(_ runner: LeetTrackRunner, _ problem: String) throws -> [[String: Any]] {
        let shown = try runner.json(try runner.run("show", problem, "--json")) as? [String: Any]
        return shown?["history"] as? [[String: Any]] ?? []
    }

    @Test func aSolveSentAgainIsAppliedOnceEvenAfterARestart() throws {
        let runner = try LeetTrackRunner()
        let headers = Self.headers("0f8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        var server = try ServeProcess(runner)
        let first = try server.request("POST", "/api/problems/two-sum/solve", body: #"{"rating":"good"}"#, headers: headers)
        #expect(first.status == 200)
        let again = try server.request("POST", "/api/problems/two-sum/solve", body: #"{"rating":"good"}"#, headers: headers)
        #expect(again.status == 200)
        #expect(again.body == first.body)
        #expect(server.stop().status == 0)
        server = try ServeProcess(runner)
        let afterRestart = try server.request("POST", "/api/problems/two-sum/solve", body: #"{"rating":"good"}"#, headers: headers)
        #expect(afterRestart.status == 200)
        #expect(afterRestart.body == first.body)
        #expect(try Self.history(runner, "two-sum").count == 1)
        // Another id is another change.
        let other = try server.request("POST", "/api/problems/two-sum/attempt", headers: Self.headers("1f8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"))
        #expect(other.status == 200)
        #expect(try Self.history(runner, "two-sum").count == 2)
    }

    @Test func anIDUsedByAnotherRequestIsRefusedWithAConflictAndChangesNothing() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let headers = Self.headers("6c8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        let solve = try server.request("POST", "/api/problems/40/solve", body: #"{"rating":"good"}"#, headers: headers)
        #expect(solve.status == 200)
        let before = try runner.snapshot()
        // Another problem and route, the same route with another body, a review, a list change: each its own change.
        for (method, path, body) in [
            ("PUT", "/api/problems/41/favorite", ""), ("POST", "/api/problems/40/solve", #"{"rating":"hard"}"#),
            ("POST", "/api/problems/40/review", #"{"rating":"hard"}"#), ("POST", "/api/lists", #"{"name":"Bus rides"}"#),
        ] {
            let reply = try server.request(method, path, body: body, headers: headers)
            #expect(reply.status == 409, "\(method) \(path): \(reply.body)")
            #expect(reply.object["status"] as? Int == 409)
            let error = reply.object["error"] as? String ?? ""
            #expect(error.contains("X-LeetTrack-Change") && error.contains("Nothing was changed"), "\(error)")
        }
        #expect(try runner.snapshot() == before)
        #expect((try runner.json(try runner.run("show", "41", "--json")) as? [String: Any])?["favorite"] as? Bool == false)
        // The request itself, sent again, still gets its first answer.
        let again = try server.request("POST", "/api/problems/40/solve", body: #"{"rating":"good"}"#, headers: headers)
        #expect(again.status == 200 && again.body == solve.body)
        #expect(try Self.history(runner, "40").count == 1)
    }

    @Test func aListChangeSentAgainGetsItsFirstAnswer() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let create = Self.headers("5b8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        let first = try server.request("POST", "/api/lists", body: #"{"name":"Bus rides"}"#, headers: create)
        #expect(first.status == 200, "\(first.body)")
        let again = try server.request("POST", "/api/lists", body: #"{"name":"Bus rides"}"#, headers: create)
        #expect(again.status == 200, "\(again.body)")
        #expect(again.body == first.body)
        // Without the id, the same request is a new one, refused as `lists create` refuses it.
        #expect(try server.request("POST", "/api/lists", body: #"{"name":"Bus rides"}"#).status == 400)
        let add = Self.headers("6b8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        let added = try server.request("POST", "/api/lists/bus-rides/add", body: #"{"problems":["1"]}"#, headers: add)
        #expect(added.status == 200)
        #expect(try server.request("POST", "/api/lists/bus-rides/add", body: #"{"problems":["1"]}"#, headers: add).body == added.body)
        let lists = try runner.json(try runner.run("lists", "--json")) as? [[String: Any]] ?? []
        #expect(lists.filter { $0["key"] as? String == "bus-rides" }.count == 1)
    }

    @Test func aReviewSentAgainIsRatedOnce() throws {
        let runner = try LeetTrackRunner()
        let day = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-20 * 86_400)).prefix(10)
        _ = try runner.run("solve", "two-sum", "--date", String(day))
        let server = try ServeProcess(runner)
        let headers = Self.headers("2a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        let first = try server.request("POST", "/api/problems/two-sum/review", body: #"{"rating":"hard"}"#, headers: headers)
        #expect(first.status == 200, "\(first.body)")
        let again = try server.request("POST", "/api/problems/two-sum/review", body: #"{"rating":"hard"}"#, headers: headers)
        #expect(again.status == 200)
        #expect(again.body == first.body)
        #expect(try Self.history(runner, "two-sum").compactMap { $0["kind"] as? String } == ["solved", "reviewed"])
    }

    @Test func aHeartSentAgainAfterAnUnheartDoesNotComeBack() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let heart = Self.headers("3a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")
        #expect(try server.request("PUT", "/api/problems/1/favorite", headers: heart).status == 200)
        #expect(try server.request("DELETE", "/api/problems/1/favorite", headers: Self.headers("4a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")).status == 200)
        // The first heart's answer was lost and it is sent again: it was applied already.
        let again = try server.request("PUT", "/api/problems/1/favorite", headers: heart)
        #expect(again.status == 200 && again.object["favorite"] as? Bool == true)
        let favorites = try runner.json(try runner.run("favorites", "--json")) as? [[String: Any]]
        #expect(favorites?.isEmpty == true)
    }

    /// On a store that never synced: the phone's heart, made five minutes ago and sent now, does
    /// not undo the heart taken off at the desk since (through the page, or the command line).
    @Test func anOlderHeartMadeOfflineDoesNotUndoALaterUnheart() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        #expect(try server.request("PUT", "/api/problems/1/favorite").status == 200)
        #expect(try server.request("DELETE", "/api/problems/1/favorite").status == 200)
        try runner.run("fav", "2")
        try runner.run("unfav", "2")
        let madeBefore = Date().addingTimeInterval(-300)
        for (problem, id) in [("1", "7c8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"), ("2", "8c8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4")] {
            let reply = try server.request("PUT", "/api/problems/\(problem)/favorite", headers: Self.headers(id, madeAt: madeBefore))
            // Answered with the record as it stands, which the page shows.
            #expect(reply.status == 200 && reply.object["favorite"] as? Bool == false, "\(problem): \(reply.body)")
        }
        let favorites = try runner.json(try runner.run("favorites", "--json")) as? [[String: Any]]
        #expect(favorites?.isEmpty == true)
        #expect(try Store.sqlite(path: runner.storePath, access: .readOnly).keys(withPrefix: "sync.") == [])
        // A heart made after the desk's change still applies.
        let later = try server.request("PUT", "/api/problems/1/favorite", headers: Self.headers("9c8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"))
        #expect(later.object["favorite"] as? Bool == true)
    }

    @Test func aChangeMadeOfflineIsDatedWhenItWasMade() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let made = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3 * 86_400).rounded(.down))
        let reply = try server.request(
            "POST", "/api/problems/two-sum/attempt", headers: Self.headers("5a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4", madeAt: made))
        #expect(reply.status == 200)
        let history = try Self.history(runner, "two-sum")
        #expect(history.count == 1)
        let date = try #require(history.first?["date"] as? String)
        #expect(ISO8601DateFormatter().date(from: date) == made)
    }

    @Test func theLedgerForgetsTheIdsOfChangesTooOldToComeAgain() throws {
        let runner = try LeetTrackRunner()
        let start = try #require(ISO8601DateFormatter().date(from: "2026-03-04T05:06:07Z"))
        var server = try ServeProcess(runner, environment: ["LEETTRACK_NOW": "2026-03-04T05:06:07Z"])
        #expect(try server.request("PUT", "/api/problems/1/favorite", headers: Self.headers("7a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4", madeAt: start)).status == 200)
        #expect(try server.request("PUT", "/api/problems/2/favorite", headers: Self.headers("8a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4", madeAt: start)).status == 200)
        #expect(server.stop().status == 0)
        let ledger = { try Store.sqlite(path: runner.storePath, access: .readOnly).keys(withPrefix: "web.change.") }
        #expect(try ledger().count == 2)
        // Forty days on, the first change of the day removes the entries no change can repeat any more.
        let later = start.addingTimeInterval(40 * 86_400)
        server = try ServeProcess(runner, environment: ["LEETTRACK_NOW": ISO8601DateFormatter().string(from: later)])
        #expect(try server.request("PUT", "/api/problems/3/favorite", headers: Self.headers("9a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4", madeAt: later)).status == 200)
        #expect(server.stop().status == 0)
        #expect(try ledger() == ["web.change.\(Int(later.timeIntervalSince1970) / 86_400).9a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"])
    }

    @Test func theServiceWorkerIsServedWithTheHashOfTheAssets() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let reply = try server.request("GET", "/sw.js")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(reply.headers["content-security-policy"]?.contains("worker-src 'self'") == true)
        #expect(reply.body.range(of: #"const VERSION = "[0-9a-f]{16}";"#, options: .regularExpression) != nil)
        #expect(reply.body.contains(#""/app.js""#) && reply.body.contains(#""/icon-512.png""#))
        #expect(!reply.body.contains(#""/sw.js","#))
    }

    @Test(arguments: [
        (["X-LeetTrack-Change": "not-a-uuid", "X-LeetTrack-Made": "1"], "lowercase UUID"),
        (["X-LeetTrack-Change": "5A8E6B1C-2D3A-4B5C-9D6E-7F8091A2B3C4", "X-LeetTrack-Made": "1"], "lowercase UUID"),
        (["X-LeetTrack-Change": "6a8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"], "needs X-LeetTrack-Made"),
        (["X-LeetTrack-Made": "12e3"], "milliseconds since 1970"),
        (["X-LeetTrack-Made": String(Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000)], "in the future"),
        (["X-LeetTrack-Made": String(Int64(Date().timeIntervalSince1970 * 1000) - 40 * 86_400_000)], "too old"),
    ])
    func aMalformedOrImplausibleChangeIsRefusedAndChangesNothing(headers: [String: String], message: String) throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let reply = try server.request("POST", "/api/problems/two-sum/solve", headers: headers)
        #expect(reply.status == 400)
        #expect(reply.body.contains(message), "\(reply.body)")
        #expect(try Self.history(runner, "two-sum").isEmpty)
        let review = try server.request("POST", "/api/problems/two-sum/review", body: #"{"rating":"good"}"#, headers: headers)
        #expect(review.status == 400)
    }
}
