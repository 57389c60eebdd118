import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

/// The favorites' index (`favorite.<slug>`: each favorite's summary again) that the favorites
/// sheet reads instead of every summary: kept by the write funnel, trusted only while the write
/// counts say nothing else changed the summaries or the index, and rebuilt when they do.
@Suite("The favorites' index beside the summaries")
struct FavoritesIndexTests {
    let fixture: RepositoryFixture
    var store: Store { fixture.store }
    var repository: ProgressRepository { fixture.repository }
    let start = Date(timeIntervalSince1970: 1_764_424_992)

    init() throws {
        fixture = try RepositoryFixture("leettrack-favorites")
    }

    /// The favorites as the sheet reads them, by slug.
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

    func indexKeys() throws -> [String] {
        try store.keys(withPrefix: ProgressSummaries.favoritePrefix)
    }

    @Test("every change keeps one entry per favorite, its summary, and the sheet reads them")
    func funnelKeepsTheIndex() throws {
        try repository.update(["two-sum", "3sum", "lru-cache"]) { slug, record in
            record.favorite = slug != "3sum"
            record.recordAttempt(at: start)
        }
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try indexKeys() == ["favorite.lru-cache", "favorite.two-sum"])
        #expect(try store.rawValue(forKey: "favorite.two-sum") == store.rawValue(forKey: "summary.two-sum"))
        // A favorite's other changes reach its entry; an unfavorite and a reset remove it.
        try repository.update(["two-sum"]) { _, record in record.recordAttempt(at: start.addingTimeInterval(60)) }
        #expect(try store.rawValue(forKey: "favorite.two-sum") == store.rawValue(forKey: "summary.two-sum"))
        try repository.update(["lru-cache"]) { _, record in record.favorite = false }
        try repository.update(["two-sum"]) { _, record in record = ProblemProgress() }
        #expect(try indexKeys() == [])
        try repository.update(["3sum"]) { _, record in record.favorite = true }
        #expect(try indexKeys() == ["favorite.3sum"])
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks == recordedFavorites())
        #expect(try repository.summaries.disagreeing() == [])
    }

    @Test("a store from before the index reads the favorites from the summaries, and its next change builds the index")
    func storeWithoutTheIndex() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.favorite = true }
        // As the build before the index left a store: summaries current, no index, no stamp.
        for key in try indexKeys() { try store.removeValue(for: Key<String>(key, default: "")) }
        try store.removeValue(for: ProgressSummaries.favoritesStampKey)
        #expect(try repository.summaries.areCurrent())
        #expect(try !repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks == recordedFavorites())
        #expect(try favorites().marks.count == 2)
        try repository.update(["lru-cache"]) { _, record in record.recordAttempt(at: start) }
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try indexKeys() == ["favorite.3sum", "favorite.two-sum"])
        #expect(try favorites().marks == recordedFavorites())
    }

    @Test("a summary written without the index (an older build's funnel) or an entry edited by hand makes the index stale")
    func writesBehindTheIndexAreCaught() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.favorite = true }
        // The funnel of the build before the index: record and summary, no index entry.
        var record = ProblemProgress()
        record.recordAttempt(at: start)
        try store.transaction { transaction in
            try transaction.set(record, for: ProgressRepository.key(for: "3sum"))
            try transaction.set(try #require(ProgressSummary(record).encoded), for: ProgressSummaries.key(for: "3sum"))
        }
        #expect(try repository.summaries.areCurrent())
        #expect(try !repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks.keys.sorted() == ["two-sum"])
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try indexKeys() == ["favorite.two-sum"])

        // An entry edited by hand: its count moves, and the sheet reads the summaries instead.
        try store.set("1t--|||", for: ProgressSummaries.favoriteKey(for: "two-sum"))
        #expect(try !repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks == recordedFavorites())
    }

    @Test("an entry and the stamp both edited by hand are found by the check and fixed by a rebuild")
    func disagreeingEntriesAreFound() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.favorite = true }
        try store.set("1t--|||", for: ProgressSummaries.favoriteKey(for: "two-sum"))
        try store.set("", for: ProgressSummaries.favoriteKey(for: "lru-cache"))
        let favoritesCount = try #require(try store.writeCount(forNamespace: ProgressSummaries.favoritePrefix))
        let summariesCount = try #require(try store.writeCount(forNamespace: ProgressSummaries.keyPrefix))
        try store.set("\(favoritesCount) \(summariesCount)", for: ProgressSummaries.favoritesStampKey)
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try repository.summaries.disagreeing() == ["lru-cache", "two-sum"])
        let check = try StoreCheck.run(on: store, catalog: .builtIn)
        #expect(check.disagreeingSummaries == ["lru-cache", "two-sum"])
        #expect(!check.isHealthy)
        #expect(try repository.summaries.rebuild() == 2)
        #expect(try repository.summaries.disagreeing() == [])
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks == recordedFavorites())
    }

    @Test("a record that does not decode is indexed as one to read, so the sheet warns about it as before")
    func damagedFavorite() throws {
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        try store.set("solved", for: Key<String>("progress.3sum", default: ""))
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try indexKeys() == ["favorite.3sum", "favorite.two-sum"])
        let read = try favorites()
        #expect(read.marks.keys.sorted() == ["two-sum"])
        #expect(read.damaged == ["progress.3sum"])
    }

    @Test("many records changed in one transaction build the index once and leave it current")
    func bulkChanges() throws {
        let catalog = Catalog.builtIn
        let slugs = (0..<600).map { catalog.problem(at: $0 * 5).slug }
        try repository.update(slugs) { slug, record in
            record.favorite = slug.count % 3 == 0
            record.recordAttempt(at: start)
        }
        #expect(try repository.summaries.favoritesAreCurrent())
        #expect(try favorites().marks == recordedFavorites())
        #expect(try indexKeys().count == slugs.count(where: { $0.count % 3 == 0 }))
        #expect(try repository.summaries.disagreeing() == [])
    }
}
