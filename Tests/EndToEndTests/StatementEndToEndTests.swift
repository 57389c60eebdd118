import Foundation
import Persistence
import Testing

/// `leetcode fetch`, `show` with a statement and `code` with starter code, on the real binary
/// against the tests' LeetCode server.
@Suite("Statements and starter code against a local LeetCode")
struct StatementEndToEndTests {
    let runner: LeetTrackRunner

    init() throws {
        runner = try LeetTrackRunner()
    }

    /// The keys of the store that hold statements.
    func statementKeys() throws -> [String] {
        guard FileManager.default.fileExists(atPath: runner.storePath) else { return [] }
        return try Store.sqlite(path: runner.storePath).keys(withPrefix: "statement.")
    }

    func codeFolder() throws -> String {
        let folder = runner.directory.appendingPathComponent("solutions").path
        let set = try runner.run("config", "code-dir", folder)
        #expect(set.status == 0, "\(set.stderr)")
        return folder
    }

    @Test("fetch keeps one problem's statement, and show prints it readably, hints folded, nothing of the script")
    func fetchThenShow() throws {
        let server = try LeetCodeTestServer("normal")
        let fetch = try runner.leetcode(["fetch", "1"], endpoint: server.endpoint, environment: [:])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout == "Fetched 1. Two Sum: 2 languages, 2 examples, 2 hints.\n")
        #expect(try statementKeys() == ["statement.two-sum"])
        let show = try runner.run("show", "1")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Given an array nums of integers and a number target, return the indices of the\ntwo numbers"), "\(show.stdout)")
        #expect(show.stdout.contains("  Input: nums = [1,4,6], target = 10\n  Output: [1,2]\n"))
        #expect(show.stdout.contains("• 2 <= nums.length <= 10^4\n• -10^9 <= nums[i] <= 10^9\n"), "\(show.stdout)")
        #expect(show.stdout.contains("[image: pairs] https://assets.leetcode.com/uploads/sum.png"))
        #expect(show.stdout.contains("Hints (2): leettrack show 1 --hints"))
        #expect(show.stdout.contains("Similar: 20. Valid Parentheses"))
        #expect(!show.stdout.contains("alert") && !show.stdout.contains("A hash map"))
        let hints = try runner.run("show", "1", "--hints")
        #expect(hints.stdout.contains("Hints:\n1. Try every pair first.\n2. A hash map remembers what you have seen.\n"), "\(hints.stdout)")
    }

    @Test("a damaged statement record is named by show, not shown as missing or reset; a record written with escapes still reads")
    func damagedStatementNamed() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.leetcode(["fetch", "1"], endpoint: server.endpoint, environment: [:]).status == 0)
        let shown = try runner.run("show", "1")
        // The same record with its first key written with an escape (`\u0073lug`): valid JSON of
        // the same value, read by the store's decoder rather than the fast reader.
        try runner.sqlite3(#"UPDATE entries SET value = CAST(replace(CAST(value AS TEXT), '{"slug"', '{"\u0073lug"') AS BLOB) WHERE key = 'statement.two-sum'"#)
        let escaped = try runner.run("show", "1")
        #expect(escaped.status == 0, "\(escaped.stderr)")
        #expect(escaped.stdout == shown.stdout)
        try runner.sqlite3("UPDATE entries SET value = CAST('{\"slug\":\"two-sum\",\"content\":7}' AS BLOB) WHERE key = 'statement.two-sum'")
        let damaged = try runner.run("show", "1")
        #expect(damaged.status == 1, "\(damaged.stdout)")
        #expect(damaged.stderr.contains("'statement.two-sum'"), "\(damaged.stderr)")
        #expect(try statementKeys() == ["statement.two-sum"])
    }

    @Test("a list fetch stopped by a failing request keeps what it fetched and resumes where it stopped")
    func listResumes() throws {
        let server = try LeetCodeTestServer("question-fails-once")
        #expect(try runner.run("lists", "create", "warmup").status == 0)
        #expect(try runner.run("lists", "add", "warmup", "1", "20", "21").status == 0)
        let first = try runner.leetcode(["fetch", "--list", "warmup"], endpoint: server.endpoint, environment: [:])
        #expect(first.status == 1)
        #expect(first.stderr.contains("answered HTTP 400"), "\(first.stderr)")
        #expect(first.stderr.contains("Stopped at 20. Valid Parentheses; what was fetched is kept"), "\(first.stderr)")
        #expect(try statementKeys() == ["statement.two-sum"])
        let second = try runner.leetcode(["fetch", "--list", "warmup"], endpoint: server.endpoint, environment: [:])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "Fetched 2 of 3 statements (1 already kept, skipped; --refresh fetches them again).\n", "\(second.stdout)")
        #expect(try Set(statementKeys()) == ["statement.two-sum", "statement.valid-parentheses", "statement.merge-two-sorted-lists"])
        let again = try runner.leetcode(["fetch", "--list", "warmup"], endpoint: server.endpoint, environment: [:])
        #expect(again.stdout == "Fetched 0 of 3 statements (3 already kept, skipped; --refresh fetches them again).\n")
    }

    @Test("a list fetch killed half-way keeps what it fetched, and the next run goes on from there")
    func killedListResumes() throws {
        #expect(try runner.run("lists", "create", "warmup").status == 0)
        #expect(try runner.run("lists", "add", "warmup", "1", "20", "21").status == 0)
        let stalling = try LeetCodeTestServer("question-stalls")
        let (process, stdin, _, _) = try runner.start(["leetcode", "fetch", "--list", "warmup", "--endpoint", stalling.endpoint])
        try stdin.fileHandleForWriting.close()
        var kept: [String] = []
        for _ in 0..<100 where kept.isEmpty {
            usleep(100_000)
            kept = try statementKeys()
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(kept == ["statement.two-sum"])
        let server = try LeetCodeTestServer("normal")
        let resumed = try runner.leetcode(["fetch", "--list", "warmup"], endpoint: server.endpoint, environment: [:])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("Fetched 2 of 3 statements (1 already kept"), "\(resumed.stdout)")
    }

    @Test("a list waits out a rate limit and goes on")
    func rateLimit() throws {
        let server = try LeetCodeTestServer("question-throttled")
        let result = try runner.leetcode(["fetch", "1", "20"], endpoint: server.endpoint, environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try statementKeys().count == 2)
    }

    @Test("a paid-only problem without a subscription is named and passed over; the rest of the list goes on")
    func paidOnly() throws {
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.run("lists", "create", "mixed").status == 0)
        #expect(try runner.run("lists", "add", "mixed", "156", "1").status == 0)
        let list = try runner.leetcode(["fetch", "--list", "mixed"], endpoint: server.endpoint, environment: [:])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stderr.contains("156. Binary Tree Upside Down is paid-only"), "\(list.stderr)")
        #expect(try statementKeys() == ["statement.two-sum"])
        let named = try runner.leetcode(["fetch", "156"], endpoint: server.endpoint, environment: [:])
        #expect(named.status == 1)
        #expect(named.stderr.contains("is paid-only") && named.stderr.contains("1 problem could not be fetched"), "\(named.stderr)")
    }

    @Test("a malformed or hostile answer keeps nothing and says what is wrong")
    func malformedChangesNothing() throws {
        try runner.populate()
        let before = try runner.snapshot()
        for (scenario, mention) in [("question-malformed", "not valid JSON"), ("question-hostile", "control or bidirectional")] {
            let server = try LeetCodeTestServer(scenario)
            let result = try runner.leetcode(["fetch", "1"], endpoint: server.endpoint, environment: [:])
            #expect(result.status == 1)
            #expect(result.stderr.contains(mention), "\(result.stderr)")
            #expect(result.stderr.contains("Nothing was kept for it."), "\(result.stderr)")
            #expect(try runner.snapshot() == before)
        }
    }

    @Test("code writes the kept starter code below the header, with the examples in a comment")
    func codeWithSnippet() throws {
        let folder = try codeFolder()
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.leetcode(["fetch", "two-sum"], endpoint: server.endpoint, environment: [:]).status == 0)
        let result = try runner.run("code", "1", "--lang", "cpp")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: folder + "/1.two-sum.cpp", encoding: .utf8) == """
            // 1. Two Sum
            // https://leetcode.com/problems/two-sum/
            // Easy · Array, Hash Table

            // Examples:
            // 1. [1,4,6]
            //    10
            // 2. [3,3]
            //    6

            class Solution {
            public:
                vector<int> twoSum(vector<int>& nums, int target) {
                    
                }
            };

            """)
    }

    @Test("code fetches the statement first when signed in, and falls back to the header offline, saying so")
    func codeFetchesOrFallsBack() throws {
        let folder = try codeFolder()
        let refused = try LeetCodeTestServer.refusingEndpoint()
        let offline = try runner.run(["code", "1", "--endpoint", refused], environment: LeetTrackRunner.signedIn)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("The starter code of 1 could not be fetched (cannot reach"), "\(offline.stderr)")
        #expect(try String(contentsOfFile: folder + "/1.two-sum.py", encoding: .utf8).hasSuffix("Hash Table\n\n"))
        let server = try LeetCodeTestServer("normal")
        let fetched = try runner.run(["code", "20", "--endpoint", server.endpoint], environment: LeetTrackRunner.signedIn)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(try String(contentsOfFile: folder + "/20.valid-parentheses.py", encoding: .utf8).contains("class Solution:\n    pass\n"))
        #expect(try statementKeys() == ["statement.valid-parentheses"])
        let unsigned = try runner.run("code", "21")
        #expect(unsigned.status == 0 && !unsigned.stderr.contains("starter code"), "without a session nothing is asked: \(unsigned.stderr)")
        #expect(try statementKeys() == ["statement.valid-parentheses"])
    }

    @Test(
        "after a fetch, show and code work with no network at all",
        .enabled(if: StatementEndToEndTests.canUnshareNetwork(), "needs `unshare -n` (root); skipped"))
    func offlineUnderUnshare() throws {
        let folder = try codeFolder()
        let server = try LeetCodeTestServer("normal")
        #expect(try runner.leetcode(["fetch", "1"], endpoint: server.endpoint, environment: [:]).status == 0)
        let show = try runOffline(["show", "1"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("10^4"))
        let code = try runOffline(["code", "1"])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(try String(contentsOfFile: folder + "/1.two-sum.py", encoding: .utf8).contains("def twoSum"))
    }

    @Test(
        "after a fetch, the screen shows the statement with no network at all, signed in and silent",
        .enabled(if: StatementEndToEndTests.canUnshareNetwork() && InteractiveTmux.executable != nil, "needs `unshare -n` (root) and tmux; skipped"))
    func screenOfflineUnderUnshare() throws {
        let server = try LeetCodeTestServer("normal")
        let tmux = try InteractiveTmux(
            arguments: ["tui", "--list"], height: 40, environment: LeetTrackRunner.signedIn, launcher: ["/usr/bin/unshare", "-n"]
        ) { store in
            let fetch = try runLeettrackForInteractiveTests(
                ["leetcode", "fetch", "1", "--endpoint", server.endpoint], store: store, environment: LeetTrackRunner.signedIn)
            #expect(fetch.code == 0, "\(fetch.error)")
        }
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("Enter")
        // The kept statement, parsed and wrapped; the capture of website solves found no network
        // and said nothing.
        let screen = try tmux.waitForScreen { $0.contains("10^4") }
        #expect(screen.contains("Given an array nums of integers"), "\(screen)")
        #expect(!screen.lowercased().contains("error"), "\(screen)")
        try tmux.send("q")
        try tmux.send("q")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
    }

    @Test(
        "the screen's details show a statement another process fetches meanwhile, without a key",
        .enabled(if: InteractiveTmux.executable != nil, "needs tmux; skipped"))
    func screenShowsAStatementFetchedMeanwhile() throws {
        let server = try LeetCodeTestServer("normal")
        let tmux = try InteractiveTmux(arguments: ["tui", "--list"], height: 40)
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("Enter")
        #expect(try tmux.waitFor("History"))
        #expect(!(try tmux.screen().contains("Statement")))
        // The details were drawn (and their statement looked up) before the fetch: what is laid
        // out once must not outlive the change.
        let fetch = try runLeettrackForInteractiveTests(
            ["leetcode", "fetch", "1", "--endpoint", server.endpoint], store: tmux.storePath, environment: LeetTrackRunner.signedIn)
        #expect(fetch.code == 0, "\(fetch.error)")
        let screen = try tmux.waitForScreen { $0.contains("10^4") }
        #expect(screen.contains("Given an array nums of integers"), "\(screen)")
        try tmux.send("q")
        try tmux.send("q")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
    }

    /// Runs `leettrack arguments` signed in, in a network namespace of its own (no network at all).
    func runOffline(_ arguments: [String]) throws -> LeetTrackRunner.Result {
        let (process, stdin, stdout, stderr) = try runner.start(
            arguments, environment: LeetTrackRunner.signedIn, launcher: ["/usr/bin/unshare", "-n"])
        try stdin.fileHandleForWriting.close()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LeetTrackRunner.Result(
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData.wait(), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Whether this process may make a network namespace of its own.
    static func canUnshareNetwork() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-n", "true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
