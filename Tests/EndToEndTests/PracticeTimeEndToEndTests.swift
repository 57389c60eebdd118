import Foundation
import Testing

@Suite("Times and notes of solves and attempts, end to end")
struct PracticeTimeEndToEndTests {
    @Test("solve --time and attempt --time --note are kept with their events and shown in the history")
    func timeAndNoteInHistory() throws {
        let leettrack = try LeetTrackRunner()
        let attempt = try leettrack.run("attempt", "1", "--date", "2026-01-14", "--time", "1h10m", "--note", "TLE on case 57")
        #expect(attempt.status == 0, "\(attempt.stderr)")
        #expect(attempt.stdout == "Recorded an attempt at 1. Two Sum in 1h10m.\n")
        let solve = try leettrack.run("solve", "1", "--date", "2026-01-15", "--time", "25m")
        #expect(solve.stdout.hasPrefix("Solved 1. Two Sum on 2026-01-15 (good) in 25m;"), "\(solve.stdout)")
        let shown = try leettrack.run("show", "1").stdout
        #expect(shown.contains("2026-01-14 12:00  attempted in 1h10m: TLE on case 57"), "\(shown)")
        #expect(shown.contains("2026-01-15 12:00  solved (good) in 25m"), "\(shown)")
        let json = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.map { $0["seconds"] as? Int } == [4200, 1500])
        #expect(history.first?["note"] as? String == "TLE on case 57")
    }

    @Test("a bad time is a usage error that writes nothing", arguments: ["0", "24h", "5x", "10m1h", "", "-5", "-1h"])
    func badTime(text: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "2")
        let before = try leettrack.snapshot()
        let result = try leettrack.run("solve", "1", "--time", text)
        #expect(result.status == 64)
        #expect(result.stderr.contains("is not a valid time"), "\(result.stderr)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a note or a value that starts with a dash is the option's value, as getopt takes it, not an unknown option")
    func valuesStartingWithADash() throws {
        let leettrack = try LeetTrackRunner()
        let solve = try leettrack.run("solve", "1", "--note", "- check the empty input")
        #expect(solve.status == 0, "\(solve.stderr)")
        let attempt = try leettrack.run("attempt", "2", "--note", "-1 on the last case")
        #expect(attempt.status == 0, "\(attempt.stderr)")
        #expect(try leettrack.run("show", "1").stdout.contains("Note:       - check the empty input"))
        #expect(try leettrack.run("show", "2").stdout.contains("attempted: -1 on the last case"))
        // A negative number reaches the value's own check, which says what is wrong with it.
        let before = try leettrack.snapshot()
        for (arguments, mention) in [
            (["solve", "3", "--time", "-5"], "'-5' is not a valid time: a time cannot be negative"),
            (["solve", "3", "--rating", "-1"], "The value '-1' is invalid for '--rating <rating>'"),
            (["attempt", "3", "--date", "-1"], "'-1' is not a valid date"),
            (["list", "--limit", "-1"], "needs a positive whole number, not '-1'"),
            (["list", "-n", "-3"], "needs a positive whole number, not '-3'"),
            (["review", "--upcoming", "-3"], "positive whole number of days, not '-3'"),
        ] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        }
        #expect(try leettrack.snapshot() == before)
    }

    @Test("stats show the median time of timed solves per difficulty, also in JSON")
    func statsMedian() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--time", "10m")
        try leettrack.run("solve", "217", "--time", "20m")
        try leettrack.run("solve", "242", "--time", "45")
        let text = try leettrack.run("stats").stdout
        let easy = try #require(text.split(separator: "\n").first { $0.hasPrefix("Easy") })
        #expect(easy.hasSuffix("median 20m"), "\(easy)")
        let json = try #require(try leettrack.json(try leettrack.run("stats", "--json")) as? [String: Any])
        let lines = try #require(json["byDifficulty"] as? [[String: Any]])
        #expect(lines.first?["medianSeconds"] as? Int == 1200)
        #expect(lines[1]["medianSeconds"] == nil)
    }

    @Test("an export carries the times and notes as version 2, and an import into a new store keeps them")
    func exportImportRoundTrip() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("attempt", "4", "--time", "30m", "--note", "two pointers fail")
        let exported = try leettrack.export()
        #expect(exported.contains(#""version" : 2"#))
        #expect(exported.contains(#""seconds" : 1800"#) && exported.contains(#""note" : "two pointers fail""#))
        let file = try leettrack.write(exported, to: "export.json")
        let other = leettrack.directory.appendingPathComponent("other.sqlite").path
        let imported = try leettrack.run(["--store", other, "import", file], useStore: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try leettrack.export(store: other) == exported)
    }
}
