import Foundation
import Testing

@Suite("leettrack stats --calendar, end to end")
struct CalendarEndToEndTests {
    /// `YYYY-MM-DD` of `days` days before today in UTC (the runner's time zone).
    func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(-days) * 86_400))
    }

    /// A known history: three days in a row ending yesterday, four events 10 days ago, one 200 days ago.
    func history(_ leettrack: LeetTrackRunner) throws {
        for arguments in [
            ["solve", "1", "--date", day(1)], ["attempt", "4", "--date", day(2)], ["solve", "217", "--date", day(3)],
            ["attempt", "146", "--date", day(10)], ["attempt", "146", "--date", day(10)], ["attempt", "146", "--date", day(10)],
            ["solve", "146", "--date", day(10)], ["attempt", "70", "--date", day(200)],
        ] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    @Test("the calendar of a known history: counts per day, levels, legend and streaks")
    func knownHistory() throws {
        let leettrack = try LeetTrackRunner()
        try history(leettrack)
        let text = try leettrack.run("stats", "--calendar")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[2].hasPrefix("Mon ") && lines[4].hasPrefix("Wed ") && lines[6].hasPrefix("Fri "))
        #expect(lines[8] == "    Less ·░▒▓█ More")
        let grid = lines[1...7].map { $0.dropFirst(4) }
        #expect(grid.joined().filter { $0 == "█" }.count == 1)  // the busiest day (4 events)
        #expect(grid.joined().filter { $0 == "░" }.count == 4)  // four days with one event
        #expect(grid.allSatisfy { $0.count <= 52 })
        #expect(text.stdout.contains("8 solves, attempts and reviews on 5 days"))
        #expect(text.stdout.contains("Streak:     3 days (longest 3 days)"))
        #expect(!text.stdout.contains("\u{1B}["))

        let json = try #require(try leettrack.json(try leettrack.run("stats", "--calendar", "--json")) as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: days.compactMap { entry in
            (entry["date"] as? String).map { ($0, entry["count"] as? Int ?? -1) }
        })
        #expect(counts[day(10)] == 4 && counts[day(1)] == 1 && counts[day(200)] == 1 && counts[day(5)] == 0)
        #expect(days.last?["date"] as? String == day(0))
        #expect(json["currentStreak"] as? Int == 3)
    }

    @Test("the calendar is in colour on a terminal, and not with NO_COLOR")
    func colourOnTerminal() throws {
        let leettrack = try LeetTrackRunner()
        try history(leettrack)
        let command = "\(LeetTrackRunner.executable.path) --store \(leettrack.storePath) stats --calendar"
        let coloured = try leettrack.runScript(command)
        #expect(coloured.contains("\u{1B}[38;5;40m■"))
        let plain = try leettrack.runScript(command, environment: ["NO_COLOR": "1"])
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("Less ·░▒▓█ More"))
    }

    @Test("stats shows the most practised tags with solved and total counts")
    func tags() throws {
        let leettrack = try LeetTrackRunner()
        try history(leettrack)
        let text = try leettrack.run("stats").stdout
        #expect(text.contains("Most practised tags:\n  Hash Table"))
        let json = try #require(try leettrack.json(try leettrack.run("stats", "--json")) as? [String: Any])
        let tags = try #require(json["tags"] as? [[String: Any]])
        #expect(tags.first?["tag"] as? String == "Hash Table")
        #expect(tags.first?["solved"] as? Int == 3)
        #expect(tags.count <= 15)
    }
}

extension LeetTrackRunner {
    /// Runs a shell command under a pseudo-terminal (util-linux `script`), so standard output is a
    /// terminal; returns what it printed.
    func runScript(_ command: String, environment extra: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = environment(extra)
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
