import Foundation
import LeetTrackCore
import Persistence
import Testing

/// The Today, Lists, problem and Stats pages of `leettrack serve` on a phone in the system's
/// Chromium (Browser/serve_pages.py), and axe-core on every page, phone and desktop, light and
/// dark, with flows by keyboard alone and the phone screenshots for `docs/screenshots/` (written
/// there with `LEETTRACK_UPDATE_SCREENSHOTS=1`, else to a temporary folder)
/// (Browser/serve_a11y.py). The store and the clock are fixed, so the screenshots are the same at
/// every run. Skips, saying why, without Chromium or python3 with venv.
@Suite("serve's pages in a real browser", .serialized, .enabled(if: Chromium.executable != nil, Chromium.missing),
       .enabled(if: PlaywrightEnvironment.canMakeVenv, PlaywrightEnvironment.missing))
struct ServePagesBrowserTests {
    /// A Monday afternoon, the clock of the store's making, of the server and of the CLI's checks.
    static let now = "2026-12-07T15:00:00Z"

    /// A store with some progress: NeetCode 150 followed with a goal of 3 and a target date, a
    /// review overdue, timed solves of each difficulty (today's too), an attempt with a note, a
    /// Markdown note with a link that must stay text, favorites, the list "Warm-up" and the daily question.
    static func makeStore() throws -> LeetTrackRunner {
        let runner = try LeetTrackRunner()
        let clock = ["LEETTRACK_NOW": now]
        func run(_ arguments: String...) throws {
            let result = try runner.run(arguments, environment: clock)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        try run("config", "follow", "neetcode-150")
        try run("config", "daily-goal", "3")
        try run("config", "target-date", "2027-03-01")
        try run("solve", "1", "--date", "2026-11-01")
        try run("solve", "217", "--date", "2026-11-20", "--time", "12m")
        try run("solve", "242", "--date", "2026-12-03", "--time", "8m")
        try run("solve", "20", "--date", "2026-12-05", "--time", "10m")
        try run("solve", "347", "--date", "2026-12-06", "--time", "30m")
        // Arrays & Hashing solved up to its paid-only problem (271), which `config premium no` passes over.
        try run("solve", "238", "36", "--date", "2026-12-04")
        try run("solve", "42", "--date", "2026-12-01", "--time", "55m", "--rating", "hard")
        try run("solve", "49", "--time", "35m")
        try run("attempt", "15", "--time", "40m", "--note", "TLE on case 311")
        try run("fav", "1", "146", "20")
        try run("note", "1", """
            # Idea
            Use a **hash map**: `seen[x]` holds the index of *x*.

            - one pass
            - [the docs](https://example.com/hash)

            [not a link](javascript:alert(1)) <img src=x onerror="alert(1)">
            """)
        try run("lists", "create", "Warm-up")
        try run("lists", "add", "warm-up", "1", "20", "121")
        let json = #"{"date":"2026-12-07","problem":{"id":70,"title":"Climbing Stairs","slug":"climbing-stairs","difficulty":"easy","paidOnly":false}}"#
        try Store.sqlite(path: runner.storePath).set(try JSONDecoder().decode(LeetCodeDaily.self, from: Data(json.utf8)), for: LeetCodeDaily.key)
        return runner
    }

    static func script(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/\(name)")
    }

    @Test func eachPageShowsTheStoreAndItsChangesLandInTheStore() async throws {
        let runner = try Self.makeStore()
        let server = try ServeProcess(runner, environment: ["LEETTRACK_NOW": Self.now])
        let python = try await PlaywrightEnvironment.interpreter()
        let chromium = try #require(Chromium.executable)
        try PlaywrightEnvironment.expectScriptPasses(python, Self.script("serve_pages.py"), [
            server.url, LeetTrackRunner.executable.path, runner.storePath, chromium.path, Self.now,
        ])
    }

    @Test func axeFindsNothingSeriousOnAnyPageAndTheKeyboardReachesEverything() async throws {
        let runner = try Self.makeStore()
        let server = try ServeProcess(runner, environment: ["LEETTRACK_NOW": Self.now])
        let python = try await PlaywrightEnvironment.interpreter()
        let chromium = try #require(Chromium.executable)
        // With LEETTRACK_UPDATE_SCREENSHOTS=1, the repository's docs/screenshots, which the README
        // links; else a temporary folder: Chromium's PNG bytes of the same page differ now and then
        // with no visible change, and a test run must not leave the working tree changed.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let updates = ProcessInfo.processInfo.environment["LEETTRACK_UPDATE_SCREENSHOTS"] == "1"
        let shots = updates
            ? repository.appendingPathComponent("docs/screenshots")
            : FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-screenshots-\(UUID().uuidString)")
        defer { if !updates { try? FileManager.default.removeItem(at: shots) } }
        try PlaywrightEnvironment.expectScriptPasses(python, Self.script("serve_a11y.py"), [server.url, chromium.path, shots.path, Self.now])
        // Every page was drawn, light and dark.
        for page in ["today", "problems", "problem", "lists", "list", "own-list", "review", "stats", "favorites"] {
            for scheme in ["light", "dark"] {
                #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent("\(page)-\(scheme).png").path), "\(page)-\(scheme)")
            }
        }
    }
}
