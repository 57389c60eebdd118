import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Contest ratings: the shipped data, updates and queries")
struct ContestRatingsTests {
    let store = Store.memory()
    let now = Date(timeIntervalSince1970: 1_764_424_992)

    /// zerotrac's file as it ships beside the catalog's JSON.
    static func shippedRatingsJSON() throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LeetTrackCore/Catalog/Data/ratings/zerotrac-ratings.json").standardized
        return try Data(contentsOf: url)
    }

    @Test("the built-in catalog rates every problem zerotrac rates, with matching id and slug, rounded")
    func shippedRatings() throws {
        let catalog = Catalog.builtIn
        #expect(catalog.ratedCount == 2569)
        #expect((0..<catalog.count).count { catalog.rating(at: $0) != nil } == 2569)
        let ratings = try ContestRatings.read(Self.shippedRatingsJSON(), file: "zerotrac-ratings.json")
        #expect(ratings.entries.count == 2569)
        for entry in ratings.entries {
            let position = try #require(catalog.position(ofID: entry.id))
            #expect(catalog.slug(at: position) == entry.slug)
            #expect(catalog.rating(at: position) == entry.rating)
        }
        #expect(catalog.problem(withID: 3235)?.rating == 3774)
        #expect(catalog.problem(withID: 1108)?.rating == 1084)
        #expect(catalog.problem(withID: 1004)?.rating == 1656)
        #expect(catalog.problem(withID: 1)?.rating == nil)
        #expect(catalog.position(ofID: 3235).flatMap(catalog.contest(at:)) == "Weekly Contest 408 Q4")
        #expect(catalog.position(ofID: 1).flatMap(catalog.contest(at:)) == nil)
        // A biweekly contest keeps its kind.
        let biweekly = (0..<catalog.count).first { catalog.contest(at: $0)?.hasPrefix("Biweekly Contest ") == true }
        #expect(biweekly != nil)
    }

    @Test("the JSON catalog with the ratings file decodes to the same ratings as the generated one")
    func decodedMatchesGenerated() throws {
        let json = try CatalogTests.decodedJSONCatalog()
        for position in 0..<json.count {
            #expect(json.rating(at: position) == Catalog.builtIn.rating(at: position))
        }
    }

    @Test("ranges read 1400..1800, 1400.. and ..1800, and anything else is refused with a reason")
    func ranges() throws {
        #expect(try ContestRatings.range(parsing: "1400..1800") == 1400...1800)
        #expect(try ContestRatings.range(parsing: "1400..") == 1400...5000)
        #expect(try ContestRatings.range(parsing: "..1800") == 0...1800)
        #expect(try ContestRatings.range(parsing: " 1500..1500 ") == 1500...1500)
        for bad in ["", "..", "1800..1400", "abc", "1400", "1400-1800", "-5..10", "99999999999999999999..", "1400..6000", "1e3..", "1400...1800"] {
            #expect(throws: InputRules.Violation.self, "\(bad)") { try ContestRatings.range(parsing: bad) }
        }
    }

    @Test("a query filters by a rating range, leaving unrated problems out, and sorts by rating with unrated last")
    func queryFilterAndSort() throws {
        var query = ProblemQuery()
        query.ratings = 1400...1800
        let rated = Catalog.builtIn.problems(matching: query, progress: [:])
        #expect(!rated.isEmpty)
        #expect(rated.allSatisfy { ($0.rating ?? 0) >= 1400 && ($0.rating ?? 0) <= 1800 })
        #expect(rated.count == (0..<Catalog.builtIn.count).count { (1400...1800).contains(Catalog.builtIn.rating(at: $0) ?? -1) })
        var sorted = ProblemQuery()
        sorted.list = Catalog.builtIn.builtInList(named: "leetcode-75")
        sorted.sort = .rating
        let problems = Catalog.builtIn.problems(matching: sorted, progress: [:])
        let ratings = problems.map(\.rating)
        let firstUnrated = try #require(ratings.firstIndex(of: nil))
        #expect(ratings[firstUnrated...].allSatisfy { $0 == nil })
        let numbers = ratings[..<firstUnrated].compactMap { $0 }
        #expect(numbers == numbers.sorted())
        #expect(problems[firstUnrated...].map(\.id) == problems[firstUnrated...].map(\.id).sorted())
    }

    @Test("a ratings file updates the catalog's ratings, and the update survives a reopen")
    func ratingsUpdate() throws {
        let file = #"[{"Rating": 1999.6, "ID": 1, "TitleSlug": "two-sum", "ContestID_en": "Weekly Contest 1", "ProblemIndex": "Q1"},"#
            + #" {"Rating": 3000.2, "ID": 3235, "TitleSlug": "check-if-the-rectangle-corner-is-reachable"},"#
            + #" {"Rating": 1656.4, "ID": 1004, "TitleSlug": "max-consecutive-ones-iii"},"#
            + #" {"Rating": 1500, "ID": 2, "TitleSlug": "not-add-two-numbers"}]"#
        let ratings = try ContestRatings.read(Data(file.utf8), file: "data.json")
        let summary = try CatalogUpdater(store: store, clock: .system).apply(ratings, source: "data.json", date: now)
        #expect(summary.changed.map(\.id) == [1, 3235])
        #expect(summary.unchanged == 1)
        #expect(summary.unmatched == 1)
        #expect(summary.catalog.problem(withID: 1)?.rating == 2000)
        let stored = try #require(try CatalogUpdate.stored(in: store))
        #expect(stored.problems.isEmpty)
        #expect(stored.ratings == "1:2000,3235:3000")
        let reopened = Catalog.builtIn.updated(by: stored)
        #expect(reopened.problem(withID: 1)?.rating == 2000)
        #expect(reopened.position(ofID: 3235).flatMap(reopened.rating(at:)) == 3000)
        #expect(reopened.problem(withID: 2)?.rating == nil)
        #expect(reopened.ratedCount == 2570)
    }

    @Test("a LeetCode list imported after a ratings file keeps the ratings, and a ratings file keeps the list's changes")
    func ratingsAndListsTogether() throws {
        let updater = CatalogUpdater(store: store, clock: .system)
        let file = #"[{"Rating": 1999.6, "ID": 1, "TitleSlug": "two-sum"}]"#
        _ = try updater.apply(try ContestRatings.read(Data(file.utf8), file: "data.json"), source: "data.json", date: now)
        let list = try LeetCodeProblemList.read(Data(LeetCodeSamples.rest.utf8), file: "all.json")
        let catalog = try updater.apply(list, source: "all.json", date: now, withStatus: false).catalog
        #expect(catalog.problem(withID: 1)?.title == "Two Sum (Renamed)")
        #expect(catalog.problem(withID: 1)?.rating == 2000)
        #expect(catalog.problem(withID: 1004)?.rating == 1656)
        let again = try updater.apply(try ContestRatings.read(Data(#"[{"Rating": 2100, "ID": 4, "TitleSlug": "median-of-two-sorted-arrays"}]"#.utf8), file: "r.json"), source: "r.json", date: now)
        #expect(again.catalog.problem(withID: 1)?.title == "Two Sum (Renamed)")
        #expect(again.catalog.problem(withID: 1)?.rating == 2000)
        #expect(again.catalog.problem(withID: 4)?.rating == 2100)
        #expect(again.catalog.problem(withID: 9001) != nil)
    }

    @Test("a hostile ratings file is refused whole, naming the entry, and changes nothing")
    func hostileRatings() throws {
        let hostile = [
            #"[{"Rating": 1e999, "ID": 1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": -5, "ID": 1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": 0, "ID": 1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": 5000, "ID": 1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": 1500, "ID": 1, "TitleSlug": "two-sum"}, {"Rating": 9e9, "ID": 2, "TitleSlug": "add-two-numbers"}]"#,
            #"[{"Rating": 1500, "ID": -1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": 1500, "ID": 1, "TitleSlug": "two sum\u001b[2J"}]"#,
            #"[{"Rating": 1500, "ID": 1, "TitleSlug": "two-sum"}, {"Rating": 1600, "ID": 1, "TitleSlug": "two-sum"}]"#,
            #"[{"Rating": "1500", "ID": 1, "TitleSlug": "two-sum"}]"#,
        ]
        for text in hostile {
            #expect(throws: ExchangeError.self, "\(text)") { try ContestRatings.read(Data(text.utf8), file: "bad.json") }
        }
        #expect(try CatalogUpdate.stored(in: store) == nil)
        let error = #expect(throws: ExchangeError.self) { try ContestRatings.read(Data(hostile[4].utf8), file: "bad.json") }
        #expect(error?.description.contains("[1].Rating") == true)
    }

    @Test("a hand-edited store's impossible ratings are not shown")
    func impossibleStoredRatings() {
        var problem = Catalog.builtIn.problem(withID: 1)!
        problem.rating = 99_999
        let update = CatalogUpdate(
            source: "x", shape: "y", date: "2026-01-01T00:00:00Z", problemsInFile: 1, problems: [problem],
            ratings: "2:-5,3:70000,4:99999999999999999999999,146:1700")
        let catalog = Catalog.builtIn.updated(by: update)
        #expect(catalog.problem(withID: 1)?.rating == nil)
        #expect(catalog.problem(withID: 2)?.rating == nil)
        #expect(catalog.problem(withID: 3)?.rating == nil)
        #expect(catalog.problem(withID: 4)?.rating == nil)
        #expect(catalog.problem(withID: 146)?.rating == 1700)
        #expect(update.malformedRatingPairs == 3)
    }

    @Test("a catalog update without ratings is stored in the bytes older versions wrote")
    func noRatingsNoField() throws {
        let update = CatalogUpdate(source: "a", shape: "b", date: "c", problemsInFile: 0, problems: [])
        let text = String(decoding: try JSONEncoder().encode(update), as: UTF8.self)
        #expect(!text.contains("ratings"))
    }

    @Test("list JSON rows carry the rating as a number or null")
    func problemJSONRating() throws {
        let rated = ProblemJSON(Catalog.builtIn.problem(withID: 3235)!, nil)
        let unrated = ProblemJSON(Catalog.builtIn.problem(withID: 1)!, nil)
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(rated), as: UTF8.self).contains(#""rating":3774"#))
        #expect(String(decoding: try encoder.encode(unrated), as: UTF8.self).contains(#""rating":null"#))
    }
}
