import Foundation
import Testing

@testable import LeetTrackCore
@testable import Persistence

@Suite("The sentences about list changes, shared by the command line and the web app")
struct ListMessagesTests {
    static let day = Date(timeIntervalSince1970: 1_764_000_000)

    /// A store with the own lists `names`, in that order.
    static func lists(_ names: [String]) throws -> OwnLists {
        let lists = OwnLists(store: Store.memory(), clock: .system)
        for name in names { try lists.create(name, in: .builtIn, at: day) }
        return lists
    }

    @Test("add and remove say, for each problem in its order, whether it changed the list")
    func membershipSaysEachProblem() throws {
        let lists = try Self.lists(["Warm-up"])
        let catalog = Catalog.builtIn
        let problems = try catalog.resolve(["1", "2"])
        let messages = ListMessages()
        let named = problems.map { ($0.slug, messages.name($0)) }
        _ = try lists.add(["two-sum"], to: "warm-up", in: catalog)
        let added = try lists.add(problems.map(\.slug), to: "warm-up", in: catalog)
        #expect(messages.membership(named, added, adding: true) == [
            "1. Two Sum is already in “Warm-up”.", "Added 2. Add Two Numbers to “Warm-up”.",
        ])
        let removed = try lists.remove(["add-two-numbers", "lru-cache"], from: "warm-up", in: catalog)
        #expect(messages.membership([("add-two-numbers", "2"), ("lru-cache", "146")], removed, adding: false) == [
            "Removed 2 from “Warm-up”.", "146 was not in “Warm-up”.",
        ])
    }

    @Test("move and reorder say the place, or that the problem or list was already there")
    func moveAndReorderSayThePlace() throws {
        let lists = try Self.lists(["Alpha", "Beta"])
        let catalog = Catalog.builtIn
        let problem = try catalog.resolve("1")
        _ = try lists.add(["two-sum", "lru-cache"], to: "alpha", in: catalog)
        let messages = ListMessages()
        #expect(messages.moved(problem, to: 2, try lists.move("two-sum", to: 2, in: "alpha", in: catalog))
            == "Moved 1. Two Sum to place 2 of “Alpha”.")
        #expect(messages.moved(problem, to: 2, try lists.move("two-sum", to: 2, in: "alpha", in: catalog))
            == "1. Two Sum is already at place 2 of “Alpha”.")
        #expect(messages.reordered(try lists.reorder("beta", to: 1, in: catalog), to: 1) == "Put the list “Beta” at place 1 of your lists.")
        #expect(messages.reordered(try lists.reorder("beta", to: 1, in: catalog), to: 1)
            == "The list “Beta” is already at place 1 of your lists.")
    }

    @Test("names from outside pass through the front end's inert function, keys and places do not")
    func outsideNamesPassThroughInert() throws {
        let lists = try Self.lists(["Graphs"])
        let list = try lists.list(named: "graphs", in: .builtIn)
        let messages = ListMessages { "[\($0)]" }
        #expect(messages.created(list) == "Created the list “[Graphs]” (key graphs).")
        #expect(messages.renamed(from: "Old", to: list) == "Renamed the list “[Old]” to “[Graphs]” (key graphs).")
        #expect(messages.deleted(list, wasFollowed: false) == "Deleted the list “[Graphs]”.")
        #expect(messages.deleted(list, wasFollowed: true).hasSuffix(
            " You no longer follow it; follow another with `leettrack config follow LIST` (e.g. neetcode-150)."))
        #expect(messages.followedListGone("mine").hasPrefix("the followed list '[mine]' no longer exists."))
        let target = StudyTarget(day: try LocalDay(parsing: "2027-02-15"), lists: ["mine"])
        #expect(messages.targetListGone("mine", of: target)
            == "the target's list '[mine]' no longer exists; set the target again with `leettrack config target-date 2027-02-15 --lists LISTS`.")
    }
}
