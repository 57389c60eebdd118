import Foundation
import Testing

/// The code folder as a git repository (`config code-git on`), with the real `git`: a temporary
/// HOME holds its own `.gitconfig` (an identity), and `GIT_CONFIG_NOSYSTEM` keeps the machine's out.
@Suite("leettrack code and git, end to end")
struct CodeGitEndToEndTests {
    let runner: LeetTrackRunner
    let folder: String
    static let day = "2026-12-06"

    init() throws {
        runner = try LeetTrackRunner()
        folder = runner.directory.appendingPathComponent("solutions").path
        try Data("[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n".utf8)
            .write(to: runner.directory.appendingPathComponent(".gitconfig"))
        #expect(try runner.run("config", "code-dir", folder).status == 0)
    }

    /// The environment of a run on `day`: git sees the temporary HOME only.
    func environment(day: String = day, _ extra: [String: String] = [:]) -> [String: String] {
        ["LEETTRACK_TODAY": day, "GIT_CONFIG_NOSYSTEM": "1"].merging(extra) { $1 }
    }

    @discardableResult
    func leettrack(_ arguments: String..., day: String = day, with extra: [String: String] = [:]) throws -> LeetTrackRunner.Result {
        try runner.run(arguments, environment: environment(day: day, extra))
    }

    /// Runs git in `directory` (the code folder by default) and returns its standard output; a
    /// failure fails the test.
    @discardableResult
    func git(_ arguments: String..., in directory: String? = nil, expectSuccess: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", directory ?? folder] + arguments
        process.environment = runner.environment(["GIT_CONFIG_NOSYSTEM": "1"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if expectSuccess { #expect(process.terminationStatus == 0, "git \(arguments) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// `code-git on` and Two Sum's file made.
    func setUp() throws {
        let on = try leettrack("config", "code-git", "on")
        #expect(on.status == 0, "\(on.stderr)")
        #expect(on.stdout.contains("Made a git repository in the code folder \(folder)."), "\(on.stdout)")
        #expect(try leettrack("code", "1").status == 0)
    }

    func commitCount() throws -> Int {
        Int(try git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aSolveIsCommittedAndASecondSolveThatDayAmendsIt() throws {
        try setUp()
        let first = try leettrack("solve", "1", "--time", "12m")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Committed 1.two-sum.py, README.md to git ("), "\(first.stdout)\(first.stderr)")
        #expect(try git("log", "-1", "--format=%B")
            == "1. Two Sum (Easy) · 12 min · Array, Hash Table\n\nLeetTrack-Problem: two-sum\nLeetTrack-Day: 2026-12-06\n\n")
        #expect(try git("log", "-1", "--format=%an <%ae>") == "Test User <test@example.com>\n")
        try Data("class Solution: pass\n".utf8).write(to: URL(fileURLWithPath: folder + "/1.two-sum.py"))
        let second = try leettrack("solve", "1")
        #expect(second.stdout.contains("Amended the commit of 1. Two Sum of 2026-12-06"), "\(second.stdout)\(second.stderr)")
        #expect(try commitCount() == 1)
        #expect(try git("show", "HEAD:1.two-sum.py") == "class Solution: pass\n")
        let nextDay = try leettrack("solve", "1", day: "2026-12-07")
        #expect(nextDay.stdout.contains("Committed"), "\(nextDay.stdout)\(nextDay.stderr)")
        #expect(try commitCount() == 2)
        // A message the user rewrote (its trailers kept) is theirs: the day's next solve commits anew.
        let mine = "1. Two Sum: a hash map, one pass\n\nLeetTrack-Problem: two-sum\nLeetTrack-Day: 2026-12-07\n"
        try git("commit", "--amend", "--quiet", "-m", mine)
        try Data("class Solution: pass  # v3\n".utf8).write(to: URL(fileURLWithPath: folder + "/1.two-sum.py"))
        let again = try leettrack("solve", "1", day: "2026-12-07")
        #expect(again.stdout.contains("Committed"), "\(again.stdout)\(again.stderr)")
        #expect(try commitCount() == 3)
        #expect(try git("log", "-1", "--skip=1", "--format=%B") == mine + "\n")
    }

    @Test func withJSONTheGitLinesGoToStandardError() throws {
        let on = try leettrack("config", "code-git", "on", "--json")
        #expect(try runner.json(on) as? [String: String] == ["code-git": "on"], "\(on.stdout)")
        #expect(on.stderr.contains("Made a git repository"))
        try leettrack("code", "1")
        let solve = try leettrack("solve", "1", "--json")
        #expect(try runner.json(solve) is [Any], "\(solve.stdout)")
        #expect(solve.stderr.contains("Committed 1.two-sum.py, README.md to git"), "\(solve.stderr)")
    }

    @Test func aPushedCommitIsNotAmended() throws {
        try setUp()
        let bare = runner.directory.appendingPathComponent("remote.git").path
        try git("init", "--bare", "--quiet", bare, in: runner.directory.path)
        try git("remote", "add", "origin", bare)
        try leettrack("solve", "1")
        let push = try leettrack("code", "push")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.contains("Pushed to origin"), "\(push.stdout)")
        #expect(try git("rev-parse", "HEAD") == (try git("rev-parse", "main", in: bare)))
        try leettrack("solve", "1", "--time", "5m")
        #expect(try commitCount() == 2, "a pushed commit is never rewritten")
    }

    @Test func theUsersOtherChangesAreNeverCommitted() throws {
        try setUp()
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try git("add", "notes.txt")
        try leettrack("solve", "1")
        #expect(try git("show", "--name-only", "--format=", "HEAD") == "1.two-sum.py\nREADME.md\n")
        #expect(try git("diff", "--cached", "--name-only") == "notes.txt\n", "the user's staged change stays staged")
    }

    @Test func anIgnoredFileIsNotAddedAndTheUserIsTold() throws {
        try setUp()
        try Data("*.py\n".utf8).write(to: URL(fileURLWithPath: folder + "/.gitignore"))
        let result = try leettrack("solve", "1")
        #expect(result.status == 0)
        #expect(result.stderr.contains("1.two-sum.py is ignored by the repository's .gitignore: not committed."), "\(result.stderr)")
        #expect(try git("show", "--name-only", "--format=", "HEAD") == "README.md\n")
    }

    @Test func theIndexIsRegeneratedAndTheUsersTextKept() throws {
        try setUp()
        let readme = folder + "/README.md"
        let before = "# My solutions\n\nWritten by me.\n\n<!-- leettrack:index:start -->\nold\n<!-- leettrack:index:end -->\n\nFooter, mine.\n"
        try Data(before.utf8).write(to: URL(fileURLWithPath: readme))
        #expect(try leettrack("solve", "1", "--time", "12m").status == 0)
        #expect(try leettrack("code", "2", "--lang", "rs").status == 0)
        #expect(try leettrack("solve", "2", day: "2026-12-07").status == 0)
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        #expect(text.hasPrefix("# My solutions\n\nWritten by me.\n\n<!-- leettrack:index:start -->\n"), "\(text)")
        #expect(text.hasSuffix("<!-- leettrack:index:end -->\n\nFooter, mine.\n"), "\(text)")
        #expect(!text.contains("\nold\n"))
        #expect(text.contains("| 1 | [Two Sum](https://leetcode.com/problems/two-sum/) | Easy | 2026-12-06 | 12m | [py](./1.two-sum.py) |"), "\(text)")
        #expect(text.contains("| 2 | [Add Two Numbers](https://leetcode.com/problems/add-two-numbers/) | Medium | 2026-12-07 |  | [rs](./2.add-two-numbers.rs) |"), "\(text)")
        #expect(text.contains("2 problems solved."))
        #expect(try git("show", "HEAD:README.md") == text, "the index is in the solve's commit")
        #expect(try leettrack("config", "code-index", "topics").status == 0)
        #expect(try leettrack("code", "commit", "1").status == 0)
        #expect(try String(contentsOfFile: readme, encoding: .utf8).contains("\n## Array\n"))
    }

    @Test func aReadmeWithAStrayMarkerOrThatIsALinkIsLeftAloneAndSaid() throws {
        try setUp()
        let readme = folder + "/README.md"
        // A start marker the user typed, with notes after it: no later solve may take them for the index.
        let mine = "Intro\n<!-- leettrack:index:start -->\nMy precious notes\n"
        try Data(mine.utf8).write(to: URL(fileURLWithPath: readme))
        let solved = try leettrack("solve", "1")
        #expect(solved.stderr.contains("holds leettrack's index markers other than one start before one end"), "\(solved.stderr)")
        #expect(try String(contentsOfFile: readme, encoding: .utf8) == mine)
        #expect(try leettrack("show", "1").stdout.contains("solved"))
        // A link out of the folder is never written through.
        try FileManager.default.removeItem(atPath: readme)
        let outside = runner.file("outside-notes.md")
        try Data("elsewhere\n".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: readme, withDestinationPath: outside)
        #expect(try leettrack("code", "2", "--lang", "rs").status == 0)
        let linked = try leettrack("solve", "2")
        #expect(linked.stderr.contains("is not a regular file"), "\(linked.stderr)")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "elsewhere\n")
    }

    @Test func pushFailuresAreSaidPlainlyAndKeepTheCommit() throws {
        try setUp()
        try leettrack("solve", "1")
        let none = try leettrack("code", "push")
        #expect(none.status == 1)
        #expect(none.stderr.contains("the repository has no remote to push to"), "\(none.stderr)")
        // A remote with a commit this repository lacks: the push is rejected.
        let bare = runner.directory.appendingPathComponent("remote.git").path
        let other = runner.directory.appendingPathComponent("other").path
        try git("init", "--bare", "--quiet", bare, in: runner.directory.path)
        try git("clone", "--quiet", bare, other, in: runner.directory.path)
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: other + "/theirs.txt"))
        try git("add", "theirs.txt", in: other)
        try git("commit", "--quiet", "-m", "theirs", in: other)
        try git("push", "--quiet", "origin", "HEAD:main", in: other)
        try git("remote", "add", "origin", bare)
        let head = try git("rev-parse", "HEAD")
        let rejected = try leettrack("code", "push")
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains("the remote has commits this repository does not"), "\(rejected.stderr)")
        #expect(try git("rev-parse", "HEAD") == head, "the local commit is kept")
        // Unreachable.
        try git("remote", "set-url", "origin", runner.directory.appendingPathComponent("gone.git").path)
        let offline = try leettrack("code", "push")
        #expect(offline.status == 1)
        #expect(offline.stderr.contains("the remote cannot be reached"), "\(offline.stderr)")
    }

    @Test func codePushOnPushesAfterEachCommit() throws {
        try setUp()
        let bare = runner.directory.appendingPathComponent("remote.git").path
        try git("init", "--bare", "--quiet", bare, in: runner.directory.path)
        try git("remote", "add", "origin", bare)
        #expect(try leettrack("config", "code-push", "on").status == 0)
        let solve = try leettrack("solve", "1")
        #expect(solve.stdout.contains("Pushed to origin."), "\(solve.stdout)\(solve.stderr)")
        #expect(try git("rev-parse", "HEAD") == (try git("rev-parse", "main", in: bare)))
    }

    @Test func codePushPushesToAnUpstreamOfAnotherBranchName() throws {
        try setUp()
        let bare = runner.directory.appendingPathComponent("remote.git").path
        try git("init", "--bare", "--quiet", bare, in: runner.directory.path)
        try git("remote", "add", "origin", bare)
        #expect(try leettrack("solve", "1").status == 0)
        try git("push", "--quiet", "origin", "main:trunk")
        try git("branch", "--set-upstream-to", "origin/trunk")
        #expect(try leettrack("code", "2", "--lang", "rs").status == 0)
        #expect(try leettrack("solve", "2", day: "2026-12-07").status == 0)
        let pushed = try leettrack("code", "push")
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("origin/trunk"), "\(pushed.stdout)")
        #expect(try git("rev-parse", "HEAD") == (try git("rev-parse", "trunk", in: bare)))
        #expect(try git("branch", "--list", "main", in: bare).isEmpty, "nothing pushed under another name")
    }

    @Test func withoutGitTheSolveIsRecordedWithAWarning() throws {
        try setUp()
        let result = try leettrack("solve", "1", with: ["PATH": "/nonexistent"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Solved 1. Two Sum on 2026-12-06"))
        #expect(result.stderr.contains("warning: the solve is recorded, but git did not commit it: git is not installed"), "\(result.stderr)")
        #expect(result.stderr.contains("`leettrack code commit 1` commits it"))
        let on = try leettrack("config", "code-git", "on", with: ["PATH": "/nonexistent"])
        #expect(on.status == 1)
        #expect(on.stderr.contains("git is not installed"), "\(on.stderr)")
        // Back with git, the retry commits it.
        let retry = try leettrack("code", "commit", "1")
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(try commitCount() == 1)
    }

    @Test func configCodeGitOffLeavesNoCommitAndOnAdoptsAParentRepository() throws {
        try git("init", "--quiet", runner.directory.path, in: runner.directory.path)
        let on = try leettrack("config", "code-git", "on")
        #expect(on.stdout.contains("is inside the git repository at \(runner.directory.resolvingSymlinksInPath().path)"), "\(on.stdout)\(on.stderr)")
        #expect(try leettrack("config", "code-git").stdout == "on\n")
        #expect(try leettrack("config", "code-git", "off").status == 0)
        try leettrack("code", "1")
        try leettrack("solve", "1")
        #expect(try git("rev-list", "--all") == "", "off commits nothing")
    }

    @Test func aCommitAHookRefusesLeavesTheUsersStagingAsItWas() throws {
        try setUp()
        #expect(try leettrack("solve", "1").status == 0)
        // The user stages part of a change to the solution, then a hook refuses the next commit.
        let file = folder + "/1.two-sum.py"
        let committed = try String(contentsOfFile: file, encoding: .utf8)
        try Data((committed + "# staged line\n").utf8).write(to: URL(fileURLWithPath: file))
        try git("add", "--", file)
        try Data((committed + "# staged line\n# not staged\n").utf8).write(to: URL(fileURLWithPath: file))
        let stagedBefore = try git("diff", "--cached")
        let hook = folder + "/.git/hooks/pre-commit"
        try Data("#!/bin/sh\necho 'refused by the hook' >&2\nexit 1\n".utf8).write(to: URL(fileURLWithPath: hook))
        #expect(chmod(hook, 0o755) == 0)
        let refused = try leettrack("solve", "1", day: "2026-12-07")
        #expect(refused.stderr.contains("git did not commit"), "\(refused.stderr)")
        #expect(try git("diff", "--cached") == stagedBefore)
        #expect(try commitCount() == 1)
    }

    @Test func aBareRepositoryIsRefusedAndNotCovered() throws {
        try git("init", "--quiet", "--bare", folder, in: runner.directory.path)
        let on = try leettrack("config", "code-git", "on")
        #expect(on.status == 1)
        #expect(on.stderr.contains("is a bare git repository (no working tree); code-git stays off"), "\(on.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/.git"))
        #expect(try leettrack("config", "code-git").stdout == "off\n")
    }

    @Test func invalidValuesAreUsageErrorsThatChangeNothing() throws {
        let before = try runner.snapshot()
        for (name, value) in [("code-git", "maybe"), ("code-push", "sometimes"), ("code-index", "alphabet")] {
            let result = try leettrack("config", name, value)
            #expect(result.status == 64, "\(name) \(value): \(result.stderr)")
            #expect(result.stderr.contains("'\(value)' is not a valid \(name)"), "\(result.stderr)")
        }
        #expect(try runner.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aMergeInProgressIsLeftAloneAndSaid() throws {
        try setUp()
        try leettrack("solve", "1")
        try git("switch", "--quiet", "-c", "other")
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: folder + "/f.txt"))
        try git("add", "f.txt")
        try git("commit", "--quiet", "-m", "theirs")
        try git("switch", "--quiet", "main")
        try Data("ours\n".utf8).write(to: URL(fileURLWithPath: folder + "/f.txt"))
        try git("add", "f.txt")
        try git("commit", "--quiet", "-m", "ours")
        try git("merge", "other", expectSuccess: false)
        let head = try git("rev-parse", "HEAD")
        let result = try leettrack("solve", "1", day: "2026-12-07")
        #expect(result.status == 0)
        #expect(result.stderr.contains("is in the middle of a merge"), "\(result.stderr)")
        #expect(try git("rev-parse", "HEAD") == head)
    }

    @Test func aDetachedHeadIsSaid() throws {
        try setUp()
        try leettrack("solve", "1")
        try git("switch", "--quiet", "--detach")
        let result = try leettrack("solve", "1", day: "2026-12-07")
        #expect(result.status == 0)
        #expect(result.stderr.contains("has a detached HEAD"), "\(result.stderr)")
        #expect(try commitCount() == 1)
    }

    @Test func aLockOfAnotherGitIsNamedAndKept() throws {
        try setUp()
        let lock = folder + "/.git/index.lock"
        try Data().write(to: URL(fileURLWithPath: lock))
        let result = try leettrack("solve", "1")
        #expect(result.status == 0)
        #expect(result.stderr.contains("another git process holds \(lock)"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: lock), "never deleted by us")
        #expect(try leettrack("show", "1").stdout.contains("solved"))
    }

    @Test func aFileThatIsNotUTF8IsCommittedAsItsBytes() throws {
        try setUp()
        let bytes = Data([0x23, 0x20, 0xFF, 0xFE, 0x0A, 0x70, 0x61, 0x73, 0x73, 0x0A])
        try bytes.write(to: URL(fileURLWithPath: folder + "/1.two-sum.py"))
        let result = try leettrack("solve", "1")
        #expect(result.status == 0)
        #expect(result.stderr.contains("1.two-sum.py is not UTF-8 text; it is committed as its bytes."), "\(result.stderr)")
        #expect(Data(try git("show", "HEAD:1.two-sum.py").utf8) != Data(), "committed")
        #expect(try git("cat-file", "-s", "HEAD:1.two-sum.py") == "\(bytes.count)\n")
    }

    @Test func withoutAnIdentityGitSaysWhatToRunAndTheSolveStays() throws {
        try setUp()
        // No identity, and git told not to guess one from the host's name.
        try Data("[user]\n\tuseConfigOnly = true\n".utf8).write(to: runner.directory.appendingPathComponent(".gitconfig"))
        let result = try leettrack("solve", "1")
        #expect(result.status == 0)
        #expect(result.stderr.contains("git config --global user.email"), "\(result.stderr)")
        #expect(try leettrack("show", "1").stdout.contains("solved"))
    }

    @Test func anAcceptedSubmitIsCommitted() throws {
        try setUp()
        let server = try LeetCodeTestServer("normal")
        try Data("# right\n".utf8).write(to: URL(fileURLWithPath: folder + "/1.two-sum.py"))
        let result = try runner.leetcode(
            ["submit", "1"], endpoint: server.endpoint,
            environment: LeetTrackRunner.signedIn.merging(["LEETTRACK_NOW": "2025-11-29T12:00:00Z", "GIT_CONFIG_NOSYSTEM": "1"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Committed 1.two-sum.py, README.md to git"), "\(result.stdout)\(result.stderr)")
        #expect(try git("log", "-1", "--format=%s") == "1. Two Sum (Easy) · Array, Hash Table\n")
    }
}
