import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// Mutated inputs at every entrance, from a fixed seed: each is refused with an error or imported
/// whole; none crashes, none hangs, and a refused one leaves the store byte for byte as it was.
@Suite("Fuzzing the entrances")
struct FuzzTests {
    /// The clock's time: the store stamps notes with it, and nothing may lie after it.
    static let now = Date()
    static let day = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - 10 * 86_400).rounded(.down))

    /// A case that takes this long is a hang, not slowness: the entrances are linear in their input.
    static let hangLimit = Duration.seconds(5)

    /// A store with a bit of everything, as the target of every import.
    static func populatedStore() throws -> Store {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .system)
        let scheduler = ReviewScheduler()
        _ = try repository.update(["two-sum", "lru-cache", "median-of-two-sorted-arrays"]) { slug, record in
            switch slug {
            case "two-sum":
                record.recordSolve(at: day, rating: .good, scheduler: scheduler)
                record.note = "hash map"
                record.favorite = true
            case "lru-cache":
                record.recordAttempt(at: day)
                record.recordSolve(at: day.addingTimeInterval(86_400), rating: .hard, scheduler: scheduler)
                _ = record.recordReview(.easy, at: day.addingTimeInterval(3 * 86_400), scheduler: scheduler)
            default:
                record.recordAttempt(at: day)
                record.reset(at: day.addingTimeInterval(3600), forgetHistory: false)
            }
        }
        let lists = OwnLists(store: store, clock: .system)
        _ = try lists.create("My Graphs", in: .builtIn, at: day)
        _ = try lists.add(["lru-cache", "two-sum"], to: "My Graphs", in: .builtIn)
        var settings = ReviewSettings()
        try settings.set(.desiredRetention, to: "0.85")
        try ReviewBook(store: store, clock: .system, timeZone: SystemTimeZone()).save(settings)
        return store
    }

    static func snapshot(_ store: Store) throws -> [String: Data] {
        var entries: [String: Data] = [:]
        for key in try store.keys(withPrefix: "") { entries[key] = try store.rawValue(forKey: key) }
        return entries
    }

    /// Runs `body` and checks that it did not hang.
    static func timed(_ label: String, _ body: () throws -> Void) rethrows {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        #expect(clock.now - start < hangLimit, "\(label) took \(clock.now - start)")
    }

    @Test("the unmutated export, response and property list are accepted")
    func basesAreValid() throws {
        let base = try Exporter(catalog: .builtIn).document(of: try Self.populatedStore()).jsonData()
        _ = try ExchangeDocument.read(base, file: "base.json", now: Self.now)
        _ = try LeetCodeProblemList.read(Self.rest, file: "rest.json")
        _ = try LeetCodeProblemList.read(Self.graphQL, file: "graphql.json")
        _ = try AppFavorites.read(try Self.propertyList(favorites: Self.appFavorites), file: "app.plist")
    }

    @Test("500 mutated exports are imported whole or refused with nothing written")
    func mutatedExports() throws {
        let base = try Exporter(catalog: .builtIn).document(of: try Self.populatedStore()).jsonData()
        var mutator = JSONMutator(generator: SeededGenerator(seed: 12))
        var imported = 0
        for index in 0..<500 {
            let data = mutator.mutate(base)
            let store = try Self.populatedStore()
            let before = try Self.snapshot(store)
            try Self.timed("export \(index)") {
                let document: ExchangeDocument
                do {
                    document = try ExchangeDocument.read(data, file: "fuzz-\(index).json", now: Self.now)
                } catch {
                    #expect(try Self.snapshot(store) == before)
                    return
                }
                let mode: ImportMode = index % 2 == 0 ? .merge : .replace
                _ = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(document, mode: mode, dryRun: false)
                imported += 1
                // What was let in is valid: it exports and reads back.
                let again = try Exporter(catalog: .builtIn).document(of: store).jsonData()
                _ = try ExchangeDocument.read(again, file: "again-\(index).json", now: Self.now)
            }
        }
        #expect(imported > 0, "no mutation was valid: the fuzzer tests only the parser")
    }

    static let rest = Data(#"""
        {"stat_status_pairs": [
          {"stat": {"frontend_question_id": 1, "question__title": "Two Sum", "question__title_slug": "two-sum",
                    "total_acs": 5000, "total_submitted": 10000}, "status": "ac", "difficulty": {"level": 1}, "paid_only": false},
          {"stat": {"frontend_question_id": 9001, "question__title": "Brand New Problem", "question__title_slug": "brand-new-problem",
                    "total_acs": 1, "total_submitted": 3}, "status": "notac", "difficulty": {"level": 3}, "paid_only": true}
        ]}
        """#.utf8)

    static let graphQL = Data(#"""
        {"data": {"problemsetQuestionList": {"total": 2, "questions": [
          {"frontendQuestionId": "9002", "title": "Graph Newcomer", "titleSlug": "graph-newcomer", "difficulty": "Medium",
           "paidOnly": true, "acRate": 41.2345, "topicTags": [{"name": "Graph"}], "status": null},
          {"frontendQuestionId": "146", "title": "LRU Cache", "titleSlug": "lru-cache", "difficulty": "Medium",
           "paidOnly": false, "acRate": 47.9, "topicTags": [{"name": "Design"}], "status": "ac"}
        ]}}}
        """#.utf8)

    @Test("200 mutated LeetCode responses update the catalog whole or are refused with nothing written")
    func mutatedLeetCodeResponses() throws {
        var mutator = JSONMutator(generator: SeededGenerator(seed: 4))
        var applied = 0
        defer { #expect(applied > 0, "no mutation was valid: the fuzzer tests only the parser") }
        for index in 0..<200 {
            let data = mutator.mutate(index % 2 == 0 ? Self.rest : Self.graphQL)
            let store = try Self.populatedStore()
            let before = try Self.snapshot(store)
            try Self.timed("response \(index)") {
                let list: LeetCodeProblemList
                do {
                    list = try LeetCodeProblemList.read(data, file: "leetcode-\(index).json")
                } catch {
                    #expect(try Self.snapshot(store) == before)
                    return
                }
                _ = try CatalogUpdater(store: store, clock: .system).apply(list, source: "fuzz", date: Self.now, withStatus: index % 4 < 2)
                applied += 1
                let update = try #require(try CatalogUpdate.stored(in: store))
                for problem in Catalog.builtIn.applying(update.allProblems(over: .builtIn)).problems(matching: ProblemQuery(), progress: [:]) {
                    #expect(problem.acceptance.isFinite && (0...100).contains(problem.acceptance), "\(problem.slug)")
                }
            }
        }
    }

    static func propertyList(favorites json: Data) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: ["favoriteProblems": json, "other": 1], format: .xml, options: 0)
    }

    static let appFavorites = Data(#"""
        [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Two Sum", "isFavorited": true},
         {"id": "7F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "LRU Cache", "isFavorited": true},
         {"title": "No Such Problem", "isFavorited": true}, {"title": "Valid Anagram", "isFavorited": false}]
        """#.utf8)

    @Test("200 mutated property lists add favorites whole or are refused with nothing written")
    func mutatedPropertyLists() throws {
        var mutator = JSONMutator(generator: SeededGenerator(seed: 1_200))
        var bytes = SeededGenerator(seed: 77)
        var applied = 0
        defer { #expect(applied > 0, "no mutation was valid: the fuzzer tests only the parser") }
        for index in 0..<200 {
            var data = try Self.propertyList(favorites: mutator.mutate(Self.appFavorites))
            if index % 5 == 0, !data.isEmpty {
                data[Int.random(in: 0..<data.count, using: &bytes)] = UInt8.random(in: 0...255, using: &bytes)
            }
            let store = try Self.populatedStore()
            let before = try Self.snapshot(store)
            try Self.timed("property list \(index)") {
                let favorites: AppFavorites
                do {
                    favorites = try AppFavorites.read(data, file: "app-\(index).plist")
                } catch {
                    #expect(try Self.snapshot(store) == before)
                    return
                }
                _ = try favorites.apply(to: store, catalog: .builtIn, dryRun: false, clock: .system)
                applied += 1
            }
        }
    }
}
