import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

/// The review index (`due.<due time>.<slug>`: each card under a key that sorts by its due time)
/// that `leettrack review` reads instead of every summary: kept by the write funnel, trusted only
/// while the write counts say nothing else changed the summaries or the index, and rebuilt when
/// they do. Whatever it holds, the queue it gives must be the queue of every summary.
@Suite("The review index beside the summaries")
struct ReviewIndexTests {
    let fixture: RepositoryFixture
    var store: Store { fixture.store }
    var repository: ProgressRepository { fixture.repository }
    let start = Date(timeIntervalSince1970: 1_764_424_992)
    let scheduler = ReviewScheduler()

    init() throws {
        fixture = try RepositoryFixture("leettrack-review-index")
    }

    func indexKeys() throws -> [String] {
        try store.keys(withPrefix: ProgressSummaries.duePrefix)
    }

    /// The queue as `review` builds it from the index (or from every summary when the index is
    /// not trusted), with the records it found damaged.
    func dueQueue(now: Date, timeZone: some UTCOffsetProvider) throws -> (queue: ReviewQueue, damaged: [String], lent: Int) {
        var builder = ReviewQueue.Builder(catalog: .builtIn, scheduler: scheduler)
        var finder = Catalog.SlugFinder(.builtIn)
        var lent = 0
        let damaged = try repository.forEachReadableDueSummary(before: now.addingTimeInterval(4 * 86_400)) { slug, summary in
            lent += 1
            if let position = finder.position(ofSlug: slug) { builder.add(summary, at: position) }
        }
        return (builder.queue(now: now, timeZone: timeZone), damaged.map(\.key), lent)
    }

    /// The queue of every record, read one by one: what the index must agree with.
    func fullQueue(now: Date, timeZone: some UTCOffsetProvider) throws -> ReviewQueue {
        let records = try repository.readableProgress { _ in true }.records
        return ReviewQueue(catalog: .builtIn, progress: records, scheduler: scheduler, now: now, timeZone: timeZone)
    }

    func expectSameQueue(now: Date, timeZone: some UTCOffsetProvider, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fromIndex = try dueQueue(now: now, timeZone: timeZone).queue
        let full = try fullQueue(now: now, timeZone: timeZone)
        #expect(fromIndex.today == full.today, sourceLocation: sourceLocation)
        #expect(fromIndex.due == full.due, "at \(now)", sourceLocation: sourceLocation)
        #expect(fromIndex.next == full.next, "at \(now)", sourceLocation: sourceLocation)
    }

    @Test("every change keeps one entry per card under its due time; a favorite or a note leaves the entry unwritten")
    func funnelKeepsTheIndex() throws {
        try repository.update(["two-sum", "3sum", "lru-cache"]) { slug, record in
            if slug == "lru-cache" {
                record.recordAttempt(at: start)
            } else {
                record.recordSolve(at: start, rating: slug == "3sum" ? .again : .easy, scheduler: scheduler)
            }
        }
        #expect(try repository.summaries.dueAreCurrent())
        let record = try repository.progress(for: "3sum")
        let due = try #require(record.review?.due)
        let digits = String(decoding: ProgressSummaries.orderedDigits(due.timeIntervalSince1970), as: UTF8.self)
        // Again falls due before easy: the keys sort as the due times do.
        #expect(try indexKeys().count == 2)
        #expect(try indexKeys().first == "due.\(digits).3sum")
        #expect(try indexKeys().last?.hasSuffix(".two-sum") == true)

        let count = try store.writeCount(forNamespace: ProgressSummaries.duePrefix)
        try repository.update(["3sum"]) { _, record in
            record.favorite = true
            record.note = "sort, then two pointers"
        }
        #expect(try store.writeCount(forNamespace: ProgressSummaries.duePrefix) == count)
        #expect(try repository.summaries.dueAreCurrent())

        // A review moves the card: the old key goes. A reset removes it.
        try repository.update(["3sum"]) { _, record in _ = record.recordReview(.good, at: start.addingTimeInterval(86_400), scheduler: scheduler) }
        #expect(try indexKeys().count == 2)
        #expect(try !indexKeys().contains("due.\(digits).3sum"))
        try repository.update(["two-sum"]) { _, record in record = ProblemProgress() }
        #expect(try indexKeys().count == 1 && indexKeys()[0].hasSuffix(".3sum"))
        #expect(try repository.summaries.disagreeing() == [])
        #expect(try repository.summaries.dueAreCurrent())
    }

    @Test("the queue read from the index is the queue of every record, in any zone, on any day",
          arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "America/St_Johns"])
    func sameQueueAsEveryRecord(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var random = SeededRandom(seed: 41)
        let catalog = Catalog.builtIn
        let slugs = (0..<300).map { catalog.problem(at: $0 * 13).slug }
        try repository.update(slugs) { slug, record in
            let events = Int(random.next() % 4)
            for event in 0..<events {
                // Many on the same second, so that equal due times (ties by id) are common.
                let date = start.addingTimeInterval(Double(random.next() % 30) * 86_400 + Double(random.next() % 3) * 3_600)
                if event == 0 && random.next() % 3 == 0 {
                    record.recordAttempt(at: date)
                } else {
                    let rating = ReviewRating.allCases[Int(random.next() % 4)]
                    record.recordSolve(at: date, rating: rating, scheduler: scheduler)
                }
            }
            // Solved before cards existed: the scheduler derives its card.
            if slug.count % 11 == 0 {
                record = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: start.addingTimeInterval(3_600))])
            }
        }
        #expect(try repository.summaries.dueAreCurrent())
        for days in [-400.0, -1, 0, 0.5, 3, 7, 12.25, 20, 45, 400, 5_000] {
            try expectSameQueue(now: start.addingTimeInterval(days * 86_400), timeZone: timeZone)
        }
        // Mid queue, far fewer than every card is read.
        let now = start.addingTimeInterval(10 * 86_400)
        let read = try dueQueue(now: now, timeZone: timeZone)
        #expect(read.lent < slugs.count)
        #expect(read.lent >= read.queue.due.count)
    }

    @Test("cards due at the ends of the stored years, solves without a card, and records that do not decode",
          arguments: [-62_135_596_800.0, 253_402_300_799, -86_400.0 * 365 * 100, 0])
    func unusualCards(time: Double) throws {
        try repository.update(["two-sum", "3sum", "valid-anagram"]) { slug, record in
            record.recordSolve(at: start, rating: .good, scheduler: scheduler)
            if slug == "3sum" { record.review?.due = Date(timeIntervalSince1970: time) }
            // Solved before cards existed: read whole, in front, and its card derived.
            if slug == "valid-anagram" { record.review = nil }
        }
        try store.set("solved", for: Key<String>("progress.lru-cache", default: ""))
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.dueAreCurrent())
        let keys = try indexKeys()
        #expect(Array(keys.prefix(2)) == ["due.!lru-cache", "due.!valid-anagram"])
        #expect(keys.count == 4)
        #expect(try repository.summaries.disagreeing() == [])
        for days in [-800_000.0, -30, 0, 5, 100, 3_000_000] {
            let now = start.addingTimeInterval(days * 86_400)
            let read = try dueQueue(now: now, timeZone: TimeZone(identifier: "UTC")!)
            #expect(read.damaged == ["progress.lru-cache"])
            #expect(read.queue.due == (try fullQueue(now: now, timeZone: TimeZone(identifier: "UTC")!)).due)
        }
    }

    @Test("with nothing due, the next card among equal due times is the lowest id, whatever its slug")
    func nextAmongEqualDueTimes() throws {
        let due = start.addingTimeInterval(90 * 86_400)
        // In the index 3sum (id 15) sorts before two-sum (id 1), and valid-anagram comes later still.
        try repository.update(["two-sum", "3sum", "valid-anagram"]) { slug, record in
            record.recordSolve(at: start, rating: .good, scheduler: scheduler)
            record.review?.due = slug == "valid-anagram" ? due.addingTimeInterval(1) : due
        }
        let read = try dueQueue(now: start, timeZone: TimeZone(identifier: "UTC")!)
        #expect(read.queue.due.isEmpty)
        #expect(read.queue.next?.problem.slug == "two-sum")
        #expect(read.lent == 2, "the cards after the first due time are not read")
        try expectSameQueue(now: start, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test("a store from before the index reads every summary, and its next change builds the index")
    func storeWithoutTheIndex() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.recordSolve(at: start, rating: .good, scheduler: scheduler) }
        // As the build before the index left a store: summaries current, no index, no stamp.
        for key in try indexKeys() { try store.removeValue(for: Key<String>(key, default: "")) }
        try store.removeValue(for: ProgressSummaries.dueStampKey)
        #expect(try repository.summaries.areCurrent())
        #expect(try !repository.summaries.dueAreCurrent())
        let now = start.addingTimeInterval(30 * 86_400)
        #expect(try dueQueue(now: now, timeZone: TimeZone(identifier: "UTC")!).queue.due.count == 2)
        try repository.update(["lru-cache"]) { _, record in record.recordAttempt(at: start) }
        #expect(try repository.summaries.dueAreCurrent())
        #expect(try indexKeys().count == 2)
        try expectSameQueue(now: now, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test("a summary written without the index (an older build's funnel) or an entry edited by hand is not trusted")
    func writesBehindTheIndexAreCaught() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.recordSolve(at: start, rating: .good, scheduler: scheduler) }
        // The funnel of the build before the index: record and summary, no index entry; the card moved a year on.
        var record = try repository.progress(for: "3sum")
        record.review?.due = start.addingTimeInterval(365 * 86_400)
        try store.transaction { transaction in
            try transaction.set(record, for: ProgressRepository.key(for: "3sum"))
            try transaction.set(try #require(ProgressSummary(record).encoded), for: ProgressSummaries.key(for: "3sum"))
        }
        #expect(try repository.summaries.areCurrent())
        #expect(try !repository.summaries.dueAreCurrent())
        let now = start.addingTimeInterval(30 * 86_400)
        #expect(try dueQueue(now: now, timeZone: TimeZone(identifier: "UTC")!).queue.due.map(\.problem.slug) == ["two-sum"])
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.dueAreCurrent())
        try expectSameQueue(now: now, timeZone: TimeZone(identifier: "UTC")!)

        // An entry removed by hand: its count moves, and the queue reads every summary.
        let twoSum = try #require(try indexKeys().first { $0.hasSuffix(".two-sum") })
        try store.removeValue(for: Key<String>(twoSum, default: ""))
        #expect(try !repository.summaries.dueAreCurrent())
        #expect(try dueQueue(now: now, timeZone: TimeZone(identifier: "UTC")!).queue.due.map(\.problem.slug) == ["two-sum"])
    }

    @Test("entries and the stamp both edited by hand are found by the check and fixed by a rebuild")
    func disagreeingEntriesAreFound() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.recordSolve(at: start, rating: .good, scheduler: scheduler) }
        let twoSum = try #require(try indexKeys().first { $0.hasSuffix(".two-sum") })
        try store.removeValue(for: Key<String>(twoSum, default: ""))
        try store.set("1s--||", for: Key<String>("due.0000000000000000.lru-cache", default: ""))
        try store.set("x", for: Key<String>("due.broken", default: ""))
        let dueCount = try #require(try store.writeCount(forNamespace: ProgressSummaries.duePrefix))
        let summariesCount = try #require(try store.writeCount(forNamespace: ProgressSummaries.keyPrefix))
        try store.set("\(dueCount) \(summariesCount)", for: ProgressSummaries.dueStampKey)
        #expect(try repository.summaries.dueAreCurrent())
        #expect(try repository.summaries.disagreeing() == ["due.broken", "lru-cache", "two-sum"])
        let check = try StoreCheck.run(on: store, catalog: .builtIn)
        #expect(check.disagreeingSummaries == ["due.broken", "lru-cache", "two-sum"])
        #expect(check.reviewIndexCurrent == true)
        #expect(!check.isHealthy)
        #expect(try repository.summaries.rebuild() == 3)
        #expect(try repository.summaries.disagreeing() == [])
        #expect(try repository.summaries.dueAreCurrent())
        try expectSameQueue(now: start.addingTimeInterval(30 * 86_400), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test("the digits of due times sort as the times do")
    func digitsSortAsTimes() {
        var random = SeededRandom(seed: 5)
        var times: [Double] = [0, -0.5, 0.5, -1e12 + 1, 1e12 - 1, 1_764_424_992, 1_764_424_993, -1_764_424_992]
        for _ in 0..<500 { times.append(Double(Int64(bitPattern: random.next()) % 1_000_000_000_000) + Double(random.next() % 1000) / 1000) }
        let sorted = times.sorted()
        let byDigits = times.sorted {
            ProgressSummaries.orderedDigits($0).lexicographicallyPrecedes(ProgressSummaries.orderedDigits($1))
        }
        #expect(byDigits == sorted)
    }
}
