import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The FSRS-6 formulas, transcribed from the reference implementation (`fsrs.scheduler`).
///
/// Each expression keeps the reference's operand order and uses `pow(e, x)` where it writes
/// `math.e ** x`, so that on the same C library the results are the same doubles, not just
/// close: an interval that rounds at exactly .5 days then rounds the same way.
struct FSRSModel: Sendable, Hashable {
    static let minimumStability = 0.001
    static let minimumDifficulty = 1.0
    static let maximumDifficulty = 10.0

    /// Python's `math.e`, the same double as `M_E`.
    private static let e = 2.718281828459045

    /// The reference's accepted range for each of the 21 weights.
    static let lowerBounds: [Double] = [
        minimumStability, minimumStability, minimumStability, minimumStability,
        1.0, 0.001, 0.001, 0.001, 0.0, 0.0, 0.001, 0.001, 0.001, 0.001, 0.0, 0.0, 1.0, 0.0, 0.0,
        0.0, 0.1,
    ]
    static let upperBounds: [Double] = [
        100.0, 100.0, 100.0, 100.0,
        10.0, 4.0, 4.0, 0.75, 4.5, 0.8, 3.5, 5.0, 0.25, 0.9, 4.0, 1.0, 6.0, 2.0, 2.0, 0.8, 0.8,
    ]

    let w: [Double]
    /// The forgetting curve's exponent, −w20.
    let decay: Double
    /// Chosen so that retrievability is 0.9 after `stability` days.
    let factor: Double

    init(parameters: [Double]) {
        w = parameters
        decay = -parameters[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    static func validate(_ parameters: [Double]) throws(ReviewSchedulerError) {
        guard parameters.count == lowerBounds.count else {
            throw .wrongParameterCount(expected: lowerBounds.count, got: parameters.count)
        }
        for index in parameters.indices {
            let value = parameters[index]
            // Written as a positive test so that NaN is rejected too.
            guard value >= lowerBounds[index], value <= upperBounds[index] else {
                throw .parameterOutOfBounds(
                    index: index, value: value,
                    lower: lowerBounds[index], upper: upperBounds[index]
                )
            }
        }
    }

    func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(elapsedDays) / stability, decay)
    }

    func exactInterval(stability: Double, desiredRetention: Double) -> Double {
        (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    }

    func initialStability(rating: ReviewRating) -> Double {
        clampStability(w[rating.grade - 1])
    }

    func initialDifficulty(rating: ReviewRating, clamped: Bool) -> Double {
        let difficulty = w[4] - pow(Self.e, w[5] * Double(rating.grade - 1)) + 1
        return clamped ? clampDifficulty(difficulty) : difficulty
    }

    func shortTermStability(_ stability: Double, rating: ReviewRating) -> Double {
        var increase = shortTermIncrease(stability, rating: rating)
        if rating.isRecall { increase = max(increase, 1.0) }
        return clampStability(stability * increase)
    }

    /// The same-day factor on stability before a recall's floor of 1; its own function so the
    /// optimizer's gradient (`FSRSOptimizer+Gradient`) reads the same value the scheduler uses.
    func shortTermIncrease(_ stability: Double, rating: ReviewRating) -> Double {
        pow(Self.e, w[17] * (Double(rating.grade - 3) + w[18])) * pow(stability, -w[19])
    }

    func nextDifficulty(_ difficulty: Double, rating: ReviewRating) -> Double {
        clampDifficulty(unclampedNextDifficulty(difficulty, rating: rating))
    }

    /// ``nextDifficulty(_:rating:)`` before the clamp to 1…10 (the optimizer's gradient stops
    /// where the clamp holds).
    func unclampedNextDifficulty(_ difficulty: Double, rating: ReviewRating) -> Double {
        let easyTarget = initialDifficulty(rating: .easy, clamped: false)
        // Linear damping: the closer to 10, the smaller the step.
        let damped = dampedDifficulty(difficulty, rating: rating)
        // Mean reversion towards the difficulty of a card first rated easy.
        return w[7] * easyTarget + (1 - w[7]) * damped
    }

    /// The difficulty moved by the rating, the step shrinking towards 10.
    func dampedDifficulty(_ difficulty: Double, rating: ReviewRating) -> Double {
        let delta = -(w[6] * Double(rating.grade - 3))
        return difficulty + (10.0 - difficulty) * delta / 9.0
    }

    func nextStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating
    ) -> Double {
        let next =
            rating.isRecall
            ? recallStability(
                difficulty: difficulty, stability: stability,
                retrievability: retrievability, rating: rating)
            : forgetStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability)
        return clampStability(next)
    }

    private func forgetStability(
        difficulty: Double, stability: Double, retrievability: Double
    ) -> Double {
        min(
            forgetLongTermStability(difficulty: difficulty, stability: stability, retrievability: retrievability),
            forgetShortTermStability(stability))
    }

    /// A lapse's stability by the long-term formula (w11 … w14).
    func forgetLongTermStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * pow(Self.e, (1 - retrievability) * w[14])
    }

    /// The ceiling on a lapse's stability: the stability shrunk by the short-term factor.
    func forgetShortTermStability(_ stability: Double) -> Double {
        stability / pow(Self.e, w[17] * w[18])
    }

    private func recallStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating
    ) -> Double {
        stability
            * (1 + recallIncrease(difficulty: difficulty, stability: stability, retrievability: retrievability, rating: rating))
    }

    /// How much a recall multiplies stability, less one (w8 … w10, w15, w16).
    func recallIncrease(difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating) -> Double {
        let hardPenalty = rating == .hard ? w[15] : 1
        let easyBonus = rating == .easy ? w[16] : 1
        return pow(Self.e, w[8]) * (11 - difficulty) * pow(stability, -w[9])
            * (pow(Self.e, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus
    }

    /// `e` raised to `x`, as the formulas write it (`math.e ** x`), for the optimizer's gradient.
    static func exp(_ x: Double) -> Double { pow(e, x) }

    // NaN (from a card no review could write) is held to the minimum, infinity to the largest
    // finite stability: a card is never stored with a value no reader takes back.
    func clampStability(_ stability: Double) -> Double {
        stability.isNaN ? Self.minimumStability : min(max(stability, Self.minimumStability), .greatestFiniteMagnitude)
    }

    func clampDifficulty(_ difficulty: Double) -> Double {
        difficulty.isNaN ? Self.maximumDifficulty : min(max(difficulty, Self.minimumDifficulty), Self.maximumDifficulty)
    }
}
