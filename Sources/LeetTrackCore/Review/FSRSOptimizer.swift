import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fits the 21 FSRS-6 parameters to a user's own review history, by the method of the reference
/// optimizer, fsrs-rs (the one Anki uses; `src/training.rs`, `dataset.rs`,
/// `parameter_initialization.rs`, `parameter_clipper.rs`, `inference.rs`):
///
/// - every redo on a later day than the rating before it is one prediction: the history before it
///   gives a stability, the stability and the days since give a retrievability, and the redo's
///   outcome (again: forgotten; hard, good, easy: recalled) is the label;
/// - the outlier filter sets aside rare (first rating, days to the first redo) pairs, as
///   fsrs-rs's `filter_outlier` does;
/// - the initial stabilities w0…w3 are pre-trained from the first redos alone (a ternary search
///   per first rating, smoothed and filled in, `pre_training.rs`);
/// - the rest is fitted by Adam (learning rate 0.04, cosine annealing, 5 epochs, batches of 512
///   sorted by length, shuffled each epoch) on the binary cross-entropy of recall against
///   predicted retrievability, weighted towards recent reviews (0.25 + 0.75·(i/n)³), plus
///   fsrs-rs's L2 penalty towards the starting parameters scaled by their spread among users;
/// - every step is clamped to fsrs-rs's bounds (within the scheduler's own).
///
/// The forward pass is the scheduler's own model (``FSRSModel``), so the fitted parameters
/// predict exactly what the scheduler will do with them; the gradients are written by hand
/// (reverse mode, `FSRSOptimizer+Gradient.swift`), as fsrs-rs's `analytic.rs` does.
///
/// ```swift
/// let fit = try FSRSOptimizer.fit(records, current: settings.scheduler().parameters)
/// print(fit.logLoss, fit.currentLogLoss)
/// ```
public enum FSRSOptimizer {
    /// The fewest predictions (redos on a later day, after the outlier filter) a fit accepts.
    /// fsrs-rs only pre-trains w0…w3 below 64 and returns the defaults below 8; a fit that leaves
    /// 17 of 21 parameters at their defaults is not worth applying, so fewer is refused.
    public static let minimumReviews = 64

    /// A fitted set of parameters and how well each set predicts the history.
    public struct Fit: Sendable, Equatable {
        /// The fitted w0 … w20, within the scheduler's bounds.
        public var parameters: [Double]
        /// The redos the fit used (after the outlier filter).
        public var reviews: Int
        /// The redos both sets are evaluated on (all of them).
        public var evaluated: Int
        /// The fitted parameters' recency-weighted log loss on the history.
        public var logLoss: Double
        /// The fitted parameters' RMSE over fsrs-rs's bins.
        public var rmse: Double
        /// The current parameters' log loss on the same history.
        public var currentLogLoss: Double
        /// The current parameters' RMSE on the same history.
        public var currentRMSE: Double
    }

    /// Training settings, fsrs-rs's `TrainingConfig::default()`.
    static let epochs = 5
    static let batchSize = 512
    static let learningRate = 0.04
    static let maximumSequenceLength = 256
    static let seed: UInt64 = 2023
    /// fsrs-rs's `PARAMS_STDDEV`: how far each parameter spreads among users; the penalty for
    /// moving a parameter is measured in these units.
    static let parameterSpread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
        1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// Fits the parameters to the ratings of `records` (by slug) and evaluates them and `current`.
    ///
    /// - Throws: ``LeetTrackError/notEnoughReviews(have:need:)`` when fewer than
    ///   ``minimumReviews`` redos remain after the outlier filter.
    /// - Complexity: O(epochs · Σ length²) over the problems' rating histories.
    public static func fit(_ records: [String: ProblemProgress], current: [Double]) throws(LeetTrackError) -> Fit {
        let items = Item.all(from: records)
        let prepared = prepareTrainingData(items)
        guard prepared.train.count >= minimumReviews, !prepared.initialization.isEmpty else {
            throw .notEnoughReviews(have: prepared.train.count, need: minimumReviews)
        }
        let averageRecall = Double(prepared.train.count { $0.current.rating.isRecall }) / Double(prepared.train.count)
        let (initialStability, ratingCounts) = initialStabilities(prepared.initialization, averageRecall: averageRecall)
        var start = ReviewScheduler.defaultParameters
        start.replaceSubrange(0..<4, with: initialStability)

        var parameters = start
        var used = prepared.train.count
        // fsrs-rs returns the pre-trained parameters when every prediction is a first redo.
        if prepared.train.count != prepared.initialization.count {
            let weighted = recencyWeighted(prepared.train).filter { $0.item.reviews.count <= maximumSequenceLength }
            used = weighted.count
            parameters = train(weighted, from: start)
            let fitted = smoothAndFill(Dictionary(uniqueKeysWithValues: (1...4).map { ($0, parameters[$0 - 1]) }), counts: ratingCounts)
            parameters.replaceSubrange(0..<4, with: fitted)
        }
        // A non-finite or out-of-bounds result (it cannot happen after the clamps) is refused
        // rather than offered.
        do {
            try FSRSModel.validate(parameters)
        } catch {
            throw .invalidSetting("fitted parameters", value: "\(parameters)", reason: error.description)
        }
        let fitted = evaluate(items, parameters: parameters)
        let before = evaluate(items, parameters: current)
        return Fit(
            parameters: parameters, reviews: used, evaluated: items.count, logLoss: fitted.logLoss, rmse: fitted.rmse,
            currentLogLoss: before.logLoss, currentRMSE: before.rmse)
    }

    /// fsrs-rs's training loop: Adam with cosine annealing over shuffled, length-sorted batches,
    /// each step's gradient with the L2 penalty, each step clamped.
    static func train(_ items: [WeightedItem], from start: [Double]) -> [Double] {
        let total = items.count
        let iterations = (total / batchSize + 1) * epochs
        // Sorted by length (a stable sort, as fsrs-rs's), then cut into batches.
        let sorted = items.enumerated().sorted { ($0.element.item.reviews.count, $0.offset) < ($1.element.item.reviews.count, $1.offset) }
        let batches = stride(from: 0, to: total, by: batchSize).map { offset in
            sorted[offset..<min(offset + batchSize, total)].map(\.element)
        }
        var schedule = CosineAnnealing(steps: Double(iterations), rate: learningRate)
        var adam = Adam()
        var random = SplitMix64(state: seed)
        var parameters = start
        for _ in 0..<epochs {
            var order = Array(batches.indices)
            random.shuffle(&order)
            for index in order {
                let batch = batches[index]
                let rate = schedule.step()
                var gradient = [Double](repeating: 0, count: 21)
                let model = FSRSModel(parameters: parameters)
                for weighted in batch {
                    _ = model.lossAndGradient(of: weighted.item, weight: weighted.weight, into: &gradient)
                }
                let scale = Double(batch.count) / Double(total)
                for index in 0..<21 {
                    let delta = parameters[index] - start[index]
                    gradient[index] += 2 * delta / (parameterSpread[index] * parameterSpread[index]) * scale
                }
                adam.step(&parameters, gradient: gradient, rate: rate)
                clamp(&parameters)
            }
        }
        return parameters
    }

    /// fsrs-rs's `clip_parameters` with short-term stability on and one relearning step: the
    /// scheduler's bounds, but w19 at least 0.01.
    static func clamp(_ parameters: inout [Double]) {
        for index in parameters.indices {
            let lower = index == 19 ? 0.01 : FSRSModel.lowerBounds[index]
            parameters[index] = min(max(parameters[index], lower), FSRSModel.upperBounds[index])
        }
    }
}

/// Adam as fsrs-rs's `HostAdam` runs it: β₁ 0.9, β₂ 0.999, ε 1e-8.
struct Adam {
    private var first = [Double](repeating: 0, count: 21)
    private var second = [Double](repeating: 0, count: 21)
    private var steps = 0

    mutating func step(_ parameters: inout [Double], gradient: [Double], rate: Double) {
        steps += 1
        let correction1 = 1 - pow(0.9, Double(steps))
        let correction2 = 1 - pow(0.999, Double(steps))
        for index in 0..<21 {
            first[index] = 0.9 * first[index] + 0.1 * gradient[index]
            second[index] = 0.999 * second[index] + 0.001 * gradient[index] * gradient[index]
            let mean = first[index] / correction1
            let variance = second[index] / correction2
            parameters[index] -= rate * mean / (variance.squareRoot() + 1e-8)
        }
    }
}

/// fsrs-rs's `CosineAnnealingLR` (PyTorch's recursive form), from `rate` down to 0 over `steps`.
struct CosineAnnealing {
    let steps: Double
    let rate: Double
    private var count = -1.0
    private var current: Double

    init(steps: Double, rate: Double) {
        self.steps = steps
        self.rate = rate
        current = rate
    }

    mutating func step() -> Double {
        count += 1
        if count == 0 {
            current = rate
        } else if (count - 1 - steps).truncatingRemainder(dividingBy: 2 * steps) == 0 {
            current = rate * (1 - cos(Double.pi / steps)) / 2
        } else {
            current = (1 + cos(Double.pi * count / steps)) / (1 + cos(Double.pi * (count - 1) / steps)) * current
        }
        return current
    }
}

extension SplitMix64 {
    /// Fisher–Yates, for the batch order: seeded, so the same history gives the same fit on every
    /// run and machine (fsrs-rs seeds its own generator with 2023 the same way).
    mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            let other = Int(next() % UInt64(index + 1))
            elements.swapAt(index, other)
        }
    }
}
