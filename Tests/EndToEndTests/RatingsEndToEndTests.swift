import Foundation
import LeetTrackCore
import LeetTrackText
import Testing

/// Contest ratings on the real binary: `list --rating`/`--sort rating`, `show`, `serve`'s JSON,
/// `next --level`, `stats` and `catalog update` with zerotrac's file.
@Suite("Contest ratings, end to end")
struct RatingsEndToEndTests {
    static let now = ["LEETTRACK_NOW": "2026-03-01T12:00:00Z"]

    func rows(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> [[String: Any]] {
        let result = try leettrack.run(arguments + ["--json"], environment: Self.now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try leettrack.json(result) as? [[String: Any]])
    }

    /// Free rated problems of the built-in catalog rated in `range`, lowest id first.
    static func rated(_ range: ClosedRange<Int>, count: Int) -> [Int] {
        let catalog = Catalog.builtIn
        return Array((0..<catalog.count).filter { position in
            !catalog.paidOnly(at: position) && catalog.rating(at: position).map(range.contains) == true
        }.map(catalog.id(at:)).prefix(count))
    }

    @Test("list --rating keeps the problems rated in the range, and --sort rating puts unrated ones last")
    func listFilterAndSort() throws {
        let leettrack = try LeetTrackRunner()
        let inRange = try rows(leettrack, "list", "--rating", "1400..1800")
        #expect(inRange.count == (0..<Catalog.builtIn.count).count { (1400...1800).contains(Catalog.builtIn.rating(at: $0) ?? -1) })
        #expect(inRange.allSatisfy { ($0["rating"] as? Int).map { (1400...1800).contains($0) } == true })
        let above = try rows(leettrack, "list", "--rating", "3000..")
        #expect(!above.isEmpty && above.allSatisfy { ($0["rating"] as? Int ?? 0) >= 3000 })
        #expect(above.contains { $0["id"] as? Int == 3235 })
        let below = try rows(leettrack, "list", "--rating", "..1100")
        #expect(below.map { $0["id"] as? Int } == [1108])
        let sorted = try rows(leettrack, "list", "--list", "leetcode-75", "--sort", "rating")
        #expect(sorted.count == 75)
        let ratings = sorted.map { $0["rating"] as? Int }
        let firstUnrated = try #require(ratings.firstIndex(of: nil))
        #expect(firstUnrated > 0)
        #expect(ratings[firstUnrated...].allSatisfy { $0 == nil })
        #expect(sorted[firstUnrated...].allSatisfy { $0["rating"] is NSNull })
        let numbers = ratings[..<firstUnrated].compactMap { $0 }
        #expect(numbers == numbers.sorted())
        // The text listing too: the first row is the lowest rated.
        let text = try leettrack.run("list", "--rating", "..1100")
        #expect(text.status == 0 && text.stdout.contains("1108") && text.stdout.contains("1 problem"))
    }

    @Test("list rows show the rating after the acceptance with --rating or --sort rating, and only then")
    func rowsShowRatings() throws {
        let leettrack = try LeetTrackRunner()
        let rating = Format.grouped(try #require(Catalog.builtIn.problem(withID: 1108)?.rating))
        let column = "%  " + String(repeating: " ", count: 5 - rating.count) + rating + "  todo"
        let filtered = try leettrack.run("list", "--rating", "..1100")
        #expect(filtered.stdout.contains(column), "\(filtered.stdout)")
        let plain = try leettrack.run("list", "1108")
        #expect(plain.status == 0 && !plain.stdout.contains(rating), "\(plain.stdout)")
        // Sorted by rating, the unrated problems (last) show a dash.
        let sorted = try leettrack.run("list", "--list", "leetcode-75", "--sort", "rating")
        let lines = sorted.stdout.split(separator: "\n").dropLast()  // The count.
        #expect(lines.count == 75)
        #expect(lines.last?.contains("%      -  todo") == true, "\(sorted.stdout)")
        #expect(lines.first?.contains("%      -  todo") == false, "\(sorted.stdout)")
    }

    @Test("a bad rating range is a usage error that says what a range looks like, and changes nothing", arguments: [
        "1800..1400", "abc", "1400..9000", "..", "1400", "-3..5", "99999999999999999999999..",
    ])
    func badRanges(range: String) throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("list", "--rating", range)
        #expect(result.status == 64, "\(range): \(result.stdout)")
        #expect(result.stderr.contains("--rating") || result.stderr.contains("range"), "\(result.stderr)")
        #expect(result.stderr.contains("1400..1800") || result.stderr.contains("lower bound comes first"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("show prints the rating with its contest, and show --json carries it (null when unrated)")
    func show() throws {
        let leettrack = try LeetTrackRunner()
        let rated = try leettrack.run("show", "3235")
        #expect(rated.status == 0)
        #expect(rated.stdout.contains("Rating:     3,774 · Weekly Contest 408 Q4"), "\(rated.stdout)")
        let unrated = try leettrack.run("show", "1")
        #expect(unrated.stdout.contains("Rating:     -"))
        #expect((try leettrack.json(try leettrack.run("show", "3235", "--json")) as? [String: Any])?["rating"] as? Int == 3774)
        #expect((try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])?["rating"] is NSNull)
    }

    @Test("serve's full list and problem detail carry rating as a number or null")
    func serveJSON() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let problems = try #require(try server.json("/api/problems") as? [[String: Any]])
        #expect(problems.count == Catalog.builtIn.count)
        #expect(problems.allSatisfy { $0["rating"] is Int || $0["rating"] is NSNull })
        #expect(problems.count { $0["rating"] is Int } == 2569)
        #expect(problems.first { $0["id"] as? Int == 3235 }?["rating"] as? Int == 3774)
        #expect((try server.json("/api/problems/3235") as? [String: Any])?["rating"] as? Int == 3774)
        #expect((try server.json("/api/problems/1") as? [String: Any])?["rating"] is NSNull)
    }

    @Test("next --level fits the level on the rated history and offers the closest unsolved problem 100 above it")
    func nextLevel() throws {
        let leettrack = try LeetTrackRunner()
        let easy = Self.rated(1200...1400, count: 12)
        let hard = Self.rated(2000...2300, count: 8)
        #expect(try leettrack.run(["solve"] + easy.map(String.init) + ["--date", "2026-01-05"], environment: Self.now).status == 0)
        #expect(try leettrack.run(["attempt"] + hard.map(String.init) + ["--date", "2026-01-05"], environment: Self.now).status == 0)
        let result = try leettrack.run(["next", "--level", "--json"], environment: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try leettrack.json(result) as? [String: Any])
        let level = try #require((json["level"] as? [String: Any])?["level"] as? Int)
        let catalog = Catalog.builtIn
        let outcomes = easy.map { RatingLevel.Outcome(rating: Double(catalog.problem(withID: $0)!.rating!), success: true, date: nil) }
            + hard.map { RatingLevel.Outcome(rating: Double(catalog.problem(withID: $0)!.rating!), success: false, date: nil) }
        #expect(level == RatingLevel.fit(outcomes).level)
        #expect(level > 1400 && level < 2000)
        #expect(json["target"] as? Int == level + 100)
        var statuses = [Status](repeating: .todo, count: catalog.count)
        for id in easy { statuses[catalog.position(ofID: id)!] = .solved }
        for id in hard { statuses[catalog.position(ofID: id)!] = .attempted }
        let expected = catalog.problem(near: level + 100, in: nil, statuses: statuses, skipped: [], premium: true)
        let problem = try #require(json["problem"] as? [String: Any])
        #expect(problem["id"] as? Int == expected?.id)
        #expect(abs((problem["rating"] as? Int ?? 0) - (level + 100)) <= 30)
        let text = try leettrack.run(["next", "--level"], environment: Self.now)
        #expect(text.stdout.contains("Level \(Format.grouped(level))"), "\(text.stdout)")
        #expect(text.stdout.contains("Rating \(Format.grouped(expected!.rating!))"))
        // Within the followed list, and never paid-only without Premium.
        #expect(try leettrack.run("config", "follow", "neetcode-150").status == 0)
        #expect(try leettrack.run("config", "premium", "no").status == 0)
        let inList = try #require(try leettrack.json(try leettrack.run(["next", "--level", "--json"], environment: Self.now)) as? [String: Any])
        #expect(inList["list"] as? String == "neetcode-150")
        let picked = try #require((inList["problem"] as? [String: Any])?["slug"] as? String)
        #expect(catalog.builtInList(named: "neetcode-150")!.slugs.contains(picked))
        #expect((inList["problem"] as? [String: Any])?["paidOnly"] as? Bool == false)
    }

    @Test("next --level with too few rated outcomes says how many more it needs")
    func nextLevelTooFew() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["solve"] + Self.rated(1200...1400, count: 3).map(String.init), environment: Self.now).status == 0)
        let result = try leettrack.run(["next", "--level"], environment: Self.now)
        #expect(result.status == 0)
        #expect(result.stdout.contains("needs 10 rated problems solved or attempted; 3 so far (7 more)"), "\(result.stdout)")
        let json = try #require(try leettrack.json(try leettrack.run(["next", "--level", "--json"], environment: Self.now)) as? [String: Any])
        #expect((json["level"] as? [String: Any])?["needed"] as? Int == 7)
        #expect(json["problem"] == nil || json["problem"] is NSNull)
    }

    @Test("stats shows the level and its change over 30 days, and stats --json carries both")
    func statsLevel() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["solve", "1"], environment: Self.now).status == 0)
        #expect(!(try leettrack.run(["stats"], environment: Self.now)).stdout.contains("Level:"))
        #expect(try leettrack.run(["solve", "1108"], environment: Self.now).status == 0)
        let few = try leettrack.run(["stats"], environment: Self.now)
        #expect(few.stdout.contains("Level:      a contest-rating level needs 10 rated problems solved or attempted; 1 so far (9 more)"), "\(few.stdout)")
        #expect(try leettrack.run(["solve"] + Self.rated(1200...1400, count: 12).map(String.init) + ["--date", "2026-01-05"], environment: Self.now).status == 0)
        #expect(try leettrack.run(["attempt"] + Self.rated(1800...2000, count: 8).map(String.init) + ["--date", "2026-01-05"], environment: Self.now).status == 0)
        #expect(try leettrack.run(["solve"] + Self.rated(2000...2200, count: 8).map(String.init) + ["--date", "2026-02-25"], environment: Self.now).status == 0)
        let json = try #require(try leettrack.json(try leettrack.run(["stats", "--json"], environment: Self.now)) as? [String: Any])
        let level = try #require(json["level"] as? [String: Any])
        let now = try #require(level["level"] as? Int)
        let then = try #require(level["levelBefore"] as? Int)
        #expect(level["change"] as? Int == now - then)
        #expect(now > then)
        #expect(level["outcomes"] as? Int == 29)
        let text = try leettrack.run(["stats"], environment: Self.now)
        #expect(text.stdout.contains("Level:      \(Format.grouped(now)) (+\(Format.grouped(now - then)) in 30 days; 29 rated problems)"), "\(text.stdout)")
    }

    @Test("catalog update reads zerotrac's file; a hostile rating is refused and changes nothing")
    func catalogUpdate() throws {
        let leettrack = try LeetTrackRunner()
        let good = leettrack.directory.appendingPathComponent("data.json")
        try Data(#"[{"Rating": 1523.4, "ID": 1, "TitleSlug": "two-sum", "ContestID_en": "Weekly Contest 1", "ProblemIndex": "Q1"}]"#.utf8).write(to: good)
        let bad = leettrack.directory.appendingPathComponent("bad.json")
        try Data(#"[{"Rating": 1600, "ID": 2, "TitleSlug": "add-two-numbers"}, {"Rating": 1e300, "ID": 1, "TitleSlug": "two-sum"}]"#.utf8).write(to: bad)
        let refused = try leettrack.run("catalog", "update", bad.path)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("[1].Rating"), "\(refused.stderr)")
        #expect((try leettrack.json(try leettrack.run("show", "2", "--json")) as? [String: Any])?["rating"] is NSNull)
        #expect(try leettrack.run("catalog", "info").stdout.contains("no update imported"))
        let updated = try leettrack.run("catalog", "update", good.path)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("Rated 1 anew"), "\(updated.stdout)")
        #expect(try leettrack.run("show", "1").stdout.contains("Rating:     1,523"))
        #expect(try rows(leettrack, "list", "--rating", "1523..1523").map { $0["id"] as? Int }.contains(1))
    }
}
