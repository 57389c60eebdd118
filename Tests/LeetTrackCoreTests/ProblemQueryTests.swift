import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Querying the catalog")
struct ProblemQueryTests {
    let catalog = Catalog.builtIn

    @Test("filters by difficulty")
    func difficulty() {
        var query = ProblemQuery()
        query.difficulty = .hard
        let problems = catalog.problems(matching: query, progress: [:])
        #expect(problems.count == 966)
        #expect(problems.allSatisfy { $0.difficulty == .hard })
    }

    @Test("filters by status and favorites using the progress records")
    func statusAndFavorites() {
        let progress: [String: ProblemProgress] = [
            "two-sum": ProblemProgress(status: .solved, favorite: true),
            "lru-cache": ProblemProgress(status: .attempted),
        ]
        var query = ProblemQuery()
        query.status = .solved
        #expect(catalog.problems(matching: query, progress: progress).map(\.id) == [1])
        query = ProblemQuery()
        query.favoritesOnly = true
        #expect(catalog.problems(matching: query, progress: progress).map(\.id) == [1])
        query = ProblemQuery()
        query.status = .todo
        #expect(catalog.problems(matching: query, progress: progress).count == 4029 - 2)
    }

    @Test("filters by tag, category, paid flag and text together")
    func combined() throws {
        var query = ProblemQuery()
        query.tag = try catalog.canonicalTag("hash-table")
        query.category = try catalog.canonicalCategory("algorithms")
        query.paidOnly = false
        query.text = "two sum"
        let problems = catalog.problems(matching: query, progress: [:])
        #expect(problems.first?.id == 1)
        #expect(problems.allSatisfy { $0.tags.contains("Hash Table") && !$0.paidOnly })
    }

    @Test("keeps a study list's own order and sorts by acceptance when asked")
    func listOrderAndSort() throws {
        var query = ProblemQuery()
        query.list = try catalog.studyList(named: "Blind 75")
        let inListOrder = catalog.problems(matching: query, progress: [:])
        #expect(inListOrder.map(\.slug) == query.list?.slugs)
        query.sort = .acceptance
        query.limit = 5
        let sorted = catalog.problems(matching: query, progress: [:])
        #expect(sorted.count == 5)
        #expect(sorted.map(\.acceptance) == sorted.map(\.acceptance).sorted(by: >))
    }

    @Test("sorts recently practised problems first")
    func recent() {
        let progress: [String: ProblemProgress] = [
            "two-sum": ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: Date(timeIntervalSince1970: 100))]),
            "lru-cache": ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: Date(timeIntervalSince1970: 200))]),
        ]
        var query = ProblemQuery()
        query.sort = .recent
        query.limit = 3
        #expect(catalog.problems(matching: query, progress: progress).map(\.id) == [146, 1, 2])
    }

    @Test("an unknown tag suggests close ones and an unknown list names the lists")
    func unknownNames() {
        #expect(throws: LeetTrackError.self) { try catalog.canonicalTag("dynamic programing") }
        #expect {
            try catalog.canonicalTag("dynamic programing")
        } throws: { error in
            guard case LeetTrackError.unknownTag(_, let suggestions) = error else { return false }
            return suggestions.first == "Dynamic Programming"
        }
        #expect(throws: LeetTrackError.unknownList("blind-76", known: catalog.studyLists.map(\.key))) {
            try catalog.studyList(named: "blind-76")
        }
    }

    @Test("asks for the progress of only the problems that pass the catalog's filters")
    func loadsOnlyCandidates() throws {
        var query = ProblemQuery()
        query.difficulty = .hard
        query.tag = try catalog.canonicalTag("Binary Search")
        query.status = .solved
        var asked: Set<String> = []
        let result = catalog.problems(matching: query) { slugs in
            asked = slugs
            return ["median-of-two-sorted-arrays": ProblemProgress(status: .solved)]
        }
        #expect(result.problems.map(\.id) == [4])
        #expect(asked.contains("median-of-two-sorted-arrays"))
        #expect(!asked.contains("two-sum"))
        #expect(asked.allSatisfy { catalog.problem(withSlug: $0)?.difficulty == .hard })
    }
}

@Suite("Tag and category filters without building problems")
struct FilterWithoutProblemsTests {
    /// The fold as the string operations make it.
    private static func stringFold(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
    }

    @Test("every ASCII name of up to two characters folds byte by byte as the string operations fold it")
    func foldsShortASCIINames() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let names = [""] + characters + characters.flatMap { first in characters.map { first + $0 } }
        for name in names where Catalog.folded(name) != Self.stringFold(name) {
            Issue.record("\(name.debugDescription) folds to \(Catalog.folded(name).debugDescription)")
        }
        #expect(names.count == 1 + 128 + 128 * 128)
    }

    @Test("longer names, ASCII or not, fold as the string operations fold them")
    func foldsLongerNames() {
        var generator = SeededRandom(seed: 17)
        let pieces = ["a", "Z", "q", "9", "-", "_", " ", "--", "  ", "É", "ß", "İ", "\u{301}"]
        for _ in 0..<3_000 {
            let name = (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Catalog.folded(name) == Self.stringFold(name), "\(name.debugDescription)")
        }
        #expect(Catalog.folded("  Hash-_Table ") == "hash table")
    }

    @Test("tags and category are matched on the built-in and on an updated catalog as on the problems themselves")
    func matchesTheProblems() throws {
        let base = Catalog.builtIn
        // An update that moves one problem to another category and gives another a new tag.
        var moved = base.problem(at: 0)
        moved.category = "Database"
        var tagged = base.problem(at: 1)
        tagged.tags.append("Brand New Tag")
        let update = CatalogUpdate(source: "test", shape: "test", date: "2026-12-02", problemsInFile: 2, problems: [moved, tagged])
        for catalog in [base, base.updated(by: update)] {
            for (tags, category) in [(["Hash Table"], nil), (["Brand New Tag"], nil), ([], "Database"), (["Array", "Graph Theory"], "Algorithms")] as [([String], String?)] {
                var query = ProblemQuery()
                query.tags = tags
                query.category = category
                let expected = (0..<catalog.count).map(catalog.problem(at:)).filter { problem in
                    (tags.isEmpty || problem.tags.contains(where: tags.contains)) && (category.map { problem.category == $0 } ?? true)
                }
                #expect(catalog.problems(matching: query, progress: [:]).map(\.id) == expected.map(\.id))
            }
        }
        var query = ProblemQuery()
        query.tags = ["Brand New Tag"]
        #expect(base.updated(by: update).problems(matching: query, progress: [:]).map(\.id) == [tagged.id])
        query.tags = []
        query.category = "Database"
        #expect(base.updated(by: update).problems(matching: query, progress: [:]).contains { $0.id == moved.id })
    }
}
