import Foundation
import LeetTrackCore
import Testing

@Suite("leettrack config review-cap and premium, end to end")
struct ReviewCapEndToEndTests {
    /// A fixed "now", so the days are exact.
    static let now = ["LEETTRACK_NOW": "2026-12-01T15:00:00Z"]

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        try ok(leettrack, arguments)
    }

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// An export document of `count` problems (the catalog's first free ones), each solved once on
    /// a day of the year before now: what a year of LeetCode solves imports as.
    func yearOfSolves(_ count: Int, in leettrack: LeetTrackRunner) throws -> String {
        let problems = Catalog.builtIn.problems.filter { !$0.paidOnly }.prefix(count)
        let now = try #require(UTCTimestamp.date(from: "2026-12-01T15:00:00Z"))
        var entries: [[String: Any]] = []
        for (index, problem) in problems.enumerated() {
            let day = 2 + (index * 360) / count  // Spread over the year, every problem overdue by now.
            let at = UTCTimestamp.string(from: now.addingTimeInterval(-Double(day) * 86_400))
            entries.append([
                "id": problem.id, "slug": problem.slug, "title": problem.title, "status": "solved",
                "history": [["at": at, "kind": "solved"]],
            ])
        }
        let document: [String: Any] = ["format": "leettrack-export", "version": 1, "problems": entries]
        let path = leettrack.directory.appendingPathComponent("year.json").path
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("an imported year of solves lands at most the cap a day, today and in the days after")
    func importedYearIsCapped() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "import", try yearOfSolves(60, in: leettrack))
        // Without a cap, the whole year is due at once.
        let all = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        #expect(all.count == 60)

        #expect(try ok(leettrack, "config", "review-cap", "8").stdout == "review-cap is now 8.\n")
        #expect(try ok(leettrack, "config", "review-cap").stdout == "8\n")
        let today = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        #expect(today.count == 8)
        let text = try ok(leettrack, "review").stdout
        #expect(text.contains("Due on 2026-12-01: 8 problems"))
        #expect(text.contains("52 more reviews wait for the next days (review-cap 8"))
        // The most forgotten (solved longest ago, as every card has the same stability) come first.
        let slugs = today.compactMap { ($0["problem"] as? [String: Any])?["slug"] as? String }
        let oldest = Catalog.builtIn.problems.filter { !$0.paidOnly }.prefix(60).suffix(8).map(\.slug)
        #expect(Set(slugs) == Set(oldest))

        let upcoming = try #require(try leettrack.json(try ok(leettrack, "review", "--upcoming", "14", "--json")) as? [[String: Any]])
        var perDay: [String: Int] = [:]
        for item in upcoming { perDay[item["dueDay"] as? String ?? "?", default: 0] += 1 }
        #expect(perDay.values.allSatisfy { $0 <= 8 })
        #expect(upcoming.count == 52)
        let seen = upcoming.compactMap { ($0["problem"] as? [String: Any])?["slug"] as? String } + slugs
        #expect(Set(seen).count == 60)
        // Any number of days ends with the last card: the largest took minutes, then trapped.
        for days in ["1000000000", "\(Int.max)"] {
            let far = try #require(try leettrack.json(try ok(leettrack, "review", "--upcoming", days, "--json")) as? [[String: Any]])
            #expect(far.count == 52, "\(days)")
        }
        #expect(try ok(leettrack, "review", "--upcoming", "\(Int.max)").stdout.contains("Coming up in the next \(Int.max) days"))
        // `today` counts the day's share only.
        #expect(try ok(leettrack, "today").stdout.contains("8 due"))

        // The reviews done today count against the cap: the queue does not fill up again.
        for slug in slugs.prefix(3) { try ok(leettrack, "review", slug, "good") }
        let left = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        #expect(left.count == 5)
        let leftSlugs = Set(left.compactMap { ($0["problem"] as? [String: Any])?["slug"] as? String })
        #expect(leftSlugs == Set(slugs.dropFirst(3)))
        #expect(try ok(leettrack, "review").stdout.contains("52 more reviews wait for the next days (review-cap 8, 3 done today"))
        #expect(try ok(leettrack, "today").stdout.contains("5 due"))
        for slug in leftSlugs { try ok(leettrack, "review", slug, "good") }
        let done = try ok(leettrack, "review").stdout
        #expect(done.contains("Today's share is done: 8 reviews on 2026-12-01, review-cap 8. 52 more wait for the next days"), "\(done)")
        #expect(try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]]).isEmpty)
        // Tomorrow takes a whole share again.
        #expect(try #require(try leettrack.json(try ok(leettrack, "review", "--date", "2026-12-02", "--json")) as? [[String: Any]]).count == 8)

        #expect(try ok(leettrack, "config", "review-cap", "none").stdout == "review-cap is now none.\n")
        // Without the cap every card still due comes back at once (the eight reviewed are not due).
        #expect(try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]]).count == 52)
    }

    @Test("an invalid review cap or premium value exits 64 and changes nothing", arguments: [
        ["review-cap", "0"], ["review-cap", "1001"], ["review-cap", "-5"], ["review-cap", "lots"], ["review-cap", "99999999999999999999"],
        ["premium", "maybe"], ["premium", ""],
    ])
    func invalidValues(arguments: [String]) throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "review-cap", "5")
        let before = try leettrack.snapshot(withSummaries: true)
        let result = try leettrack.run(["config"] + arguments, environment: Self.now)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(try leettrack.snapshot(withSummaries: true) == before)
    }

    @Test("with premium no, next, today and random never offer a paid-only problem; lists still show them, marked")
    func premiumNo() throws {
        let leettrack = try LeetTrackRunner()
        let catalog = Catalog.builtIn
        // Blind 75 holds paid-only problems (Meeting Rooms, Alien Dictionary, ...): solve the free
        // ones before the first paid one, so that it is next.
        let blind = catalog.studyLists.first { $0.key == "blind-75" }
        let list = try #require(blind)
        let paidIndex = list.slugs.firstIndex { catalog.problem(withSlug: $0)?.paidOnly == true }
        let firstPaid = try #require(paidIndex)
        if firstPaid > 0 { try ok(leettrack, ["solve"] + Array(list.slugs[..<firstPaid])) }
        try ok(leettrack, "config", "follow", "blind-75")
        let paid = try #require(catalog.problem(withSlug: list.slugs[firstPaid]))
        #expect(try ok(leettrack, "next").stdout.contains(paid.title))

        #expect(try ok(leettrack, "config", "premium", "no").stdout.contains("premium is now no"))
        #expect(try ok(leettrack, "config", "premium").stdout == "no\n")
        let next = try #require(try leettrack.json(try ok(leettrack, "next", "--json")) as? [String: Any])
        let offered = try #require((next["problem"] as? [String: Any])?["slug"] as? String)
        #expect(catalog.problem(withSlug: offered)?.paidOnly == false)
        #expect(!(try ok(leettrack, "today").stdout.contains(paid.title)))
        // `random` picks by the day when the clock is fixed: fifteen days, fifteen picks.
        for day in 10...24 {
            let picked = try leettrack.run(["random", "--json"], environment: ["LEETTRACK_NOW": "2026-12-\(day)T15:00:00Z"])
            #expect(picked.status == 0, "\(picked.stderr)")
            let json = try #require(try leettrack.json(picked) as? [String: Any])
            #expect(json["paidOnly"] as? Bool == false)
        }
        // Among paid-only problems alone, random has nothing to offer, and says why.
        let none = try leettrack.run(["random", "--paid"], environment: Self.now)
        #expect(none.status == 1)
        #expect(none.stderr.contains("paid-only (`leettrack config premium yes` offers them)"))
        // Lists still show them, marked.
        #expect(try ok(leettrack, "lists", "blind-75").stdout.contains(paid.title))
        #expect(try ok(leettrack, "config", "premium", "yes").stdout.contains("premium is now yes"))
        #expect(try ok(leettrack, "next").stdout.contains(paid.title))
    }
}
