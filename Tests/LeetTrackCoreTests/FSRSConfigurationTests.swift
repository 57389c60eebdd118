import Foundation
import LeetTrackCore
import Testing

@Suite("FSRS scheduler settings")
struct FSRSConfigurationTests {
    @Test("The default scheduler has the published FSRS-6 settings")
    func defaults() throws {
        let scheduler = ReviewScheduler()
        #expect(scheduler.parameters.count == 21)
        #expect(scheduler.parameters.last == 0.1542)
        #expect(scheduler.desiredRetention == 0.9)
        #expect(scheduler.maximumInterval == 36_500)
        #expect(scheduler.fuzzing == .off)
        #expect(try ReviewScheduler(desiredRetention: 0.9) == scheduler)  // defaults are valid
    }

    @Test("Intervals round half to even, as Python's round does")
    func intervalsRoundHalfToEven() {
        let scheduler = ReviewScheduler()
        // At 90 % retention the interval equals the stability, so these are exact ties.
        #expect(scheduler.interval(forStability: 2.5) == 2)
        #expect(scheduler.interval(forStability: 3.5) == 4)
        #expect(scheduler.interval(forStability: 10.5) == 10)
    }

    @Test("Intervals are at least one day")
    func intervalsAreAtLeastOneDay() {
        #expect(ReviewScheduler().interval(forStability: 0.001) == 1)
    }

    @Test("Intervals stop at the default maximum of 36,500 days")
    func defaultMaximumInterval() {
        #expect(ReviewScheduler().interval(forStability: 40_000) == 36_500)
        #expect(ReviewScheduler().interval(forStability: 1e300) == 36_500)
    }

    @Test("A custom maximum interval caps the due date")
    func customMaximumInterval() throws {
        let scheduler = try ReviewScheduler(desiredRetention: 0.9, maximumInterval: 30)
        var card = scheduler.newCard(rating: .easy, at: fsrsEpoch)
        for _ in 0..<5 { card = scheduler.review(card, rating: .easy, at: card.due) }
        let lastReview = try #require(card.lastReview)
        #expect(try #require(card.stability) > 30)
        #expect(card.due == lastReview.addingTimeInterval(30 * fsrsDay))
    }

    @Test("A higher desired retention schedules sooner, a lower one later")
    func desiredRetentionIsConfigurable() throws {
        let strict = try ReviewScheduler(desiredRetention: 0.95)
        let relaxed = try ReviewScheduler(desiredRetention: 0.8)
        #expect(strict.interval(forStability: 10) == 4)  // as the reference computes
        #expect(ReviewScheduler().interval(forStability: 10) == 10)
        #expect(relaxed.interval(forStability: 10) == 33)
        #expect(
            strict.newCard(rating: .easy, at: fsrsEpoch).due
                < relaxed.newCard(rating: .easy, at: fsrsEpoch).due)
    }

    @Test("A desired retention outside (0, 1) is rejected", arguments: [0, 1, 1.5, -0.2, .nan])
    func desiredRetentionOutOfRange(retention: Double) {
        #expect(throws: ReviewSchedulerError.self) {
            try ReviewScheduler(desiredRetention: retention)
        }
    }

    @Test("A maximum interval below one day is rejected")
    func maximumIntervalTooShort() {
        #expect(throws: ReviewSchedulerError.maximumIntervalTooShort(0)) {
            try ReviewScheduler(desiredRetention: 0.9, maximumInterval: 0)
        }
    }

    @Test("Parameters other than 21 are rejected")
    func wrongParameterCount() {
        #expect(throws: ReviewSchedulerError.wrongParameterCount(expected: 21, got: 19)) {
            try ReviewScheduler(
                parameters: Array(ReviewScheduler.defaultParameters.prefix(19)),
                desiredRetention: 0.9)
        }
    }

    @Test("A parameter outside the reference's bounds is rejected, naming it")
    func parameterOutOfBounds() {
        var parameters = ReviewScheduler.defaultParameters
        parameters[20] = 0.05
        let expected = ReviewSchedulerError.parameterOutOfBounds(
            index: 20, value: 0.05, lower: 0.1, upper: 0.8)
        #expect(throws: expected) {
            try ReviewScheduler(parameters: parameters, desiredRetention: 0.9)
        }
        #expect(expected.description.contains("w20"))
    }
}
