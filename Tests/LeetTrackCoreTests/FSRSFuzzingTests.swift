import Foundation
import LeetTrackCore
import Testing

@Suite("FSRS interval fuzzing")
struct FSRSFuzzingTests {
    /// Cards with different histories, all due on the same day, to be reviewed on it.
    func cards(_ scheduler: ReviewScheduler) -> [ReviewCard] {
        (0..<40).map { index in
            var card = scheduler.newCard(
                rating: .good, at: fsrsEpoch.addingTimeInterval(Double(index) * 60))
            card = scheduler.review(card, rating: .easy, at: card.due)
            return card
        }
    }

    func fuzzed(seed: UInt64) throws -> ReviewScheduler {
        try ReviewScheduler(desiredRetention: 0.9, fuzzing: .seeded(seed))
    }

    @Test("Seeded fuzz gives the same due dates on every run")
    func seededFuzzIsDeterministic() throws {
        let first = try fuzzed(seed: 42)
        let second = try fuzzed(seed: 42)
        let reviewedAt = fsrsEpoch.addingTimeInterval(60 * fsrsDay)
        for card in cards(first) {
            #expect(first.review(card, rating: .good, at: reviewedAt)
                == second.review(card, rating: .good, at: reviewedAt))
        }
    }

    @Test("Seeded fuzz spreads intervals within the reference's range around the exact one")
    func seededFuzzStaysInRange() throws {
        let plain = ReviewScheduler()
        let fuzzy = try fuzzed(seed: 7)
        let reviewedAt = fsrsEpoch.addingTimeInterval(60 * fsrsDay)
        var seen = Set<Double>()
        for card in cards(plain) {
            let exactDue = plain.review(card, rating: .good, at: reviewedAt).due
            let fuzzedDue = fuzzy.review(card, rating: .good, at: reviewedAt).due
            let exact = fsrsDays(from: reviewedAt, to: exactDue)
            let spread = fsrsDays(from: reviewedAt, to: fuzzedDue)
            // Beyond 20 days the reference allows ±(1 + 0.675 + 1.3 + 5 % of the rest).
            let delta = 1 + 0.15 * 4.5 + 0.1 * 13 + 0.05 * max(exact - 20, 0)
            #expect(abs(spread - exact) <= delta.rounded() + 1, "exact \(exact), fuzzed \(spread)")
            seen.insert(spread - exact)
        }
        #expect(seen.count > 1, "fuzz moved no interval")
    }

    @Test("Fuzz leaves intervals under three days alone")
    func shortIntervalsAreNotFuzzed() throws {
        let fuzzy = try fuzzed(seed: 99)
        let card = fuzzy.newCard(rating: .good, at: fsrsEpoch)  // a two-day interval
        #expect(card.due == ReviewScheduler().newCard(rating: .good, at: fsrsEpoch).due)
    }
}
