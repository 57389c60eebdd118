import Foundation
import Testing

/// Time is an input of the command line only through its clock: a debug build takes a fixed
/// instant from `LEETTRACK_NOW`, which end-to-end tests use to check exactly what is recorded.
@Suite("The clock, end to end")
struct ClockEndToEndTests {
    let fixed = ["LEETTRACK_NOW": "2026-03-04T05:06:07Z"]

    @Test("a command run with a fixed clock records exactly that instant")
    func recordsTheInstant() throws {
        let leettrack = try LeetTrackRunner()
        let solve = try leettrack.run(["solve", "1", "--json"], environment: fixed)
        #expect(solve.status == 0, "\(solve.stderr)")
        #expect(solve.stdout.contains("\"date\" : \"2026-03-04T05:06:07Z\""))
        #expect(solve.stdout.contains("\"lastReview\" : \"2026-03-04T05:06:07Z\""))
        try leettrack.run(["note", "1", "hash map"], environment: fixed)
        let export = try leettrack.run("export")
        #expect(export.stdout.contains("2026-03-04T05:06:07Z"))
    }

    @Test("days are counted from the fixed instant: --date after it is in the future")
    func futureIsByTheClock() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(["solve", "1", "--date", "2026-03-05"], environment: fixed)
        #expect(result.status == 64)
        #expect(result.stderr.contains("in the future"))
    }

    @Test("an instant that is not ISO 8601 is refused and changes nothing")
    func badInstant() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(["fav", "1"], environment: ["LEETTRACK_NOW": "yesterday"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("LEETTRACK_NOW 'yesterday'"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("LEETTRACK_TODAY runs a command on that day, at noon in the user's time zone")
    func todayIsTheDay() throws {
        let leettrack = try LeetTrackRunner()
        let solve = try leettrack.run(["solve", "1", "--json"], environment: ["LEETTRACK_TODAY": "2026-11-29", "TZ": "America/New_York"])
        #expect(solve.status == 0, "\(solve.stderr)")
        #expect(solve.stdout.contains("\"date\" : \"2026-11-29T17:00:00Z\""))
        let today = try leettrack.run(["today"], environment: ["LEETTRACK_TODAY": "2026-12-01"])
        #expect(today.stdout.contains("Today, Tue 2026-12-01"))
        #expect(today.stdout.contains("1. Two Sum"), "due on 2026-12-01: \(today.stdout)")
    }

    @Test("LEETTRACK_TODAY follows the rule of --date: a bad day is a usage error (64) saying the same, and creates no store")
    func badToday() throws {
        let leettrack = try LeetTrackRunner()
        let dated = try LeetTrackRunner()
        for text in ["tomorrow", "2026-02-30", "2026-11-29T12:00:00Z", "2009-01-01", "2009-12-31"] {
            let result = try leettrack.run(["fav", "1"], environment: ["LEETTRACK_TODAY": text])
            #expect(result.status == 64, "\(text): \(result.stderr)")
            // The same reason as `--date` gives for the same text (the parser checks `--date`: its
            // line names the option and the value, and the option's help and the usage follow it).
            let date = try dated.run(["solve", "1", "--date", text])
            #expect(date.status == 64, "\(text): \(date.stderr)")
            #expect(date.stderr.contains("The value '\(text)' is invalid for '--date <yyyy-mm-dd>': "), "\(text): \(date.stderr)")
            let reason = try #require(
                date.stderr.firstRange(of: "'\(text)' is not a valid date").map { date.stderr[$0.lowerBound...].prefix { $0 != "\n" } })
            #expect(result.stderr.contains("LEETTRACK_TODAY: \(reason.trimmingCharacters(in: .newlines))"), "\(text): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
        // 2010-01-01 is the first day both accept.
        #expect(try leettrack.run(["today"], environment: ["LEETTRACK_TODAY": "2010-01-01"]).status == 0)
    }

    @Test("with LEETTRACK_TODAY, random picks by the day: the same day the same problem, another day may differ")
    func randomByTheDay() throws {
        let leettrack = try LeetTrackRunner()
        let picks = try ["2026-11-29", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"].map { day in
            let result = try leettrack.run(["random", "--difficulty", "medium"], environment: ["LEETTRACK_TODAY": day])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(picks[0] == picks[1])
        #expect(Set(picks).count > 1)
    }

    @Test("random's pick on a fixed day is the same in every time zone (the README's tour is read everywhere)")
    func randomByTheDayInEveryZone() throws {
        let leettrack = try LeetTrackRunner()
        let picks = try ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Pacific/Kiritimati"].map { zone in
            let result = try leettrack.run(["random", "--difficulty", "medium"], environment: ["LEETTRACK_TODAY": "2026-11-29", "TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(Set(picks).count == 1, "\(picks)")
    }
}
