import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Reviews in a store")
struct ReviewBookTests {
    let store: Store
    let book: ReviewBook
    let utc = TimeZone(identifier: "UTC")!
    let start = UTCTimestamp.date(from: "2026-03-01T12:00:00Z")!
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-review")
        store = try Store.sqlite(path: folder.path("store.sqlite"))
        book = ReviewBook(store: store, clock: .system, timeZone: TimeZone.gmt)
    }

    func day(_ count: Int) -> Date { start.addingTimeInterval(Double(count) * 86_400) }

    func solve(_ slugs: [String], rating: ReviewRating = .good, at date: Date) throws {
        let scheduler = try book.scheduler()
        try book.repository.update(slugs) { _, record in record.recordSolve(at: date, rating: rating, scheduler: scheduler) }
    }

    func problem(_ slug: String) -> Problem { Catalog.builtIn.problem(withSlug: slug)! }

    @Test("the queue holds what is due today or overdue, most overdue first")
    func dueQueue() throws {
        try solve(["lru-cache"], rating: .hard, at: start)  // due day 1
        try solve(["two-sum"], at: start)  // due day 2
        try solve(["contains-duplicate"], rating: .easy, at: start)  // due day 8
        let queue = try book.queue(catalog: .builtIn, now: day(3))
        #expect(queue.due.map(\.problem.slug) == ["lru-cache", "two-sum"])
        #expect(queue.due.map(\.daysOverdue) == [2, 1])
        #expect(queue.upcoming(days: 5).map(\.problem.slug) == ["contains-duplicate"])
        #expect(queue.upcoming(days: 4).isEmpty)
    }

    @Test("a card due later today is already in today's queue")
    func dueLaterToday() throws {
        try solve(["two-sum"], at: start)
        let morning = UTCTimestamp.date(from: "2026-03-03T06:00:00Z")!
        #expect(try book.queue(catalog: .builtIn, now: morning).due.map(\.daysOverdue) == [0])
    }

    @Test("rating a problem writes its one record and moves it out of the queue")
    func rate() throws {
        try solve(["two-sum", "lru-cache"], at: start)
        let before = try store.rawValue(forKey: "progress.lru-cache")
        let result = try book.rate(problem("two-sum"), .good, at: day(2))
        #expect(result.after.reps == 2)
        #expect(try store.rawValue(forKey: "progress.lru-cache") == before)
        #expect(try book.repository.progress(for: "two-sum").review == result.after)
        let queue = try book.queue(catalog: .builtIn, now: day(2))
        #expect(queue.due.map(\.problem.slug) == ["lru-cache"])
    }

    @Test("rating an unsolved problem throws notSolved and writes nothing")
    func rateUnsolved() throws {
        #expect(throws: LeetTrackError.notSolved(problem("two-sum"))) {
            try book.rate(problem("two-sum"), .good, at: day(1))
        }
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("rating before the first solve throws and writes nothing")
    func rateThePast() throws {
        try solve(["two-sum"], at: day(5))
        let before = try store.rawValue(forKey: "progress.two-sum")
        #expect(throws: LeetTrackError.self) { try book.rate(problem("two-sum"), .good, at: day(1)) }
        #expect(try store.rawValue(forKey: "progress.two-sum") == before)
    }

    @Test("a higher desired retention, stored in the settings, schedules sooner")
    func retentionSetting() throws {
        var settings = try book.settings()
        try settings.set(.desiredRetention, to: "97%")
        try book.save(settings)
        #expect(try ReviewBook(store: store, clock: .system, timeZone: utc).settings().desiredRetention == 0.97)
        try solve(["two-sum"], rating: .easy, at: start)
        let due = try #require(try book.repository.progress(for: "two-sum").review?.due)
        #expect(due < ReviewScheduler().newCard(rating: .easy, at: start).due)
    }

    @Test("settings reject values out of range and keep the old value")
    func badSettings() {
        var settings = ReviewSettings()
        for (name, value) in [(ReviewSettings.Name.desiredRetention, "1.2"), (.desiredRetention, "0.5"), (.maximumInterval, "0"), (.fuzz, "maybe")] {
            #expect(throws: LeetTrackError.self) { try settings.set(name, to: value) }
        }
        #expect(settings == ReviewSettings())
    }

    @Test("with fuzz on, problems solved together spread over several days, each the same on every run")
    func fuzzSpreads() throws {
        let scheduler = try ReviewSettings(fuzz: true).scheduler()
        let slugs = ["two-sum", "add-two-numbers", "lru-cache", "3sum", "valid-anagram", "group-anagrams", "clone-graph", "word-break"]
        let dues = slugs.map { scheduler.fuzzed(for: $0).newCard(rating: .easy, at: start).due }
        #expect(Set(dues).count > 1)
        #expect(dues == slugs.map { scheduler.fuzzed(for: $0).newCard(rating: .easy, at: start).due })
        #expect(ReviewScheduler().fuzzed(for: "two-sum") == ReviewScheduler())
    }

    @Test("the preview gives a later due date for each better rating")
    func preview() throws {
        let scheduler = ReviewScheduler()
        let card = scheduler.newCard(rating: .good, at: start)
        let dues = scheduler.preview(card, at: day(2))
        #expect(dues[.again]! < dues[.hard]!)
        #expect(dues[.hard]! < dues[.good]!)
        #expect(dues[.good]! < dues[.easy]!)
    }
}
