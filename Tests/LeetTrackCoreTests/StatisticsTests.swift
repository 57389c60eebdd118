import Foundation
import Testing
import Persistence
import TestSupport

@testable import LeetTrackCore

@Suite("Statistics")
struct StatisticsTests {
    let utc = TimeZone(identifier: "UTC")!

    func date(_ text: String) -> Date { UTCTimestamp.date(from: text)! }

    func record(_ status: Status, _ times: String..., kind: ProgressEvent.Kind = .solved) -> ProblemProgress {
        ProblemProgress(status: status, events: times.map { ProgressEvent(kind: kind, date: date($0)) })
    }

    @Test("the median of stored numbers near the limit does not overflow")
    func medianOfHugeNumbers() {
        #expect(Statistics.median([Int.max, Int.max - 2]) == Int.max - 1)
        #expect(Statistics.median([3, 1, 2, 10]) == 2)
        #expect(Statistics.median([]) == nil)
    }

    @Test("counts solved and attempted per difficulty against the catalog's totals")
    func perDifficulty() {
        let stats = Statistics(
            catalog: .builtIn,
            progress: ["two-sum": record(.solved), "lru-cache": record(.attempted), "median-of-two-sorted-arrays": record(.solved),
                       "not-in-the-catalog": record(.solved)],
            now: date("2026-11-29T12:00:00Z"), timeZone: utc)
        #expect(stats.byDifficulty.map(\.solved) == [1, 0, 1])
        #expect(stats.byDifficulty.map(\.attempted) == [0, 1, 0])
        #expect(stats.byDifficulty.map(\.total) == [960, 2103, 966])
        #expect(stats.total.solved == 2)
    }

    @Test("a streak that ended yesterday is still current, and the longest is kept")
    func streaks() {
        let progress = [
            "two-sum": record(.solved, "2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z", "2026-11-03T10:00:00Z"),
            "lru-cache": record(.solved, "2026-11-27T10:00:00Z", "2026-11-28T23:59:59Z"),
        ]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-11-29T08:00:00Z"), timeZone: utc)
        #expect(stats.currentStreak == 2)
        #expect(stats.longestStreak == 3)
        let later = Statistics(catalog: .builtIn, progress: progress, now: date("2026-12-01T08:00:00Z"), timeZone: utc)
        #expect(later.currentStreak == 0)
    }

    @Test("resets do not count as practice")
    func resetsDoNotCount() {
        let progress = ["two-sum": record(.todo, "2026-11-29T10:00:00Z", kind: .reset)]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-11-29T12:00:00Z"), timeZone: utc)
        #expect(stats.currentStreak == 0)
        #expect(stats.lastSevenDays.map(\.total) == [0, 0, 0, 0, 0, 0, 0])
    }

    @Test("days are counted in the user's time zone, not in UTC")
    func timeZones() throws {
        // 23:30 UTC on the 28th is already the 29th in Tokyo and still the 28th in New York.
        let progress = ["two-sum": record(.solved, "2026-11-28T23:30:00Z")]
        let now = date("2026-11-29T12:00:00Z")
        let tokyo = Statistics(catalog: .builtIn, progress: progress, now: now, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let newYork = Statistics(catalog: .builtIn, progress: progress, now: now, timeZone: try #require(TimeZone(identifier: "America/New_York")))
        #expect(tokyo.lastSevenDays.last?.solved == 1)
        #expect(newYork.lastSevenDays.last?.solved == 0)
        #expect(newYork.lastSevenDays.dropLast().last?.solved == 1)
    }

    @Test("a daylight-saving change does not split or merge days")
    func daylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // Clocks went back on 2026-10-25; 23:30 local on each side of it.
        let progress = ["two-sum": record(.solved, "2026-10-24T21:30:00Z", "2026-10-25T22:30:00Z")]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-10-26T12:00:00Z"), timeZone: berlin)
        #expect(stats.lastSevenDays.suffix(3).map(\.solved) == [1, 1, 0])
        #expect(stats.currentStreak == 2)
    }

    @Test("the last seven days end today, oldest first")
    func lastSevenDays() {
        let stats = Statistics(catalog: .builtIn, progress: [:], now: date("2026-11-29T12:00:00Z"), timeZone: utc)
        #expect(stats.lastSevenDays.map(\.day.description) == (23...29).map { "2026-11-\($0)" })
        #expect(stats.lastSevenDays.last?.day.weekdayName == "Sun")
    }
}

@Suite("Local days")
struct LocalDayTests {
    @Test("a day appended as bytes is its description, in every year the digits cover and beyond")
    func appendedDescription() {
        // From before year 0 to after 9999, every 37th day, and the edges of the digit-by-digit range.
        let edges = [CivilDay.days(fromYear: 1000, month: 1, day: 1), CivilDay.days(fromYear: 9999, month: 12, day: 31)]
        for number in Array(stride(from: -800_000, through: 3_000_000, by: 37)) + edges.flatMap({ [$0 - 1, $0, $0 + 1] }) {
            let day = LocalDay(dayNumber: number)
            var bytes: [UInt8] = [UInt8(ascii: ">")]
            day.appendDescription(to: &bytes)
            #expect(bytes == Array((">" + day.description).utf8), "\(number)")
        }
    }

    @Test("parses YYYY-MM-DD and rejects days that do not exist")
    func parsing() throws {
        #expect(try LocalDay(parsing: "2024-02-29").description == "2024-02-29")
        for bad in ["2025-02-29", "2025-13-01", "2025-1-1", "yesterday", "2025-04-31"] {
            #expect(throws: LeetTrackError.self) { try LocalDay(parsing: bad) }
        }
    }

    @Test("noon of a day falls on that day in its time zone")
    func noon() throws {
        let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        let day = try LocalDay(parsing: "2026-03-08")
        #expect(LocalDay(day.noon(in: zone), in: zone) == day)
    }
}

@Suite("Streaks from repeated practice days")
struct StreaksFromEventDaysTests {
    /// The days inserted one at a time, in the order given.
    private func practiceDays(_ days: [Int]) -> PracticeDays {
        var set = PracticeDays()
        for day in days { set.insert(day) }
        return set
    }

    @Test("the bits give the streaks a set of distinct days gives, over small, wide, negative and extreme spans, in any order")
    func sameAsASet() {
        var generator = SeededRandom(seed: 17)
        let spans = [0, 1, 7, 63, 64, 65, 1_460, 36_499, 38_399, 38_400, 38_464, 1_000_000]
        for span in spans {
            for _ in 0..<20 {
                let start = Int.random(in: -30_000...30_000, using: &generator)
                var days = (0..<Int.random(in: 1...3_000, using: &generator)).map { _ in start + Int.random(in: 0...span, using: &generator) }
                if Bool.random(using: &generator) { days.sort() }
                let today = start + Int.random(in: -2...(span + 2), using: &generator)
                let bits = practiceDays(days)
                #expect(bits.streaks(today: today) == Statistics.streaks(practiceDays: Set(days), today: today))
                for day in [today, start - 1, start, start + span, start + span + 1] {
                    #expect(bits.contains(day) == days.contains(day))
                }
            }
        }
        // Whole words of practice, and runs across a word's edge.
        let run = Array(-200...200)
        #expect(practiceDays(run).streaks(today: 200) == (401, 401))
        #expect(practiceDays(run.reversed()).streaks(today: 202) == (0, 401))
        let extreme = [Int.min + 1, Int.max - 1, 0, 0, 1]
        #expect(practiceDays(extreme).streaks(today: 1) == Statistics.streaks(practiceDays: Set(extreme), today: 1))
        #expect(practiceDays([]).isEmpty && practiceDays([]).streaks(today: 0) == (0, 0))
    }
}
