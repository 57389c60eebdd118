import FoundationEssentials

/// Schedules problem redos with FSRS-6, matching the Python reference implementation
/// (`fsrs` on PyPI, `Scheduler(learning_steps=(), relearning_steps=())`) exactly.
///
/// A coding problem is redone on another day, so there are no same-day learning or
/// relearning steps: every rating moves the card to the review state and schedules it a whole
/// number of days (at least one) after the rating. A card rated less than a whole day after its
/// last rating uses FSRS's short-term stability formula, as the reference does.
///
/// The scheduler is an immutable value; `review(_:rating:at:)` is a pure function.
///
/// ```swift
/// let scheduler = ReviewScheduler()
/// var card = scheduler.newCard(rating: .good, at: solvedAt)
/// card = scheduler.review(card, rating: .hard, at: redoneAt)
/// ```
public struct ReviewScheduler: Sendable, Hashable {
    /// The 21 published FSRS-6 default weights (w0 … w20).
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    /// The default probability of recalling a problem when it falls due.
    public static let defaultDesiredRetention = 0.9
    /// The default longest interval, in days (100 years).
    public static let defaultMaximumInterval = 36_500

    /// The model weights w0 … w20.
    public let parameters: [Double]
    /// The probability of recall the schedule aims for when a card falls due, in (0, 1).
    public let desiredRetention: Double
    /// The longest interval in days a card can be scheduled.
    public let maximumInterval: Int
    /// Whether and how intervals are randomly spread; off by default.
    public let fuzzing: ReviewFuzzing

    /// The precomputed curve constants; derived from `parameters`, kept so each review
    /// does not recompute them.
    let model: FSRSModel

    /// A scheduler with the published defaults: FSRS-6 weights, 90 % retention,
    /// a 36,500-day maximum interval and no fuzzing.
    public init() {
        // The defaults are within the reference's bounds (a unit test checks), so skip validation.
        self.init(
            unchecked: Self.defaultParameters,
            desiredRetention: Self.defaultDesiredRetention,
            maximumInterval: Self.defaultMaximumInterval,
            fuzzing: .off
        )
    }

    /// A scheduler with custom settings.
    ///
    /// - Throws: `ReviewSchedulerError` when there are not 21 parameters, a parameter is
    ///   outside the reference's bounds, the retention is not strictly between 0 and 1, or the
    ///   maximum interval is below one day.
    public init(
        parameters: [Double] = ReviewScheduler.defaultParameters,
        desiredRetention: Double,
        maximumInterval: Int = ReviewScheduler.defaultMaximumInterval,
        fuzzing: ReviewFuzzing = .off
    ) throws(ReviewSchedulerError) {
        try FSRSModel.validate(parameters)
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetentionOutOfRange(desiredRetention)
        }
        guard maximumInterval >= 1 else { throw .maximumIntervalTooShort(maximumInterval) }
        self.init(
            unchecked: parameters,
            desiredRetention: desiredRetention,
            maximumInterval: maximumInterval,
            fuzzing: fuzzing
        )
    }

    private init(
        unchecked parameters: [Double],
        desiredRetention: Double,
        maximumInterval: Int,
        fuzzing: ReviewFuzzing
    ) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval
        self.fuzzing = fuzzing
        self.model = FSRSModel(parameters: parameters)
    }

    /// The same scheduler with its fuzz seed mixed with `name` (a problem's slug), so problems
    /// solved together with the same rating spread over different days, while each problem still
    /// gets the same date on every run and every machine. Without fuzzing it is `self`.
    public func fuzzed(for name: String) -> ReviewScheduler {
        guard case .seeded(let seed) = fuzzing else { return self }
        // FNV-1a: stable across processes, unlike `Hasher`.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return ReviewScheduler(
            unchecked: parameters, desiredRetention: desiredRetention, maximumInterval: maximumInterval,
            fuzzing: .seeded(seed ^ hash))
    }

    /// The card of a problem solved for the first time at `date` and rated `rating`.
    public func newCard(rating: ReviewRating, at date: Date) -> ReviewCard {
        review(.unreviewed(at: date), rating: rating, at: date)
    }

    /// The card after it is redone at `date` and rated `rating`.
    ///
    /// Elapsed time counts whole days between the instants (as Python's `timedelta.days`),
    /// not calendar days, so the result does not depend on the time zone.
    ///
    /// - Complexity: O(1).
    public func review(_ card: ReviewCard, rating: ReviewRating, at date: Date) -> ReviewCard {
        var next = card
        let elapsedDays = card.lastReview.map { wholeDays(from: $0, to: date) }

        if let stability = card.stability, let difficulty = card.difficulty {
            if let elapsedDays, elapsedDays < 1 {
                next.stability = model.shortTermStability(stability, rating: rating)
            } else {
                let retrievability = self.retrievability(of: card, at: date)
                next.stability = model.nextStability(
                    difficulty: difficulty,
                    stability: stability,
                    retrievability: retrievability,
                    rating: rating
                )
            }
            next.difficulty = model.nextDifficulty(difficulty, rating: rating)
        } else {
            next.stability = model.initialStability(rating: rating)
            next.difficulty = model.initialDifficulty(rating: rating, clamped: true)
        }

        if card.state == .review, rating == .again { next.lapses += 1 }
        next.reps += 1
        next.state = .review

        // Both branches above set stability; the fallback only guards the type system.
        var days = interval(forStability: next.stability ?? FSRSModel.minimumStability)
        if case .seeded(let seed) = fuzzing {
            days = fuzzedInterval(days, seed: seed, reviewedAt: date, card: card)
        }
        next.due = date.addingTimeInterval(Double(days) * secondsPerDay)
        next.lastReview = date
        return next
    }

    /// The predicted probability (0 … 1) of recalling the card's problem at `date`;
    /// 0 for a card never rated.
    public func retrievability(of card: ReviewCard, at date: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        let elapsed = max(0, wholeDays(from: lastReview, to: date))
        return model.retrievability(elapsedDays: elapsed, stability: stability)
    }

    /// The next interval in whole days for a stability, as the reference rounds it: half to
    /// even (Python's `round`), then at least 1 and at most `maximumInterval`.
    public func interval(forStability stability: Double) -> Int {
        let exact = model.exactInterval(stability: stability, desiredRetention: desiredRetention)
        let rounded = exact.rounded(.toNearestOrEven)
        // Clamp as a Double first so a huge value cannot trap when converted to Int.
        guard !rounded.isNaN else { return 1 }
        return Int(max(1, min(rounded, Double(maximumInterval))))
    }
}

/// Seconds in the day that Python's `timedelta(days:)` adds: a fixed 86,400, not a calendar day.
private let secondsPerDay: Double = 86_400

/// Whole days from `start` to `end`, floored like Python's `timedelta.days`.
///
/// The difference is first rounded to microseconds, the reference's resolution, so that
/// `Date`'s binary floating point cannot turn exactly one day into 0.999… days.
func wholeDays(from start: Date, to end: Date) -> Int {
    let microseconds = (end.timeIntervalSince(start) * 1_000_000).rounded()
    return Int((microseconds / (secondsPerDay * 1_000_000)).rounded(.down))
}
