import Foundation
@testable import LeetTrackServer
import NIOHTTP1
import Persistence
import Testing

/// The ledger of the page's change ids: a change sent again gets its first answer, and another
/// request that carries an id already used is refused rather than answered with that answer.
@Suite("serve: the change ledger")
struct ChangeLedgerTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let id = "0f8e6b1c-2d3a-4b5c-9d6e-7f8091a2b3c4"
    static let key = "web.change.\(ChangeLedger.day(of: now)).\(id)"

    static func request(_ method: HTTPMethod, _ path: String, body: String = "") -> APIRequest {
        APIRequest(method: method, path: path.split(separator: "/"), parameters: [:], body: Array(body.utf8))
    }

    static func stamp(of request: APIRequest) -> ChangeStamp {
        ChangeStamp(id: id, madeAt: now, request: ChangeLedger.digest(of: request))
    }

    static let solve = request(.POST, "problems/40/solve", body: #"{"rating":"good"}"#)

    /// A store whose ledger holds `solve`, answered `{"id":40}`.
    static func ledgerWithTheSolve() throws -> Store {
        let store = Store.memory()
        try store.transaction { try ChangeLedger.record(stamp(of: solve), body: Array(#"{"id":40}"#.utf8), now: now, in: $0) }
        return store
    }

    @Test("the same request sent again gets the first answer, and records nothing more")
    func aRepetitionGetsTheFirstAnswer() throws {
        let store = try Self.ledgerWithTheSolve()
        let again = Self.stamp(of: Self.request(.POST, "problems/40/solve", body: #"{"rating":"good"}"#))
        #expect(try ChangeLedger.firstAnswer(to: again, in: store)?.body == #"{"id":40}"#)
        #expect {
            try store.transaction { try ChangeLedger.record(again, body: Array("{}".utf8), now: Self.now, in: $0) }
        } throws: { ($0 as? ChangeLedger.Repeated)?.answer.body == #"{"id":40}"# }
    }

    @Test("another request with a used id is refused, and the transaction writes nothing", arguments: [
        request(.PUT, "problems/41/favorite"),
        request(.POST, "problems/41/solve", body: #"{"rating":"good"}"#),
        request(.POST, "problems/40/solve", body: #"{"rating":"hard"}"#),
        request(.POST, "problems/40/attempt", body: #"{"rating":"good"}"#),
    ])
    func anotherRequestWithAUsedIDIsRefused(other: APIRequest) throws {
        let store = try Self.ledgerWithTheSolve()
        let before = try store.rawValue(forKey: Self.key)
        #expect(throws: ServerError.changeReused(id: Self.id)) { try ChangeLedger.firstAnswer(to: Self.stamp(of: other), in: store) }
        #expect(throws: ServerError.changeReused(id: Self.id)) {
            try store.transaction { transaction in
                try transaction.set(true, for: Key<Bool>("favorite-written", default: false))
                try ChangeLedger.record(Self.stamp(of: other), body: Array("{}".utf8), now: Self.now, in: transaction)
            }
        }
        #expect(try store.rawValue(forKey: Self.key) == before)
        #expect(try store.keys(withPrefix: "favorite-written") == [])
        #expect(ChangeLedger.concernsOneChange(ServerError.changeReused(id: Self.id)))
    }

    @Test("the refusal is a 409 that names the header and says nothing was changed")
    func theRefusalIsAConflict() {
        let json = ErrorJSON(ServerError.changeReused(id: Self.id))
        #expect(json.status == 409)
        #expect(json.error.contains(Self.id) && json.error.contains("X-LeetTrack-Change") && json.error.hasSuffix("Nothing was changed."))
    }

    @Test("an entry keeps the digest beside the answer, which older builds read past")
    func theEntryKeepsTheDigest() throws {
        let store = try Self.ledgerWithTheSolve()
        let stored = try #require(try store.rawValue(forKey: Self.key))
        let digest = ChangeLedger.digest(of: Self.solve)
        #expect(String(decoding: stored, as: UTF8.self) == #"{"status":200,"body":"{\"id\":40}","request":"\#(digest)"}"#)
        #expect(try JSONDecoder().decode(OlderEntry.self, from: stored) == OlderEntry(status: 200, body: #"{"id":40}"#))
    }

    @Test("an entry from before the digest answers a request with its id, as it did")
    func anEntryWithoutADigestAnswers() throws {
        let store = Store.memory()
        try store.set(OlderEntry(status: 200, body: #"{"id":40}"#), for: Key<OlderEntry>(Self.key, default: OlderEntry(status: 0, body: "")))
        let stamp = Self.stamp(of: Self.solve)
        #expect(try ChangeLedger.firstAnswer(to: stamp, in: store)?.body == #"{"id":40}"#)
        #expect {
            try store.transaction { try ChangeLedger.record(stamp, body: Array("{}".utf8), now: Self.now, in: $0) }
        } throws: { ($0 as? ChangeLedger.Repeated)?.answer.status == 200 }
    }

    @Test("the digest tells apart the method, the path, the body, and parts that would run together")
    func theDigestTellsRequestsApart() {
        let digests = [
            Self.request(.PUT, "problems/1/note", body: #"{"note":"a"}"#), Self.request(.DELETE, "problems/1/note", body: #"{"note":"a"}"#),
            Self.request(.PUT, "problems/2/note", body: #"{"note":"a"}"#), Self.request(.PUT, "problems/1/note", body: #"{"note":"b"}"#),
            Self.request(.PUT, "problems/1/note"), APIRequest(method: .PUT, path: ["problems", "1/note"], parameters: [:], body: []),
            APIRequest(method: .PUT, path: ["problems", "1", "note", ""], parameters: [:], body: []),
        ].map(ChangeLedger.digest(of:))
        #expect(Set(digests).count == digests.count)
        #expect(ChangeLedger.digest(of: Self.solve) == ChangeLedger.digest(of: Self.request(.POST, "problems/40/solve", body: #"{"rating":"good"}"#)))
        #expect(digests.allSatisfy { $0.utf8.count == 64 })
    }
}

/// A ledger entry as builds before the digest wrote and read it.
private struct OlderEntry: Codable, Equatable {
    var status: Int
    var body: String
}
