import Foundation
import Testing

/// Issue 12, points 3, 4, 5 and 7: what comes in is checked, and a refusal changes nothing.
@Suite("untrusted input refused, end to end")
struct UntrustedInputEndToEndTests {
    /// An export of one problem whose first event and card take the given JSON fragments.
    static func export(status: String = "solved", event: String = #"{"at": "2026-11-20T12:00:00Z", "kind": "solved", "rating": "good"}"#,
                       review: String? = nil, lists: String = "[]", slug: String = "two-sum") -> String {
        """
        {"format": "leettrack-export", "version": 1, "lists": \(lists), "problems": [
          {"slug": "\(slug)", "status": "\(status)", "favorite": true, "history": [\(event)]\(review.map { #", "review": "# + $0 } ?? "")}
        ]}
        """
    }

    static let card = #"{"due": "2026-11-22T12:00:00Z", "lastReview": "2026-11-20T12:00:00Z", "state": "review", "reps": 1, "lapses": 0, "#

    @Test("imports with a bad rating, a future event, a status against the history or a bad card are refused by path")
    func badRecords() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let cases: [(String, [String])] = [
            (Self.export(event: #"{"at": "2026-11-20T12:00:00Z", "kind": "reviewed", "rating": "superb"}"#),
             ["problems[0].history[0].rating", "superb"]),
            (Self.export(event: #"{"at": "2099-01-01T00:00:00Z", "kind": "solved"}"#), ["problems[0].history[0].at", "future"]),
            (Self.export(event: #"{"at": "2000-01-01T00:00:00Z", "kind": "solved"}"#), ["problems[0].history[0].at", "before 2010"]),
            (Self.export(status: "todo"), ["problems[0].status", "contradicts"]),
            (Self.export(review: Self.card + #""stability": -5, "difficulty": 5}"#), ["problems[0].review.stability"]),
            (Self.export(review: Self.card + #""stability": 2, "difficulty": 99}"#), ["problems[0].review.difficulty"]),
            (Self.export(slug: "two\\u0000sum"), ["problems[0].slug"]),
        ]
        for (index, (text, mentions)) in cases.enumerated() {
            let file = try leettrack.write(text, to: "bad-\(index).json")
            try leettrack.expectFailureChangingNothing(["import", file], mentioning: mentions)
        }
    }

    @Test("imported list names that clash, hold escapes or are huge are refused by path")
    func badListNames() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let huge = String(repeating: "a", count: 1_000_000)
        for (index, name) in ["create", "--yes", "x\\u001b[2J", "Blind 75", huge, "abc\\u202efed"].enumerated() {
            let lists = #"[{"name": ""# + name + #"", "created": "2026-11-20T12:00:00Z", "problems": ["two-sum"]}]"#
            let file = try leettrack.write(Self.export(lists: lists), to: "list-\(index).json")
            try leettrack.expectFailureChangingNothing(["import", file], mentioning: ["lists[0].name"])
        }
    }

    @Test("catalog updates with an impossible acceptance are refused without a crash")
    func impossibleAcceptance() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        func graphQL(_ id: Int, _ slug: String, _ rate: String) -> String {
            #"{"data": {"problemsetQuestionList": {"questions": [{"frontendQuestionId": ""# + "\(id)"
                + #"", "title": "T", "titleSlug": ""# + slug + #"", "difficulty": "Easy", "paidOnly": false, "acRate": "# + rate + "}]}}}"
        }
        let rest = #"{"stat_status_pairs": [{"stat": {"frontend_question_id": 1, "question__title": "Two Sum", "#
            + #""question__title_slug": "two-sum", "total_acs": 9223372036854775807, "total_submitted": 1}, "#
            + #""difficulty": {"level": 1}, "paid_only": false, "status": null}]}"#
        let files: [(String, String)] = [
            (graphQL(1, "two-sum", "1e17"), "data.problemsetQuestionList.questions[0].acRate"),
            (graphQL(1, "two-sum", "-1e300"), "data.problemsetQuestionList.questions[0].acRate"),
            (graphQL(9003, "brand-new", "1e18"), "data.problemsetQuestionList.questions[0].acRate"),
            (rest, "stat_status_pairs[0].stat.total_acs"),
        ]
        for (index, (text, path)) in files.enumerated() {
            let file = try leettrack.write(text, to: "leetcode-\(index).json")
            try leettrack.expectFailureChangingNothing(["catalog", "update", file], mentioning: [path])
        }
        #expect(try leettrack.run("list", "--limit", "1").status == 0)
    }

    @Test("a day before 2010 is refused")
    func ancientDate() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.expectFailureChangingNothing(["solve", "5", "--date", "0000-01-01"], status: 64, mentioning: ["0000-01-01"])
        try leettrack.expectFailureChangingNothing(["solve", "5", "--date", "2009-12-31"], status: 64, mentioning: ["before 2010"])
    }

    @Test("a day past 9899 as today is refused as usage: a review 100 years on must still have a date", arguments: ["9999-12-31", "9900-01-01"])
    func farFutureToday(day: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let before = try leettrack.export()
        let result = try leettrack.run(["solve", "2"], environment: ["LEETTRACK_TODAY": day])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("it is after 9899-12-31"), "\(result.stderr)")
        #expect(try leettrack.export() == before)
        let last = try leettrack.run(["solve", "2", "--rating", "easy"], environment: ["LEETTRACK_TODAY": "9899-12-31"])
        #expect(last.status == 0, "\(last.stderr)")
    }

    @Test("a store path that cannot be opened (a loop of links, a file as a folder) is an error, not an empty store")
    func unopenablePath() throws {
        let leettrack = try LeetTrackRunner()
        let loop = leettrack.file("loop-a")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: leettrack.file("loop-b"), withDestinationPath: "loop-a")
        let plain = try leettrack.write("not a folder", to: "plain")
        for (path, reason) in [(loop, "symbolic links"), (plain + "/store.sqlite", "not a folder")] {
            for command in [["stats"], ["favorites"], ["list", "--limit", "1"]] {
                let result = try leettrack.run(["--store", path] + command, useStore: false)
                #expect(result.status == 1, "\(command) \(path): \(result.stdout)")
                #expect(result.stderr.contains("cannot open the store") && result.stderr.contains(reason), "\(result.stderr)")
            }
        }
    }

    @Test("a backdated solve goes into the history in time order and no past day is called 'in N days'")
    func backdatedSolve() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1", "--date", "2026-11-20").status == 0)
        let second = try leettrack.run("solve", "1", "--date", "2026-11-10")
        #expect(second.status == 0)
        let today = ISO8601DateFormatter().string(from: Date()).prefix(10)
        let due = try #require(second.stdout.range(of: #"next review on \d{4}-\d\d-\d\d"#, options: .regularExpression))
        let dueDay = second.stdout[due].suffix(10)
        if dueDay < today { #expect(second.stdout.contains("ago, due now")) } else { #expect(!second.stdout.contains("ago")) }
        let show = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        let dates = try #require(show["history"] as? [[String: Any]]).compactMap { $0["date"] as? String }
        #expect(dates == ["2026-11-10T12:00:00Z", "2026-11-20T12:00:00Z"])
    }

    @Test("a solve dated before a reset is recorded and the problem stays todo")
    func solveBeforeReset() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "2", "--date", "2026-11-01")
        try leettrack.run("reset", "2")
        let yesterday = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400)).prefix(10)
        let result = try leettrack.run("solve", "2", "--date", String(yesterday))
        #expect(result.status == 0)
        #expect(result.stdout.contains("before its reset; it stays todo"))
        let show = try #require(try leettrack.json(try leettrack.run("show", "2", "--json")) as? [String: Any])
        #expect(show["status"] as? String == "todo")
    }

    @Test("--note \"\" is a usage error that changes nothing")
    func emptyNote() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.expectFailureChangingNothing(["solve", "1", "--note", ""], status: 64, mentioning: ["--clear"])
    }

    @Test("a note over the size limit is a usage error that changes nothing")
    func hugeNote() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let huge = String(repeating: "a", count: 70_000)
        try leettrack.expectFailureChangingNothing(["note", "1", huge], status: 64, mentioning: ["65536 bytes"])
        try leettrack.expectFailureChangingNothing(["solve", "1", "--note", huge], status: 64, mentioning: ["65536 bytes"])
    }

    @Test("import --replace asks first; no changes nothing, --yes replaces")
    func replaceAsks() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let file = try leettrack.write(Self.export(slug: "lru-cache"), to: "replacement.json")
        let before = try leettrack.export()
        let refused = try leettrack.run(["import", file, "--replace"], input: "n\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("[y/N]"))
        #expect(try leettrack.export() == before)
        let replaced = try leettrack.run("import", file, "--replace", "--yes")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try leettrack.export() != before)
    }

    @Test("a single-value option given twice is a usage error")
    func repeatedOption() throws {
        let leettrack = try LeetTrackRunner()
        let list = try leettrack.run("list", "-d", "easy", "-d", "hard")
        #expect(list.status == 64)
        #expect(list.stderr.contains("more than once"))
        try leettrack.expectFailureChangingNothing(
            ["solve", "1", "--date", "2026-11-01", "--date", "2026-11-02"], status: 64, mentioning: ["more than once"])
        try leettrack.expectFailureChangingNothing(["--store", leettrack.file("other.sqlite"), "fav", "1"], status: 64, mentioning: ["more than once"])
    }
}
