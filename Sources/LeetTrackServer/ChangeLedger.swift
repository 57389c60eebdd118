import FoundationEssentials
import LeetTrackCore
import NIOCore
import NIOHTTP1
import Persistence

/// What a write request says about itself, read from its headers at the entrance: the page's id
/// for the change (`X-LeetTrack-Change`, a UUID the page made) and when the change was made
/// (`X-LeetTrack-Made`, milliseconds since 1970), so that a change kept on a phone while the server
/// was away is applied once, dated when it was made. A request without them (a script, `curl`) is
/// an ordinary edit made now.
struct ChangeHeaders: Sendable, Hashable {
    static let idName = "X-LeetTrack-Change"
    static let madeName = "X-LeetTrack-Made"

    /// The change's id: 36 characters, lowercase hex digits in the 8-4-4-4-12 pattern of a UUID.
    var id: String?
    /// When the change was made, in milliseconds since 1970 (digits only, at most 15).
    var milliseconds: Int64?

    /// The headers of `headers`, or `nil` when it carries neither; a malformed or repeated header
    /// is refused, before anything is changed.
    init?(_ headers: HTTPHeaders) throws {
        let ids = headers[Self.idName], made = headers[Self.madeName]
        guard !ids.isEmpty || !made.isEmpty else { return nil }
        guard ids.count <= 1, made.count <= 1 else {
            throw ServerError.badRequest("a write carries \(Self.idName) and \(Self.madeName) at most once each; nothing was changed.")
        }
        if let id = ids.first {
            guard Self.isChangeID(id) else {
                throw ServerError.badRequest("\(Self.idName) must be a lowercase UUID (36 characters, 8-4-4-4-12 hex digits); nothing was changed.")
            }
            self.id = id
        }
        if let text = made.first {
            guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = Int64(text)
            else {
                throw ServerError.badRequest("\(Self.madeName) must be the time the change was made in milliseconds since 1970 (digits); nothing was changed.")
            }
            milliseconds = value
        }
        guard id == nil || milliseconds != nil else {
            throw ServerError.badRequest("\(Self.idName) needs \(Self.madeName): the time the change was made; nothing was changed.")
        }
    }

    /// Whether `text` is a change id: exactly a UUID's shape, in lowercase (as `crypto.randomUUID()` makes it).
    static func isChangeID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), !(UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) {
                return false
            }
        }
        return true
    }

    /// The change as the server applies it, its time checked against `now`: a time up to
    /// ``allowedSkew`` ahead (a phone's clock a little fast) counts as now; later, or older than
    /// ``ChangeLedger/oldestChange``, is refused.
    func checked(now: Date) throws -> ChangeStamp {
        guard let milliseconds else { return ChangeStamp(id: id, madeAt: nil) }
        let made = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        if made > now.addingTimeInterval(Self.allowedSkew) {
            throw ServerError.badRequest("the change is dated in the future (\(Self.madeName)); check the phone's clock. Nothing was changed.")
        }
        if made < now.addingTimeInterval(-ChangeLedger.oldestChange) {
            throw ServerError.badRequest(
                "the change was made more than \(Int(ChangeLedger.oldestChange / 86_400)) days ago; it is too old to apply. Nothing was changed.")
        }
        return ChangeStamp(id: id, madeAt: min(made, now))
    }

    /// How far ahead of the server's clock a change's time may be.
    static let allowedSkew: TimeInterval = 120
}

/// A write's id and time, checked (see ``ChangeHeaders/checked(now:)``).
struct ChangeStamp: Sendable, Hashable {
    var id: String?
    /// When it was made; `nil`: now.
    var madeAt: Date?
    /// With an id, the digest of the request that carries it (``ChangeLedger/digest(of:)``).
    var request: String? = nil
}

extension APIRequest {
    /// The change this write says it is (``ChangeHeaders/checked(now:)``), with its request's
    /// digest when it has an id; `nil` for a write without the headers.
    func changeStamp(now: Date) throws -> ChangeStamp? {
        guard var stamp = try change?.checked(now: now) else { return nil }
        if stamp.id != nil { stamp.request = ChangeLedger.digest(of: self) }
        return stamp
    }
}

/// The ids of the changes the page's writes applied, each with its answer, written in the same
/// transaction as the change: a request sent again (its answer lost with the connection) gets the
/// first answer and changes nothing.
///
/// Only the same request is the same change: an entry keeps the digest of its request (method,
/// path and body), and another request with an id already used is refused (409,
/// ``ServerError/changeReused(id:)``) and changes nothing, rather than answered with another
/// change's answer while its own write is dropped. An entry written before the digest was kept
/// has none, and answers any request with its id, as it did. (An id is looked up under the day of
/// its change's time: the same id dated another day is another change, as it always was.)
///
/// Each id is its own small key, `web.change.<day>.<id>`, where the day is that of the change's
/// own time (days since 1970, UTC), which a retry repeats. Growth is bounded without scanning the
/// ledger on every write: a change older than ``oldestChange`` is refused, so an entry is
/// needed only until then; once a day, the first write removes the days past ``keptDays``, one
/// key prefix per day (`web.change-swept` remembers the last day removed).
enum ChangeLedger {
    /// The oldest change applied (a phone offline that long has its changes refused).
    static let oldestChange: TimeInterval = 30 * 86_400
    /// How many days of entries are kept: more than ``oldestChange`` covers, so that any change
    /// still applicable finds its entry.
    static let keptDays = 32
    static let prefix = "web.change."
    static let swept = Key<Int?>("web.change-swept", default: nil)

    /// The first answer to a change, kept for its repetitions.
    struct FirstAnswer: Codable, Sendable {
        var status: Int
        var body: String
        /// The digest of the request that made the change (``ChangeLedger/digest(of:)``); absent
        /// in an entry written before it was kept (older builds read past it).
        var request: String? = nil

        /// This answer, for `stamp` sent again.
        /// - Throws: ``ServerError/changeReused(id:)`` when `stamp` is another request with the
        ///   same id (an entry without a digest cannot tell, and answers).
        func answer(repeating stamp: ChangeStamp) throws -> FirstAnswer {
            if let request, request != stamp.request { throw ServerError.changeReused(id: stamp.id ?? "") }
            return self
        }
    }

    /// Thrown inside a transaction that would apply a change already applied: it applies
    /// nothing, and the request is answered with the first answer.
    struct Repeated: Error {
        var answer: FirstAnswer
    }

    /// Whether `error` concerns one change's id alone (applied already, or used by another
    /// request): it fails that change's request only.
    static func concernsOneChange(_ error: any Error) -> Bool {
        if error is Repeated { return true }
        if case ServerError.changeReused = error { return true }
        return false
    }

    /// The digest of what `request` asks (its method, path and body) as lowercase hex: what tells
    /// a change sent again from another request that carries its id. Each part is preceded by its
    /// length, so that no two different requests give the same bytes to hash.
    /// - Complexity: O(*n*) in the body's length.
    static func digest(of request: APIRequest) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + request.body.count)
        func add<Part: Collection<UInt8>>(_ part: Part) {
            bytes += "\(part.count):".utf8
            bytes += part
        }
        add(request.method.rawValue.utf8)
        for segment in request.path { add(segment.utf8) }
        add(request.body)
        return ContentHash.sha256(bytes)
    }

    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    private static func key(_ id: String, madeAt: Date) -> Key<FirstAnswer?> {
        Key<FirstAnswer?>(prefix + "\(day(of: madeAt)).\(id)", default: nil)
    }

    /// The first answer to the change `stamp`, if it was applied.
    /// - Throws: ``ServerError/changeReused(id:)`` when its id was used by another request.
    static func firstAnswer(to stamp: ChangeStamp?, in store: Store) throws -> FirstAnswer? {
        guard let stamp, let id = stamp.id, let made = stamp.madeAt else { return nil }
        return try store.value(for: key(id, madeAt: made)).map { try $0.answer(repeating: stamp) }
    }

    /// Records that the change `stamp` was applied and answered `body`, with its request's digest,
    /// in the transaction that applies it; throws ``Repeated`` when it was applied already, or
    /// ``ServerError/changeReused(id:)`` when its id was used by another request (either way the
    /// transaction then applies nothing). Removes the days of entries no longer needed, once a day.
    static func record(_ stamp: ChangeStamp?, body: [UInt8], now: Date, in transaction: Transaction) throws {
        guard let stamp, let id = stamp.id, let made = stamp.madeAt else { return }
        let key = key(id, madeAt: made)
        if let entry = try transaction.value(for: key) { throw Repeated(answer: try entry.answer(repeating: stamp)) }
        try transaction.set(FirstAnswer(status: 200, body: String(decoding: body, as: UTF8.self), request: stamp.request), for: key)
        try sweep(now: now, in: transaction)
    }

    /// Removes the entries of the days before the kept ones that were not removed yet: nothing
    /// on most writes, one prefix read per day past on the first write of a day.
    private static func sweep(now: Date, in transaction: Transaction) throws {
        let last = day(of: now) - keptDays
        guard let done = try transaction.value(for: swept) else {
            // The first entry ever: nothing older exists.
            return try transaction.set(last, for: swept)
        }
        guard done < last else { return }
        // After a long pause, the few entries left are read in one prefix query instead of a query per day.
        if last - done > 64 {
            for (name, _) in try transaction.rawValues(withKeyPrefix: prefix) where entryDay(name).map({ $0 <= last }) ?? false {
                transaction.removeValue(for: Key<FirstAnswer?>(name, default: nil))
            }
        } else {
            for expired in (done + 1)...last {
                for (name, _) in try transaction.rawValues(withKeyPrefix: prefix + "\(expired).") {
                    transaction.removeValue(for: Key<FirstAnswer?>(name, default: nil))
                }
            }
        }
        try transaction.set(last, for: swept)
    }

    /// The day in an entry's key name.
    private static func entryDay(_ name: String) -> Int? {
        name.dropFirst(prefix.count).split(separator: ".").first.flatMap { Int($0) }
    }
}

extension ChangeLedger {
    /// The first answer to a repeated change, as a route's response.
    static func response(to repeated: Repeated) -> APIResponse {
        APIResponse(
            status: HTTPResponseStatus(statusCode: repeated.answer.status), value: [String](),
            answered: ByteBuffer(bytes: Array(repeated.answer.body.utf8)))
    }
}
