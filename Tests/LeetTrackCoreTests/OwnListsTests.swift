import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Own lists")
struct OwnListsTests {
    let store: Store
    let lists: OwnLists
    let catalog = Catalog.builtIn
    let now = UTCTimestamp.date(from: "2026-03-01T12:00:00Z")!
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-lists")
        store = try Store.sqlite(path: folder.path("store.sqlite"))
        lists = OwnLists(store: store, clock: .system)
    }

    @Test("a list lives through create, add, remove, rename and delete, keeping its order")
    func lifeCycle() throws {
        try lists.create("My Graphs", in: catalog, at: now)
        let added = try lists.add(["number-of-islands", "clone-graph", "two-sum", "clone-graph"], to: "my graphs", in: catalog)
        #expect(added.changed == ["number-of-islands", "clone-graph", "two-sum"])
        #expect(added.unchanged == ["clone-graph"])
        let removed = try lists.remove(["two-sum", "lru-cache"], from: "MY-GRAPHS", in: catalog)
        #expect(removed.list.slugs == ["number-of-islands", "clone-graph"])
        #expect(removed.unchanged == ["lru-cache"])
        let renamed = try lists.rename("my-graphs", to: "Graph Drills", in: catalog)
        #expect(renamed.key == "graph-drills")
        #expect(try lists.all() == [StudyList(key: "graph-drills", name: "Graph Drills", slugs: ["number-of-islands", "clone-graph"], isOwn: true)])
        try lists.delete("graph drills", in: catalog)
        #expect(try lists.all().isEmpty)
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("a list made with its problems is one change, and a conditional delete keeps a list that changed")
    func createWithProblemsAndConditionalDelete() throws {
        let made = try lists.create("Quick", in: catalog, at: now, problems: ["two-sum", "two-sum", "3sum"])
        #expect(made.slugs == ["two-sum", "3sum"])
        #expect(try lists.delete("quick", in: catalog, onlyIfProblemsAre: ["two-sum"]) == nil)
        #expect(try lists.list(named: "quick", in: catalog).slugs == ["two-sum", "3sum"])
        #expect(try lists.delete("quick", in: catalog, onlyIfProblemsAre: ["two-sum", "3sum"])?.name == "Quick")
        #expect(throws: LeetTrackError.self) { try lists.list(named: "quick", in: catalog) }
    }

    @Test("each list is one record, and lists come back in the order they were created")
    func oneRecordEach() throws {
        try lists.create("zeta", in: catalog, at: now)
        try lists.create("alpha", in: catalog, at: now.addingTimeInterval(60))
        #expect(try store.keys(withPrefix: "") == ["lists.alpha", "lists.zeta"])
        #expect(try lists.all().map(\.name) == ["zeta", "alpha"])
        #expect(try lists.allLists(in: catalog).map(\.key).suffix(2) == ["zeta", "alpha"])
    }

    @Test("a duplicate name, in any case or spacing, is refused")
    func duplicates() throws {
        try lists.create("My Graphs", in: catalog, at: now)
        #expect(throws: LeetTrackError.duplicateList("my  graphs", existing: "My Graphs")) {
            try lists.create("my  graphs", in: catalog, at: now)
        }
        #expect(throws: LeetTrackError.duplicateList("blind 75", existing: "Blind 75")) {
            try lists.create("blind 75", in: catalog, at: now)
        }
        try lists.create("Trees", in: catalog, at: now)
        #expect(throws: LeetTrackError.duplicateList("trees", existing: "Trees")) {
            try lists.rename("my graphs", to: "trees", in: catalog)
        }
    }

    @Test("names without letters, subcommand words and built-in lists are refused")
    func badNames() throws {
        for name in ["", "  ", "---", "create", "Delete", "-x"] {
            #expect(throws: LeetTrackError.self) { try lists.create(name, in: catalog, at: now) }
        }
        #expect(throws: LeetTrackError.builtInList("blind-75")) { try lists.add(["two-sum"], to: "blind-75", in: catalog) }
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("an unknown list is reported with every list's key")
    func unknownList() throws {
        try lists.create("Mine", in: catalog, at: now)
        #expect {
            try lists.add(["two-sum"], to: "nope", in: catalog)
        } throws: { error in
            guard case LeetTrackError.unknownList("nope", let known) = error else { return false }
            return known.first == "blind-75" && known.last == "mine"
        }
    }

    @Test("a lookup finds built-in and own lists, and a query filters by an own list in its order")
    func lookupAndQuery() throws {
        try lists.create("Mine", in: catalog, at: now)
        _ = try lists.add(["lru-cache", "two-sum"], to: "mine", in: catalog)
        #expect(try lists.list(named: "Blind 75", in: catalog).isOwn == false)
        var query = ProblemQuery()
        query.list = try lists.list(named: "mine", in: catalog)
        #expect(catalog.problems(matching: query, progress: [:]).map(\.id) == [146, 1])
    }
}
