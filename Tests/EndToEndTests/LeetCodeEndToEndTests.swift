import Foundation
import Persistence
import Testing

/// `leettrack leetcode …` against the tests' own server answering in LeetCode's shapes.
@Suite("leettrack leetcode against a local LeetCode")
struct LeetCodeEndToEndTests {
    let runner: LeetTrackRunner

    init() throws {
        runner = try LeetTrackRunner()
    }

    private var cookieFile: String { runner.storePath + ".leetcode-session" }
    private static let cookieLines = "\(LeetCodeTestServer.session)\n\(LeetCodeTestServer.csrfToken)\n"

    @Test func loginChecksTheCookiesAndKeepsThemInAPrivateFile() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["login"], endpoint: server.endpoint, input: Self.cookieLines, environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Signed in to LeetCode as alice"))
        let attributes = try FileManager.default.attributesOfItem(atPath: cookieFile)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func loginWithCookiesLeetCodeRefusesSavesNothing() throws {
        let server = try LeetCodeTestServer("expired")
        let result = try runner.leetcode(["login"], endpoint: server.endpoint, input: Self.cookieLines, environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("sign in again with `leettrack leetcode login`"))
        #expect(!FileManager.default.fileExists(atPath: cookieFile))
    }

    @Test func logoutRemovesTheSavedSession() throws {
        let server = try LeetCodeTestServer("normal")
        try runner.leetcode(["login"], endpoint: server.endpoint, input: Self.cookieLines, environment: [:])
        let result = try runner.leetcode(["logout"], endpoint: server.endpoint, environment: [:])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cookieFile))
    }

    @Test func pullWithTheSavedSessionMergesBothPagesTheRenameAndThePaidProblem() throws {
        let server = try LeetCodeTestServer("normal")
        try runner.populate()
        #expect(try runner.run("attempt", "2", "--date", "2025-11-01").status == 0)
        try runner.leetcode(["login"], endpoint: server.endpoint, input: Self.cookieLines, environment: [:])
        let result = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 problems, 3 with your progress, 1 recent accepted submission."), "\(result.stdout)")
        let undated = try runner.run("show", "20")
        #expect(undated.stdout.contains("Status:     solved"), "a progress row without a date still counts: \(undated.stdout)")
        #expect(result.stdout.contains("renamed  add-two-numbers → add-two-numbers-renamed"), "\(result.stdout)")
        let paid = try runner.run("show", "9500")
        #expect(paid.status == 0, "\(paid.stderr)")
        #expect(paid.stdout.contains("Paid Fresh Problem"))
        let export = try runner.export()
        #expect(export.contains("add-two-numbers-renamed"))
        #expect(export.contains("2025-11-24T16:00:00Z"), "the solve is dated by LeetCode")
        #expect(export.contains("2025-11-01T"), "the local attempt moved with the renamed slug")
        #expect(export.contains("hash map"), "the note is kept")
    }

    @Test func pullDryRunSaysWhatWouldChangeAndWritesNothing() throws {
        let server = try LeetCodeTestServer("normal")
        try runner.populate()
        let before = try runner.export()
        let result = try runner.leetcode(["pull", "--dry-run"], endpoint: server.endpoint)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Nothing was written (--dry-run)."))
        #expect(try runner.export() == before)
    }

    @Test func pullWaitsOutA429AndSucceeds() throws {
        let server = try LeetCodeTestServer("throttled")
        let result = try runner.leetcode(["pull"], endpoint: server.endpoint)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runner.run("show", "9500").status == 0, "the problems of the page answered 429 at first arrived")
    }

    @Test func pullWithAnExpiredSessionChangesNothing() throws {
        let server = try LeetCodeTestServer("expired-midway")
        try runner.populate()
        try runner.expectPullFailingChangingNothing(endpoint: server.endpoint, mentioning: "sign in again with `leettrack leetcode login`")
    }

    @Test func aBotCheckPageIsNotMistakenForAnExpiredSession() throws {
        let server = try LeetCodeTestServer("challenged")
        try runner.populate()
        try runner.expectPullFailingChangingNothing(endpoint: server.endpoint, mentioning: "bot check (HTTP 403")
    }

    @Test func pullGivesUpAfterRetryingA503AndChangesNothing() throws {
        let server = try LeetCodeTestServer("unavailable")
        try runner.populate()
        try runner.expectPullFailingChangingNothing(endpoint: server.endpoint, mentioning: "answered HTTP 503 after retries")
    }

    @Test func pullWithAMalformedPageChangesNothing() throws {
        let server = try LeetCodeTestServer("malformed")
        try runner.populate()
        try runner.expectPullFailingChangingNothing(endpoint: server.endpoint, mentioning: "not valid JSON")
    }

    @Test func pullFromARefusedConnectionChangesNothing() throws {
        try runner.populate()
        try runner.expectPullFailingChangingNothing(endpoint: try LeetCodeTestServer.refusingEndpoint(), mentioning: "cannot reach")
    }

    @Test func pullFromAServerThatNeverAnswersTimesOutAndChangesNothing() throws {
        let server = try LeetCodeTestServer("silent")
        try runner.populate()
        var environment = LeetTrackRunner.signedIn
        environment["LEETTRACK_LEETCODE_TIMEOUT"] = "1"
        try runner.expectPullFailingChangingNothing(endpoint: server.endpoint, mentioning: "did not answer within 1 s", environment: environment)
    }

    @Test func pullWithoutASessionSaysHowToSignIn() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("sign in with `leettrack leetcode login`"))
    }

    @Test func dailyShowsTodaysQuestionAndWhetherItIsSolved() throws {
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.run("solve", "146").status == 0)
        let result = try runner.leetcode(["daily"], endpoint: server.endpoint)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Daily question, 2025-11-29: 146. LRU Cache (Medium)"))
        #expect(result.stdout.contains("You have solved it."))
    }

    @Test func dailyInJSONNamesTheProblemAndIsKeptInTheStore() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["daily", "--json"], endpoint: server.endpoint)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try runner.json(result) as? [String: Any]
        #expect(object?["slug"] as? String == "lru-cache")
        #expect(object?["status"] as? String == "todo")
        let stored = try Store.sqlite(path: runner.storePath).rawValue(forKey: "leetcode.daily")
        #expect(stored.map { String(decoding: $0, as: UTF8.self).contains("2025-11-29") } == true)
    }

    @Test func loginTakesTheCookiesFromTheEnvironment() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["login"], endpoint: server.endpoint)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cookieFile))
    }

    @Test func anEndpointThatIsNotAnHTTPURLIsAUsageError() throws {
        let result = try runner.run("leetcode", "daily", "--endpoint", "file:///etc/passwd")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--endpoint' must be an http:// or https:// URL"))
        // `today` says so with its own usage, creating no store.
        let today = try runner.run("today", "--endpoint", "ftp://example.com/")
        #expect(today.status == 64)
        #expect(today.stderr.contains("'--endpoint' must be an http:// or https:// URL"))
        #expect(today.stderr.contains("leettrack today") && !today.stderr.contains("leettrack leetcode"), "\(today.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.storePath))
    }
}
