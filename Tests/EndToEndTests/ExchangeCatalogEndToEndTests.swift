import Foundation
import Persistence
import Testing

/// LeetCode responses trimmed to the fields LeetTrack reads.
enum LeetCodeFiles {
    /// REST `api/problems/all`: Two Sum renamed, a new problem 9001 (notac), LRU Cache solved (ac).
    static let rest = #"""
        {"user_name": "", "category_slug": "all", "stat_status_pairs": [
          {"stat": {"question_id": 1, "frontend_question_id": 1, "question__title": "Two Sum (Renamed)",
                    "question__title_slug": "two-sum", "total_acs": 5000, "total_submitted": 10000},
           "status": null, "difficulty": {"level": 1}, "paid_only": false},
          {"stat": {"frontend_question_id": 9001, "question__title": "Brand New Problem",
                    "question__title_slug": "brand-new-problem"},
           "status": "notac", "difficulty": {"level": 3}, "paid_only": false},
          {"stat": {"frontend_question_id": 146, "question__title": "LRU Cache", "question__title_slug": "lru-cache",
                    "total_acs": 479, "total_submitted": 1000},
           "status": "ac", "difficulty": {"level": 2}, "paid_only": false}
        ]}
        """#

    /// GraphQL `problemsetQuestionList`: a new problem 9002 with tags.
    static let graphQL = #"""
        {"data": {"problemsetQuestionList": {"total": 1, "questions": [
          {"frontendQuestionId": "9002", "title": "Graph Newcomer", "titleSlug": "graph-newcomer", "difficulty": "Medium",
           "paidOnly": true, "acRate": 41.2345, "topicTags": [{"name": "Graph", "slug": "graph"}]}
        ]}}}
        """#
}

@Suite("leettrack catalog, end to end")
struct ExchangeCatalogEndToEndTests {
    @Test("an update from the REST shape adds and changes problems, lasts, and leaves progress alone")
    func restUpdate() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let progressBefore = try leettrack.snapshot().filter { $0.key.hasPrefix("progress.") }
        let file = try leettrack.write(LeetCodeFiles.rest, to: "all.json")
        let result = try leettrack.run("catalog", "update", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Added 1, updated 1, 1 unchanged; the catalog has 4030 problems."))
        #expect(try leettrack.snapshot().filter { $0.key.hasPrefix("progress.") } == progressBefore)

        // A new process sees the update: by id, by slug, by title words, in listings.
        let shown = try leettrack.run("show", "9001")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Brand New Problem"))
        #expect(try leettrack.run("show", "brand new problem").status == 0)
        #expect(try leettrack.run("list", "--difficulty", "hard").stdout.contains("9001  Brand New Problem"))
        #expect(try leettrack.run("show", "two-sum").stdout.contains("Two Sum (Renamed)"))
        #expect(try leettrack.run("solve", "9001").status == 0)

        let info = try leettrack.run("catalog", "info")
        #expect(info.stdout.contains("4030 problems"))
        #expect(info.stdout.contains("Source: \(file) (LeetCode api/problems/all)"))
        #expect(info.stdout.contains("Updated: 20"))
        let json = try #require(try leettrack.json(try leettrack.run("catalog", "info", "--json")) as? [String: Any])
        #expect(json["problems"] as? Int == 4030)
        #expect(json["newOrChanged"] as? Int == 2)
        #expect(json["source"] as? String == file)
    }

    @Test("an update from the GraphQL shape brings tags, paid flag and acceptance")
    func graphQLUpdate() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(LeetCodeFiles.graphQL, to: "graphql.json")
        let result = try leettrack.run("catalog", "update", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("LeetCode GraphQL problemsetQuestionList"))
        let problem = try #require(try leettrack.json(try leettrack.run("show", "graph-newcomer", "--json")) as? [String: Any])
        #expect(problem["id"] as? Int == 9002)
        #expect(problem["tags"] as? [String] == ["Graph"])
        #expect(problem["paidOnly"] as? Bool == true)
        #expect(problem["acceptance"] as? Double == 41.23)
        #expect(try leettrack.run("list", "--tag", "graph").stdout.contains("Graph Newcomer"))
    }

    @Test("--with-status marks ac problems solved and notac ones attempted")
    func withStatus() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(LeetCodeFiles.rest, to: "all.json")
        let result = try leettrack.run("catalog", "update", file, "--with-status")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Marked 1 solved and 1 attempted"))
        let solved = try #require(try leettrack.json(try leettrack.run("list", "--status", "solved", "--json")) as? [[String: Any]])
        #expect(solved.compactMap { $0["slug"] as? String } == ["lru-cache"])
        let attempted = try #require(try leettrack.json(try leettrack.run("list", "--status", "attempted", "--json")) as? [[String: Any]])
        #expect(attempted.compactMap { $0["slug"] as? String } == ["brand-new-problem"])
    }

    @Test("a truncated LeetCode file is refused with its line and column, and nothing changes")
    func truncatedLeetCodeFile() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let cut = String(LeetCodeFiles.rest.prefix(300))
        let file = try leettrack.write(cut, to: "all.json")
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        try leettrack.expectFailureChangingNothing(
            ["catalog", "update", file], mentioning: ["\(file), line \(lines.count), column ", "truncated", "Nothing was changed."])
        #expect(try leettrack.run("catalog", "info").stdout.contains("4029 problems"))
    }

    @Test("a list naming one id or one slug twice is refused with both places, and the progress stays where it is", arguments: [
        // Id 1 twice under two slugs: it was taken as a rename of two-sum, while the catalog kept two-sum.
        (#"{"frontendQuestionId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "Easy"},"#
            + #"{"frontendQuestionId": "1", "title": "Two Sum X", "titleSlug": "two-sum-x", "difficulty": "Easy"}"#,
         "questions[1].questionFrontendId: problem id 1 appears twice (also at data.problemsetQuestionList.questions[0])"),
        // One slug under ids 1 and 2: the catalog lost problem 1.
        (#"{"frontendQuestionId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "Easy"},"#
            + #"{"frontendQuestionId": "2", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "Easy"}"#,
         "questions[1].titleSlug: the slug 'two-sum' appears twice"),
    ])
    func duplicateEntries(questions: String, message: String) throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1", "2", "--note", "mine").status == 0)
        let file = try leettrack.write(#"{"data": {"problemsetQuestionList": {"questions": ["# + questions + "]}}}", to: "list.json")
        try leettrack.expectFailureChangingNothing(["catalog", "update", file], mentioning: [message, "Nothing was changed."])
        let shown = try leettrack.run("show", "1")
        #expect(shown.stdout.contains("solved") && shown.stdout.contains("mine"), "\(shown.stdout)")
        #expect(try leettrack.run("catalog", "info").stdout.contains("4029 problems"))
        // The same in the REST shape.
        let rest = #"{"stat_status_pairs": ["#
            + #"{"stat": {"frontend_question_id": 1, "question__title": "A", "question__title_slug": "two-sum"}, "difficulty": {"level": 1}, "paid_only": false},"#
            + #"{"stat": {"frontend_question_id": 1, "question__title": "B", "question__title_slug": "two-sum-b"}, "difficulty": {"level": 1}, "paid_only": false}"#
            + "]}"
        let restFile = try leettrack.write(rest, to: "rest.json")
        try leettrack.expectFailureChangingNothing(
            ["catalog", "update", restFile], mentioning: ["stat_status_pairs[1].stat.frontend_question_id: problem id 1 appears twice"])
    }

    @Test("JSON of neither LeetCode shape is refused, and nothing changes")
    func wrongShape() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let file = try leettrack.write(try leettrack.export(), to: "export.json")
        try leettrack.expectFailureChangingNothing(["catalog", "update", file], mentioning: ["stat_status_pairs", "problemsetQuestionList"])
    }

    @Test("a damaged catalog update is reported, the built-in catalog used, and a new update replaces it")
    func damagedUpdate() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try Store.sqlite(path: leettrack.storePath).set("not an update", forKey: "catalog.update")
        let exported = try leettrack.run("export")
        #expect(exported.status == 0)
        #expect(exported.stderr.contains("Warning: the catalog update 'catalog.update'"))
        #expect(exported.stdout.contains("\"two-sum\""))
        let file = try leettrack.write(LeetCodeFiles.graphQL, to: "graphql.json")
        let updated = try leettrack.run("catalog", "update", file)
        #expect(updated.status == 0, "\(updated.stderr)")
        let info = try leettrack.run("catalog", "info")
        #expect(info.stderr.isEmpty)
        #expect(info.stdout.contains("4030 problems"))
    }

    @Test("catalog info of a store without updates names the built-in catalog")
    func infoBuiltIn() throws {
        let leettrack = try LeetTrackRunner()
        let info = try leettrack.run("catalog", "info")
        #expect(info.status == 0)
        #expect(info.stdout.contains("4029 problems, 7 study lists"))
        #expect(info.stdout.contains("Source: built into leettrack"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }
}

@Suite(
    "leettrack catalog updates on the interactive screen",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
struct ExchangeCatalogInteractiveTests {
    @Test("the screen opened without a command shows the updated catalog")
    func screenShowsUpdate() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(LeetCodeFiles.rest, to: "all.json")
        #expect(try leettrack.run("catalog", "update", file).status == 0)
        let tmux = try InteractiveTmux(arguments: ["--store", leettrack.storePath], width: 100)
        #expect(try tmux.waitFor("Today · "))
        try tmux.send("T")
        #expect(try tmux.waitFor("Two Sum (Renamed)"))
        try tmux.send("/")
        try tmux.type("brand new")
        #expect(try tmux.waitFor("9001 Brand New Problem"))
        try tmux.send("Escape")
        try tmux.send("q")
    }
}
