import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// LeetCode responses, trimmed to the fields LeetTrack reads, for tests.
enum LeetCodeSamples {
    /// `api/problems/all`: Two Sum renamed and paid, a new problem 9001, LRU Cache solved, 4 attempted.
    static let rest = #"""
        {"user_name": "", "num_solved": 1, "category_slug": "all", "stat_status_pairs": [
          {"stat": {"question_id": 1, "frontend_question_id": 1, "question__title": "Two Sum (Renamed)",
                    "question__title_slug": "two-sum", "total_acs": 5000, "total_submitted": 10000},
           "status": null, "difficulty": {"level": 1}, "paid_only": true},
          {"stat": {"frontend_question_id": 9001, "question__title": "Brand New Problem",
                    "question__title_slug": "brand-new-problem"},
           "status": "notac", "difficulty": {"level": 3}, "paid_only": false},
          {"stat": {"frontend_question_id": 146, "question__title": "LRU Cache", "question__title_slug": "lru-cache"},
           "status": "ac", "difficulty": {"level": 2}, "paid_only": false},
          {"stat": {"frontend_question_id": 4, "question__title": "Median of Two Sorted Arrays",
                    "question__title_slug": "median-of-two-sorted-arrays"},
           "status": "notac", "difficulty": {"level": 3}, "paid_only": false}
        ]}
        """#

    /// GraphQL `problemsetQuestionList`: a new problem 9002 with tags, and Two Sum as shipped but harder.
    static let graphQL = #"""
        {"data": {"problemsetQuestionList": {"total": 2, "questions": [
          {"questionFrontendId": "9002", "title": "Graph Newcomer", "titleSlug": "graph-newcomer", "difficulty": "Medium",
           "paidOnly": false, "acRate": 41.23456, "topicTags": [{"name": "Graph", "slug": "graph"}, {"name": "Database"}]},
          {"frontendQuestionId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "Hard",
           "paidOnly": false, "acRate": 58.04, "topicTags": [{"name": "Array"}, {"name": "Hash Table"}]}
        ]}}}
        """#
}

@Suite("Catalog updates from LeetCode's JSON")
struct ExchangeCatalogTests {
    let store = Store.memory()
    let now = Date(timeIntervalSince1970: 1_764_424_992)

    @Test("the REST shape is read with its ids, levels, paid flags, acceptance and statuses")
    func readsREST() throws {
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json")
        #expect(list.shape == .rest)
        #expect(list.entries.map(\.id) == [1, 9001, 146, 4])
        #expect(list.entries[0] == .init(
            id: 1, title: "Two Sum (Renamed)", slug: "two-sum", difficulty: .easy, paidOnly: true, acceptance: 50, tags: nil, status: nil))
        #expect(list.entries[1].difficulty == .hard)
        #expect(list.entries.map(\.status) == [nil, "notac", "ac", "notac"])
    }

    @Test("the GraphQL shape is read with either id field and its tags")
    func readsGraphQL() throws {
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.graphQL.utf8), file: "q.json")
        #expect(list.shape == .graphQL)
        #expect(list.entries.map(\.id) == [9002, 1])
        #expect(list.entries[0].tags == ["Graph", "Database"])
        #expect(list.entries[0].acceptance == 41.23456)
        #expect(list.entries[1].difficulty == .hard)
    }

    @Test("JSON of neither shape is refused, naming both")
    func neitherShape() {
        #expect(throws: ExchangeError.self) {
            try LeetCodeProblemList.read(Data(#"{"data": {"user": {}}}"#.utf8), file: "x.json")
        }
    }

    @Test("a missing field names its path")
    func missingField() {
        let text = #"{"stat_status_pairs": [{"stat": {"frontend_question_id": 1}, "difficulty": {"level": 1}, "paid_only": false}]}"#
        #expect(throws: ExchangeError.invalidContent(
            file: "x.json", path: "stat_status_pairs[0].stat", reason: "'question__title' is missing")
        ) {
            try LeetCodeProblemList.read(Data(text.utf8), file: "x.json")
        }
    }

    @Test("an update adds new problems, changes others, stores only the difference and leaves progress alone")
    func updateStoresDifference() throws {
        try ProgressRepository(store: store, clock: .fixed(now)).update(["two-sum"]) { _, record in record.favorite = true }
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json")
        let summary = try CatalogUpdater(store: store, clock: .system).apply(list, source: "all.json", date: now, withStatus: false)
        #expect(summary.added.map(\.id) == [9001])
        #expect(summary.changed.map(\.id) == [1])
        #expect(summary.unchanged == 2)
        #expect(summary.catalog.count == Catalog.builtIn.count + 1)
        let stored = try #require(try CatalogUpdate.stored(in: store))
        #expect(stored.problems.map(\.slug) == ["two-sum", "brand-new-problem"])
        #expect(stored.date == "2025-11-29T14:03:12Z")
        #expect(try ProgressRepository(store: store, clock: .system).allProgress() == ["two-sum": ProblemProgress(favorite: true, favoriteUpdated: now)])
    }

    @Test("the updated catalog keeps what the file's shape lacks and finds new problems by id and slug")
    func updatedCatalog() throws {
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json")
        let catalog = try CatalogUpdater(store: store, clock: .system).apply(list, source: "all.json", date: now, withStatus: false).catalog
        let twoSum = try #require(catalog.problem(withSlug: "two-sum"))
        #expect(twoSum.title == "Two Sum (Renamed)")
        #expect(twoSum.tags == ["Array", "Hash Table"])
        #expect(twoSum.paidOnly)
        #expect(twoSum.acceptance == 50)
        #expect(catalog.problem(withID: 9001)?.slug == "brand-new-problem")
        #expect(catalog.position(ofSlug: "brand-new-problem") == catalog.count - 1)
        #expect(catalog.studyLists.map(\.slugs.count) == Catalog.builtIn.studyLists.map(\.slugs.count))
    }

    @Test("a second update adds to the first, and a problem set back to the built-in one is dropped from the difference")
    func updatesAccumulate() throws {
        let updater = CatalogUpdater(store: store, clock: .system)
        _ = try updater.apply(
            try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json"), source: "all.json", date: now, withStatus: false)
        let graph = try LeetCodeProblemList.read(Data(LeetCodeSamples.graphQL.utf8), file: "q.json")
        let summary = try updater.apply(graph, source: "q.json", date: now, withStatus: false)
        let stored = try #require(try CatalogUpdate.stored(in: store))
        #expect(Set(stored.problems.map(\.id)) == [1, 9001, 9002])
        #expect(summary.catalog.problem(withID: 9002)?.category == "Database")
        #expect(summary.catalog.problem(withID: 9002)?.acceptance == 41.23)
        #expect(summary.catalog.problem(withID: 1)?.difficulty == .hard)
        #expect(stored.source == "q.json")
    }

    @Test("problems whose acceptance alone changed are stored as compact pairs and applied on install")
    func acceptanceOnly() throws {
        let text = #"{"data": {"problemsetQuestionList": {"questions": ["#
            + #"{"questionFrontendId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "Easy", "paidOnly": false,"#
            + #" "acRate": 61.5, "topicTags": [{"name": "Array"}, {"name": "Hash Table"}]}]}}}"#
        let list = try LeetCodeProblemList.read(Data(text.utf8), file: "q.json")
        let summary = try CatalogUpdater(store: store, clock: .system).apply(list, source: "q.json", date: now, withStatus: false)
        #expect(summary.changed.map(\.id) == [1])
        let stored = try #require(try CatalogUpdate.stored(in: store))
        #expect(stored.problems.isEmpty)
        #expect(stored.acceptance == "1:6150")
        let overlay = CatalogOverlay(base: .builtIn, problems: stored.problems, acceptance: stored.acceptancePairs)
        #expect(overlay.problem(at: 0).acceptance == 61.5)
        #expect(overlay.problem(at: 1) == Catalog.builtIn.problem(at: 1))
    }

    @Test("an overlay keeps id order and resolves replaced slugs to the new problem only")
    func overlayPositions() throws {
        let renamed = Problem(
            id: 1, slug: "two-sum-renamed", title: "Two Sum Renamed", difficulty: .easy, paidOnly: false, category: "Algorithms",
            tags: [], acceptance: 50)
        let fresh = Problem(id: 5, slug: "zzz-new", title: "New", difficulty: .hard, paidOnly: false, category: "Algorithms", tags: [], acceptance: 1)
        let catalog = Catalog.builtIn.applying([renamed, fresh])
        #expect(catalog.count == Catalog.builtIn.count)  // One replaced (id 5 exists: replaced too), none added.
        #expect(catalog.position(ofSlug: "two-sum") == nil)
        #expect(catalog.problem(withSlug: "two-sum-renamed")?.id == 1)
        #expect(catalog.problem(withID: 5)?.slug == "zzz-new")
        #expect((0..<catalog.count - 1).allSatisfy { catalog.id(at: $0) < catalog.id(at: $0 + 1) })
        #expect(try catalog.resolve("two sum renamed").id == 1)
    }

    @Test("with statuses, ac marks solved and notac marks a todo problem attempted, without inventing history")
    func withStatus() throws {
        try ProgressRepository(store: store, clock: .system).update(["median-of-two-sorted-arrays"]) { _, record in record.status = .solved }
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json")
        let summary = try CatalogUpdater(store: store, clock: .system).apply(list, source: "all.json", date: now, withStatus: true)
        #expect(summary.markedSolved == ["lru-cache"])
        #expect(summary.markedAttempted == ["brand-new-problem"])
        let all = try ProgressRepository(store: store, clock: .system).allProgress()
        #expect(all["lru-cache"] == ProblemProgress(status: .solved))
        #expect(all["median-of-two-sorted-arrays"]?.status == .solved)
    }
}

@Suite("The iPhone app's favorites")
struct ExchangeAppFavoritesTests {
    static func plist(_ entries: [[String: Any]], format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        let json = try JSONSerialization.data(withJSONObject: entries)
        return try PropertyListSerialization.data(
            fromPropertyList: ["favoriteProblems": json, "otherSetting": 3], format: format, options: 0)
    }

    static var entries: [[String: Any]] { [
        ["id": UUID().uuidString, "title": "  two SUM ", "isFavorited": true],
        ["id": UUID().uuidString, "title": "LRU Cache", "isFavorited": false],
        ["id": UUID().uuidString, "title": "A Problem LeetCode Never Had", "isFavorited": true],
        ["id": UUID().uuidString, "title": "Median of Two Sorted Arrays", "isFavorited": true],
    ] }

    @Test("XML and binary property lists both read", arguments: [
        PropertyListSerialization.PropertyListFormat.xml, .binary,
    ])
    func readsBothFormats(format: PropertyListSerialization.PropertyListFormat) throws {
        let favorites = try AppFavorites.read(try Self.plist(Self.entries, format: format), file: "app.plist")
        #expect(favorites.entries.map(\.isFavorited) == [true, false, true, true])
        #expect(favorites.entries[0].title == "  two SUM ")
    }

    @Test("titles match ignoring case and spaces; hearted ones become favorites; the rest are reported")
    func matching() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .system).update(["median-of-two-sorted-arrays"]) { _, record in record.favorite = true }
        let favorites = try AppFavorites.read(try Self.plist(Self.entries, format: .xml), file: "app.plist")
        let outcome = try favorites.apply(to: store, catalog: .builtIn, dryRun: false, clock: .system)
        #expect(outcome.favorited.map(\.id) == [1])
        #expect(outcome.alreadyFavorites.map(\.id) == [4])
        #expect(outcome.unmatched == ["A Problem LeetCode Never Had"])
        #expect(outcome.notFavorited == 1)
        #expect(try ProgressRepository(store: store, clock: .system).allProgress().keys.sorted() == ["median-of-two-sorted-arrays", "two-sum"])
    }

    @Test("a property list without the app's key says what is missing")
    func missingKey() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["x": 1], format: .xml, options: 0)
        #expect(throws: ExchangeError.invalidPropertyList(
            file: "p.plist", reason: "it has no 'favoriteProblems' key; is it the app's preferences file?")
        ) {
            try AppFavorites.read(data, file: "p.plist")
        }
    }

    @Test("a file that is not a property list is refused")
    func notAPropertyList() {
        #expect(throws: ExchangeError.self) { try AppFavorites.read(Data("hello".utf8), file: "p.plist") }
    }
}
