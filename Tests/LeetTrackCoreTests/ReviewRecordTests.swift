import Foundation
import Testing

@testable import LeetTrackCore

@Suite("Review cards in progress records")
struct ReviewRecordTests {
    let scheduler = ReviewScheduler()
    let solvedAt = UTCTimestamp.date(from: "2026-03-01T12:00:00Z")!

    func day(_ count: Int) -> Date { solvedAt.addingTimeInterval(Double(count) * 86_400) }

    @Test("a first solve creates the card and keeps the rating on the solve event")
    func firstSolveCreatesCard() {
        var record = ProblemProgress()
        record.recordSolve(at: solvedAt, rating: .easy, scheduler: scheduler)
        #expect(record.review == scheduler.newCard(rating: .easy, at: solvedAt))
        #expect(record.events == [ProgressEvent(kind: .solved, date: solvedAt, rating: "easy")])
        #expect(record.review?.due == day(8))
    }

    @Test("a later solve rates the existing card instead of starting over")
    func laterSolveRatesCard() {
        var record = ProblemProgress()
        record.recordSolve(at: solvedAt, rating: .good, scheduler: scheduler)
        let first = record.review!
        record.recordSolve(at: day(3), rating: .good, scheduler: scheduler)
        #expect(record.review == scheduler.review(first, rating: .good, at: day(3)))
        #expect(record.review?.reps == 2)
    }

    @Test("a backdated solve goes into the history at its place and the card is replayed")
    func earlierSolveReplaysCard() {
        var record = ProblemProgress()
        record.recordSolve(at: day(5), rating: .good, scheduler: scheduler)
        record.recordSolve(at: solvedAt, rating: .again, scheduler: scheduler)
        var inOrder = ProblemProgress()
        inOrder.recordSolve(at: solvedAt, rating: .again, scheduler: scheduler)
        inOrder.recordSolve(at: day(5), rating: .good, scheduler: scheduler)
        #expect(record.events.map(\.date) == [solvedAt, day(5)])
        #expect(record == inOrder)
    }

    @Test("any order of the same solves and reviews gives the same history and card")
    func orderDoesNotMatter() {
        let steps: [(Int, ReviewRating, Bool)] = [(0, .good, true), (3, .hard, false), (9, .easy, false), (20, .again, true)]
        var results: [ProblemProgress] = []
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]] {
            var record = ProblemProgress()
            record.recordSolve(at: day(steps[order.min()!].0), rating: .good, scheduler: scheduler)  // the first solve, first
            for index in order where index != 0 {
                let (offset, rating, isSolve) = steps[index]
                if isSolve {
                    record.recordSolve(at: day(offset), rating: rating, scheduler: scheduler)
                } else {
                    _ = record.recordReview(rating, at: day(offset), scheduler: scheduler)
                }
            }
            results.append(record)
        }
        #expect(results[0] == results[1])
        #expect(results[1] == results[2])
    }

    @Test("a solve dated before a reset goes into the history and the problem stays todo")
    func solveBeforeResetKeepsTodo() {
        var record = ProblemProgress()
        record.recordSolve(at: day(1), rating: .good, scheduler: scheduler)
        record.reset(at: day(5), forgetHistory: false)
        record.recordSolve(at: day(3), rating: .good, scheduler: scheduler)
        #expect(record.status == .todo)
        #expect(record.review == nil)
        #expect(record.events.map(\.kind) == [.solved, .solved, .reset])
    }

    @Test("a review adds a rated event and schedules the next redo")
    func reviewRecords() {
        var record = ProblemProgress()
        record.recordSolve(at: solvedAt, rating: .good, scheduler: scheduler)
        let card = record.review!
        let after = record.recordReview(.again, at: day(2), scheduler: scheduler)
        #expect(after == scheduler.review(card, rating: .again, at: day(2)))
        #expect(record.review == after)
        #expect(record.events.last == ProgressEvent(kind: .reviewed, date: day(2), rating: "again"))
        #expect(after?.due == day(3))
    }

    @Test("a review of an unsolved problem or before its first solve is refused and changes nothing")
    func refusedReviews() {
        var unsolved = ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: solvedAt)])
        #expect(unsolved.recordReview(.good, at: day(1), scheduler: scheduler) == nil)
        #expect(unsolved == ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: solvedAt)]))
        var solved = ProblemProgress()
        solved.recordSolve(at: day(3), rating: .good, scheduler: scheduler)
        let before = solved
        #expect(solved.recordReview(.good, at: day(1), scheduler: scheduler) == nil)
        #expect(solved == before)
    }

    @Test("a problem solved before cards existed gets one as if its last solve was rated good")
    func derivedCard() {
        var record = ProblemProgress()
        record.recordSolve(at: solvedAt)
        #expect(record.review == nil)
        #expect(record.reviewCard(using: scheduler) == scheduler.newCard(rating: .good, at: solvedAt))
        #expect(ProblemProgress(status: .attempted).reviewCard(using: scheduler) == nil)
    }

    @Test("a reset removes the card")
    func resetRemovesCard() {
        var record = ProblemProgress()
        record.recordSolve(at: solvedAt, rating: .good, scheduler: scheduler)
        record.reset(at: day(1), forgetHistory: false)
        #expect(record.review == nil)
        #expect(record.reviewCard(using: scheduler) == nil)
    }

    @Test("a record with a card reads back equal through JSONDecoder and the fast reader")
    func cardRoundTrip() throws {
        var record = ProblemProgress(favorite: true, note: "two pointers")
        record.recordSolve(at: solvedAt, rating: .hard, scheduler: scheduler)
        _ = record.recordReview(.again, at: day(1), scheduler: scheduler)
        _ = record.recordReview(.easy, at: day(4), scheduler: scheduler)
        let data = try JSONEncoder().encode(record)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""due":"2026-"#))
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: data) == record)
        #expect(ProgressJSONReader.progress(from: data) == record)
    }

    @Test("a record written before cards existed still reads, without a card")
    func oldRecordReads() throws {
        let data = Data(#"{"status":"solved","events":[{"kind":"solved","at":"2026-03-01T12:00:00Z"}]}"#.utf8)
        #expect(ProgressJSONReader.progress(from: data)?.review == nil)
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: data).review == nil)
    }
}
