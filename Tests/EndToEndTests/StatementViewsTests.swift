import Foundation
import LeetTrackCore
import Persistence
import Testing
@testable import LeetTrackScreen

/// The screen's details and the web page's problem view with a kept statement.
@Suite("Statements in the screen and on the web page")
struct StatementViewsTests {
    static func statement(_ content: String) -> ProblemStatement {
        ProblemStatement(
            slug: "two-sum", questionID: "1", frontendID: "1", title: "Two Sum", paidOnly: false, content: content, snippets: [],
            exampleTestcases: [], hints: ["h"], similar: [], metaData: nil, fetchedAt: Date(timeIntervalSince1970: 1_764_000_000))
    }

    @Test("the details view shows the kept statement after the history, with its hints folded")
    func screenDetails() throws {
        let store = Store.memory()
        try Statements(store: store).save(Self.statement("<p>Find 10<sup>4</sup> pairs.</p><script>alert(1)</script>"))
        var screen = try ScreenHarness(height: 40, store: store)
        screen.press(.enter)
        let lines = screen.lines
        #expect(lines.contains { $0.hasPrefix("│ Statement ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("│ Find 10^4 pairs. ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("│ Hints (1): leettrack show 1 --hints") }, "\(lines)")
        #expect(!lines.joined().contains("alert"))
    }

    @Test("the web API's problem carries the statement as allowlist HTML only")
    func serveProblem() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        try Statements(store: try Store.sqlite(path: runner.storePath)).save(Self.statement(
            #"<p onclick="x()">a &lt; b<img src="javascript:alert(1)" alt="i"><a href="https://leetcode.com/x" target="_top">l</a></p><iframe src="https://e"></iframe>"#))
        let server = try ServeProcess(runner)
        let problem = try server.json("/api/problems/1") as? [String: Any]
        #expect(problem?["statementHTML"] as? String
            == #"<p>a &lt; bi<a href="https://leetcode.com/x" rel="noopener noreferrer nofollow">l</a></p>"#)
        let other = try server.json("/api/problems/2") as? [String: Any]
        #expect(other != nil && other?["statementHTML"] == nil)
    }
}
