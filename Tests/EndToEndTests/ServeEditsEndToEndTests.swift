import Foundation
import LeetTrackCore
import Persistence
import Testing

/// Edits through the API while other requests edit too: the server commits concurrent edits in
/// groups, and none may be lost, reordered within a problem, or fail another's request. The full
/// list stays what `list --json` prints, though it re-encodes only the rows that changed.
@Suite("serve: concurrent edits and the full list")
struct ServeEditsEndToEndTests {
    @Test func concurrentAttemptsAtOneProblemAreAllRecorded() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let port = server.port
        let statuses = try Self.concurrently(12) { _ in try ServeProcess.request(port: port, "POST", "/api/problems/1/attempt").status }
        #expect(statuses == Array(repeating: 200, count: 12))
        let shown = try runner.json(try runner.run("show", "1", "--json")) as? [String: Any]
        #expect((shown?["history"] as? [Any])?.count == 12)
    }

    @Test func concurrentFavoritesOfManyProblemsAreAllKept() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let port = server.port
        let replies = try Self.concurrently(20) { index in try ServeProcess.request(port: port, "PUT", "/api/problems/\(index + 1)/favorite") }
        #expect(replies.allSatisfy { $0.status == 200 && $0.object["favorite"] as? Bool == true })
        let favorites = try runner.json(try runner.run("favorites", "--json")) as? [[String: Any]]
        #expect(favorites?.compactMap { $0["id"] as? Int } == Array(1...20))
    }

    @Test func anUnknownProblemAmongConcurrentEditsFailsAlone() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let port = server.port
        let statuses = try Self.concurrently(9) { index in
            try ServeProcess.request(port: port, "PUT", index == 4 ? "/api/problems/no-such-problem-here/favorite" : "/api/problems/\(index + 1)/favorite").status
        }
        #expect(statuses == [200, 200, 200, 200, 404, 200, 200, 200, 200])
        let favorites = try runner.json(try runner.run("favorites", "--json")) as? [[String: Any]]
        #expect(favorites?.compactMap { $0["id"] as? Int } == [1, 2, 3, 4, 6, 7, 8, 9])
    }

    @Test func aProblemNamedByPercentEncodedTitleWordsIsEdited() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("PUT", "/api/problems/lru%20cache/favorite")
        #expect(reply.status == 200)
        #expect(reply.object["id"] as? Int == 146)
        #expect(reply.object["favorite"] as? Bool == true)
    }

    @Test func aDamagedRecordFailsOnlyTheConcurrentEditsOfItsProblem() throws {
        let runner = try LeetTrackRunner()
        let slug = Catalog.builtIn.problem(at: 2).slug
        do {
            let store = try Store.sqlite(path: runner.storePath)
            try store.set(["favorite": "yes"], for: Key<[String: String]>("progress.\(slug)", default: [:]))
        }
        let server = try ServeProcess(runner)
        let port = server.port
        let replies = try Self.concurrently(8) { index in try ServeProcess.request(port: port, "PUT", "/api/problems/\(index + 1)/favorite") }
        #expect(replies.map(\.status) == [200, 200, 500, 200, 200, 200, 200, 200])
        #expect((replies[2].object["error"] as? String)?.contains("progress.\(slug)") == true)
        let favorites = try runner.json(try runner.run("favorites", "--json")) as? [[String: Any]]
        #expect(favorites?.compactMap { $0["id"] as? Int } == [1, 2, 4, 5, 6, 7, 8])
    }

    @Test func theFullListAfterEditsIsTheSameAsListJSON() throws {
        let runner = try LeetTrackRunner()
        // Store text that a naive cut of the encoded list into rows would trip on.
        try runner.run("note", "3", #"a "quoted", {braced} [bracketed] note \ with a backslash"#)
        try runner.run("fav", "5")
        let server = try ServeProcess(runner)
        _ = try server.json("/api/problems")
        #expect(try server.request("PUT", "/api/problems/146/favorite").status == 200)
        #expect(try server.request("POST", "/api/problems/1/solve", body: #"{"rating":"hard"}"#).status == 200)
        #expect(try server.request("PUT", "/api/problems/2/note", body: #"{"note":"},{\"id\":0,"}"#).status == 200)
        #expect(try server.request("DELETE", "/api/problems/5/favorite").status == 200)
        let served = try server.json("/api/problems") as? NSArray
        let printed = try runner.json(try runner.run("list", "--json")) as? NSArray
        #expect(served?.count == Catalog.builtIn.count)
        #expect(served == printed)
    }

    @Test func aRowShowsItsDefaultsAgainWhenItsRecordIsEmptied() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        #expect(try server.request("PUT", "/api/problems/146/favorite").status == 200)
        #expect(try Self.row(146, in: server)?["favorite"] as? Bool == true)
        #expect(try server.request("DELETE", "/api/problems/146/favorite").status == 200)
        #expect(try Self.row(146, in: server)?["favorite"] as? Bool == false)
    }

    private static func row(_ id: Int, in server: ServeProcess) throws -> [String: Any]? {
        (try server.json("/api/problems") as? [[String: Any]])?.first { $0["id"] as? Int == id }
    }

    /// Runs `body` on `count` threads at once (each with its own connection), results in index order.
    private static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let results = ResultBox<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, Result { try body(index) })
        }
        return try results.values()
    }
}

/// Results gathered from several threads.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `results` holds `lock`.
    private let lock = NSLock()
    private var results: [Result<T, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { results[index] = result }
    }

    func values() throws -> [T] {
        try lock.withLock { results }.map { result in
            guard let result else { throw ServeTestError.socket("a request did not finish") }
            return try result.get()
        }
    }
}
