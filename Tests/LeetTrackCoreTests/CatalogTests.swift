import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The shipped catalog")
struct CatalogTests {
    /// The JSON the generated source was made from, decoded the slow way.
    static func decodedJSONCatalog() throws -> Catalog {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LeetTrackCore/Catalog/Data").standardized
        return try Catalog(
            problemsJSON: Data(contentsOf: data.appendingPathComponent("problems.json")),
            listsJSON: Data(contentsOf: data.appendingPathComponent("lists.json")),
            ratingsJSON: Data(contentsOf: data.appendingPathComponent("ratings/zerotrac-ratings.json")))
    }

    @Test("has every problem of the JSON catalog with the same fields")
    func generatedMatchesJSON() throws {
        let json = try Self.decodedJSONCatalog()
        let shipped = Catalog.builtIn
        #expect(shipped.count == 4029)
        #expect(shipped.count == json.count)
        for position in 0..<json.count {
            #expect(shipped.problem(at: position) == json.problem(at: position))
        }
    }

    @Test("has the same study lists as the JSON, in the documented order")
    func studyListsMatchJSON() throws {
        let json = try Self.decodedJSONCatalog()
        let shipped = Catalog.builtIn.studyLists
        #expect(shipped.map(\.key) == ["blind-75", "neetcode-150", "grind-75", "grind-169", "leetcode-75", "top-interview-150", "neetcode-all"])
        for list in shipped {
            #expect(json.studyLists.first { $0.key == list.key } == list)
        }
    }

    @Test("counts problems per difficulty as the sources say")
    func countsPerDifficulty() {
        #expect(Catalog.builtIn.countsByDifficulty() == [.easy: 960, .medium: 2103, .hard: 966])
    }

    @Test("finds a problem by id and by slug, and nothing for unknown ones")
    func lookups() {
        let catalog = Catalog.builtIn
        #expect(catalog.problem(withID: 146)?.slug == "lru-cache")
        #expect(catalog.problem(withSlug: "lru-cache")?.id == 146)
        #expect(catalog.problem(withSlug: "elevator-requests-iv")?.id == catalog.problem(at: catalog.count - 1).id)
        #expect(catalog.problem(withID: 0) == nil)
        #expect(catalog.problem(withSlug: "no-such-problem") == nil)
        #expect(catalog.problem(withSlug: "") == nil)
    }

    @Test("finds every slug by binary search")
    func everySlugIsFound() {
        let catalog = Catalog.builtIn
        for position in 0..<catalog.count {
            #expect(catalog.position(ofSlug: catalog.slug(at: position)) == position)
        }
    }

    @Test("builds Two Sum with its URL")
    func twoSum() throws {
        let problem = try #require(Catalog.builtIn.problem(withID: 1))
        #expect(problem.title == "Two Sum")
        #expect(problem.difficulty == .easy)
        #expect(problem.tags == ["Array", "Hash Table"])
        #expect(problem.acceptance == 58.04)
        #expect(problem.url == "https://leetcode.com/problems/two-sum/")
    }
}
