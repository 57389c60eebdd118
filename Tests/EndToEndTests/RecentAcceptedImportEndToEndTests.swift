import Foundation
import Testing

@Suite("import of LeetCode's recent accepted submissions, end to end")
struct RecentAcceptedImportEndToEndTests {
    static func response(_ submissions: [(slug: String, timestamp: String)]) -> String {
        let items = submissions.enumerated().map { index, submission in
            #"{"id":"\#(index + 1)","title":"T","titleSlug":"\#(submission.slug)","timestamp":"\#(submission.timestamp)"}"#
        }
        return #"{"data":{"recentAcSubmissionList":["# + items.joined(separator: ",") + "]}}"
    }

    @Test("each accepted submission becomes a dated solve, several on one day counting once")
    func datedSolves() throws {
        let leettrack = try LeetTrackRunner()
        // 2023-11-14T22:13:20Z, an hour later the same day, and the next day.
        let file = try leettrack.write(Self.response([
            ("two-sum", "1700000000"), ("two-sum", "1700003600"), ("two-sum", "1700086400"), ("lru-cache", "1700000000"),
        ]), to: "recent.json")
        let result = try leettrack.run("import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Read 4 accepted submissions from LeetCode; 1 on a day already counted for that problem."), "\(result.stdout)")
        let json = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.map { $0["date"] as? String } == ["2023-11-14T22:13:20Z", "2023-11-15T22:13:20Z"])
        #expect(json["status"] as? String == "solved")
        #expect(try leettrack.run("stats", "--json").stdout.contains(#""longestStreak" : 2"#))
    }

    @Test("a submission on a day the store already has a solve of that problem adds nothing")
    func sameDayAsStored() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2023-11-14")
        let file = try leettrack.write(Self.response([("two-sum", "1700000000")]), to: "recent.json")
        let result = try leettrack.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Nothing to change"), "\(result.stdout)")
    }

    @Test("--dry-run reports what it would do and writes nothing")
    func dryRun() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "2")
        let before = try leettrack.snapshot()
        let file = try leettrack.write(Self.response([("two-sum", "1700000000")]), to: "recent.json")
        let result = try leettrack.run("import", "--dry-run", file)
        #expect(result.status == 0)
        #expect(result.stdout.contains("would add 1 problem") && result.stdout.contains("Nothing was written"), "\(result.stdout)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a bad timestamp or slug refuses the whole file with its place, writing nothing", arguments: [
        ("two-sum", "soon"), ("two-sum", "99999999999"), ("Two Sum!", "1700000000"), ("two-sum", "100"),
        // Numbers whose date cannot be written: the message about them trapped (SIGILL).
        ("two-sum", "9223372036854775807"), ("two-sum", "-9223372036854775808"), ("two-sum", "9223372036854775296"),
    ])
    func refused(slug: String, timestamp: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "2")
        let before = try leettrack.snapshot()
        let file = try leettrack.write(Self.response([("lru-cache", "1700000000"), (slug, timestamp)]), to: "recent.json")
        let result = try leettrack.run("import", file)
        #expect(result.status == 1)
        #expect(result.stderr.contains("data.recentAcSubmissionList[1]") && result.stderr.contains("Nothing was changed"), "\(result.stderr)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("an unknown slug is imported and reported, as in any import")
    func unknownSlug() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(Self.response([("a-problem-from-the-future", "1700000000")]), to: "recent.json")
        let result = try leettrack.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout.contains("not in the catalog") && result.stdout.contains("a-problem-from-the-future"), "\(result.stdout)")
    }
}
