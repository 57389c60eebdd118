import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// Paths where a user's data could have been hidden, revived or doubled.
@Suite("Data safety of catalog updates, merges and timestamps")
struct DataSafetyTests {
    @Test("a catalog update that gives a problem a new slug moves its progress and list places")
    func renamedSlugKeepsProgress() throws {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in
            record.favorite = true
            record.note = "hash map"
        }
        let lists = OwnLists(store: store, clock: .system)
        _ = try lists.create("Mine", in: .builtIn, at: Date())
        _ = try lists.add(["two-sum", "add-two-numbers"], to: "Mine", in: .builtIn)
        let file = #"{"data":{"problemsetQuestionList":{"questions":[{"questionFrontendId":"1","title":"Two Sum","#
            + #""titleSlug":"two-sum-ii","difficulty":"Easy","paidOnly":false,"acRate":58.0,"topicTags":[]}]}}}"#
        let list = try LeetCodeProblemList.read(Data(file.utf8), file: "q.json")
        let summary = try CatalogUpdater(store: store, clock: .system).apply(list, source: "q.json", date: Date(), withStatus: false)
        #expect(summary.renamed == ["two-sum → two-sum-ii"])
        #expect(summary.added.isEmpty)
        let moved = try repository.progress(for: "two-sum-ii")
        #expect(moved.favorite && moved.note == "hash map")
        #expect(try repository.progress(for: "two-sum").isEmpty)
        let mine = try #require(try lists.allLists(in: .builtIn).first { $0.isOwn })
        #expect(mine.slugs == ["two-sum-ii", "add-two-numbers"])
    }

    @Test("a record kept only for when its favorite was taken off moves with a renamed slug; none stays under the old one")
    func renamedSlugMovesAnUnfavoritedRecord() throws {
        let store = Store.memory()
        let unfavorited = Date(timeIntervalSince1970: 1_764_000_000)
        try ProgressRepository(store: store, clock: .fixed(unfavorited - 60)).update(["two-sum"]) { $1.favorite = true }
        try ProgressRepository(store: store, clock: .fixed(unfavorited)).update(["two-sum"]) { $1.favorite = false }
        let file = #"{"data":{"problemsetQuestionList":{"questions":[{"questionFrontendId":"1","title":"Two Sum","#
            + #""titleSlug":"two-sum-ii","difficulty":"Easy","paidOnly":false,"acRate":58.0,"topicTags":[]}]}}}"#
        let list = try LeetCodeProblemList.read(Data(file.utf8), file: "q.json")
        _ = try CatalogUpdater(store: store, clock: .system).apply(list, source: "q.json", date: Date(), withStatus: false)
        #expect(try store.keys(withPrefix: "progress.") == ["progress.two-sum-ii"])
        #expect(try ProgressRepository(store: store, clock: .system).progress(for: "two-sum-ii") == ProblemProgress(favoriteUpdated: unfavorited))
    }

    @Test("merging an old export into a reset problem does not bring its review card back")
    func resetStaysWithoutCard() {
        let scheduler = ReviewScheduler()
        let solvedAt = Date(timeIntervalSince1970: 1_764_000_000)
        let old = ProblemProgress(
            status: .solved, events: [ProgressEvent(kind: .solved, date: solvedAt)],
            review: scheduler.newCard(rating: .good, at: solvedAt))
        let reset = ProblemProgress(
            status: .todo,
            events: [ProgressEvent(kind: .solved, date: solvedAt), ProgressEvent(kind: .reset, date: solvedAt.addingTimeInterval(60))])
        let (merged, _) = ProgressMerge.merge(reset, old)
        #expect(merged.status == .todo)
        #expect(merged.review == nil)
    }

    @Test("an event time with a fraction of a second is the same event when imported again")
    func fractionalEventsDoNotDouble() throws {
        let json = #"{"kind":"attempted","at":"2026-11-01T12:00:00.5Z"}"#
        let event = try JSONDecoder().decode(ProgressEvent.self, from: Data(json.utf8))
        #expect(event.date == UTCTimestamp.date(from: "2026-11-01T12:00:00Z"))
    }

    @Test("a very long fraction of a second is read, not a crash")
    func longFraction() {
        let date = UTCTimestamp.date(from: "2026-11-01T12:00:00.12345678901234567890Z")
        #expect(date.map { abs($0.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) - 0.123456789) < 1e-6 } == true)
        #expect(UTCTimestamp.date(from: "2026-11-01T12:00:00.12x4Z") == nil)
    }
}
