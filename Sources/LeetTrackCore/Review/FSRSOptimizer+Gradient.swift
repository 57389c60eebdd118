import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The optimizer's loss and its gradient with respect to w0 … w20, in reverse mode.
///
/// The forward pass is the scheduler's: each step calls the same ``FSRSModel`` function that
/// ``ReviewScheduler/review(_:rating:at:)`` calls, so a fit is made on the very predictions the
/// scheduler will make. The backward pass is the derivative of each of those functions, taken by
/// hand as fsrs-rs's `analytic.rs` does; it follows the branch the forward pass took (same-day,
/// lapse with or without its short-term ceiling, recall) and stops at an active clamp, as PyTorch
/// and Burn do.
extension FSRSModel {
    /// fsrs-rs keeps predictions within (1e-7, 1 − 1e-7) in the loss, so one certain miss cannot
    /// make it infinite.
    static let probabilityBounds = (lower: 1e-7, upper: 1 - 1e-7)

    /// One step of the forward pass, with what the backward pass needs.
    struct Step {
        var rating: ReviewRating
        var elapsedDays: Int
        /// The state before the step (unused for the first).
        var stability: Double
        var difficulty: Double
        /// The retrievability at the step (long-term steps only).
        var retrievability: Double
    }

    /// Rates a card through the item's history as ``ReviewScheduler/review(_:rating:at:)`` does,
    /// showing each step to `visit`; returns the stability before the last redo.
    func replay(_ item: FSRSOptimizer.Item, _ visit: (Step) -> Void) -> Double {
        var stability = 0.0
        var difficulty = 0.0
        for (index, review) in item.reviews.dropLast().enumerated() {
            var step = Step(rating: review.rating, elapsedDays: review.elapsedDays, stability: stability, difficulty: difficulty, retrievability: 1)
            if index == 0 {
                stability = initialStability(rating: review.rating)
                difficulty = initialDifficulty(rating: review.rating, clamped: true)
            } else if review.elapsedDays < 1 {
                stability = shortTermStability(stability, rating: review.rating)
                difficulty = nextDifficulty(difficulty, rating: review.rating)
            } else {
                step.retrievability = retrievability(elapsedDays: review.elapsedDays, stability: stability)
                stability = nextStability(
                    difficulty: difficulty, stability: stability, retrievability: step.retrievability, rating: review.rating)
                difficulty = nextDifficulty(difficulty, rating: review.rating)
            }
            visit(step)
        }
        return stability
    }

    /// The weighted binary cross-entropy of `item`'s outcome against its predicted
    /// retrievability; adds its gradient to `gradient` (21 entries).
    func lossAndGradient(of item: FSRSOptimizer.Item, weight: Double, into gradient: inout [Double]) -> Double {
        var steps: [Step] = []
        steps.reserveCapacity(item.reviews.count - 1)
        let stability = replay(item) { steps.append($0) }
        let current = item.current
        let predicted = retrievability(elapsedDays: current.elapsedDays, stability: stability)
        let (loss, outerGradient) = Self.crossEntropy(predicted, recalled: current.rating.isRecall, weight: weight)
        guard outerGradient != 0 else { return loss }

        var gradientStability = retrievabilityBackward(
            elapsedDays: current.elapsedDays, stability: stability, retrievability: predicted, gradient: outerGradient, into: &gradient)
        var gradientDifficulty = 0.0
        for (index, step) in steps.enumerated().reversed() {
            if index == 0 {
                initialBackward(step.rating, stability: gradientStability, difficulty: gradientDifficulty, into: &gradient)
                break
            }
            (gradientStability, gradientDifficulty) = stepBackward(
                step, stability: gradientStability, difficulty: gradientDifficulty, into: &gradient)
        }
        return loss
    }

    /// The loss of one prediction and its derivative with respect to the prediction (0 where the
    /// bounds hold it).
    static func crossEntropy(_ predicted: Double, recalled: Bool, weight: Double) -> (loss: Double, gradient: Double) {
        let bounded = min(max(predicted, probabilityBounds.lower), probabilityBounds.upper)
        let label = recalled ? 1.0 : 0.0
        let loss = -(label * log(bounded) + (1 - label) * log(1 - bounded)) * weight
        guard predicted > probabilityBounds.lower, predicted < probabilityBounds.upper else { return (loss, 0) }
        return (loss, -weight * (label / bounded - (1 - label) / (1 - bounded)))
    }

    /// Through `retrievability(elapsedDays:stability:)`: adds ∂/∂w20 and returns ∂/∂stability.
    private func retrievabilityBackward(
        elapsedDays: Int, stability: Double, retrievability: Double, gradient: Double, into parameters: inout [Double]
    ) -> Double {
        guard gradient != 0 else { return 0 }
        let days = Double(max(0, elapsedDays))
        let base = 1 + factor * days / stability
        let byStability = retrievability * decay / base * (-factor * days / (stability * stability))
        // factor = 0.9^(1/decay) − 1, and decay = −w20.
        let factorByDecay = pow(0.9, 1 / decay) * log(0.9) * (-1 / (decay * decay))
        let byDecay = retrievability * (log(base) + decay / base * days / stability * factorByDecay)
        parameters[20] -= gradient * byDecay
        return gradient * byStability
    }

    /// Through the first rating's stability (w0…w3) and difficulty (w4, w5).
    private func initialBackward(_ rating: ReviewRating, stability: Double, difficulty: Double, into parameters: inout [Double]) {
        let index = rating.grade - 1
        if w[index] >= Self.minimumStability { parameters[index] += stability }
        let raw = initialDifficulty(rating: rating, clamped: false)
        guard difficulty != 0, Self.passes(raw, Self.minimumDifficulty, Self.maximumDifficulty) else { return }
        let offset = Double(rating.grade - 1)
        parameters[4] += difficulty
        parameters[5] += difficulty * -offset * Self.exp(offset * w[5])
    }

    /// Through one later step: adds the parameters' gradient and returns the gradient with respect
    /// to the stability and difficulty before it.
    private func stepBackward(
        _ step: Step, stability gradientOut: Double, difficulty difficultyOut: Double, into parameters: inout [Double]
    ) -> (Double, Double) {
        let (s, d, rating) = (step.stability, step.difficulty, step.rating)
        var gradientStability = 0.0
        var gradientDifficulty = 0.0
        var gradientRetrievability = 0.0
        if step.elapsedDays < 1 {
            let raw = shortTermIncrease(s, rating: rating)
            let factor = rating.isRecall ? max(raw, 1) : raw
            if gradientOut != 0, Self.passes(s * factor, Self.minimumStability, .infinity) {
                gradientStability += gradientOut * factor
                if !(rating.isRecall && raw < 1) {
                    let byRaw = gradientOut * s * raw
                    parameters[17] += byRaw * (Double(rating.grade - 3) + w[18])
                    parameters[18] += byRaw * w[17]
                    parameters[19] += byRaw * -log(s)
                    gradientStability += byRaw * (-w[19] / s)
                }
            }
        } else if !rating.isRecall {
            let r = step.retrievability
            let longTerm = forgetLongTermStability(difficulty: d, stability: s, retrievability: r)
            let ceiling = forgetShortTermStability(s)
            if gradientOut != 0, Self.passes(min(longTerm, ceiling), Self.minimumStability, .infinity) {
                if ceiling < longTerm {
                    parameters[17] += gradientOut * ceiling * -w[18]
                    parameters[18] += gradientOut * ceiling * -w[17]
                    gradientStability += gradientOut * ceiling / s
                } else {
                    let grown = pow(s + 1, w[13])
                    let rest = w[11] * pow(d, -w[12]) * Self.exp((1 - r) * w[14])
                    parameters[11] += gradientOut * longTerm / w[11]
                    parameters[12] += gradientOut * longTerm * -log(d)
                    parameters[13] += gradientOut * rest * grown * log(s + 1)
                    parameters[14] += gradientOut * longTerm * (1 - r)
                    gradientStability += gradientOut * rest * w[13] * grown / (s + 1)
                    gradientDifficulty += gradientOut * longTerm * (-w[12] / d)
                    gradientRetrievability += gradientOut * longTerm * -w[14]
                }
            }
        } else if gradientOut != 0 {
            // A recall: s' = s · (1 + inc), inc = e^w8 · (11 − d) · s^−w9 · (e^((1−r)·w10) − 1) · hard · easy.
            let r = step.retrievability
            let increase = recallIncrease(difficulty: d, stability: s, retrievability: r, rating: rating)
            let hardPenalty = rating == .hard ? w[15] : 1
            let easyBonus = rating == .easy ? w[16] : 1
            let growth = Self.exp((1 - r) * w[10])
            // inc without its last factor (e^((1−r)·w10) − 1), which may be 0 at r = 1.
            let lead = Self.exp(w[8]) * (11 - d) * pow(s, -w[9]) * hardPenalty * easyBonus
            let byIncrease = gradientOut * s
            gradientStability += gradientOut * (1 + increase) + byIncrease * increase * (-w[9] / s)
            gradientDifficulty += -byIncrease * Self.exp(w[8]) * pow(s, -w[9]) * (growth - 1) * hardPenalty * easyBonus
            gradientRetrievability += byIncrease * lead * (-w[10] * growth)
            parameters[8] += byIncrease * increase
            parameters[9] += byIncrease * increase * -log(s)
            parameters[10] += byIncrease * lead * (1 - r) * growth
            let withoutPenalty = Self.exp(w[8]) * (11 - d) * pow(s, -w[9]) * (growth - 1)
            if rating == .hard { parameters[15] += byIncrease * withoutPenalty }
            if rating == .easy { parameters[16] += byIncrease * withoutPenalty }
        }
        gradientDifficulty += difficultyBackward(d, rating: rating, gradient: difficultyOut, into: &parameters)
        if step.elapsedDays >= 1 {
            gradientStability += retrievabilityBackward(
                elapsedDays: step.elapsedDays, stability: s, retrievability: step.retrievability,
                gradient: gradientRetrievability, into: &parameters)
        }
        return (gradientStability, gradientDifficulty)
    }

    /// Through `nextDifficulty`: adds ∂/∂w4…w7 and returns ∂/∂(difficulty before).
    private func difficultyBackward(_ difficulty: Double, rating: ReviewRating, gradient: Double, into parameters: inout [Double]) -> Double {
        guard gradient != 0,
            Self.passes(unclampedNextDifficulty(difficulty, rating: rating), Self.minimumDifficulty, Self.maximumDifficulty)
        else { return 0 }
        let easyTarget = initialDifficulty(rating: .easy, clamped: false)
        let damped = dampedDifficulty(difficulty, rating: rating)
        let shift = Double(rating.grade - 3)
        parameters[7] += gradient * (easyTarget - damped)
        parameters[4] += gradient * w[7]
        parameters[5] += gradient * w[7] * -3 * Self.exp(3 * w[5])
        let byDamped = gradient * (1 - w[7])
        parameters[6] += byDamped * (10 - difficulty) * -shift / 9
        return byDamped * (1 + w[6] * shift / 9)
    }

    /// Whether a clamp to lower…upper lets the gradient through: inside or on the bound.
    private static func passes(_ value: Double, _ lower: Double, _ upper: Double) -> Bool {
        value >= lower && value <= upper
    }
}
