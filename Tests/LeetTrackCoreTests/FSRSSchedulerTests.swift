import Foundation
import LeetTrackCore
import Testing

/// 2026-01-01 00:00 UTC, a fixed instant so that every test is reproducible.
let fsrsEpoch = Date(timeIntervalSince1970: 1_767_225_600)
let fsrsDay: TimeInterval = 86_400

/// Whole days from `start` to `end`, for readable expectations.
func fsrsDays(from start: Date, to end: Date) -> Double {
    end.timeIntervalSince(start) / fsrsDay
}

@Suite("FSRS scheduling")
struct FSRSSchedulerTests {
    let scheduler = ReviewScheduler()

    @Test("A first good rating uses the published initial stability and schedules two days out")
    func firstGoodRating() throws {
        let card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        #expect(card.stability == 2.3065)  // w2
        let difficulty = try #require(card.difficulty)
        #expect(abs(difficulty - (6.4133 - exp(0.8334 * 2) + 1)) < 1e-12)  // w4 − e^(2·w5) + 1
        #expect(card.state == .review)
        #expect(card.lastReview == fsrsEpoch)
        #expect(card.due == fsrsEpoch.addingTimeInterval(2 * fsrsDay))
        #expect(card.reps == 1)
        #expect(card.lapses == 0)
    }

    @Test("An unreviewed card is in learning, due when created, with no memory state")
    func unreviewedCard() {
        let card = ReviewCard.unreviewed(at: fsrsEpoch)
        #expect(card.state == .learning)
        #expect(card.due == fsrsEpoch)
        #expect(card.stability == nil && card.difficulty == nil && card.lastReview == nil)
        #expect(card.isDue(at: fsrsEpoch))
    }

    @Test("Better ratings give longer intervals: again < hard < good < easy")
    func intervalsGrowWithTheRating() {
        let card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        let reviewedAt = card.due
        let intervals = ReviewRating.allCases.map { rating in
            let due = scheduler.review(card, rating: rating, at: reviewedAt).due
            return fsrsDays(from: reviewedAt, to: due)
        }
        #expect(intervals == intervals.sorted())
        #expect(Set(intervals).count == 4, "intervals \(intervals)")
    }

    @Test("Again shortens the next interval below the one just completed")
    func againShortensTheInterval() throws {
        var card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        for _ in 0..<4 { card = scheduler.review(card, rating: .good, at: card.due) }
        let completed = fsrsDays(from: try #require(card.lastReview), to: card.due)
        let forgotten = scheduler.review(card, rating: .again, at: card.due)
        #expect(fsrsDays(from: card.due, to: forgotten.due) < completed)
        #expect(try #require(forgotten.stability) < (card.stability ?? 0))
    }

    @Test("Easy lengthens the next interval beyond the one just completed")
    func easyLengthensTheInterval() {
        let card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        let completed = fsrsDays(from: fsrsEpoch, to: card.due)
        let easy = scheduler.review(card, rating: .easy, at: card.due)
        #expect(fsrsDays(from: card.due, to: easy.due) > completed)
    }

    @Test("Forgetting a card in review counts a lapse; every rating counts a rep")
    func lapsesAndReps() {
        var card = scheduler.newCard(rating: .again, at: fsrsEpoch)
        #expect(card.lapses == 0)  // a first rating of again is not a lapse: nothing was known
        card = scheduler.review(card, rating: .again, at: card.due)
        card = scheduler.review(card, rating: .good, at: card.due)
        #expect(card.lapses == 1)
        #expect(card.reps == 3)
    }

    @Test("Without relearning steps a forgotten card stays in review and is due on a later day")
    func forgottenCardIsDueOnALaterDay() {
        let card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        let forgotten = scheduler.review(card, rating: .again, at: card.due)
        #expect(forgotten.state == .review)
        #expect(fsrsDays(from: card.due, to: forgotten.due) >= 1)
    }

    @Test("A same-day redo is scheduled at least one day later")
    func sameDayRedoIsScheduledOnALaterDay() {
        let card = scheduler.newCard(rating: .again, at: fsrsEpoch)
        let redo = fsrsEpoch.addingTimeInterval(3_600)
        let again = scheduler.review(card, rating: .again, at: redo)
        #expect(again.due == redo.addingTimeInterval(fsrsDay))
    }

    @Test("Elapsed time counts whole days: a millisecond short of a day is still the same day")
    func elapsedTimeCountsWholeDays() {
        let card = scheduler.newCard(rating: .good, at: fsrsEpoch)
        func stability(after seconds: TimeInterval) -> Double? {
            scheduler.review(card, rating: .good, at: fsrsEpoch.addingTimeInterval(seconds))
                .stability
        }
        #expect(stability(after: fsrsDay - 0.001) == stability(after: 3_600))
        #expect(stability(after: fsrsDay) != stability(after: 3_600))
        #expect(stability(after: fsrsDay) == stability(after: 2 * fsrsDay - 0.001))
    }

    @Test("Retrievability is 90 % after as many days as the stability, and 0 before any rating")
    func retrievabilityAtStability() {
        let card = ReviewCard(
            due: fsrsEpoch, stability: 10, difficulty: 5, state: .review, lastReview: fsrsEpoch)
        let atStability = scheduler.retrievability(
            of: card, at: fsrsEpoch.addingTimeInterval(10 * fsrsDay))
        #expect(abs(atStability - 0.9) < 1e-12)
        #expect(scheduler.retrievability(of: card, at: fsrsEpoch) == 1)
        #expect(scheduler.retrievability(of: .unreviewed(at: fsrsEpoch), at: fsrsEpoch) == 0)
    }

    @Test("Difficulty stays between 1 and 10 however a card is rated, and easy reaches 1")
    func difficultyIsClamped() throws {
        var easy = scheduler.newCard(rating: .easy, at: fsrsEpoch)
        var again = scheduler.newCard(rating: .again, at: fsrsEpoch)
        for _ in 0..<30 {
            easy = scheduler.review(easy, rating: .easy, at: easy.due)
            again = scheduler.review(again, rating: .again, at: again.due)
            #expect((1...10).contains(try #require(easy.difficulty)))
            #expect((1...10).contains(try #require(again.difficulty)))
        }
        #expect(easy.difficulty == 1)
        #expect(try #require(again.difficulty) > 9.9)
    }

    @Test("Reviewing is pure: the same card, rating and instant give the same card")
    func reviewIsPure() {
        let card = scheduler.newCard(rating: .hard, at: fsrsEpoch)
        let later = card.due.addingTimeInterval(5 * fsrsDay)
        #expect(scheduler.review(card, rating: .good, at: later)
            == scheduler.review(card, rating: .good, at: later))
    }
}
