import FoundationEssentials
import LeetTrackCore
import Persistence
import NIOCore
import NIOHTTP1

/// The list's filters as `GET /api/problems` takes them: the options of `leettrack list`.
struct ProblemFilters {
    var text: String?
    var difficulty: String?
    var status: String?
    var favorites = false
    var tag: String?
    var list: String?
    /// A topic section of `list`, or of the followed list without one (`leettrack list --section S`).
    var section: String?
    var limit: String?

    init(_ parameters: [String: String]) throws {
        let known: Set = ["q", "difficulty", "status", "favorites", "tag", "list", "section", "limit"]
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw ServerError.badRequest("unknown parameter '\(unknown)'; use \(known.sorted().joined(separator: ", ")).")
        }
        text = parameters["q"].flatMap { $0.isEmpty ? nil : $0 }
        difficulty = parameters["difficulty"].flatMap { $0.isEmpty ? nil : $0 }
        status = parameters["status"].flatMap { $0.isEmpty ? nil : $0 }
        favorites = ["1", "true", "yes"].contains(parameters["favorites"] ?? "")
        tag = parameters["tag"].flatMap { $0.isEmpty ? nil : $0 }
        list = parameters["list"].flatMap { $0.isEmpty ? nil : $0 }
        section = parameters["section"].flatMap { $0.isEmpty ? nil : $0 }
        limit = parameters["limit"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The query, with the same messages as `leettrack list` for bad values; the list is left to
    /// the model, which reads own lists from the store.
    func query(in catalog: Catalog) throws -> ProblemQuery {
        var query = ProblemQuery()
        query.text = text
        if let difficulty {
            guard let value = Difficulty(rawValue: difficulty.lowercased()) else {
                throw ServerError.badRequest("'\(difficulty)' is not a difficulty; use easy, medium or hard")
            }
            query.difficulty = value
        }
        if let status {
            guard let value = Status(rawValue: status.lowercased()) else {
                throw ServerError.badRequest("'\(status)' is not a status; use todo, attempted or solved")
            }
            query.status = value
        }
        query.favoritesOnly = favorites
        if let tag { query.tag = try catalog.canonicalTag(tag) }
        if let limit {
            guard let value = Int(limit), value > 0 else {
                throw ServerError.badRequest("'limit' needs a positive whole number, not '\(limit)'")
            }
            query.limit = value
        }
        return query
    }
}

/// One API request, already read: method, path segments, query and body.
struct APIRequest: Sendable {
    var method: HTTPMethod
    var path: [Substring]
    var parameters: [String: String]
    var body: [UInt8]
    /// A write's change id and time (``ChangeHeaders``), when the page sent them.
    var change: ChangeHeaders? = nil
}

/// What a route answers: a status and an encodable value.
struct APIResponse {
    var status: HTTPResponseStatus = .ok
    var value: any Encodable
    /// The body already encoded, with its tag and gzip, when the route had it cached.
    var encoded: CachedBody? = nil
    /// The body already encoded, untagged: a repeated change's first answer.
    var answered: ByteBuffer? = nil
    /// The keys of the records left out of the answer because they do not decode.
    var damaged: [String] = []
}

/// The JSON API: maps a request to one call of ``ServerModel``. Runs on the thread pool.
struct Routes: Sendable {
    let model: ServerModel
    /// The lists' and tags' last answers, with their tags and gzip.
    let taggedBodies = TaggedBodies()

    /// The methods each route takes (GET answers HEAD too), or `nil` for a path that is no route.
    static func methods(for path: [Substring]) -> [HTTPMethod]? {
        if let methods = pageMethods(for: path) { return methods }
        return switch (path.count, path.first) {
        case (1, "problems"), (2, "problems"), (1, "progress"), (1, "review"), (1, "stats"), (1, "lists"), (1, "tags"), (1, "events"):
            [.GET]
        case (3, "problems"):
            switch path[2] {
            case "favorite", "note": [.PUT, .DELETE]
            case "solve", "attempt", "reset", "review": [.POST]
            default: nil
            }
        default: nil
        }
    }

    func handle(_ request: APIRequest) throws -> APIResponse {
        var damaged: [String] = []
        var response = try read(request, damaged: &damaged)
        response.damaged = damaged
        return response
    }

    /// A read route's answer; the keys of the records it left out because they do not decode go to `damaged`.
    private func read(_ request: APIRequest, damaged: inout [String]) throws -> APIResponse {
        let path = request.path
        if let response = try pageResponse(request, damaged: &damaged) { return response }
        switch (path.count, path.first) {
        case (1, "problems"):
            try allow(request)
            if request.parameters.isEmpty {
                return APIResponse(value: [String](), encoded: try model.fullListJSON(damaged: &damaged))
            }
            return APIResponse(value: try model.problems(ProblemFilters(request.parameters), damaged: &damaged))
        case (2, "problems"):
            try allow(request)
            return APIResponse(value: try model.problem(String(path[1]), damaged: &damaged))
        case (3, "problems"):
            return try problemAction(String(path[1]), String(path[2]), request)
        case (1, "progress"):
            try allow(request)
            return APIResponse(value: try model.progressSummary(damaged: &damaged))
        case (1, "review"):
            try allow(request)
            return APIResponse(value: try model.reviewQueue(damaged: &damaged))
        case (1, "stats"):
            try allow(request)
            return APIResponse(value: try model.stats(damaged: &damaged))
        case (1, "lists"):
            try allow(request)
            return APIResponse(value: [String](), encoded: taggedBodies.body(of: try model.lists(damaged: &damaged), route: "lists"))
        case (1, "tags"):
            try allow(request)
            return APIResponse(value: [String](), encoded: taggedBodies.body(of: model.tags(), route: "tags"))
        default:
            throw ServerError.notFound(path: "/api/" + path.joined(separator: "/"))
        }
    }

    /// The warning a response carries (the `X-LeetTrack-Warning` header, which the page shows)
    /// when it left out records that do not decode: how many, which (their keys, reduced to
    /// characters a header may carry), and what to do.
    static func warning(about damaged: [String]) -> String? {
        guard !damaged.isEmpty else { return nil }
        let keys = Array(Set(damaged)).sorted()
        let shown = keys.prefix(3).map { key in
            String(key.unicodeScalars.prefix(80).map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) ? Character($0) : "?" })
        }
        let names = shown.joined(separator: ", ") + (keys.count > shown.count ? ", ..." : "")
        let count = Plural.count(keys.count, "record")
        return "\(count) in the store cannot be read (\(names)) and \(keys.count == 1 ? "is" : "are") left out; "
            + "`leettrack doctor` on the machine that serves this page shows the damage and what to do."
    }

    /// The actions on one problem that edit its record; ``WriteQueue`` commits them in groups.
    static let editActions: Set<Substring> = ["favorite", "solve", "attempt", "reset", "note"]

    /// Whether the path (after `/api/`) is an edit of one problem's record.
    static func isEdit(_ path: [Substring]) -> Bool {
        path.count == 3 && path[0] == "problems" && editActions.contains(path[2])
    }

    /// The edits of several requests, committed together (see ``ServerModel/apply(_:)``): each
    /// request's status and JSON body, in order. A request whose method or body is wrong gets its
    /// error and takes no part.
    func respond(toEdits requests: [APIRequest]) -> [(status: Int, body: [UInt8])] {
        var planned: [(index: Int, name: String, edit: ProgressEdit, stamp: ChangeStamp?)] = []
        var responses = [(status: Int, body: [UInt8])?](repeating: nil, count: requests.count)
        for (index, request) in requests.enumerated() {
            do {
                let (name, edit) = try edit(for: request)
                planned.append((index, name, edit, try request.changeStamp(now: model.now)))
            } catch {
                responses[index] = Self.failure(error)
            }
        }
        let results = planned.isEmpty ? [] : model.apply(planned.map { ($0.name, $0.edit) }, stamps: planned.map(\.stamp))
        for (plan, result) in zip(planned, results) {
            switch result {
            case .success(let problem): responses[plan.index] = (200, HTTPHandler.encode(problem))
            case .failure(let repeated as ChangeLedger.Repeated): responses[plan.index] = (repeated.answer.status, Array(repeated.answer.body.utf8))
            case .failure(let error): responses[plan.index] = Self.failure(error)
            }
        }
        return responses.map { $0 ?? Self.failure(ServerError.badRequest("the request was not handled; nothing was changed.")) }
    }

    private static func failure(_ error: any Error) -> (status: Int, body: [UInt8]) {
        let json = ErrorJSON(error)
        return (json.status, HTTPHandler.encode(json))
    }

    /// The edit that `PUT`/`DELETE …/favorite`, `POST …/solve|attempt|reset` or `PUT`/`DELETE …/note` asks for.
    private func edit(for request: APIRequest) throws -> (name: String, edit: ProgressEdit) {
        let name = String(request.path[1])
        switch request.path[2] {
        case "favorite":
            try allow(request)
            return (name, .favorite(request.method == .PUT))
        case "solve":
            try allow(request)
            let body = try decode(RatingBody.self, request.body, allowEmpty: true)
            return (name, .solve(try rating(body?.rating ?? "good"), seconds: try body?.time.map(PracticeTime.seconds(parsing:))))
        case "attempt":
            try allow(request)
            let body = try decode(RatingBody.self, request.body, allowEmpty: true)
            return (name, .attempt(seconds: try body?.time.map(PracticeTime.seconds(parsing:))))
        case "reset":
            try allow(request)
            return (name, .reset)
        case "note":
            try allow(request)
            if request.method == .DELETE { return (name, .note("")) }
            guard let body = try decode(NoteBody.self, request.body, allowEmpty: false) else {
                throw ServerError.badRequest("the body must be JSON: {\"note\": \"text\"}")
            }
            return (name, try ProgressEdit.checkedNote(body.note))
        default:
            throw ServerError.notFound(path: "/api/" + request.path.joined(separator: "/"))
        }
    }

    private func problemAction(_ name: String, _ action: String, _ request: APIRequest) throws -> APIResponse {
        guard action == "review" else {
            if Self.isEdit(request.path) {
                let (name, edit) = try edit(for: request)
                do {
                    return APIResponse(value: try model.apply([(name, edit)], stamps: [try request.changeStamp(now: model.now)])[0].get())
                } catch let repeated as ChangeLedger.Repeated {
                    return ChangeLedger.response(to: repeated)
                }
            }
            throw ServerError.notFound(path: "/api/problems/\(name)/\(action)")
        }
        try allow(request)
        guard let body = try decode(RatingBody.self, request.body, allowEmpty: false), let word = body.rating else {
            throw ServerError.badRequest("the body must be JSON: {\"rating\": \"again|hard|good|easy\"}")
        }
        return try model.review(name, rating: try rating(word), stamp: try request.changeStamp(now: model.now))
    }

    /// Checks the method against ``methods(for:)``, the one table of them (the pages' routes included).
    func allow(_ request: APIRequest) throws {
        guard let methods = Self.methods(for: request.path), methods.contains(request.method) else {
            throw ServerError.methodNotAllowed(
                method: request.method.rawValue, allowed: HTTPHandler.names(of: Self.methods(for: request.path) ?? []))
        }
    }

    /// The rating a body names (`again`, `hard`, `good`, `easy`), refused with its message when it is not one.
    private func rating(_ word: String) throws -> ReviewRating {
        guard let rating = ReviewRating(word) else { throw LeetTrackError.invalidRating(word) }
        return rating
    }

    private func decode<Body: Decodable>(_ type: Body.Type, _ bytes: [UInt8], allowEmpty: Bool) throws -> Body? {
        if bytes.isEmpty, allowEmpty { return nil }
        return try decode(type, bytes)
    }

    /// The body as `type`, refused with the reason (malformed, a key missing, a wrong type) when it
    /// is not that JSON.
    func decode<Body: Decodable>(_ type: Body.Type, _ bytes: [UInt8]) throws -> Body {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw ServerError.badRequest("the body is not the JSON this route takes (\(Self.reason(error, bytes))); nothing was changed.")
        }
    }

    private static func reason(_ error: any Error, _ bytes: [UInt8]) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context):
            // Foundation says "not valid JSON", without a path, also for well-formed JSON with a
            // number that does not fit its field (`"place": 1.5`, a number past `Int`).
            do {
                try JSONValue.check(bytes)
            } catch {
                return "malformed JSON"
            }
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "a number that does not fit where it stands" : "a value that does not fit at '\(path)'"
        case .keyNotFound(let key, _):
            return "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default:
            return "unreadable"
        }
    }
}

private struct RatingBody: Decodable {
    var rating: String?
    /// How long it took, as `solve --time` and `attempt --time` take it: 25m, 1h10m, 90s.
    var time: String?
}

private struct NoteBody: Decodable {
    var note: String
}
