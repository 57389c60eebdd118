import Foundation
import LeetTrackCore
import Persistence
import Testing

/// `leettrack leetcode test|submit` and the automatic capture, against the tests' own server
/// answering in LeetCode's shapes.
@Suite("leettrack leetcode test and submit against a local LeetCode")
struct LeetCodeJudgeEndToEndTests {
    let runner: LeetTrackRunner
    /// The instant the runs see: the fake server's accepted submission (2025-11-23) is in its past.
    static let now = "2025-11-29T12:00:00Z"

    init() throws {
        runner = try LeetTrackRunner()
    }

    private func environment(now: String = now, _ extra: [String: String] = [:]) -> [String: String] {
        LeetTrackRunner.signedIn.merging(["LEETTRACK_NOW": now]) { $1 }.merging(extra) { $1 }
    }

    /// Writes a solution file and returns its path.
    private func solution(_ code: String, name: String = "1.two-sum.py") throws -> String {
        let path = runner.directory.appendingPathComponent(name).path
        try Data(code.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func history() throws -> String {
        try runner.run(["show", "1"], environment: ["LEETTRACK_NOW": Self.now]).stdout
    }

    @Test func testRunsTheExamplesAndShowsEachCaseSanitised() throws {
        let server = try LeetCodeTestServer("normal")
        let file = try solution("class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]  # WRONG on purpose\n")
        let result = try runner.leetcode(["test", "1", file], endpoint: server.endpoint, environment: environment())
        // A failing case exits 1, like a test runner; the output has said why, and nothing more is said.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("on 2 cases of 1. Two Sum"), "\(result.stdout)")
        #expect(result.stdout.contains("Case 1: passed"))
        #expect(result.stdout.contains("Case 2: FAILED"))
        #expect(result.stdout.contains("Output:   [1,1]"), "\(result.stdout)")
        #expect(result.stdout.contains("Expected: [0,1]"))
        #expect(result.stdout.contains("Stdout:   checking i=1"))
        #expect(!result.stdout.contains("\u{1B}"), "the program's output is sanitised")
        #expect(result.stdout.contains("1 of 2 cases passed."))
        #expect(server.submits.isEmpty, "a run is not a submission")
        #expect(!FileManager.default.fileExists(atPath: runner.storePath), "a run records nothing")
    }

    @Test func testWithAGivenCaseRunsOnlyIt() throws {
        let server = try LeetCodeTestServer("normal")
        let file = try solution("class Solution: pass\n")
        let result = try runner.leetcode(["test", "two-sum", file, "--case", "[2,7,11,15]\n9"], endpoint: server.endpoint, environment: environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 of 1 case passed."), "\(result.stdout)")
    }

    @Test func submitWrongAnswerThenAcceptedRecordsAnAttemptThenAHardSolve() throws {
        let server = try LeetCodeTestServer("normal")
        let wrong = try runner.leetcode(["submit", "1", try solution("# WRONG\n")], endpoint: server.endpoint, environment: environment())
        #expect(wrong.status == 1, "a verdict other than Accepted exits 1: \(wrong.stderr)")
        #expect(wrong.stderr.isEmpty, "\(wrong.stderr)")
        #expect(wrong.stdout.contains("Wrong Answer: 40/63 cases passed."), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("Input:    [3,2,4]"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("Expected: [1,2]"))
        #expect(wrong.stdout.contains("Recorded an attempt at 1. Two Sum: Wrong Answer 40/63."), "\(wrong.stdout)")
        #expect(try history().contains("Wrong Answer 40/63"))
        let accepted = try runner.leetcode(
            ["submit", "1", try solution("# right\n")], endpoint: server.endpoint, environment: environment(now: "2025-11-29T12:30:00Z"))
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Accepted: 63/63 cases passed."), "\(accepted.stdout)")
        #expect(accepted.stdout.contains("Runtime:  3 ms, faster than 91.3% of submissions"), "\(accepted.stdout)")
        #expect(accepted.stdout.contains("Memory:   17.9 MB, less than 55%"))
        #expect(accepted.stdout.contains("Solved 1. Two Sum on 2025-11-29 (hard)"), "after a failure that day: \(accepted.stdout)")
        #expect(server.submits.count == 2)
        #expect(server.submits.allSatisfy { $0.hasSuffix(" two-sum python3") }, "\(server.submits)")
        #expect(try Store.sqlite(path: runner.storePath).rawValue(forKey: "leetcode.submissions.pending") == nil, "nothing is left pending")
    }

    @Test func anAcceptedFirstTryIsGoodAndRatingOverrides() throws {
        let server = try LeetCodeTestServer("normal")
        let first = try runner.leetcode(["submit", "1", try solution("# right\n")], endpoint: server.endpoint, environment: environment())
        #expect(first.stdout.contains("Solved 1. Two Sum on 2025-11-29 (good)"), "\(first.stdout)\(first.stderr)")
        let easy = try runner.leetcode(
            ["submit", "1", try solution("# right\n"), "--rating", "easy"], endpoint: server.endpoint, environment: environment())
        #expect(easy.stdout.contains("(easy)"), "\(easy.stdout)\(easy.stderr)")
    }

    @Test func submitUsesTheFileThatCodeMade() throws {
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.run(["code", "1", "--lang", "go"], environment: ["LEETTRACK_NOW": Self.now]).status == 0)
        let result = try runner.leetcode(["submit", "1"], endpoint: server.endpoint, environment: environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1.two-sum.go (golang)"), "\(result.stdout)")
        #expect(server.submits.first?.hasSuffix("two-sum golang") == true, "\(server.submits)")
    }

    @Test func aCompileErrorIsShownAndRecordedAsAnAttempt() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["submit", "1", try solution("COMPILE_ERROR\n")], endpoint: server.endpoint, environment: environment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("Line 3: SyntaxError: invalid syntax"), "\(result.stdout)")
        #expect(result.stdout.contains("Recorded an attempt at 1. Two Sum: Compile Error."), "\(result.stdout)")
    }

    @Test func aKillWhilePollingIsRecordedOnceByThePullAndNeverSentAgain() throws {
        let server = try LeetCodeTestServer("judge-hangs")
        let file = try solution("# right\n")
        let (process, input, output, _) = try runner.start(
            ["leetcode", "submit", "1", file, "--endpoint", server.endpoint], environment: environment())
        try input.fileHandleForWriting.close()
        // The line that says the submission was sent comes after its id is kept.
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("as submission") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        #expect(String(decoding: printed, as: UTF8.self).contains("as submission 1500000100"), "\(String(decoding: printed, as: UTF8.self))")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let pending = try Store.sqlite(path: runner.storePath).rawValue(forKey: "leetcode.submissions.pending")
        #expect(pending.map { String(decoding: $0, as: UTF8.self).contains("1500000100") } == true)
        try server.release()
        let pull = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: environment())
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stdout.contains("Submission 1500000100 of 1. Two Sum, sent on 2025-11-29, had no recorded verdict"), "\(pull.stdout)")
        #expect(pull.stdout.contains("Solved 1. Two Sum on 2025-11-29 (good)"), "\(pull.stdout)")
        let again = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: environment())
        #expect(!again.stdout.contains("Submission 1500000100"), "recorded once: \(again.stdout)")
        #expect(server.submits.count == 1, "the submission was sent once: \(server.submits)")
        let solves = try history().components(separatedBy: "solved").count - 1
        #expect(solves >= 1)
        #expect(try Store.sqlite(path: runner.storePath).rawValue(forKey: "leetcode.submissions.pending") == nil)
    }

    @Test func aSecondSubmitResolvesThePendingOneFirstAndSaysSo() throws {
        let server = try LeetCodeTestServer("judge-hangs")
        let (process, input, output, _) = try runner.start(
            ["leetcode", "submit", "1", try solution("# WRONG\n"), "--endpoint", server.endpoint], environment: environment())
        try input.fileHandleForWriting.close()
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("as submission") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try server.release()
        let result = try runner.leetcode(["submit", "1", try solution("# right\n")], endpoint: server.endpoint, environment: environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Submission 1500000100 of 1. Two Sum, sent on 2025-11-29, had no recorded verdict; asking LeetCode first."))
        #expect(result.stdout.contains("Recorded an attempt at 1. Two Sum: Wrong Answer 40/63."), "\(result.stdout)")
        #expect(result.stdout.contains("(hard)"), "the new accepted solve follows the recorded failure: \(result.stdout)")
        #expect(server.submits.count == 2, "\(server.submits)")
    }

    @Test func aPendingSubmissionLeetCodeNoLongerKnowsIsLetGoOnce() throws {
        let server = try LeetCodeTestServer("normal")
        let lost = PendingSubmission(id: "900", slug: "two-sum", submitted: Date(timeIntervalSince1970: 1_764_400_000))
        try Store.sqlite(path: runner.storePath).set([lost], for: SubmissionLedger.pendingKey)
        let first = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: environment())
        #expect(first.status == 1)
        #expect(first.stderr.contains("LeetCode knows no submission 900. Submission 900 is let go; nothing was recorded."), "\(first.stderr)")
        let second = try runner.leetcode(["pull"], endpoint: server.endpoint, environment: environment())
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stdout.contains("Submission 900"))
    }

    // MARK: Failures: each with its own message, nothing written

    private func expectSubmitFailing(_ server: String, file: String? = nil, problem: String = "1", mentioning mention: String,
                                     environment extra: [String: String]? = nil) throws {
        try runner.populate()
        let before = try runner.snapshot()
        let path = try file ?? solution("# right\n")
        let result = try runner.leetcode(["submit", problem, path], endpoint: server, environment: extra ?? environment(now: "2026-12-01T12:00:00Z"))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(mention), "\(result.stderr)")
        #expect(try runner.snapshot() == before, "nothing was written")
    }

    @Test func anExpiredSessionIsSaidAndNothingIsWritten() throws {
        let server = try LeetCodeTestServer("expired")
        try expectSubmitFailing(server.endpoint, mentioning: "your LeetCode session has expired or was refused")
    }

    @Test func cloudflaresChallengeIsSaidAndTheClearanceCookieGetsThrough() throws {
        let server = try LeetCodeTestServer("challenged")
        try expectSubmitFailing(server.endpoint, mentioning: "bot check (HTTP 403")
        let cleared = try runner.leetcode(
            ["submit", "1", try solution("# right\n")], endpoint: server.endpoint,
            environment: environment(now: "2026-12-01T12:00:00Z", ["LEETCODE_CF_CLEARANCE": LeetCodeTestServer.clearance]))
        #expect(cleared.status == 0, "\(cleared.stdout)\(cleared.stderr)")
        #expect(!cleared.stdout.contains(LeetCodeTestServer.clearance) && !cleared.stderr.contains(LeetCodeTestServer.clearance))
    }

    @Test func loginKeepsTheOptionalClearanceCookie() throws {
        let server = try LeetCodeTestServer("challenged")
        let lines = "\(LeetCodeTestServer.session)\n\(LeetCodeTestServer.csrfToken)\n\(LeetCodeTestServer.clearance)\n"
        let login = try runner.leetcode(["login"], endpoint: server.endpoint, input: lines, environment: [:])
        #expect(login.status == 0, "\(login.stderr)")
        let test = try runner.leetcode(["test", "1", try solution("# right\n")], endpoint: server.endpoint, environment: [:])
        #expect(test.status == 0, "\(test.stderr)")
    }

    @Test func aRateLimitIsSaidAfterRetriesAndNothingIsWritten() throws {
        let server = try LeetCodeTestServer("judge-throttled")
        try expectSubmitFailing(server.endpoint, mentioning: "LeetCode is limiting your requests")
        #expect(server.submits.isEmpty)
    }

    @Test func aPaidOnlyProblemWithoutASubscriptionIsSaid() throws {
        let server = try LeetCodeTestServer("normal")
        try expectSubmitFailing(server.endpoint, problem: "157", mentioning: "is a premium (paid-only) problem")
        #expect(server.submits.isEmpty)
    }

    @Test func theNetworkDownIsSaidAndNothingIsWritten() throws {
        try expectSubmitFailing(try LeetCodeTestServer.refusingEndpoint(), mentioning: "cannot reach")
    }

    @Test func aHostileVerdictIsRefusedLikeAnImportAndNothingIsRecorded() throws {
        let server = try LeetCodeTestServer("normal")
        try expectSubmitFailing(server.endpoint, file: try solution("HOSTILE\n"), mentioning: "status_msg")
    }

    @Test func aRefusalInWordsIsShownAsLeetCodeSaidIt() throws {
        let server = try LeetCodeTestServer("normal")
        try expectSubmitFailing(server.endpoint, file: try solution("TOO_LONG\n"), mentioning: "reported: Your code is too long.")
        #expect(server.submits.isEmpty)
    }

    @Test func aSolutionFileThatIsMissingIsSaid() throws {
        let server = try LeetCodeTestServer("normal")
        let result = try runner.leetcode(["submit", "1"], endpoint: server.endpoint, environment: environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("has no solution file"), "\(result.stderr)")
        #expect(server.submits.isEmpty)
    }

    // MARK: Capture

    private func recentRequests(_ server: LeetCodeTestServer) -> Int {
        let text = (try? String(contentsOf: server.stateDirectory.appendingPathComponent("recent"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count
    }

    @Test func todayCapturesSolvesFromTheWebsiteAtMostEveryTenMinutes() throws {
        let server = try LeetCodeTestServer("normal")
        let first = try runner.run(["today", "--endpoint", server.endpoint], environment: environment())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(recentRequests(server) == 1)
        #expect(try history().contains("2025-11-23"), "the website's solve is a dated solve")
        _ = try runner.run(["today", "--endpoint", server.endpoint], environment: environment(now: "2025-11-29T12:09:00Z"))
        #expect(recentRequests(server) == 1, "not again within 10 minutes")
        _ = try runner.run(["today", "--endpoint", server.endpoint], environment: environment(now: "2025-11-29T12:10:00Z"))
        #expect(recentRequests(server) == 2)
        let export = try runner.export()
        // One solve event that day (the card the capture schedules carries the date too).
        #expect(export.components(separatedBy: "\"at\" : \"2025-11-23T").count == 2, "captured once: \(export)")
    }

    @Test func serveCapturesInTheBackgroundOnceItAnswers() throws {
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.run(["fav", "146"]).status == 0)  // The store exists before the server starts.
        let serve = try ServeProcess(runner, ["--endpoint", server.endpoint], environment: environment())
        #expect(serve.banner.contains("Press Ctrl-C"))
        var captured = false
        for _ in 0..<100 where !captured {
            let record = try Store.sqlite(path: runner.storePath).rawValue(forKey: "progress.two-sum")
            captured = record.map { String(decoding: $0, as: UTF8.self).contains("solved") } == true
            if !captured { usleep(100_000) }
        }
        #expect(captured, "the website's solve reached the store while serving")
        #expect(recentRequests(server) == 1)
        #expect(serve.stop().status == 0)
    }

    @Test func captureOffIsNotAsked() throws {
        let server = try LeetCodeTestServer("normal")
        let off = try runner.run(["config", "leetcode-capture", "off"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try runner.run(["config", "leetcode-capture"]).stdout == "off\n")
        let today = try runner.run(["today", "--endpoint", server.endpoint], environment: environment())
        #expect(today.status == 0)
        #expect(recentRequests(server) == 0)
        #expect(try runner.run(["config", "leetcode-capture", "maybe"]).status == 64)
    }

    @Test func captureOfflineIsSilent() throws {
        let today = try runner.run(["today", "--endpoint", try LeetCodeTestServer.refusingEndpoint()], environment: environment())
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stderr.isEmpty, "\(today.stderr)")
        #expect(today.stdout.contains("Reviews:"))
    }
}

@Suite(
    "The screen captures solves made on LeetCode's website",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
struct LeetCodeCaptureTmuxTests {
    @Test("the screen opens at once and shows the website's solve when it lands")
    func screenCapturesInTheBackground() throws {
        let server = try LeetCodeTestServer("normal")
        let environment = LeetTrackRunner.signedIn.merging(["LEETTRACK_NOW": LeetCodeJudgeEndToEndTests.now]) { $1 }
        let tmux = try InteractiveTmux(arguments: ["tui", "--list", "--endpoint", server.endpoint], environment: environment)
        #expect(try tmux.waitFor("1 Two Sum"))
        #expect(try tmux.waitFor("Easy ✓1/"), "the captured solve shows without a key pressed")
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }
}
