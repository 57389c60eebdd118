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
}
