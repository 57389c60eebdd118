import Foundation
import Testing

/// LeetCode's daily question where the day is planned: `today` and the screen's start view read it
/// once a day when signed in and keep it; `pull` keeps it too; nothing fails for want of it.
@Suite("LeetCode's daily question in today and on the screen, end to end")
struct LeetCodeDailyEndToEndTests {
    let runner: LeetTrackRunner
    /// The fake server's daily question is 2025-11-29's (LeetCode's day is the UTC day).
    static let thatDay = ["LEETTRACK_NOW": "2025-11-29T12:00:00Z"]
    static var signedInThatDay: [String: String] { LeetTrackRunner.signedIn.merging(thatDay) { $1 } }

    init() throws {
        runner = try LeetTrackRunner()
    }

    private func expectNoCookie(_ result: LeetTrackRunner.Result) {
        for secret in [LeetCodeTestServer.session, LeetCodeTestServer.csrfToken] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "a cookie was printed")
        }
    }

    @Test func todayWhenSignedInReadsTheDailyQuestionAndKeepsIt() throws {
        let server = try LeetCodeTestServer("normal")
        let first = try runner.run(["today", "--endpoint", server.endpoint], environment: Self.signedInThatDay)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Daily:      146. LRU Cache  Medium  todo"), "\(first.stdout)")
        expectNoCookie(first)
        // Kept: shown again with no session and no server.
        let later = try runner.run(["today"], environment: Self.thatDay)
        #expect(later.stdout.contains("Daily:      146. LRU Cache"), "\(later.stdout)")
        let json = try #require(try runner.json(try runner.run(["today", "--json"], environment: Self.thatDay)) as? [String: Any])
        #expect((json["daily"] as? [String: Any])?["slug"] as? String == "lru-cache", "\(json)")
    }

    @Test func todayWithoutASessionAsksNobodyAndShowsNoDailyLine() throws {
        let result = try runner.run(["today", "--endpoint", try LeetCodeTestServer.refusingEndpoint()], environment: Self.thatDay)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("Daily:"), "\(result.stdout)")
    }

    @Test func todayStillShowsTheDayWhenLeetCodeCannotBeReached() throws {
        let endpoint = try LeetCodeTestServer.refusingEndpoint()
        let result = try runner.run(["today", "--endpoint", endpoint], environment: Self.signedInThatDay)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Streak:"))
        #expect(result.stdout.contains("Daily:      today's question could not be read: cannot reach"), "\(result.stdout)")
        expectNoCookie(result)
    }

    @Test func aPullKeepsTheDailyQuestionForToday() throws {
        let server = try LeetCodeTestServer("normal")
        let pull = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: Self.signedInThatDay)
        #expect(pull.status == 0, "\(pull.stderr)")
        let today = try runner.run(["today"], environment: Self.thatDay)
        #expect(today.stdout.contains("Daily:      146. LRU Cache"), "\(today.stdout)")
    }

    @Test func theScreenOpensOnTheDayWithTheDailyQuestionWhenSignedIn() throws {
        let server = try LeetCodeTestServer("normal")
        let tmux = try InteractiveTmux(arguments: ["tui", "--endpoint", server.endpoint], environment: Self.signedInThatDay)
        let shown = try tmux.waitFor("146. LRU Cache")
        let screen = try tmux.screen()
        #expect(shown, "\(screen)")
        #expect(!screen.contains(LeetCodeTestServer.session))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }
}
