import Foundation
import Persistence
import Synchronization
import Testing
import TestSupport

@testable import LeetTrackCore

/// A problem's progress is one record, with its summary beside it and nothing else: a change
/// writes those two keys; the favorites and the review queue are read from the summaries, and
/// give what the records give; a store left by a build that also kept a favorites' and a review
/// index reads the same, and that build does not trust its indexes once this one wrote.
@Suite("One record per problem, and its summary")
struct OneRecordPerProblemTests {
    let fixture: RepositoryFixture
    var store: Store { fixture.store }
    var repository: ProgressRepository { fixture.repository }
    let start = Date(timeIntervalSince1970: 1_764_424_992)
    let scheduler = ReviewScheduler()
    let utc = TimeZone(identifier: "UTC")!

    init() throws {
        fixture = try RepositoryFixture("leettrack-one-record")
    }

    /// The keys that `change` wrote (set or removed), as the store's notices name them.
    func keysWritten(by change: () throws -> Void) throws -> Set<String> {
        let heard = Mutex<Set<String>>([])
        let token = store.observeChanges { (notice: StoreChange) in heard.withLock { $0.formUnion(notice.keys) } }
        try change()
        withExtendedLifetime(token) {}
        return heard.withLock { $0 }
    }

    /// The favorites as the sheet reads them, by slug, and the records it found damaged.
    func favorites() throws -> (marks: [String: ProblemMarks], damaged: [String]) {
        var marks: [String: ProblemMarks] = [:]
        let damaged = try repository.forEachReadableMarks(favoritesOnly: true) { slug, mark in
            marks[String(decoding: slug, as: UTF8.self)] = mark
        }
        return (marks, damaged.map(\.key))
    }

    /// The favorites the records hold, by slug.
    func recordedFavorites() throws -> [String: ProblemMarks] {
        try repository.readableProgress { _ in true }.records.filter(\.value.favorite).mapValues(ProblemMarks.init)
    }

    /// The queue as `review` builds it, from the summaries, with the records it found damaged.
    func summaryQueue(now: Date, timeZone: some UTCOffsetProvider) throws -> (queue: ReviewQueue, damaged: [String]) {
        var builder = ReviewQueue.Builder(catalog: .builtIn, scheduler: scheduler, reviewCap: nil)
        let damaged = try builder.add(from: repository)
        return (builder.queue(now: now, timeZone: timeZone), damaged.map(\.key))
    }

    /// The queue of every record, read one by one: what the summaries must agree with.
    func fullQueue(now: Date, timeZone: some UTCOffsetProvider) throws -> ReviewQueue {
        let records = try repository.readableProgress { _ in true }.records
        return ReviewQueue(catalog: .builtIn, progress: records, scheduler: scheduler, now: now, timeZone: timeZone)
    }

    func expectSameQueue(now: Date, timeZone: some UTCOffsetProvider, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fromSummaries = try summaryQueue(now: now, timeZone: timeZone).queue
        let full = try fullQueue(now: now, timeZone: timeZone)
        #expect(fromSummaries.today == full.today, sourceLocation: sourceLocation)
        #expect(fromSummaries.due == full.due, "at \(now)", sourceLocation: sourceLocation)
        #expect(fromSummaries.next == full.next, "at \(now)", sourceLocation: sourceLocation)
        #expect(fromSummaries.upcoming(days: 30) == full.upcoming(days: 30), "at \(now)", sourceLocation: sourceLocation)
    }

    /// A thousand problems practised, every tenth a favorite, in one transaction.
    func fillManyProblems() throws -> [String] {
        let catalog = Catalog.builtIn
        let slugs = (0..<1_000).map { catalog.problem(at: $0 * 4).slug }
        try repository.update(slugs) { slug, record in
            record.recordAttempt(at: start)
            record.recordSolve(at: start.addingTimeInterval(86_400), rating: .good, scheduler: scheduler)
            record.favorite = slug.utf8.count % 10 == 0
        }
        return slugs
    }

    @Test("a heart, on a solved problem of a store with a thousand, writes its record and its summary: two keys")
    func heartWritesTwoKeys() throws {
        let slugs = try fillManyProblems()
        let solved = try #require(try slugs.first { try repository.progress(for: $0).favorite == false })
        let twoKeys: Set<String> = [ProgressRepository.keyPrefix + solved, ProgressSummaries.keyPrefix + solved]
        for favorite in [true, false] {
            #expect(try keysWritten { try repository.update([solved]) { _, record in record.favorite = favorite } } == twoKeys)
        }
        // A solve and a note write the same two keys; the summaries stay current.
        #expect(try keysWritten {
            try repository.update([solved]) { _, record in
                record.recordSolve(at: start.addingTimeInterval(9 * 86_400), rating: .easy, scheduler: scheduler)
            }
        } == twoKeys)
        #expect(try keysWritten { try repository.update([solved]) { _, record in record.note = "two pointers" } } == twoKeys)
        #expect(try repository.summaries.areCurrent())
        #expect(try store.keys(withPrefix: "").filter { $0.hasPrefix("favorite") || $0.hasPrefix("due") } == [])
    }

    @Test("the favorites read from the summaries are the favorites of the records, through every kind of change")
    func favoritesFromSummaries() throws {
        try repository.update(["two-sum", "3sum", "lru-cache"]) { slug, record in
            record.favorite = slug != "3sum"
            record.recordAttempt(at: start)
        }
        #expect(try favorites().marks.keys.sorted() == ["lru-cache", "two-sum"])
        try repository.update(["two-sum"]) { _, record in record.recordAttempt(at: start.addingTimeInterval(60)) }
        #expect(try favorites().marks == recordedFavorites())
        try repository.update(["lru-cache"]) { _, record in record.favorite = false }
        try repository.update(["two-sum"]) { _, record in record = ProblemProgress() }
        #expect(try favorites().marks.isEmpty)
        try repository.update(["3sum"]) { _, record in record.favorite = true }
        #expect(try favorites().marks == recordedFavorites())
        #expect(try favorites().marks.keys.sorted() == ["3sum"])
        #expect(try repository.summaries.disagreeing() == [])

        let slugs = try fillManyProblems()
        #expect(try favorites().marks == recordedFavorites())
        #expect(try favorites().marks.count == slugs.count(where: { $0.utf8.count % 10 == 0 }) + 1)
    }

    @Test("a record that does not decode is read as one, so the favorites and the queue warn about it")
    func damagedRecord() throws {
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        try store.setAsAnotherProgram("solved", forKey: "progress.3sum")
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.areCurrent())
        let read = try favorites()
        #expect(read.marks.keys.sorted() == ["two-sum"])
        #expect(read.damaged == ["progress.3sum"])
        #expect(try summaryQueue(now: start, timeZone: utc).damaged == ["progress.3sum"])
    }

    @Test("the queue read from the summaries is the queue of every record, in any zone, on any day",
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
        #expect(try repository.summaries.areCurrent())
        for days in [-400.0, -1, 0, 0.5, 3, 7, 12.25, 20, 45, 400, 5_000] {
            try expectSameQueue(now: start.addingTimeInterval(days * 86_400), timeZone: timeZone)
        }
    }

    @Test("cards due at the ends of the stored years, solves without a card, and records that do not decode",
          arguments: [-62_135_596_800.0, 253_402_300_799, -86_400.0 * 365 * 100, 0])
    func unusualCards(time: Double) throws {
        try repository.update(["two-sum", "3sum", "valid-anagram"]) { slug, record in
            record.recordSolve(at: start, rating: .good, scheduler: scheduler)
            if slug == "3sum" { record.review?.due = Date(timeIntervalSince1970: time) }
            // Solved before cards existed: its card derived.
            if slug == "valid-anagram" { record.review = nil }
        }
        try store.setAsAnotherProgram("solved", forKey: "progress.lru-cache")
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.disagreeing() == [])
        for days in [-800_000.0, -30, 0, 5, 100, 3_000_000] {
            let now = start.addingTimeInterval(days * 86_400)
            let read = try summaryQueue(now: now, timeZone: utc)
            #expect(read.damaged == ["progress.lru-cache"])
            #expect(read.queue.due == (try fullQueue(now: now, timeZone: utc)).due)
        }
    }

    @Test("with nothing due, the next card among equal due times is the lowest id, whatever its slug")
    func nextAmongEqualDueTimes() throws {
        let due = start.addingTimeInterval(90 * 86_400)
        // By key 3sum (id 15) comes before two-sum (id 1), and valid-anagram comes later still.
        try repository.update(["two-sum", "3sum", "valid-anagram"]) { slug, record in
            record.recordSolve(at: start, rating: .good, scheduler: scheduler)
            record.review?.due = slug == "valid-anagram" ? due.addingTimeInterval(1) : due
        }
        let read = try summaryQueue(now: start, timeZone: utc)
        #expect(read.queue.due.isEmpty)
        #expect(read.queue.next?.problem.slug == "two-sum")
        try expectSameQueue(now: start, timeZone: utc)
    }

    /// Leaves the store as a build that kept the favorites' and the review index left it: each
    /// favorite's summary again under `favorite.<slug>`, each card under `due.…`, and both stamps
    /// holding the write counts of the index and of the summaries.
    func addOlderIndexes() throws {
        let summaries = try store.rawValues(withKeyPrefix: ProgressSummaries.keyPrefix)
        try store.transaction { transaction in
            for (key, value) in summaries {
                let slug = key.dropFirst(ProgressSummaries.keyPrefix.count)
                let text = String(decoding: value.dropFirst().dropLast(), as: UTF8.self)
                if ProblemMarks(storedSummaryJSON: value)?.favorite == true {
                    try transaction.set(text, for: Key<String>("favorite.\(slug)", default: ""))
                }
                if text.hasPrefix("1s") { try transaction.set(text, for: Key<String>("due.!\(slug)", default: "")) }
            }
        }
        try store.set(try olderStamp("favorite."), for: Key<String>("favorites", default: ""))
        try store.set(try olderStamp("due."), for: Key<String>("due", default: ""))
        #expect(try olderIndexesTrusted() == [true, true])
    }

    /// What the older build wrote as an index's stamp: its write count and the summaries'.
    func olderStamp(_ prefix: String) throws -> String {
        let index = try #require(try store.outsideWriteCount(forNamespace: prefix))
        let summaries = try #require(try store.outsideWriteCount(forNamespace: ProgressSummaries.keyPrefix))
        return "\(index) \(summaries)"
    }

    /// Whether the older build would trust its favorites' and its review index: each stamp holds.
    func olderIndexesTrusted() throws -> [Bool] {
        try [("favorite.", "favorites"), ("due.", "due")].map { prefix, stamp in
            try store.value(for: Key<String>(stamp, default: "")) == olderStamp(prefix)
        }
    }

    @Test("a store from a build with a favorites' and a review index reads the same, and that build's indexes are not trusted after a change here")
    func storeFromAnOlderBuild() throws {
        try repository.update(["two-sum", "3sum", "lru-cache"]) { slug, record in
            record.recordSolve(at: start, rating: slug == "3sum" ? .again : .good, scheduler: scheduler)
            record.favorite = slug != "lru-cache"
        }
        try addOlderIndexes()
        let now = start.addingTimeInterval(30 * 86_400)
        #expect(try favorites().marks == recordedFavorites())
        try expectSameQueue(now: now, timeZone: utc)
        let check = try StoreCheck.run(on: store, catalog: .builtIn, now: Date())
        #expect(check.recordCount == 3 && check.isHealthy && check.summariesCurrent == true)

        // A heart here writes its two keys, removes the older indexes' stamps (this build's writes
        // would not move the counts they hold), and leaves the indexes behind.
        #expect(try keysWritten { try repository.update(["lru-cache"]) { _, record in record.favorite = true } }
            == ["progress.lru-cache", "summary.lru-cache", "favorites", "due"])
        #expect(try olderIndexesTrusted() == [false, false])
        #expect(try keysWritten { try repository.update(["lru-cache"]) { _, record in record.note = "cache" } }
            == ["progress.lru-cache", "summary.lru-cache"])
        #expect(try store.rawValue(forKey: "favorite.lru-cache") == nil)
        #expect(try favorites().marks == recordedFavorites())
        // The older build trusts the summaries still, and rightly: they match the records.
        #expect(try repository.summaries.areCurrent() && repository.summaries.disagreeing() == [])

        // A rebuild removes the older indexes: 2 favorites' entries, 3 review entries.
        #expect(try repository.summaries.rebuild() == 5)
        #expect(try store.keys(withPrefix: "").filter(ProgressSummaries.isSummaryKey) == ["summary.3sum", "summary.lru-cache", "summary.two-sum"])
        #expect(try favorites().marks == recordedFavorites())
        try expectSameQueue(now: now, timeZone: utc)
    }
}
