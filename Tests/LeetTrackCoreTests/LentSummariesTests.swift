import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

/// The readers that take the summaries where the store keeps them (`stats`, `favorites`) give
/// what the readers that copy them give, whatever state the summaries are in.
@Suite("Summaries read where the store keeps them")
struct LentSummariesTests {
    let fixture: RepositoryFixture
    var store: Store { fixture.store }
    var repository: ProgressRepository { fixture.repository }
    let start = Date(timeIntervalSince1970: 1_764_424_992)
    let scheduler = ReviewScheduler()

    init() throws {
        fixture = try RepositoryFixture("leettrack-lent")
    }

    /// Random records for `count` catalog problems (and one slug the catalog does not know).
    func writeRecords(_ count: Int, seed: UInt64) throws -> [String] {
        var random = SeededRandom(seed: seed)
        let catalog = Catalog.builtIn
        var slugs = (0..<count).map { _ in catalog.problem(at: Int(random.next() % UInt64(catalog.count))).slug }
        slugs.append("not-a-problem-anywhere")
        try repository.update(slugs) { _, record in
            record.favorite = random.next() % 3 == 0
            if random.next() % 5 == 0 { record.note = "note" }
            for event in 0..<Int(random.next() % 6) {
                let date = start.addingTimeInterval(Double(random.next() % 400) * 86_400 + Double(event * 60))
                if random.next() % 3 == 0 {
                    record.recordAttempt(at: date)
                } else {
                    record.recordSolve(at: date, rating: .good, scheduler: scheduler, seconds: random.next() % 2 == 0 ? 60 * (event + 1) : nil)
                }
            }
        }
        return slugs
    }

    /// What `forEachReadableSummary` lends, by slug, and the damaged records' keys.
    func lent() throws -> (summaries: [String: ProgressSummary], damaged: [String]) {
        var summaries: [String: ProgressSummary] = [:]
        let damaged = try repository.forEachReadableSummary { slug, summary in
            let slug = String(decoding: slug, as: UTF8.self)
            #expect(summaries[slug] == nil, "\(slug) lent twice")
            summaries[slug] = summary
        }
        return (summaries, damaged.map(\.key))
    }

    /// `readableSummaries`, with the review cards left out (the lending reader may skip them).
    func copied() throws -> (summaries: [String: ProgressSummary], damaged: [String]) {
        let read = try repository.readableSummaries { _ in true }
        return (read.summaries.mapValues { var summary = $0; summary.review = nil; return summary }, read.damaged.map(\.key))
    }

    func expectSameAsCopied(_ comment: Comment) throws {
        let (lentSummaries, lentDamaged) = try lent()
        let (copiedSummaries, copiedDamaged) = try copied()
        #expect(lentSummaries.mapValues { var summary = $0; summary.review = nil; return summary } == copiedSummaries, comment)
        #expect(lentDamaged == copiedDamaged, comment)
        let now = start.addingTimeInterval(420 * 86_400)
        let zone = SystemTimeZone()
        var builder = Statistics.Builder(catalog: .builtIn, now: now, timeZone: zone)
        var finder = Catalog.SlugFinder(.builtIn)
        _ = try repository.forEachReadableSummary { slug, summary in
            if let position = finder.position(ofSlug: slug) { builder.add(summary, at: position) }
        }
        #expect(builder.statistics() == Statistics(catalog: .builtIn, summaries: copiedSummaries, now: now, timeZone: zone), comment)
        var marks: [String: ProblemMarks] = [:]
        let marksDamaged = try repository.forEachReadableMarks { slug, mark in marks[String(decoding: slug, as: UTF8.self)] = mark }
        #expect(marks == copiedSummaries.mapValues(ProblemMarks.init), comment)
        #expect(marksDamaged.map(\.key) == copiedDamaged, comment)
        var favorites: [String: ProblemMarks] = [:]
        let favoritesDamaged = try repository.forEachReadableMarks(favoritesOnly: true) { slug, mark in
            favorites[String(decoding: slug, as: UTF8.self)] = mark
        }
        #expect(favorites == marks.filter(\.value.favorite), comment)
        #expect(favoritesDamaged.map(\.key) == copiedDamaged, comment)
        // Filtered by slug, as a listing of a few problems reads them: the same marks for those.
        let wanted: Set<String> = ["two-sum", "3sum", "lru-cache", "not-a-problem-anywhere"]
        var filtered: [String: ProblemMarks] = [:]
        _ = try repository.forEachReadableMarks(where: wanted.contains) { slug, mark in
            let slug = String(decoding: slug, as: UTF8.self)
            if wanted.contains(slug) { filtered[slug] = mark }
        }
        #expect(filtered == marks.filter { wanted.contains($0.key) }, comment)
        #expect(try repository.readableSummaries(where: wanted.contains).summaries.keys.sorted() == filtered.keys.sorted(), comment)
        // Read by key, as a study list's rows are: the same marks, for those slugs alone (one given
        // twice, or without a record, is no trouble), and their damaged records alone.
        var byKey: [String: ProblemMarks] = [:]
        let byKeyDamaged = try repository.forEachReadableMarks(ofSlugs: Array(wanted) + ["two-sum", "no-record-for-this"]) { slug, mark in
            byKey[String(decoding: slug, as: UTF8.self)] = mark
        }
        #expect(byKey == filtered, comment)
        #expect(byKeyDamaged.map(\.key) == copiedDamaged.filter { wanted.contains(String($0.dropFirst(ProgressRepository.keyPrefix.count))) }, comment)
    }

    @Test("lent summaries, the statistics made from them and the favorites' marks equal the copied ones: current, stale, damaged")
    func lentEqualsCopied() throws {
        let slugs = try writeRecords(300, seed: 11)
        #expect(try repository.summaries.areCurrent())
        // Every record is lent, the one of a slug the catalog does not know too (empty ones are not kept).
        let records = try repository.readableProgress { _ in true }.records
        #expect(records.count > 150 && records.count <= Set(slugs).count)
        #expect(try lent().summaries.keys.sorted() == records.keys.sorted())
        #expect(records["not-a-problem-anywhere"] != nil)
        try expectSameAsCopied("current")

        // A record written behind the funnel: the summaries are stale, and the records are read.
        var record = ProblemProgress(favorite: true)
        record.recordSolve(at: start, rating: .good, scheduler: scheduler, seconds: 90)
        try store.setAsAnotherProgram(record, forKey: "progress.two-sum")
        #expect(try !repository.summaries.areCurrent())
        try expectSameAsCopied("stale")

        // A record that does not decode, and a summary that sends to its record, once current again.
        try store.setAsAnotherProgram("solved", forKey: "progress.3sum")
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.areCurrent())
        #expect(try lent().damaged == ["progress.3sum"])
        try expectSameAsCopied("damaged")
    }

    @Test("a summary read without its card is the summary without its card, and a mutated one never traps")
    func cardLeftUnread() throws {
        var record = ProblemProgress(favorite: true, note: "n")
        record.recordSolve(at: start, rating: .good, scheduler: scheduler, seconds: 1_200)
        _ = record.recordReview(.hard, at: start.addingTimeInterval(5 * 86_400), scheduler: scheduler)
        let full = ProgressSummary(record)
        #expect(full.review != nil)
        let bytes = Array(("\"" + (try #require(full.encoded)) + "\"").utf8)
        var withoutCard = full
        withoutCard.review = nil
        #expect(bytes.withUnsafeBytes { ProgressSummary(storedJSON: $0, card: false) } == withoutCard)
        var random = SeededRandom(seed: 5)
        for _ in 0..<5_000 {
            var mutated = bytes
            switch random.next() % 3 {
            case 0: mutated[Int(random.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: random.next())
            case 1: mutated.removeSubrange(Int(random.next() % UInt64(mutated.count))...)
            default: mutated.insert(UInt8(ascii: "|"), at: Int(random.next() % UInt64(mutated.count)))
            }
            let skipped = mutated.withUnsafeBytes { ProgressSummary(storedJSON: $0, card: false) }
            guard let read = ProgressSummary(storedJSON: Data(mutated)) else { continue }
            var expected = read
            expected.review = nil
            #expect(skipped == expected)
        }
    }

    @Test("the slug finder finds what the catalog finds, in order, in reverse, shuffled, and misses what it misses")
    func slugFinder() {
        let catalog = Catalog.builtIn
        var slugs = (0..<catalog.count).map { catalog.problem(at: $0).slug } + ["", "zzzz-not-a-problem", "a", "two-sum-"]
        var random = SeededRandom(seed: 3)
        for order in 0..<3 {
            switch order {
            case 0: slugs.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            case 1: slugs.reverse()
            default:
                for index in slugs.indices.reversed() { slugs.swapAt(index, Int(random.next() % UInt64(index + 1))) }
            }
            var finder = Catalog.SlugFinder(catalog)
            for slug in slugs {
                var bytes = slug
                let found = bytes.withUTF8 { finder.position(ofSlug: UnsafeRawBufferPointer($0)) }
                #expect(found == catalog.position(ofSlug: slug), "\(slug)")
            }
        }
    }
}
