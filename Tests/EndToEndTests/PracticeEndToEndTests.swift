import Foundation
import LeetTrackCore
import Persistence
import Testing

@Suite("leettrack next, skip, follow, today and the daily goal, end to end")
struct PracticeEndToEndTests {
    /// A fixed "now" (a Tuesday), so days and streaks are exact.
    static let now = ["LEETTRACK_NOW": "2026-12-01T15:00:00Z"]

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func run(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        try leettrack.run(arguments, environment: Self.now)
    }

    @Test("next shows the first unsolved problem in the list's own order")
    func nextIsFirstUnsolved() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "217", "242")
        try ok(leettrack, "attempt", "1")
        let next = try ok(leettrack, "next", "--list", "neetcode-150").stdout
        #expect(next.hasPrefix("   1  Two Sum"))
        #expect(next.contains("https://leetcode.com/problems/two-sum/  Arrays & Hashing"))
        #expect(next.contains("2 of 150 solved in NeetCode 150."))
        // The JSON carries what the picked problem's record holds beyond its marks: its note.
        try ok(leettrack, "note", "1", "hash map, one pass")
        let json = try #require(try leettrack.json(try ok(leettrack, "next", "--list", "neetcode-150", "--json")) as? [String: Any])
        let problem = try #require(json["problem"] as? [String: Any])
        #expect(problem["slug"] as? String == "two-sum" && problem["status"] as? String == "attempted")
        #expect(problem["note"] as? String == "hash map, one pass")
        #expect(json["solved"] as? Int == 2 && json["total"] as? Int == 150)
    }

    @Test("next passes over skipped problems, and unskip brings one back")
    func nextSkips() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try ok(leettrack, "skip", "217", "valid anagram").stdout
            == "Skipping 217. Contains Duplicate: `next` passes over it.\nSkipping 242. Valid Anagram: `next` passes over it.\n")
        let json = try #require(try leettrack.json(try ok(leettrack, "next", "-l", "blind-75", "--json")) as? [String: Any])
        #expect((json["problem"] as? [String: Any])?["slug"] as? String == "two-sum")
        #expect(try ok(leettrack, "unskip", "242").stdout == "242. Valid Anagram is no longer skipped.\n")
        #expect(try ok(leettrack, "next", "-l", "blind-75").stdout.hasPrefix(" 242  Valid Anagram"))
    }

    @Test("skip marks show in list and show")
    func skipMarksShow() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "skip", "1")
        #expect(try ok(leettrack, "lists", "blind-75").stdout.contains("Two Sum                                           Easy     58.0%  todo        skipped\n"))
        #expect(try ok(leettrack, "show", "1").stdout.contains("Skipped:    yes"))
        let shown = try #require(try leettrack.json(try ok(leettrack, "show", "1", "--json")) as? [String: Any])
        #expect(shown["skipped"] as? Bool == true)
    }

    @Test("skip with an unknown problem changes nothing")
    func skipUnknownChangesNothing() throws {
        let leettrack = try LeetTrackRunner()
        let result = try run(leettrack, "skip", "1", "no-such-problem-here")
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("next --section starts inside that section")
    func nextInSection() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "125")
        let json = try #require(try leettrack.json(try ok(leettrack, "next", "--list", "neetcode-150", "--section", "two p", "--json")) as? [String: Any])
        #expect(json["section"] as? String == "Two Pointers")
        #expect(json["solved"] as? Int == 1 && json["total"] as? Int == 5)
        #expect((json["problem"] as? [String: Any])?["id"] as? Int == 167)
    }

    @Test("next says so when everything is solved")
    func nextWhenAllSolved() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "208", "211")
        try ok(leettrack, "skip", "212")
        let done = try ok(leettrack, "next", "--list", "blind-75", "--section", "tries").stdout
        #expect(done == "Nothing left to do in Blind 75: Tries: the 1 unsolved problem is skipped "
            + "(`leettrack unskip PROBLEM` brings one back). 2 of 3 solved.\n")
        try ok(leettrack, "solve", "212")
        #expect(try ok(leettrack, "next", "--list", "blind-75", "--section", "tries").stdout == "Everything in Blind 75: Tries is solved. 3 of 3 solved.\n")
        let json = try #require(try leettrack.json(try ok(leettrack, "next", "--list", "blind-75", "--section", "tries", "--json")) as? [String: Any])
        #expect(json["problem"] is NSNull)
    }

    @Test("next without a list uses the followed list, and asks for one when none is followed")
    func nextUsesFollowedList() throws {
        let leettrack = try LeetTrackRunner()
        let none = try run(leettrack, "next")
        #expect(none.status == 64)
        #expect(none.stderr.contains("'next' needs a list: give '--list LIST', or follow one with `leettrack config follow LIST`"))
        #expect(try ok(leettrack, "config", "follow", "Grind 75").stdout.hasPrefix("You follow grind-75 now"))
        #expect(try ok(leettrack, "config", "follow").stdout == "grind-75\n")
        #expect(try ok(leettrack, "next").stdout.hasPrefix("   1  Two Sum"))
        #expect(try ok(leettrack, "config", "follow", "--reset").stdout == "You follow no list now.\n")
        #expect(try run(leettrack, "next").status == 64)
    }

    @Test("config follow refuses an unknown list and changes nothing")
    func followUnknownList() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "follow", "blind-75")
        let result = try run(leettrack, "config", "follow", "blind-76")
        #expect(result.status == 64)
        #expect(result.stderr.contains("no study list is called 'blind-76'"))
        #expect(try ok(leettrack, "config", "follow").stdout == "blind-75\n")
    }

    @Test("config follow takes an own list, and deleting it stops following it")
    func followOwnList() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "lists", "create", "Mine")
        try ok(leettrack, "lists", "add", "mine", "146")
        try ok(leettrack, "config", "follow", "mine")
        #expect(try ok(leettrack, "next").stdout.hasPrefix(" 146  LRU Cache"))
        try ok(leettrack, "lists", "delete", "mine", "--yes")
        #expect(try ok(leettrack, "config", "follow").stdout == "none\n")
        #expect(try ok(leettrack, "today").stdout.contains("follow a list to get one"))
    }

    @Test("renaming the followed own list keeps it followed")
    func followRenamedList() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "lists", "create", "Mine")
        try ok(leettrack, "lists", "add", "mine", "146")
        try ok(leettrack, "config", "follow", "mine")
        try ok(leettrack, "lists", "rename", "mine", "Graph Drills")
        #expect(try ok(leettrack, "config", "follow").stdout == "graph-drills\n")
        #expect(try ok(leettrack, "next").stdout.hasPrefix(" 146  LRU Cache"))
    }

    @Test("config daily-goal accepts 1 to 100 only")
    func dailyGoalIsValidated() throws {
        let leettrack = try LeetTrackRunner()
        for bad in ["0", "101", "three", "2.5"] {
            let result = try run(leettrack, "config", "daily-goal", bad)
            #expect(result.status == 64, "\(bad)")
            #expect(result.stderr.contains("is not a valid daily-goal: use a whole number of problems a day from 1 to 100"))
        }
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
        #expect(try ok(leettrack, "config", "daily-goal", "3").stdout == "daily-goal is now 3 problems a day.\n")
        #expect(try ok(leettrack, "config").stdout.contains("daily-goal          3"))
    }

    @Test("today shows the reviews due, the next problem, the streak and the goal")
    func todayShowsThePlan() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "--date", "2026-11-28")
        try ok(leettrack, "solve", "217", "--date", "2026-11-30")
        try ok(leettrack, "solve", "242")
        try ok(leettrack, "config", "follow", "neetcode-150")
        try ok(leettrack, "config", "daily-goal", "2")
        let today = try ok(leettrack, "today").stdout
        #expect(today.hasPrefix("Today, Tue 2026-12-01\n"))
        #expect(today.contains("Reviews:    1 due"))
        #expect(today.contains("            1. Two Sum  1 d overdue"))
        #expect(today.contains("Next:       49. Group Anagrams  Medium  (3 of 150 solved in NeetCode 150)"))
        #expect(today.contains("Streak:     2 days (longest 2)"))
        #expect(today.contains("Goal:       1 / 2 today"))
        let json = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        #expect(json["dueCount"] as? Int == 1)
        #expect((json["next"] as? [String: Any])?["slug"] as? String == "group-anagrams")
        #expect((json["goal"] as? [String: Any])?["doneToday"] as? Int == 1)
        #expect((json["goal"] as? [String: Any])?["metToday"] as? Bool == false)
    }

    @Test("today counts every review due and names the most overdue: three in text, ten in JSON")
    func todayCountsEveryDueReview() throws {
        let leettrack = try LeetTrackRunner()
        // Twelve problems solved on twelve days, each due a day or more ago by now.
        let ids = [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 14, 15]
        for (offset, id) in ids.enumerated() {
            try ok(leettrack, "solve", "\(id)", "--date", "2026-10-\(String(format: "%02d", offset + 1))", "--rating", "again")
        }
        let text = try ok(leettrack, "today").stdout
        #expect(text.contains("Reviews:    12 due"), "\(text)")
        #expect(text.contains("            1. Two Sum"), "\(text)")
        #expect(text.contains("… and 9 more"), "\(text)")
        let json = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        #expect(json["dueCount"] as? Int == 12)
        let named = try #require(json["due"] as? [[String: Any]])
        #expect(named.count == 10)
        // The same ten as the queue's first ten, most overdue first.
        let queue = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        let slug = { (item: [String: Any]) in (item["problem"] as? [String: Any])?["slug"] as? String }
        #expect(named.compactMap(slug).count == 10)
        #expect(named.compactMap(slug) == queue.prefix(10).compactMap(slug))
        #expect(named.compactMap(slug).first == "two-sum")
    }

    @Test("today's next problem may be an attempted one, shown with its status")
    func todayNextAttempted() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "follow", "blind-75")
        try ok(leettrack, "attempt", "217")
        let json = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        #expect((json["next"] as? [String: Any])?["status"] as? String == "attempted")
    }

    @Test("a day that met the goal counts in the goal's streak")
    func goalStreak() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "217", "--date", "2026-11-30")
        try ok(leettrack, "solve", "242", "49")
        try ok(leettrack, "config", "daily-goal", "2")
        let json = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        let goal = try #require(json["goal"] as? [String: Any])
        #expect(goal["metToday"] as? Bool == true)
        #expect(goal["currentStreak"] as? Int == 2)
        #expect(try ok(leettrack, "today").stdout.contains("✓ met"))
    }

    @Test("today on a new store reads nothing and creates nothing")
    func todayOnNewStore() throws {
        let leettrack = try LeetTrackRunner()
        let today = try ok(leettrack, "today").stdout
        #expect(today.contains("Reviews:    none due"))
        #expect(today.contains("follow a list to get one: `leettrack config follow neetcode-150`"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("today shows LeetCode's daily question when the stored one is today's")
    func todayShowsDaily() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1")
        try Self.storeDaily(date: "2026-12-01", in: leettrack)
        #expect(try ok(leettrack, "today").stdout.contains("Daily:      1. Two Sum  Easy  solved"))
        let json = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        #expect((json["daily"] as? [String: Any])?["status"] as? String == "solved")
    }

    @Test("today shows the status of a daily question newer than the catalog, from its record")
    func todayShowsStatusOfDailyOutsideCatalog() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1")
        let store = try Store.sqlite(path: leettrack.storePath)
        // A record of a problem the built-in catalog does not have (an import from a newer one).
        try ProgressRepository(store: store, clock: .system).update(["brand-new-problem"]) { _, record in
            record.recordSolve(at: Date(timeIntervalSince1970: 1_796_130_000))
        }
        let json = #"{"date":"2026-12-01","problem":{"id":9999,"title":"Brand New Problem","slug":"brand-new-problem","difficulty":"hard","paidOnly":false}}"#
        try store.set(try JSONDecoder().decode(LeetCodeDaily.self, from: Data(json.utf8)), for: LeetCodeDaily.key)
        let today = try ok(leettrack, "today").stdout
        #expect(today.contains("Daily:      9999. Brand New Problem  Hard  solved"), "\(today)")
    }

    @Test("today leaves out a daily question from another day, and says why when signed in but LeetCode is out of reach")
    func todayLeavesOutOldDaily() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1")
        try Self.storeDaily(date: "2026-11-30", in: leettrack)
        #expect(!(try ok(leettrack, "today").stdout.contains("Daily:")))
        let signedIn = try leettrack.run(
            ["today", "--endpoint", try LeetCodeTestServer.refusingEndpoint()],
            environment: Self.now.merging(LeetTrackRunner.signedIn) { $1 })
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("Daily:      today's question could not be read: cannot reach"), "\(signedIn.stdout)")
    }

    /// Writes a daily question as `leetcode daily` keeps it (under `leetcode.daily`).
    static func storeDaily(date: String, in leettrack: LeetTrackRunner) throws {
        let store = try Store.sqlite(path: leettrack.storePath)
        let json = #"{"date":"\#(date)","problem":{"id":1,"title":"Two Sum","slug":"two-sum","difficulty":"easy","paidOnly":false}}"#
        try store.set(try JSONDecoder().decode(LeetCodeDaily.self, from: Data(json.utf8)), for: LeetCodeDaily.key)
    }

    @Test("stats and the calendar mark the days that met the daily goal")
    func statsMarkGoalDays() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "217", "--date", "2026-11-29")
        try ok(leettrack, "solve", "242", "--date", "2026-11-30")
        try ok(leettrack, "config", "daily-goal", "2")
        let stats = try ok(leettrack, "stats").stdout
        #expect(stats.contains("Goal:       2 a day, 0 today; met 0 days in a row (longest 1 day)"))
        #expect(stats.contains("Sun 2026-11-29  ■■■■■■■■■■■■■■■■■■■■ 2 (2 solved) ✓"))
        #expect(stats.contains("Mon 2026-11-30  ■■■■■■■■■■ 1 (1 solved)\n"))
        let json = try #require(try leettrack.json(try ok(leettrack, "stats", "--json")) as? [String: Any])
        let days = try #require(json["lastSevenDays"] as? [[String: Any]])
        #expect(days.compactMap { $0["goalMet"] as? Bool } == [false, false, false, false, true, false, false])
        let calendar = try #require(try leettrack.json(try ok(leettrack, "stats", "--calendar", "--json")) as? [String: Any])
        let metDays = (calendar["days"] as? [[String: Any]] ?? []).filter { $0["goalMet"] as? Bool == true }.compactMap { $0["date"] as? String }
        #expect(metDays == ["2026-11-29"])
        #expect(try ok(leettrack, "stats", "--calendar").stdout.contains("◆ met the goal of 2"))
    }

    @Test("the report's calendar outlines the days that met the daily goal")
    func reportMarksGoalDays() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "1", "217", "--date", "2026-11-29")
        try ok(leettrack, "solve", "242", "--date", "2026-11-30")
        try ok(leettrack, "config", "daily-goal", "2")
        let file = leettrack.directory.appendingPathComponent("report.html").path
        try ok(leettrack, "report", "-o", file)
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("class=\"l4 goal\" data-goal=\"met\" data-date=\"2026-11-29\""))
        #expect(html.components(separatedBy: "data-goal=\"met\"").count == 2)
        #expect(html.contains("outlined: met the goal of 2 problems a day"))
    }
}
