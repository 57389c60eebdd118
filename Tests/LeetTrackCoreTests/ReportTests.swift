import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The progress report's numbers, from a known history in a store")
struct ReportTests {
    func known() throws -> ProgressReport {
        let fixture = try ReportFixture()
        try fixture.write()
        return try fixture.report()
    }

    @Test("counts solved, attempted and total per difficulty as stats does")
    func difficulties() throws {
        let report = try known()
        #expect(report.statistics.byDifficulty.map(\.solved) == [2, 2, 1])
        #expect(report.statistics.byDifficulty.map(\.attempted) == [0, 1, 0])
        #expect(report.statistics.byDifficulty.map(\.total) == [960, 2103, 966])
        #expect(report.statistics.total.solved == 5 && report.statistics.total.attempted == 1)
        let stats = Statistics(catalog: .builtIn, progress: ReportFixture.records, now: ReportFixture.now, timeZone: ReportFixture.utc)
        #expect(report.statistics == stats)
    }

    @Test("the streaks run from 11-26 to today, four days")
    func streaks() throws {
        let report = try known()
        #expect(report.statistics.currentStreak == 4)
        #expect(report.statistics.longestStreak == 4)
    }

    @Test("the calendar covers 53 weeks ending today and counts the practice events in them")
    func calendar() throws {
        let report = try known()
        let calendar = report.calendar
        #expect(calendar.weeks.count == 53)
        #expect(calendar.weeks.first?.first?.day.description == "2025-11-30")
        #expect(calendar.today.description == "2026-11-29")
        #expect(calendar.total == 9)
        #expect(calendar.activeDays == 7)
        #expect(calendar.busiestDay == 2)
        let expected = PracticeCalendar(progress: ReportFixture.records, now: ReportFixture.now, timeZone: ReportFixture.utc, weeks: 53)
        #expect(calendar == expected)
    }

    @Test("each day's detail says what was done and on which problems, and adds up to the calendar's count")
    func dayDetails() throws {
        let report = try known()
        let day = try LocalDay(parsing: "2026-11-27")
        let detail = try #require(report.dayDetails[day.dayNumber])
        #expect(detail.solved == 1 && detail.attempted == 1 && detail.reviewed == 0)
        #expect(detail.problems.map(\.name) == ["2. Add Two Numbers", "146. LRU Cache"])
        for cell in report.calendar.weeks.joined() {
            #expect((report.dayDetails[cell.day.dayNumber]?.total ?? 0) == cell.count, "\(cell.day)")
        }
        #expect(report.dayDetails[try LocalDay(parsing: "2026-01-05").dayNumber] == nil)  // a reset is not practice
    }

    @Test("every list shows its solved and attempted counts, the built-in lists first, then the user's")
    func lists() throws {
        let report = try known()
        let solved: Set = ["two-sum", "lru-cache", "median-of-two-sorted-arrays", "number-of-islands", "merge-two-sorted-lists"]
        let builtIn = Catalog.builtIn.studyLists
        #expect(report.lists.map(\.list.key) == builtIn.map(\.key) + ["tom-&-jerry's-<graphs>", "empty-one"])
        for (line, list) in zip(report.lists, builtIn) {
            #expect(line.total == list.slugs.count)
            #expect(line.solved == list.slugs.filter(solved.contains).count, "\(list.key)")
            #expect(line.attempted == (list.slugs.contains("add-two-numbers") ? 1 : 0), "\(list.key)")
        }
        let own = report.lists.filter(\.list.isOwn)
        #expect(own.map { [$0.total, $0.solved, $0.attempted] } == [[3, 2, 0], [0, 0, 0]])
        #expect(own.first?.list.name == ReportFixture.listName)
    }

    @Test("reviews this week: two overdue (one card derived from an old solve), one today, one later; the next after")
    func reviews() throws {
        let report = try known()
        #expect(report.dueNow.map(\.problem.slug) == ["merge-two-sorted-lists", "two-sum", "number-of-islands"])
        #expect(report.dueNow.map { $0.daysOverdue > 0 } == [true, true, false])
        #expect(report.dueNow[1].daysOverdue == 4)
        #expect(report.dueLaterThisWeek.map(\.problem.slug) == ["lru-cache"])
        #expect(report.dueLaterThisWeek.first?.dueDay.description == "2026-12-02")
        #expect(report.nextReview?.problem.slug == "median-of-two-sorted-arrays")
    }

    @Test("favorites are listed in id order with their status and note")
    func favorites() throws {
        let report = try known()
        #expect(report.favorites.map(\.problem.name) == ["1. Two Sum", "20. Valid Parentheses", "146. LRU Cache"])
        #expect(report.favorites.map(\.status) == [.solved, .todo, .solved])
        #expect(report.favorites.first?.note == ReportFixture.note)
    }

    @Test("the latest events of every kind, newest first, with their local time and rating")
    func events() throws {
        let report = try known()
        #expect(report.recentEvents.count == 11)
        #expect(report.recentEvents.map(\.localTime).prefix(3) == ["2026-11-29 08:00", "2026-11-28 12:00", "2026-11-28 09:00"])
        #expect(report.recentEvents.first.map { [$0.problem.slug, $0.kind.rawValue, $0.rating ?? ""] } == ["lru-cache", "reviewed", "good"])
        #expect(report.recentEvents.map(\.kind).contains(.reset))
        #expect(report.recentEvents.last?.problem.slug == "merge-two-sorted-lists")
    }

    @Test("only the latest 20 of many events are listed")
    func twentyEvents() throws {
        let fixture = try ReportFixture()
        let events = (0..<30).map { ProgressEvent(kind: .attempted, date: ReportFixture.now.addingTimeInterval(Double(-$0) * 3600)) }
        try ProgressRepository(store: fixture.store, clock: .system).update(["two-sum"]) { _, record in
            record = ProblemProgress(status: .attempted, events: events.reversed())
        }
        let report = try fixture.report()
        #expect(report.recentEvents.map(\.date) == Array(events.prefix(20).map(\.date)))
    }

    @Test("an empty store gives an empty report")
    func empty() throws {
        let report = try ReportFixture().report()
        #expect(report.statistics.total.solved == 0 && report.calendar.total == 0)
        #expect(report.favorites.isEmpty && report.recentEvents.isEmpty && report.dueNow.isEmpty && report.dayDetails.isEmpty)
        #expect(report.lists.count == Catalog.builtIn.studyLists.count)
    }

    @Test("days are counted in the user's time zone: 23:30 UTC is the next day in Tokyo")
    func timeZone() throws {
        let fixture = try ReportFixture()
        try ProgressRepository(store: fixture.store, clock: .system).update(["two-sum"]) { _, record in
            record = ProblemProgress(status: .attempted, events: [ReportFixture.event(.attempted, "2026-11-27T23:30:00Z")])
        }
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let report = try ProgressReport(
            tracker: Tracker(store: fixture.store, catalog: .builtIn, clock: .fixed(ReportFixture.now), timeZone: tokyo))
        #expect(report.dayDetails[try LocalDay(parsing: "2026-11-28").dayNumber]?.attempted == 1)
        #expect(report.recentEvents.first?.localTime == "2026-11-28 08:30")
        #expect(report.utcOffset == 9 * 3600)
    }
}
