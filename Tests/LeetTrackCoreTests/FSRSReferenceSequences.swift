import Foundation
import LeetTrackCore
import TestSupport

/// Generates rating sequences with timestamps for the reference comparison, deterministically
/// from a seed.
///
/// Each next review instant is chosen relative to what the Swift scheduler predicts (exactly
/// at the due date, hours around it, early, long overdue), or as a same-day redo, or exactly
/// a whole number of days later (with and without one millisecond less), because those are
/// the places where rounding and day counting can go wrong. The instants are then fed to both
/// implementations, so a wrong Swift due date cannot hide: the reference sees the same instant.
///
/// Instants are whole milliseconds before 2200: `Date` is a `Double` of seconds since 2001, so
/// far in the future or below a microsecond it cannot hold the reference's microsecond
/// instants exactly, and the comparison would test `Date`'s precision rather than FSRS.
struct ReferenceSequenceGenerator {
    /// A sequence to send to the reference, with the cards the Swift scheduler produced.
    struct Generated {
        let sequence: OracleSequence
        let cards: [ReviewCard]
    }

    /// Reviews less than a day after the previous one (FSRS's short-term stability).
    private(set) var sameDayReviews = 0
    /// Reviews whose interval was cut to the maximum interval.
    private(set) var clampedIntervals = 0
    /// Reviews of a card in review rated again (lapses).
    private(set) var lapses = 0

    private var random: FSRSSeededRandom

    init(seed: UInt64) {
        random = FSRSSeededRandom(seed: seed)
    }

    mutating func nextSequence() -> Generated {
        let retention = pick([0.9, 0.9, 0.9, 0.9, 0.7, 0.8, 0.85, 0.95, 0.97])
        let maximumInterval = pick([36_500, 36_500, 36_500, 36_500, 365, 60])
        let scheduler: ReviewScheduler
        do {
            scheduler = try ReviewScheduler(
                desiredRetention: retention, maximumInterval: maximumInterval)
        } catch {
            preconditionFailure("generator settings are valid: \(error)")
        }

        // 2019-01-01 plus up to five years, at whole seconds or with microseconds.
        var now: Int64 = 1_546_300_800_000_000 + int(0..<(5 * 365 * 86_400)) * 1_000_000
        if random.next() % 3 == 0 { now += int(0..<1_000) * 1_000 }
        let start = now
        let easyRun = random.next() % 8 == 0  // long runs of easy reach the maximum interval
        let count = 1 + Int(int(0..<15))

        var reviews: [OracleSequence.Review] = []
        var cards: [ReviewCard] = []
        var card = ReviewCard.unreviewed(at: fsrsDate(microseconds: start))
        for index in 0..<count {
            if index > 0 { now += gap(after: now, card: card) }
            let rating = easyRun ? ReviewRating.easy : nextRating()
            let reviewed = scheduler.review(card, rating: rating, at: fsrsDate(microseconds: now))
            tally(reviewed, after: card, at: now, maximumInterval: maximumInterval)
            card = reviewed
            reviews.append(.init(rating: rating.grade, atUs: now))
            cards.append(card)
        }
        let sequence = OracleSequence(
            desiredRetention: retention, maximumInterval: maximumInterval,
            startUs: start, reviews: reviews)
        return Generated(sequence: sequence, cards: cards)
    }

    private mutating func tally(
        _ reviewed: ReviewCard, after card: ReviewCard, at now: Int64, maximumInterval: Int
    ) {
        if let last = card.lastReview, now - fsrsMicroseconds(last) < 86_400_000_000 {
            sameDayReviews += 1
        }
        if let last = reviewed.lastReview,
            reviewed.due.timeIntervalSince(last) == Double(maximumInterval) * 86_400
        {
            clampedIntervals += 1
        }
        if reviewed.lapses > card.lapses { lapses += 1 }
    }

    private mutating func nextRating() -> ReviewRating {
        switch random.next() % 20 {
        case 0..<3: .again
        case 3..<6: .hard
        case 6..<16: .good
        default: .easy
        }
    }

    /// Microseconds until the next review: whole milliseconds, at least one.
    private mutating func gap(after now: Int64, card: ReviewCard) -> Int64 {
        let millisecond: Int64 = 1_000
        let hour = 3_600_000 * millisecond
        let day = 24 * hour
        let untilDue = max(millisecond, fsrsMicroseconds(card.due) - now)
        var gap: Int64
        switch random.next() % 9 {
        case 0: gap = int(60_000..<(86_400_000 - 1)) * millisecond  // same day: short-term
        case 1: gap = untilDue  // exactly when due
        case 2: gap = untilDue + int(-36 * hour..<(36 * hour))  // around the due date
        case 3: gap = int(1..<61) * day  // whole days
        case 4: gap = int(1..<61) * day - millisecond  // just short of whole days
        case 5: gap = untilDue * int(2..<7)  // long overdue
        case 6: gap = untilDue / 10 * int(2..<10)  // early
        case 7: gap = int(1..<4) * 365 * day + int(0..<day)  // years later
        default: gap = untilDue + int(0..<(3 * day))  // a little late
        }
        if now + gap > Self.horizon { gap = int(1..<30) * day }
        return max(millisecond, gap / millisecond * millisecond)
    }

    /// 2200-01-01 in microseconds since the Unix epoch; no review is generated later.
    private static let horizon: Int64 = 7_258_118_400_000_000

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    private mutating func int(_ range: Range<Int64>) -> Int64 {
        range.lowerBound + Int64(random.next() % UInt64(range.upperBound - range.lowerBound))
    }
}

/// The reference sequences' generator: SplitMix64 (TestSupport's), whose sequence depends only on
/// its seed, on every platform.
typealias FSRSSeededRandom = SeededRandom
