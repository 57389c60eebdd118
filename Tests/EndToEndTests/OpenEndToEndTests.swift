import Foundation
import Testing

@Suite("leettrack open, end to end")
struct OpenEndToEndTests {
    @Test("open starts $BROWSER with the problem's URL as one argument and does not wait for it")
    func opensWithBrowser() throws {
        let leettrack = try LeetTrackRunner()
        // The browser blocks until the test lets it go: `open` must return before that. It also
        // stops when the test's folder is gone (removed before it saw the gate) or after 30 s, so
        // it never outlives the test.
        let gate = leettrack.directory.appendingPathComponent("gate").path
        let browser = try StandInProgram(in: leettrack.directory, named: "browser", then: """
            i=0; while [ ! -e '\(gate)' ] && [ -d '\(leettrack.directory.path)' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
            """)
        let result = try leettrack.run(["open", "two sum"], environment: ["BROWSER": browser.path + " --new-tab"])
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Opened 1. Two Sum with \(browser.path): https://leetcode.com/problems/two-sum/\n")
        #expect(browser.arguments() == ["--new-tab", "https://leetcode.com/problems/two-sum/"])
    }

    @Test("$BROWSER is a colon-separated list tried in order, and %s stands for the URL")
    func browserList() throws {
        let leettrack = try LeetTrackRunner()
        let browser = try StandInProgram(in: leettrack.directory, named: "browser")
        let missing = leettrack.directory.appendingPathComponent("no-such-browser").path
        let result = try leettrack.run(["open", "146"], environment: ["BROWSER": "\(missing):\(browser.path) --url=%s --x"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(browser.arguments() == ["--url=https://leetcode.com/problems/lru-cache/", "--x"])
    }

    @Test("when no browser starts, the URL is printed and the reasons go to standard error")
    func nothingStarts() throws {
        let leettrack = try LeetTrackRunner()
        let empty = leettrack.directory.appendingPathComponent("empty-path")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try leettrack.run(["open", "1"], environment: ["BROWSER": "/no/such/browser", "PATH": empty.path])
        #expect(result.status == 0)
        #expect(result.stdout == "https://leetcode.com/problems/two-sum/\n")
        #expect(result.stderr.contains("No browser could be started") && result.stderr.contains("xdg-open"), "\(result.stderr)")
    }

    @Test("open --print prints the URL and starts nothing")
    func printOnly() throws {
        let leettrack = try LeetTrackRunner()
        let browser = try StandInProgram(in: leettrack.directory, named: "browser")
        let result = try leettrack.run(["open", "1", "--print"], environment: ["BROWSER": browser.path])
        #expect(result.stdout == "https://leetcode.com/problems/two-sum/\n")
        #expect(browser.arguments(waitingUpTo: 0.5) == nil)
    }

    @Test("an unknown problem is a usage error and starts nothing")
    func unknownProblem() throws {
        let leettrack = try LeetTrackRunner()
        let browser = try StandInProgram(in: leettrack.directory, named: "browser")
        let result = try leettrack.run(["open", "no such problem at all"], environment: ["BROWSER": browser.path])
        #expect(result.status == 64)
        #expect(browser.arguments(waitingUpTo: 0.5) == nil)
    }
}
