import FoundationEssentials
import LeetTrackCore
import NIOHTTP1

/// The routes of the Today and Lists pages: `GET /api/today`, and the changes to the user's own
/// lists (`POST /api/lists`, `PUT|DELETE /api/lists/KEY`, `POST /api/lists/KEY/add|remove|move|reorder`).
extension Routes {
    /// The methods of the pages' routes, or `nil` for a path that is not one of them.
    static func pageMethods(for path: [Substring]) -> [HTTPMethod]? {
        switch (path.count, path.first) {
        case (1, "today"): [.GET]
        case (1, "lists"): [.GET, .POST]
        case (2, "lists"): [.PUT, .DELETE]
        case (3, "lists") where ["add", "remove", "move", "reorder"].contains(path[2]): [.POST]
        default: nil
        }
    }

    /// The answer of a page route, or `nil` when `request` is for another route (a list read is
    /// left to the list routes).
    func pageResponse(_ request: APIRequest, damaged: inout [String]) throws -> APIResponse? {
        let path = request.path
        guard Self.pageMethods(for: path) != nil, !(path.count == 1 && path[0] == "lists" && request.method != .POST) else { return nil }
        try allow(request)
        if path == ["today"] { return APIResponse(value: try model.today(damaged: &damaged)) }
        let change: ListChange
        switch path.count {
        case 1:
            change = .create(try decode(NameBody.self, request.body).name)
        case 2 where request.method == .PUT:
            change = .rename(String(path[1]), to: try decode(NameBody.self, request.body).name)
        case 2:
            change = .delete(String(path[1]))
        case 3 where path[2] == "move":
            let move = try decode(MoveBody.self, request.body)
            guard move.place > 0 else {
                throw ServerError.badRequest("'place' is a place in the list: a whole number from 1 (the first); nothing was changed.")
            }
            change = .move(String(path[1]), problem: move.problem, place: move.place)
        case 3 where path[2] == "reorder":
            let place = try decode(PlaceBody.self, request.body).place
            guard place > 0 else {
                throw ServerError.badRequest("'place' is a place among your lists: a whole number from 1 (the first); nothing was changed.")
            }
            change = .reorder(String(path[1]), place: place)
        default:
            let problems = try decode(ProblemsBody.self, request.body).problems
            guard !problems.isEmpty else {
                throw ServerError.badRequest("'lists \(path[2])' needs a list NAME and at least one PROBLEM; nothing was changed.")
            }
            change = path[2] == "add" ? .add(String(path[1]), problems) : .remove(String(path[1]), problems)
        }
        // A list change sent again (its answer lost with the connection) gets its first answer.
        // The ledger's entry is written just after the change, not with it: the lists' own
        // transactions are LeetTrackCore's. A change applied twice here changes nothing more
        // (lists are sets of problems); at worst, after a crash between the two, the retry's
        // answer is the refusal `leettrack lists` would give.
        let stamp = try request.changeStamp(now: model.now)
        if let entry = try ChangeLedger.firstAnswer(to: stamp, in: model.tracker.store) {
            return ChangeLedger.response(to: ChangeLedger.Repeated(answer: entry))
        }
        let answer = try model.changeList(change)
        let now = model.now
        try model.tracker.store.transaction { transaction in
            try ChangeLedger.record(stamp, body: HTTPHandler.encode(answer), now: now, in: transaction)
        }
        return APIResponse(value: answer)
    }
}

private struct NameBody: Decodable {
    var name: String
}

private struct ProblemsBody: Decodable {
    var problems: [String]
}

private struct PlaceBody: Decodable {
    var place: Int
}

private struct MoveBody: Decodable {
    var problem: String
    var place: Int
}
