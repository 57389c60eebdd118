import Foundation
import Testing

/// The page in the system's Chromium counts in words that agree with their number ("1 day
/// overdue", "1 problem", "1 review") and shows the warning about a record it left out.
/// Skips, saying why, without Chromium or python3 with venv, or without the sqlite3 shell.
@Suite("serve: the page's words, in a real browser", .enabled(if: Chromium.executable != nil, Chromium.missing),
       .enabled(if: PlaywrightEnvironment.canMakeVenv, PlaywrightEnvironment.missing))
struct ServePageTextBrowserTests {
    @Test func thePageSaysOneDayOverdueOneProblemOneReviewAndWarnsOfADamagedRecord() async throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let runner = try LeetTrackRunner()
        try runner.run("solve", "1", "--date", "2026-11-01")
        // Twelve rated problems solved on the first try: enough for a contest level on the stats page.
        let rated = ["746", "754", "759", "765", "769", "777", "783", "788", "792", "799", "805", "811"]
        #expect(try runner.run(["solve"] + rated + ["--date", "2026-10-20"]).status == 0)
        let shown = try #require(try runner.json(try runner.run("show", "1", "--json")) as? [String: Any])
        let due = try #require((shown["review"] as? [String: Any])?["due"] as? String)
        let dueDate = try #require(ISO8601DateFormatter().date(from: due))
        // A day and an hour after the card fell due: one day overdue (the runner's zone is UTC).
        let now = ISO8601DateFormatter().string(from: dueDate.addingTimeInterval(25 * 3600))
        try runner.sqlite3("INSERT INTO entries VALUES ('progress.3sum', '{\"status\":')")
        let server = try ServeProcess(runner, environment: ["LEETTRACK_NOW": now])
        let python = try await PlaywrightEnvironment.interpreter()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/serve_page_text.py")
        let chromium = try #require(Chromium.executable)
        try PlaywrightEnvironment.expectScriptPasses(python, script, [server.url, chromium.path])
    }
}
