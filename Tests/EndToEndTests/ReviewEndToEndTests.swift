import Foundation
import Testing

@Suite("leettrack review, end to end")
struct ReviewEndToEndTests {
    /// Runs and requires success.
    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        try ok(leettrack, arguments)
    }

    /// Runs and requires success.
    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func dueDays(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> [String: String] {
        let items = try #require(try leettrack.json(try ok(leettrack, arguments + ["--json"])) as? [[String: Any]])
        var days: [String: String] = [:]
        for item in items {
            let problem = try #require(item["problem"] as? [String: Any])
            days[try #require(problem["slug"] as? String)] = item["dueDay"] as? String
        }
        return days
    }

    @Test("solve creates a card with the rating and says when to redo it")
    func solveCreatesCard() throws {
        let leettrack = try LeetTrackRunner()
        let result = try ok(leettrack, "solve", "1", "--date", "2026-03-01")
        // The due day is counted from today: a day already past is never "in N days".
        #expect(result.stdout.hasPrefix("Solved 1. Two Sum on 2026-03-01 (good); next review on 2026-03-03 ("))
        #expect(result.stdout.hasSuffix(" days ago, due now).\n"))
        #expect(try ok(leettrack, "solve", "217", "--rating", "EASY", "--date", "2026-03-01").stdout.contains("on 2026-03-09 ("))
        let show = try #require(try leettrack.json(try ok(leettrack, "show", "1", "--json")) as? [String: Any])
        let card = try #require(show["review"] as? [String: Any])
        #expect(card["due"] as? String == "2026-03-03T12:00:00Z")
        #expect(card["stability"] as? Double == 2.3065)
        #expect(card["state"] as? String == "review")
        #expect((show["history"] as? [[String: Any]])?.first?["rating"] as? String == "good")
    }

    @Test("the queue on the following days: nothing, due today, then overdue, most overdue first")
    func queueOverDays() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "--date", "2026-03-01")
        try ok(leettrack, "solve", "146", "--rating", "hard", "--date", "2026-03-01")
        let first = try ok(leettrack, "review", "--date", "2026-03-01")
        #expect(first.stdout == "Nothing to review on 2026-03-01. Next: 146. LRU Cache on 2026-03-02 (tomorrow).\n")
        let second = try ok(leettrack, "review", "--date", "2026-03-02")
        #expect(second.stdout.contains("Due on 2026-03-02: 1 problem"))
        #expect(second.stdout.contains("LRU Cache") && second.stdout.contains("due today"))
        #expect(!second.stdout.contains("Two Sum"))
        let fourth = try ok(leettrack, "review", "--date", "2026-03-04")
        let lines = fourth.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].contains("LRU Cache") && lines[1].contains("due 2026-03-02") && lines[1].contains("2 days overdue"))
        #expect(lines[2].contains("Two Sum") && lines[2].contains("1 day overdue"))
    }

    @Test("--json gives each due card's due date, stability, difficulty, state and last review")
    func queueJSON() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "--date", "2026-03-01")
        let items = try #require(try leettrack.json(try ok(leettrack, "review", "--date", "2026-03-05", "--json")) as? [[String: Any]])
        let item = try #require(items.first)
        #expect(item["due"] as? String == "2026-03-03T12:00:00Z")
        #expect(item["lastReview"] as? String == "2026-03-01T12:00:00Z")
        #expect(item["stability"] as? Double == 2.3065)
        #expect((item["difficulty"] as? Double).map { abs($0 - 2.118103970459016) < 1e-9 } == true)
        #expect(item["state"] as? String == "review")
        #expect(item["daysOverdue"] as? Int == 2)
    }

    @Test("each rating schedules the next redo further out: again, hard, good, easy")
    func eachRating() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "217", "242", "49", "--date", "2026-03-01")
        for (problem, rating) in [("1", "again"), ("217", "hard"), ("242", "good"), ("49", "easy")] {
            let result = try ok(leettrack, "review", problem, rating, "--date", "2026-03-04")
            #expect(result.stdout.contains("(\(rating)) on 2026-03-04; next review on"))
        }
        #expect(try ok(leettrack, "review", "--date", "2026-03-04").stdout.hasPrefix("Nothing to review on 2026-03-04"))
        let due = try dueDays(leettrack, "review", "--upcoming", "400", "--date", "2026-03-04")
        #expect(due["two-sum"] == "2026-03-05")
        let order = ["two-sum", "contains-duplicate", "valid-anagram", "group-anagrams"].compactMap { due[$0] }
        #expect(order.count == 4 && order == order.sorted() && Set(order).count == 4)
        let show = try #require(try leettrack.json(try ok(leettrack, "show", "1", "--json")) as? [String: Any])
        #expect((show["history"] as? [[String: Any]])?.last?["rating"] as? String == "again")
        #expect(show["review"].flatMap { ($0 as? [String: Any])?["lapses"] as? Int } == 1)
    }

    @Test("--upcoming shows the coming days, grouped by day")
    func upcoming() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "--date", "2026-03-01")
        try ok(leettrack, "solve", "217", "--rating", "easy", "--date", "2026-03-01")
        let week = try ok(leettrack, "review", "--upcoming", "7", "--date", "2026-03-01")
        #expect(week.stdout.contains("Tue 2026-03-03  in 2 days"))
        #expect(week.stdout.contains("Two Sum"))
        #expect(!week.stdout.contains("Contains Duplicate"))
        #expect(try ok(leettrack, "review", "--upcoming", "8", "--date", "2026-03-01").stdout.contains("Contains Duplicate"))
    }

    @Test("a higher desired retention set with config schedules sooner")
    func retention() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try ok(leettrack, "config", "desired-retention", "0.97").stdout == "desired-retention is now 0.97.\n")
        #expect(try ok(leettrack, "config", "desired-retention").stdout == "0.97\n")
        #expect(try ok(leettrack, "solve", "217", "--rating", "easy", "--date", "2026-03-01").stdout.contains("on 2026-03-03"))
        try ok(leettrack, "config", "desired-retention", "--reset")
        #expect(try ok(leettrack, "config").stdout.contains("desired-retention   0.9  (default)"))
    }

    @Test("reset removes the card, so the problem leaves the queue")
    func resetRemovesCard() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "--date", "2026-03-01")
        try ok(leettrack, "reset", "1")
        #expect(try ok(leettrack, "review", "--date", "2026-03-10").stdout.hasPrefix("No review cards yet."))
    }
}
