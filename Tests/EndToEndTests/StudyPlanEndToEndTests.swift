import Foundation
import LeetTrackCore
import Testing

@Suite("leettrack config target-date, plan, today's share and next --weakest, end to end")
struct StudyPlanEndToEndTests {
    /// A fixed "now", so the days are exact: 2026-12-01.
    static let now = ["LEETTRACK_NOW": "2026-12-01T15:00:00Z"]

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// Runs a command that must be refused as a usage error (exit 64), saying `message`.
    func refused(_ leettrack: LeetTrackRunner, _ message: String, _ arguments: String...) throws {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 64, "\(arguments): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("bad targets exit 64 and change nothing: a past day, not a date, an unknown or empty list, --lists elsewhere")
    func badTargetsChangeNothing() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "target-date", "2027-01-15", "--lists", "blind-75")
        try refused(leettrack, "that day is past (today is 2026-12-01)", "config", "target-date", "2026-11-30", "--lists", "blind-75")
        try refused(leettrack, "use a date YYYY-MM-DD", "config", "target-date", "next-friday", "--lists", "blind-75")
        try refused(leettrack, "no-such-list", "config", "target-date", "2027-02-01", "--lists", "blind-75,no-such-list")
        try refused(leettrack, "' , ' is not a valid list of --lists: it names no list", "config", "target-date", "2027-02-01", "--lists", " , ")
        try refused(leettrack, "more than ten years away; give a date up to 2036-12-01", "config", "target-date", "2036-12-02", "--lists", "blind-75")
        try refused(leettrack, "more than ten years away", "config", "target-date", "9899-12-31", "--lists", "blind-75")
        try refused(leettrack, "'--lists' goes with", "config", "daily-goal", "3", "--lists", "blind-75")
        try ok(leettrack, "lists", "create", "empty")
        try refused(leettrack, "has no problems", "config", "target-date", "2027-02-01", "--lists", "empty")
        #expect(try ok(leettrack, "config", "target-date").stdout == "2027-01-15 blind-75\n")
        // Without --lists and without a followed list there is nothing to plan.
        try refused(leettrack, "give the lists", "config", "target-date", "2027-02-01")
    }

    @Test("a target that fits: the plan day by day, its JSON, today's share; none clears it")
    func planThatFits() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "solve", "two-sum", "valid-anagram", "--date", "2026-11-20")
        try ok(leettrack, "config", "daily-goal", "5")
        let set = try ok(leettrack, "config", "target-date", "2027-01-15", "--lists", "blind-75")
        #expect(set.stdout == "target-date is now 2027-01-15 for blind-75: `leettrack plan` shows the days to it.\n")

        let text = try ok(leettrack, "plan").stdout
        #expect(text.hasPrefix("Plan for 2027-01-15: blind-75 (75 problems, 2 solved), every one at 90% recall or more on the date\n"))
        #expect(text.contains("Date        Day    New  Reviews  Total\n"))
        #expect(text.contains("\n2026-12-01  Tue  "))
        #expect(text.contains("\n2027-01-14  Thu  "))
        #expect(!text.contains("2027-01-15  Fri"))
        #expect(text.contains("73 new problems and "))
        #expect(text.contains("over 45 days, goal 5 a day: on track.\n"))

        let json = try #require(try leettrack.json(try ok(leettrack, "plan", "--json")) as? [String: Any])
        #expect(json["target"] as? String == "2027-01-15")
        #expect(json["lists"] as? [String] == ["blind-75"])
        #expect(json["fits"] as? Bool == true)
        #expect(json["new"] as? Int == 73)
        #expect(json["solved"] as? Int == 2)
        #expect(json["shortfall"] is NSNull)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.count == 45)
        #expect(days.allSatisfy { ($0["total"] as? Int ?? 99) <= 5 })
        let learned = days.flatMap { $0["new"] as? [String] ?? [] }
        #expect(Set(learned).count == 73)
        #expect(!learned.contains("two-sum"))
        // The same store and day give the same plan.
        #expect(try ok(leettrack, "plan", "--json").stdout == (try ok(leettrack, "plan", "--json").stdout))

        let first = try #require(days.first)
        let today = try ok(leettrack, "today").stdout
        let share = "Plan:       \((first["new"] as? [String])?.count ?? -1) new · "
        #expect(today.contains(share), "\(today)")
        #expect(today.contains("on track"))
        // `today --json` carries the same share, from the same plan.
        let todayJSON = try #require(try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])
        let todayPlan = try #require(todayJSON["plan"] as? [String: Any], "\(todayJSON)")
        #expect(todayPlan["target"] as? String == "2027-01-15")
        #expect(todayPlan["new"] as? [String] == first["new"] as? [String])
        #expect(todayPlan["reviews"] as? [String] == first["reviews"] as? [String])
        #expect(todayPlan["onTrack"] as? Bool == true)
        #expect(todayPlan["behind"] as? Int == 0)

        // The day after the date, nothing is planned: `plan` says the date passed, `today` warns.
        let later = ["LEETTRACK_NOW": "2027-01-16T15:00:00Z"]
        let passed = try leettrack.run(["plan"], environment: later)
        #expect(passed.status == 1 && passed.stdout.isEmpty)
        #expect(passed.stderr.contains("the target date 2027-01-15 has passed; set a new one with `leettrack config target-date YYYY-MM-DD --lists blind-75`"), "\(passed.stderr)")
        let todayAfter = try leettrack.run(["today"], environment: later)
        #expect(todayAfter.status == 0 && !todayAfter.stdout.contains("Plan:"), "\(todayAfter.stdout)")
        #expect(todayAfter.stderr.contains("has passed"))
        let todayAfterJSON = try leettrack.run(["today", "--json"], environment: later)
        #expect((try leettrack.json(todayAfterJSON) as? [String: Any])?.keys.contains("plan") == false)
        // On the date itself it is still planned.
        #expect(try leettrack.run(["plan"], environment: ["LEETTRACK_NOW": "2027-01-15T15:00:00Z"]).status == 0)

        #expect(try ok(leettrack, "config", "target-date", "none").stdout == "No target date now.\n")
        #expect(!(try ok(leettrack, "today").stdout.contains("Plan:")))
        #expect((try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])?.keys.contains("plan") == false)
        let none = try leettrack.run(["plan"], environment: Self.now)
        #expect(none.status == 1)
        #expect(none.stderr.contains("no target date is set"))
    }

    @Test("a target that cannot fit says by how much and what would fit")
    func planThatDoesNotFit() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "daily-goal", "3")
        try ok(leettrack, "config", "target-date", "2026-12-11", "--lists", "blind-75")
        let text = try ok(leettrack, "plan").stdout
        #expect(text.contains("does not fit"))
        #expect(text.contains("problems too many: needs "))
        #expect(text.contains(" a day, goal is 3.\n"))
        #expect(text.contains("Would fit: a goal of "))
        let json = try #require(try leettrack.json(try ok(leettrack, "plan", "--json")) as? [String: Any])
        #expect(json["fits"] as? Bool == false)
        let shortfall = try #require(json["shortfall"] as? [String: Any])
        let over = try #require(shortfall["problemsOver"] as? Int)
        #expect(over == 75 - (json["new"] as? Int ?? 0))
        #expect(text.contains("\(over) problems too many"))
        let goal = try #require(shortfall["smallestGoal"] as? Int)
        #expect(goal > 3)
        #expect(shortfall["earliestDate"] is String)
        let behind = over + (shortfall["reviewsOver"] as? Int ?? 0)
        #expect(try ok(leettrack, "today").stdout.contains("\(behind) behind"))
        let todayPlan = try #require((try leettrack.json(try ok(leettrack, "today", "--json")) as? [String: Any])?["plan"] as? [String: Any])
        #expect(todayPlan["onTrack"] as? Bool == false)
        #expect(todayPlan["behind"] as? Int == behind)
        try ok(leettrack, "config", "daily-goal", String(goal))
        #expect(try ok(leettrack, "plan").stdout.contains(": on track.\n"))
    }

    @Test("next --weakest takes the section with the lowest coverage and recall, and says why")
    func weakestSection() throws {
        let leettrack = try LeetTrackRunner()
        let list = try Catalog.builtIn.studyList(named: "neetcode-150")
        let sections = Catalog.builtIn.sections(of: list)
        let graphs = try #require(sections.first { $0.name == "Graphs" })
        // Every section solved but two of Graphs' thirteen.
        let solved = sections.filter { $0.name != "Graphs" }.flatMap(\.slugs) + graphs.slugs.prefix(2)
        try ok(leettrack, ["solve"] + solved + ["--date", "2026-11-28"])
        try ok(leettrack, "config", "follow", "neetcode-150")
        let text = try ok(leettrack, "next", "--weakest").stdout
        #expect(text.hasPrefix("Weakest section: Graphs: 2 of 13 solved, mean recall "), "\(text)")
        let third = try #require(Catalog.builtIn.problem(withSlug: graphs.slugs[2]))
        #expect(text.contains(third.url))
        let json = try #require(try leettrack.json(try ok(leettrack, "next", "--weakest", "--json")) as? [String: Any])
        #expect(json["group"] as? String == "Graphs")
        #expect(json["kind"] as? String == "section")
        #expect(json["solved"] as? Int == 2)
        #expect((json["problem"] as? [String: Any])?["slug"] as? String == graphs.slugs[2])
        try refused(leettrack, "leave out '--section'", "next", "--weakest", "--section", "Graphs")
    }

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }
}
