import Foundation
import Testing

@testable import LeetTrackCore

@Suite("Practice calendar, streaks and tags")
struct PracticeCalendarTests {
    func date(_ text: String) -> Date { UTCTimestamp.date(from: text)! }

    func record(_ times: String..., kind: ProgressEvent.Kind = .attempted) -> ProblemProgress {
        ProblemProgress(status: .attempted, events: times.map { ProgressEvent(kind: kind, date: date($0)) })
    }

    func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    func count(_ calendar: PracticeCalendar, _ day: String) throws -> Int {
        let wanted = try LocalDay(parsing: day)
        return try #require(calendar.weeks.joined().first { $0.day == wanted }).count
    }

    @Test("52 weeks of Sunday-first columns, today in the last one and later days marked future")
    func shape() throws {
        let calendar = PracticeCalendar(progress: [:], now: date("2026-11-25T12:00:00Z"), timeZone: try zone("UTC"))  // a Wednesday
        #expect(calendar.weeks.count == 52)
        #expect(calendar.weeks.allSatisfy { $0.count == 7 && $0[0].day.weekdayName == "Sun" })
        let last = try #require(calendar.weeks.last)
        #expect(last[3].day.description == "2026-11-25")
        #expect(last.map(\.isFuture) == [false, false, false, false, true, true, true])
        #expect(calendar.weeks[0][0].day.description == "2025-11-30")
    }

    @Test("counts practice per day and shades the busiest days darkest")
    func countsAndLevels() throws {
        let progress = [
            "two-sum": record("2026-11-20T10:00:00Z", "2026-11-20T11:00:00Z", "2026-11-20T12:00:00Z", "2026-11-20T13:00:00Z"),
            "lru-cache": record("2026-11-21T10:00:00Z"),
            "reset-only": ProblemProgress(events: [ProgressEvent(kind: .reset, date: date("2026-11-22T10:00:00Z"))]),
        ]
        let calendar = PracticeCalendar(progress: progress, now: date("2026-11-25T12:00:00Z"), timeZone: try zone("UTC"))
        #expect(try count(calendar, "2026-11-20") == 4)
        #expect(try count(calendar, "2026-11-22") == 0)
        let cells = Array(calendar.weeks.joined())
        #expect(cells.first { $0.count == 4 }?.level == 4)
        #expect(cells.first { $0.count == 1 }?.level == 1)
        #expect(calendar.total == 5)
        #expect(calendar.activeDays == 2)
    }

    @Test("an event one second before local midnight and one at midnight fall on two days")
    func midnight() throws {
        let progress = ["two-sum": record("2026-11-20T22:59:59Z", "2026-11-20T23:00:00Z")]
        let calendar = PracticeCalendar(progress: progress, now: date("2026-11-25T12:00:00Z"), timeZone: try zone("Europe/Paris"))
        #expect(try count(calendar, "2026-11-20") == 1)
        #expect(try count(calendar, "2026-11-21") == 1)
    }

    @Test("across a daylight-saving change each event stays on the day it was lived")
    func daylightSaving() throws {
        // New York moved its clocks back on 2026-11-01; 23:30 local on each side of the change.
        let progress = ["two-sum": record("2026-11-01T03:30:00Z", "2026-11-02T04:30:00Z")]
        let newYork = try zone("America/New_York")
        let calendar = PracticeCalendar(progress: progress, now: date("2026-11-03T12:00:00Z"), timeZone: newYork)
        #expect(try count(calendar, "2026-10-31") == 1)
        #expect(try count(calendar, "2026-11-01") == 1)
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-11-02T12:00:00Z"), timeZone: newYork)
        #expect(stats.currentStreak == 2)
    }

    @Test("after a move to another time zone, the history is counted in the new zone's days")
    func timeZoneMove() throws {
        // 23:00 and 01:00 in Tokyo (two days there) are 09:00 and 11:00 on one day in New York.
        let progress = ["two-sum": record("2026-11-27T14:00:00Z", "2026-11-27T16:00:00Z")]
        let now = date("2026-11-28T12:00:00Z")
        let tokyo = PracticeCalendar(progress: progress, now: now, timeZone: try zone("Asia/Tokyo"))
        let newYork = PracticeCalendar(progress: progress, now: now, timeZone: try zone("America/New_York"))
        #expect(try count(tokyo, "2026-11-27") == 1 && count(tokyo, "2026-11-28") == 1)
        #expect(try count(newYork, "2026-11-27") == 2)
        let tokyoStats = Statistics(catalog: .builtIn, progress: progress, now: now, timeZone: try zone("Asia/Tokyo"))
        let newYorkStats = Statistics(catalog: .builtIn, progress: progress, now: now, timeZone: try zone("America/New_York"))
        #expect((tokyoStats.currentStreak, tokyoStats.longestStreak) == (2, 2))
        #expect((newYorkStats.currentStreak, newYorkStats.longestStreak) == (1, 1))
    }

    @Test("reviews count towards streaks like solves and attempts")
    func reviewsCount() throws {
        let progress = [
            "two-sum": record("2026-11-27T10:00:00Z", kind: .solved),
            "lru-cache": record("2026-11-28T10:00:00Z", "2026-11-29T10:00:00Z", kind: .reviewed),
        ]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-11-29T12:00:00Z"), timeZone: try zone("UTC"))
        #expect(stats.currentStreak == 3)
    }

    @Test("the most practised tags come first, with solved and total counts from the catalog")
    func tags() throws {
        let progress = [
            "two-sum": ProblemProgress(status: .solved),  // Array, Hash Table
            "contains-duplicate": ProblemProgress(status: .solved),  // Array, Hash Table, Sorting
            "lru-cache": record("2026-11-29T10:00:00Z"),  // Hash Table, Linked List, Design, Doubly-Linked List
        ]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: date("2026-11-29T12:00:00Z"), timeZone: try zone("UTC"))
        #expect(stats.tags.first?.tag == "Hash Table")
        #expect(stats.tags.first?.practised == 3)
        #expect(stats.tags.first?.solved == 2)
        #expect(stats.tags.first?.total == Catalog.builtIn.countsByTag()["Hash Table"])
        #expect(stats.tags[1].tag == "Array")
        #expect(stats.tags.count <= Statistics.tagCount)
    }
}

@Suite("Days of many instants")
struct LocalDaysTests {
    @Test("the cached days agree with asking the zone for every instant, across daylight-saving changes", arguments: [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia", "UTC",
    ])
    func agreesWithTheZone(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var days = LocalDays(in: zone)
        var generator = SystemRandomNumberGenerator()
        // Every 7 minutes over the days around this zone's changes in 2011 (Apia skipped a whole
        // day that year), then random instants over a century, asked in random order.
        var instants = stride(from: 1_293_840_000, to: 1_325_376_000, by: 420).map { Double($0) }
        instants += (0..<20_000).map { _ in Double(Int.random(in: -1_000_000_000...3_000_000_000, using: &generator)) }
        // Instants between seconds (a record's own times), before 1970 too, and at the ends of the
        // range the table covers.
        instants += (0..<5_000).map { _ in Double.random(in: -3e9...4e9, using: &generator) }
        instants += [-0.5, -86_400.25, -86_399.75, 86_399.999, 1e12 - 0.5, -1e12 + 0.5, 999_999_999_999, -999_999_999_999.5]
        instants.shuffle(using: &generator)
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(days.day(of: date) == LocalDay(date, in: zone), "\(identifier) \(seconds)")
        }
    }
}

extension LocalDaysTests {
    /// A zone whose offset goes from +1 h to +2 h at `change`.
    private struct OneChange: UTCOffsetProvider {
        let change: Double
        func secondsFromGMT(for date: Date) -> Int { date.timeIntervalSince1970 < change ? 3_600 : 7_200 }
    }

    @Test("a change at a UTC day's first or last second, or within it, puts every instant on the zone's day", arguments: [
        0.0, 1.0, 43_200, 86_399, 86_400, 86_401,
    ])
    func changesAtTheEdgesOfADay(secondsIntoDay: Double) {
        let dayStart = 1_700_006_400.0  // 2023-11-15T00:00:00Z, a UTC day's first second.
        let zone = OneChange(change: dayStart + secondsIntoDay)
        var days = LocalDays(in: zone)
        // The days around the change, every second near it and every ten minutes otherwise, in
        // an order that asks about the later days first.
        var instants = stride(from: dayStart - 2 * 86_400, to: dayStart + 3 * 86_400, by: 600).map { $0 }
        instants += stride(from: zone.change - 7_300, through: zone.change + 7_300, by: 1).map { $0 }
        for seconds in instants.reversed() {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(days.day(of: date) == LocalDay(date, in: zone), "change at +\(secondsIntoDay) s, instant \(seconds)")
        }
    }
}

@Suite("Problems practised per day")
struct ProblemsByDayTests {
    @Test("each problem counts once on each day it was practised, however many events it had that day")
    func countsEachProblemOncePerDay() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        var generator = SystemRandomNumberGenerator()
        let kinds: [ProgressEvent.Kind] = [.solved, .attempted, .reviewed, .reset]
        var progress: [String: ProblemProgress] = [:]
        for number in 0..<300 {
            let events = (0..<Int.random(in: 0...15, using: &generator)).map { _ in
                ProgressEvent(
                    kind: kinds.randomElement(using: &generator)!,
                    date: Date(timeIntervalSince1970: Double(Int.random(in: 1_700_000_000...1_700_000_000 + 40 * 86_400, using: &generator))))
            }
            progress["problem-\(number)"] = ProblemProgress(status: .attempted, events: events)
        }
        var expected: [Int: Int] = [:]
        for record in progress.values {
            let days = Set(record.events.filter(\.kind.isPractice).map { LocalDay($0.date, in: zone).dayNumber })
            for day in days { expected[day, default: 0] += 1 }
        }
        #expect(DailyGoalProgress.problemsByDay(progress, timeZone: zone) == expected)
        #expect(expected.values.reduce(0, +) > 300)
    }
}
