import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Tracker and its clock")
struct TrackerTests {
    let instant = Date(timeIntervalSince1970: 1_772_600_767)  // 2026-03-04T05:06:07Z

    @Test("a note changed through a tracker is stamped with the tracker's clock")
    func noteStamp() throws {
        let tracker = try Tracker(store: .memory(), clock: .fixed(instant), timeZone: TimeZone.gmt)
        let changes = try tracker.progress.update(["two-sum"]) { _, record in record.note = "hash map" }
        #expect(changes.first?.after.noteUpdated == instant)
    }

    @Test("every kind of synced write is journaled at the tracker's instant")
    func syncStamps() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // What a first sync leaves.
        let tracker = try Tracker(store: store, clock: .fixed(instant), timeZone: TimeZone.gmt)
        let milliseconds = Int64(instant.timeIntervalSince1970 * 1000)
        try tracker.progress.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try store.value(for: SyncKeys.metadata("two-sum")).favorite?.milliseconds == milliseconds)
        try tracker.lists.create("Mine", in: tracker.catalog, at: instant)
        #expect(try store.value(for: SyncKeys.stamps("lists.mine")).changed?.milliseconds == milliseconds)
        var settings = ReviewSettings()
        try settings.set(.desiredRetention, to: "0.85")
        try tracker.reviews.save(settings)
        #expect(try store.value(for: SyncKeys.stamps(ReviewSettings.key.name)).changed?.milliseconds == milliseconds)
    }

    @Test("a tracker lays its store's catalog update over the built-in catalog, without changing it for others")
    func catalogPerTracker() throws {
        let tracker = try Tracker(store: .memory(), clock: .fixed(instant), timeZone: TimeZone.gmt)
        #expect(tracker.catalog.count == Catalog.builtIn.count)
    }

    @Test("the tracker's time zone decides the day: the review queue, a rating's day and the report's days, across a zone boundary")
    func zoneDecidesTheDay() throws {
        let solvedAt = try #require(UTCTimestamp.date(from: "2026-03-01T12:00:00Z"))
        // 20:00 UTC on the 2nd is already the 3rd in Tokyo, the day the card falls due.
        let now = try #require(UTCTimestamp.date(from: "2026-03-02T20:00:00Z"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let store = Store.memory()
        let utcTracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: TimeZone.gmt)
        let tokyoTracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: tokyo)
        let scheduler = try utcTracker.reviews.scheduler().fuzzed(for: "two-sum")
        try utcTracker.progress.update(["two-sum"]) { _, record in record.recordSolve(at: solvedAt, rating: .good, scheduler: scheduler) }
        let due = try #require(try utcTracker.progress.progress(for: "two-sum").review?.due)
        #expect(LocalDay(due, in: TimeZone.gmt).description == "2026-03-03")

        #expect(try utcTracker.reviews.queue(catalog: .builtIn, now: now).due.isEmpty)
        #expect(try tokyoTracker.reviews.queue(catalog: .builtIn, now: now).due.map(\.problem.slug) == ["two-sum"])
        #expect(try ProgressReport(tracker: utcTracker).dueNow.isEmpty)
        #expect(try ProgressReport(tracker: tokyoTracker).dueNow.count == 1)

        // An attempt at 16:00 UTC on the 1st is on the 2nd in Tokyo (01:00): the report's days follow the zone.
        let evening = try #require(UTCTimestamp.date(from: "2026-03-01T16:00:00Z"))
        try utcTracker.progress.update(["lru-cache"]) { _, record in
            record = ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: evening)])
        }
        let first = try LocalDay(parsing: "2026-03-01").dayNumber
        #expect(try ProgressReport(tracker: utcTracker).dayDetails[first]?.attempted == 1)
        #expect(try ProgressReport(tracker: tokyoTracker).dayDetails[first + 1]?.attempted == 1)

        // A rating dated before the first solve is refused, naming the solve's day in the tracker's zone.
        let early = try #require(UTCTimestamp.date(from: "2026-02-20T12:00:00Z"))
        let twoSum = try #require(Catalog.builtIn.problem(withSlug: "two-sum"))
        let lateSolve = try #require(UTCTimestamp.date(from: "2026-03-01T20:00:00Z"))  // the 2nd in Tokyo
        try utcTracker.progress.update(["two-sum"]) { _, record in
            record = ProblemProgress()
            record.recordSolve(at: lateSolve, rating: .good, scheduler: scheduler)
        }
        #expect(throws: LeetTrackError.reviewBeforeLastReview(twoSum, since: "first solved on 2026-03-01")) {
            try utcTracker.reviews.rate(twoSum, .good, at: early)
        }
        #expect(throws: LeetTrackError.reviewBeforeLastReview(twoSum, since: "first solved on 2026-03-02")) {
            try tokyoTracker.reviews.rate(twoSum, .good, at: early)
        }
    }

    /// The lines of code (comments left out) of every Swift file of the target `name`, by file name.
    static func code(ofTarget name: String) throws -> [(file: String, lines: [Substring])] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(name)")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            return (file.lastPathComponent, lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
        }
    }

    @Test("LeetTrackCore reads the system time only in Clock.swift")
    func oneClock() throws {
        let files = try Self.code(ofTarget: "LeetTrackCore")
        #expect(files.count > 20)
        for (file, code) in files where file != "Clock.swift" {
            #expect(!code.contains { $0.contains("Date()") || $0.contains("Date.now") }, "\(file) reads the system time")
        }
    }

    @Test("no API of the libraries defaults to the system clock or makes its own time zone: both come from the tracker")
    func clockAndZoneFromTheTracker() throws {
        for target in ["LeetTrackCore", "LeetTrackServer", "LeetTrackScreen"] {
            let files = try Self.code(ofTarget: target)
            #expect(files.count > 10, "\(target)")
            for (file, code) in files where file != "SystemTimeZone.swift" {
                #expect(!code.contains { $0.contains("Clock = .system") }, "\(target)/\(file) defaults to the system clock")
                #expect(!code.contains { $0.contains("SystemTimeZone()") }, "\(target)/\(file) makes its own time zone")
            }
        }
    }

    @Test("the command line makes the user's time zone in one place, CommandContext, and takes it from there")
    func commandLineHasOneZone() throws {
        let files = try Self.code(ofTarget: "leettrack")
        #expect(files.count > 20)
        let makers = files.filter { $0.lines.contains { $0.contains("SystemTimeZone()") } }
        #expect(makers.map(\.file) == ["CommandContext.swift"])
        #expect(makers.first?.lines.filter { $0.contains("SystemTimeZone()") }.count == 1)
    }
}
