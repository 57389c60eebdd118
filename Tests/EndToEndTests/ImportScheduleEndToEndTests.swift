import Foundation
import LeetTrackCore
import Testing

/// A history imported or pulled from LeetCode is scheduled from its real dates, and with a review
/// cap never lands more than the cap on one day (issue 40, point 3).
@Suite("an imported or pulled history under the review cap, end to end")
struct ImportScheduleEndToEndTests {
    /// A fixed "now", so the days are exact (the runner's time zone is UTC).
    static let nowText = "2026-12-01T15:00:00Z"
    static let now = ["LEETTRACK_NOW": nowText]
    /// The same instant.
    let nowDate: Date
    /// The scheduler of the default settings, which the imports schedule with.
    let scheduler: ReviewScheduler
    let utc = TimeZone(secondsFromGMT: 0) ?? .current

    init() throws {
        nowDate = try #require(UTCTimestamp.date(from: Self.nowText))
        scheduler = try ReviewSettings().scheduler()
    }

    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// `count` free problems of the catalog, each with the instants of its solves over the year
    /// before now: one to three solves, so that cards of every stability come out of the replay.
    func yearOfSolves(_ count: Int) -> [(problem: Problem, solves: [Date])] {
        Catalog.builtIn.problems.filter { !$0.paidOnly }.prefix(count).enumerated().map { index, problem in
            let first = 3 + (index * 360) / count
            var days = [first]
            if index % 3 != 0, first > 40 { days.append(first / 2) }
            if index % 5 == 1, first > 80 { days.append(first / 8) }
            return (problem, days.map { nowDate.addingTimeInterval(-Double($0) * 86_400 - Double(index % 7) * 600) })
        }
    }

    /// The card FSRS gives `solves` (each rated good, as an imported solve is).
    func card(_ solves: [Date]) -> ReviewCard {
        var card = scheduler.newCard(rating: .good, at: solves[0])
        for date in solves.dropFirst() { card = scheduler.review(card, rating: .good, at: date) }
        return card
    }

    /// Writes `solves` as an export document and returns its path.
    func document(_ solves: [(problem: Problem, solves: [Date])], in leettrack: LeetTrackRunner) throws -> String {
        let entries: [[String: Any]] = solves.map { problem, dates in
            [
                "id": problem.id, "slug": problem.slug, "title": problem.title, "status": "solved",
                "history": dates.map { ["at": UTCTimestamp.string(from: $0), "kind": "solved"] },
            ]
        }
        let document: [String: Any] = ["format": "leettrack-export", "version": 1, "problems": entries]
        let path = leettrack.directory.appendingPathComponent("year.json").path
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The stored due day of each exported card, by slug.
    func storedDueDays(_ leettrack: LeetTrackRunner) throws -> [String: String] {
        let export = try #require(try JSONSerialization.jsonObject(with: Data(try leettrack.export().utf8)) as? [String: Any])
        var days: [String: String] = [:]
        for problem in export["problems"] as? [[String: Any]] ?? [] {
            guard let slug = problem["slug"] as? String, let due = (problem["review"] as? [String: Any])?["due"] as? String else { continue }
            days[slug] = String(due.prefix(10))
        }
        return days
    }

    /// Checks that today's queue, the next `days` days' plan and the stored due dates hold at most
    /// `cap` reviews a day, each problem once; returns today's slugs.
    @discardableResult
    func expectCapped(_ leettrack: LeetTrackRunner, cap: Int, cards: Int, days: Int = 60) throws -> [String] {
        let today = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        #expect(today.count == cap)
        let todaySlugs = today.compactMap { ($0["problem"] as? [String: Any])?["slug"] as? String }
        let text = try ok(leettrack, "review").stdout
        #expect(text.contains("Due on 2026-12-01: \(cap) problems"), "\(text)")
        #expect(!text.contains("wait for the next days"), "the import planned them: \(text)")

        let upcoming = try #require(try leettrack.json(try ok(leettrack, "review", "--upcoming", "\(days)", "--json")) as? [[String: Any]])
        var perDay: [String: Int] = [:]
        for item in upcoming { perDay[item["dueDay"] as? String ?? "?", default: 0] += 1 }
        #expect(perDay.values.allSatisfy { $0 <= cap }, "\(perDay.filter { $0.value > cap })")
        let seen = upcoming.compactMap { ($0["problem"] as? [String: Any])?["slug"] as? String } + todaySlugs
        #expect(Set(seen).count == seen.count, "a problem is planned once")

        let stored = try storedDueDays(leettrack)
        #expect(stored.count == cards)
        var storedPerDay: [String: Int] = [:]
        for day in stored.values { storedPerDay[max(day, "2026-12-01"), default: 0] += 1 }
        #expect(storedPerDay.values.allSatisfy { $0 <= cap }, "\(storedPerDay.filter { $0.value > cap })")
        return todaySlugs
    }

    @Test("a year of solves imported with a cap of 20: at most 20 a day, the most forgotten first")
    func importedYearUnderCap() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "review-cap", "20")
        let year = yearOfSolves(400)
        try ok(leettrack, "import", try document(year, in: leettrack))
        let today = try expectCapped(leettrack, cap: 20, cards: 400)
        // Today's 20 are the least likely recalled of the cards FSRS puts due by today.
        let due = year.map { ($0.problem.slug, card($0.solves)) }.filter { LocalDay($0.1.due, in: utc) <= LocalDay(nowDate, in: utc) }
        #expect(due.count > 100, "the year puts far more than the cap due by today")
        let ranked = due.sorted { scheduler.retrievability(of: $0.1, at: nowDate) < scheduler.retrievability(of: $1.1, at: nowDate) }
        let threshold = scheduler.retrievability(of: ranked[19].1, at: nowDate)
        for slug in today {
            let card = try #require(due.first { $0.0 == slug }?.1)
            #expect(scheduler.retrievability(of: card, at: nowDate) <= threshold + 1e-12)
        }
        // The same file again changes nothing: the cards stand.
        let again = try ok(leettrack, "import", try document(year, in: leettrack)).stdout
        #expect(again.contains("added 0 problems, updated 0; 400 unchanged."), "\(again)")
    }

    @Test("without a cap, each imported card is due as FSRS schedules its real dates")
    func importedCardsFollowTheirDates() throws {
        let leettrack = try LeetTrackRunner()
        let day = 86_400.0
        let twice = [nowDate.addingTimeInterval(-300 * day), nowDate.addingTimeInterval(-10 * day)]
        let once = [nowDate.addingTimeInterval(-1 * day)]
        let catalog = Catalog.builtIn
        let history = [
            (problem: try #require(catalog.problem(withID: 1)), solves: twice), (problem: try #require(catalog.problem(withID: 20)), solves: once),
        ]
        try ok(leettrack, "import", try document(history, in: leettrack))
        let stored = try storedDueDays(leettrack)
        let expectedTwice = UTCTimestamp.string(from: card(twice).due).prefix(10)
        #expect(stored["two-sum"] == String(expectedTwice))
        // Solved 300 days ago and again 10 days ago: not due today, as the last solve alone would make it.
        #expect(stored["two-sum"].map { $0 > "2026-12-01" } == true)
        #expect(stored["valid-parentheses"] == String(UTCTimestamp.string(from: card(once).due).prefix(10)))
        let queue = try #require(try leettrack.json(try ok(leettrack, "review", "--json")) as? [[String: Any]])
        #expect(queue.isEmpty, "\(queue)")
    }

    @Test("a pulled history with a cap of 20 lands at most 20 a day")
    func pulledHistoryUnderCap() throws {
        let server = try LeetCodeTestServer("history")
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "config", "review-cap", "20")
        // Add Two Numbers is renamed by the server's problem list: its old slug would be another problem's record.
        let year = yearOfSolves(301).filter { $0.problem.slug != "add-two-numbers" }
        // LeetCode's progress page: each problem's last submission; its recent list: the latest 20 accepted.
        let progress: [[String: Any]] = year.map { problem, solves in
            [
                "frontendId": "\(problem.id)", "title": problem.title, "titleSlug": problem.slug, "difficulty": problem.difficulty.rawValue.uppercased(),
                "lastSubmittedAt": UTCTimestamp.string(from: solves.max() ?? nowDate), "numSubmitted": solves.count, "questionStatus": "SOLVED", "lastResult": "AC",
            ]
        }
        let recent: [[String: Any]] = year.flatMap { problem, solves in solves.map { (problem, $0) } }
            .sorted { $0.1 > $1.1 }.prefix(20).enumerated().map { index, solve in
                ["id": "\(1_600_000_000 + index)", "title": solve.0.title, "titleSlug": solve.0.slug, "timestamp": "\(Int(solve.1.timeIntervalSince1970))"]
            }
        try JSONSerialization.data(withJSONObject: progress).write(to: server.stateDirectory.appendingPathComponent("history-progress"))
        try JSONSerialization.data(withJSONObject: recent).write(to: server.stateDirectory.appendingPathComponent("history-recent"))
        let pulled = try leettrack.leetcode(["pull"], endpoint: server.endpoint, environment: LeetTrackRunner.signedIn.merging(Self.now) { $1 })
        #expect(pulled.status == 0, "\(pulled.stderr)")
        try expectCapped(leettrack, cap: 20, cards: 300)
    }
}
