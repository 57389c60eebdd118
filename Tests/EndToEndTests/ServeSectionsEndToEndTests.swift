import Foundation
import Testing

/// `GET /api/problems?list=L&section=S`: the page's section filter, with the command line's
/// lookup and messages (`leettrack list --list L --section S`).
@Suite("serve: the section filter")
struct ServeSectionsEndToEndTests {
    @Test func aSectionNarrowsTheListToItsProblemsInOrder() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let rows = try #require(try server.json("/api/problems?list=neetcode-150&section=two%20pointers") as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? Int } == [125, 167, 15, 11, 42])
        #expect(Set(rows.compactMap { $0["section"] as? String }) == ["Two Pointers"])
    }

    @Test func theSectionFilterGivesTheSameProblemsAsTheCommandLine() throws {
        let runner = try LeetTrackRunner()
        try runner.run("solve", "208")
        let server = try ServeProcess(runner)
        let served = try #require(try server.json("/api/problems?list=blind-75&section=tries&status=todo") as? [[String: Any]])
        let printed = try #require(
            try runner.json(try runner.run("list", "--list", "blind-75", "--section", "tries", "--status", "todo", "--json")) as? [[String: Any]])
        #expect(served.compactMap { $0["slug"] as? String } == printed.compactMap { $0["slug"] as? String })
        #expect(served.compactMap { $0["id"] as? Int } == [211, 212])
    }

    @Test func rowsOfASectionedListCarryTheirSection() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let rows = try #require(try server.json("/api/problems?list=neetcode-150") as? [[String: Any]])
        #expect(rows.count == 150)
        #expect(rows.first?["section"] as? String == "Arrays & Hashing")
        #expect(rows.allSatisfy { $0["section"] is String })
    }

    @Test func rowsOfAListWithoutSectionsCarryNone() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let rows = try #require(try server.json("/api/problems?list=grind-75") as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["section"] == nil })
    }

    @Test func anUnknownSectionIsA400NamingTheSections() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems?list=neetcode-150&section=queues")
        #expect(reply.status == 400)
        let message = try #require(reply.object["error"] as? String)
        #expect(message.hasPrefix("neetcode-150 has no section called 'queues'. Sections: Arrays & Hashing, Two Pointers,"))
        #expect(try server.stillAnswers())
    }

    @Test func anAmbiguousSectionIsA400ListingTheMatches() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems?list=neetcode-150&section=b")
        #expect(reply.status == 400)
        let message = try #require(reply.object["error"] as? String)
        #expect(message.contains("'b' could be any of these sections of neetcode-150: Binary Search, Backtracking, Bit Manipulation"))
    }

    @Test func aSectionOfAListWithoutSectionsIsA400() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems?list=grind-75&section=trees")
        #expect(reply.status == 400)
        #expect(reply.object["error"] as? String == "grind-75 has no topic sections; the lists with sections are blind-75, neetcode-150, neetcode-all.")
    }

    @Test func aSectionWithoutAListTakesTheFollowedList() throws {
        let runner = try LeetTrackRunner()
        try runner.run("config", "follow", "blind-75")
        let server = try ServeProcess(runner)
        let rows = try #require(try server.json("/api/problems?section=tries") as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? Int } == [208, 211, 212])
    }

    @Test func aSectionWithoutAListOrAFollowedListIsA400() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems?section=trees")
        #expect(reply.status == 400)
        let message = try #require(reply.object["error"] as? String)
        #expect(message.hasPrefix("'section' needs a list: give 'list=LIST', or follow one with `leettrack config follow LIST`"))
    }
}
