import Foundation
import Testing

@Suite("leettrack commands, end to end")
struct CommandsEndToEndTests {
    @Test("list filters by difficulty and prints one row per problem")
    func listHard() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("list", "--difficulty", "hard", "--limit", "3")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].contains("Median of Two Sorted Arrays") && lines[0].contains("Hard"))
        #expect(lines.last == "3 problems")
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test("list --json combines filters and sorts")
    func listJSON() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "217")
        let result = try leettrack.run("list", "--list", "blind-75", "--status", "solved", "--sort", "title", "--json")
        #expect(result.status == 0)
        let problems = try #require(try leettrack.json(result) as? [[String: Any]])
        #expect(problems.compactMap { $0["title"] as? String } == ["Contains Duplicate", "Two Sum"])
        #expect(problems.allSatisfy { $0["status"] as? String == "solved" })
    }

    @Test("reading commands do not create a store that does not exist")
    func readingCreatesNothing() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [
            ["list", "sum"], ["stats"], ["favorites"], ["show", "1"], ["lists"], ["review"], ["review", "--upcoming", "7"],
            ["stats", "--calendar"], ["config"], ["lists", "blind-75"], ["list", "--list", "blind-75"],
        ] {
            #expect(try leettrack.run(arguments).status == 0)
        }
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("show prints the details, the URL, the note and the dated history")
    func show() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "two sum", "--date", "2026-01-15", "--note", "hash map, one pass")
        try leettrack.run("fav", "1")
        let result = try leettrack.run("show", "1")
        #expect(result.status == 0)
        for text in ["1. Two Sum", "Easy", "58.0%", "Array, Hash Table", "https://leetcode.com/problems/two-sum/",
                     "solved", "♥ yes", "hash map, one pass", "2026-01-15 12:00  solved"] {
            #expect(result.stdout.contains(text))
        }
        let json = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.first?["date"] as? String == "2026-01-15T12:00:00Z")
        #expect(json["note"] as? String == "hash map, one pass")
    }

    @Test("attempt marks a problem attempted and a later solve makes it solved")
    func attemptThenSolve() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("attempt", "146").status == 0)
        #expect(try leettrack.run("list", "--status", "attempted").stdout.contains("LRU Cache"))
        #expect(try leettrack.run("solve", "146").status == 0)
        #expect(try leettrack.run("attempt", "146").stdout.contains("stays solved"))
        let json = try #require(try leettrack.json(try leettrack.run("show", "146", "--json")) as? [String: Any])
        #expect(json["status"] as? String == "solved")
        #expect((json["history"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["attempted", "solved", "attempted"])
    }

    @Test("note sets, shows and clears a note")
    func note() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("note", "1", "use a dictionary").status == 0)
        #expect(try leettrack.run("note", "1").stdout == "use a dictionary\n")
        #expect(try leettrack.run("note", "1", "--clear").status == 0)
        #expect(try leettrack.run("note", "1").stdout.contains("has no note"))
        // The record keeps only when its note was cleared, so that an older note sent later from
        // the web page offline does not bring it back.
        let kept = try leettrack.snapshot()
        #expect(Array(kept.keys) == ["progress.two-sum"], "\(kept.keys)")
        let record = String(decoding: kept["progress.two-sum"] ?? Data(), as: UTF8.self)
        #expect(record.hasPrefix(#"{"status":"todo","noteAt":"#) && !record.contains(#""note":"#), "\(record)")
        // An export leaves such a record out: no problem was touched.
        #expect(!(try leettrack.run("export").stdout.contains("two-sum")))
    }

    @Test("note --edit saves what the editor wrote")
    func noteEdit() throws {
        let leettrack = try LeetTrackRunner()
        let script = leettrack.directory.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nprintf 'written in the editor 日本\\n' > \"$1\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try leettrack.run(["note", "1", "--edit"], environment: ["EDITOR": script.path])
        #expect(result.status == 0)
        #expect(try leettrack.run("note", "1").stdout == "written in the editor 日本\n")
    }

    @Test("note --edit with a failing editor changes nothing and exits 1")
    func noteEditFails() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "1", "keep me")
        let before = try leettrack.snapshot()
        let result = try leettrack.run(["note", "1", "--edit"], environment: ["VISUAL": "false"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("editor"))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("reset keeps the history unless --forget")
    func reset() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "2")
        #expect(try leettrack.run("reset", "1").status == 0)
        let kept = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        #expect(kept["status"] as? String == "todo")
        #expect((kept["history"] as? [[String: Any]])?.count == 2)
        #expect(try leettrack.run("reset", "2", "--forget").status == 0)
        #expect(try leettrack.snapshot().keys.sorted() == ["progress.two-sum"])
    }

    @Test("reset --all asks first and does nothing unless the answer is yes")
    func resetAll() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "2", "3")
        let before = try leettrack.snapshot()
        let refused = try leettrack.run("reset", "--all", input: "n\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("[y/N]"))
        #expect(try leettrack.snapshot() == before)
        let accepted = try leettrack.run("reset", "--all", input: "y\n")
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("Reset 3 problems"))
        #expect(try leettrack.run("list", "--status", "solved").stdout.hasPrefix("0 problems"))
    }

    @Test("reset --all --yes --forget does not ask and erases everything but favorites and notes")
    func resetAllYes() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "2")
        try leettrack.run("fav", "2")
        let result = try leettrack.run("reset", "--all", "--yes", "--forget")
        #expect(result.status == 0)
        #expect(try leettrack.snapshot().keys.sorted() == ["progress.add-two-numbers"])
    }

    @Test("stats shows counts per difficulty, favorites, streaks and the last 7 days")
    func stats() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "4")
        try leettrack.run("attempt", "146")
        try leettrack.run("fav", "1")
        let result = try leettrack.run("stats")
        #expect(result.status == 0)
        for text in ["Solved 2 of 4029", "attempted 1", "Easy", "960", "Favorites:  1", "Streak:     1 day", "Last 7 days:"] {
            #expect(result.stdout.contains(text))
        }
        let json = try #require(try leettrack.json(try leettrack.run("stats", "--json")) as? [String: Any])
        #expect(json["currentStreak"] as? Int == 1)
        #expect((json["lastSevenDays"] as? [[String: Any]])?.last?["solved"] as? Int == 2)
    }

    @Test("lists shows every study list's progress and one list's problems")
    func lists() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        let all = try leettrack.run("lists", "--json")
        let summaries = try #require(try leettrack.json(all) as? [[String: Any]])
        #expect(summaries.count == 7)
        #expect(summaries.first?["solved"] as? Int == 1)
        let blind = try leettrack.run("lists", "Blind 75")
        #expect(blind.status == 0)
        #expect(blind.stdout.contains("Contains Duplicate"))
        #expect(blind.stdout.contains("1 of 75 solved"))
    }

    @Test("random picks an unsolved problem that matches the filters")
    func random() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        for _ in 0..<3 {
            let json = try #require(try leettrack.json(try leettrack.run("random", "--list", "blind-75", "--difficulty", "easy", "--json")) as? [String: Any])
            #expect(json["difficulty"] as? String == "easy")
            #expect(json["slug"] as? String != "two-sum")
        }
        try leettrack.run("solve", "two-sum-ii-input-array-is-sorted", "1")
        let none = try leettrack.run("random", "two sum ii input array")
        #expect(none.status == 1)
        #expect(none.stderr.contains("every problem these filters match is solved"), "\(none.stderr)")
    }

    @Test("colour is off when NO_COLOR is set or output is not a terminal")
    func noColour() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(["list", "--limit", "2"], environment: ["NO_COLOR": "1"])
        #expect(!result.stdout.contains("\u{1B}"))
    }
}

@Suite("leettrack on a terminal, end to end")
struct TerminalEndToEndTests {
    /// Runs `leettrack` on a pseudo-terminal through util-linux `script`.
    func runOnTerminal(_ command: String, _ leettrack: LeetTrackRunner, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(LeetTrackRunner.executable.path)' --store '\(leettrack.storePath)' \(command)", "/dev/null"]
        process.environment = leettrack.environment(environment)
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("colours the output on a terminal", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnTerminal() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try runOnTerminal("list --limit 1", leettrack).contains("\u{1B}[32mEasy"))
    }

    @Test("does not colour a terminal's output when NO_COLOR is set", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func noColourOnTerminal() throws {
        let leettrack = try LeetTrackRunner()
        let output = try runOnTerminal("list --limit 1", leettrack, environment: ["NO_COLOR": "1"])
        #expect(output.contains("Two Sum"))
        #expect(!output.contains("\u{1B}["))
    }
}

@Suite("leettrack list filters, end to end")
struct ListFiltersEndToEndTests {
    func ids(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> [Int] {
        let result = try leettrack.run(["list", "--json"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try leettrack.json(result) as? [[String: Any]]).compactMap { $0["id"] as? Int }
    }

    @Test("each filter narrows the listing as its name says")
    func filters() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try ids(leettrack, ["--category", "shell"]) == [192, 193, 194, 195])
        #expect(try ids(leettrack, ["--tag", "hash-table", "--limit", "2"]) == [1, 3])
        #expect(try ids(leettrack, ["--paid", "--limit", "1"]).first.map { $0 > 0 } == true)
        let free = try ids(leettrack, ["--free", "--list", "blind-75"])
        #expect(free.count == 75 - (try ids(leettrack, ["--paid", "--list", "blind-75"])).count)
        #expect(try ids(leettrack, ["146"]) == [146])
        #expect(try ids(leettrack, ["--sort", "difficulty", "--limit", "1", "--difficulty", "hard"]) == [4])
    }

    @Test("--sort recent puts the latest practice first")
    func recent() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-01-01")
        try leettrack.run("solve", "146", "--date", "2026-01-02")
        #expect(try ids(leettrack, ["--sort", "recent", "--limit", "3"]) == [146, 1, 2])
    }
}
