import Foundation
import Testing

@Suite("leettrack topic sections, end to end")
struct SectionsEndToEndTests {
    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    @Test("lists neetcode-150 shows each section's progress, in the roadmap's order")
    func listShowsSectionProgress() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "217", "242", "125")
        let shown = try ok(leettrack, "lists", "neetcode-150", "--sections").stdout
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.first == "NeetCode 150")
        #expect(lines[1].hasPrefix("Arrays & Hashing") && lines[1].contains("2 / 9"))
        #expect(lines[2].hasPrefix("Two Pointers") && lines[2].contains("1 / 5"))
        #expect(lines.filter { !$0.isEmpty }.count == 1 + 18 + 2)
        #expect(shown.contains("3 of 150 solved"))
    }

    @Test("lists neetcode-150 groups its problems under their sections")
    func listGroupsProblems() throws {
        let leettrack = try LeetTrackRunner()
        let shown = try ok(leettrack, "lists", "neetcode-150").stdout
        let twoPointers = try #require(shown.range(of: "Two Pointers"))
        let slidingWindow = try #require(shown.range(of: "Sliding Window"))
        let between = shown[twoPointers.upperBound..<slidingWindow.lowerBound]
        #expect(between.contains("Valid Palindrome") && between.contains("Trapping Rain Water"))
        #expect(!between.contains("   1  Two Sum"))
    }

    @Test("lists --json gives each sectioned list its sections' counts, and a list's problems their section")
    func sectionsInJSON() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1")
        let summaries = try #require(try leettrack.json(try ok(leettrack, "lists", "--json")) as? [[String: Any]])
        let neetcode = try #require(summaries.first { $0["key"] as? String == "neetcode-150" })
        let sections = try #require(neetcode["sections"] as? [[String: Any]])
        #expect(sections.count == 18)
        #expect(sections.first?["name"] as? String == "Arrays & Hashing")
        #expect(sections.first?["solved"] as? Int == 1 && sections.first?["total"] as? Int == 9)
        #expect(summaries.first { $0["key"] as? String == "grind-75" }?["sections"] == nil)

        let problems = try #require(try leettrack.json(try ok(leettrack, "lists", "blind-75", "--json")) as? [[String: Any]])
        #expect(problems.first?["section"] as? String == "Arrays & Hashing")
        #expect(problems.last?["section"] as? String == "Bit Manipulation")
        let onlySections = try #require(try leettrack.json(try ok(leettrack, "lists", "neetcode-150", "--sections", "--json")) as? [[String: Any]])
        #expect(onlySections.map { $0["name"] as? String ?? "" }.prefix(2) == ["Arrays & Hashing", "Two Pointers"])
    }

    @Test("neetcode-all is a seventh built-in list of 420 problems")
    func neetcodeAllIsBuiltIn() throws {
        let leettrack = try LeetTrackRunner()
        let all = try ok(leettrack, "lists").stdout
        #expect(all.contains("neetcode-all        NeetCode All          0 / 420"))
    }

    @Test("list --section filters a list to one section, by any case or an unambiguous start")
    func listSectionFilters() throws {
        let leettrack = try LeetTrackRunner()
        let rows = try #require(try leettrack.json(try ok(leettrack, "list", "--list", "neetcode-150", "--section", "TWO", "--json")) as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? Int } == [125, 167, 15, 11, 42])
        let heap = try #require(try leettrack.json(try ok(leettrack, "list", "-l", "blind-75", "--section", "heap / priority queue", "--json")) as? [[String: Any]])
        #expect(heap.compactMap { $0["id"] as? Int } == [295])
    }

    @Test("list --section without a list takes the followed list")
    func sectionOfTheFollowedList() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "follow", "blind-75")
        let rows = try #require(try leettrack.json(try ok(leettrack, "list", "--section", "tries", "--json")) as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? Int } == [208, 211, 212])
    }

    @Test("an unknown or ambiguous section is a usage error naming the sections")
    func badSectionIsAUsageError() throws {
        let leettrack = try LeetTrackRunner()
        let unknown = try leettrack.run("list", "--list", "neetcode-150", "--section", "queues")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("neetcode-150 has no section called 'queues'. Sections: Arrays & Hashing, Two Pointers,"))
        let ambiguous = try leettrack.run("list", "--list", "neetcode-150", "--section", "b")
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("'b' could be any of these sections of neetcode-150: Binary Search, Backtracking, Bit Manipulation"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("--section needs a list with sections, and a list when none is followed")
    func sectionNeedsASectionedList() throws {
        let leettrack = try LeetTrackRunner()
        let noList = try leettrack.run("list", "--section", "trees")
        #expect(noList.status == 64)
        #expect(noList.stderr.contains("'--section' needs a list: give '--list LIST', or follow one with `leettrack config follow LIST`"))
        let unsectioned = try leettrack.run("list", "--list", "grind-75", "--section", "trees")
        #expect(unsectioned.status == 64)
        #expect(unsectioned.stderr.contains("grind-75 has no topic sections; the lists with sections are blind-75, neetcode-150, neetcode-all."))
    }
}
