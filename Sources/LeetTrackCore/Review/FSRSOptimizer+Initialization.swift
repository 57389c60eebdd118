import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FSRSOptimizer {
    /// fsrs-rs's largest initial stability (`INIT_S_MAX`), in days.
    static let maximumInitialStability = 100.0

    /// fsrs-rs's pre-training (`initialize_stability_parameters`): for each first rating, the
    /// stability whose forgetting curve (with the default decay) best fits the outcomes of the
    /// first redos, found by ternary search, then smoothed so that a better first rating never
    /// starts less stable, and filled in for the ratings never given.
    ///
    /// - Returns: w0…w3, and how many first redos followed each first rating (grade 1…4).
    static func initialStabilities(_ items: [Item], averageRecall: Double) -> ([Double], [Int: Int]) {
        // first rating → days to the first redo → outcomes (1 recalled, 0 forgotten)
        var groups: [Int: [Int: [Double]]] = [:]
        for item in items where item.longTermCount == 1 {
            let redo = item.firstLongTerm
            groups[item.reviews[0].rating.grade, default: [:]][redo.elapsedDays, default: []].append(redo.rating.isRecall ? 1 : 0)
        }
        let curve = FSRSModel(parameters: ReviewScheduler.defaultParameters)
        var stabilities: [Int: Double] = [:]
        var counts: [Int: Int] = [:]
        for (rating, byDelay) in groups {
            let points = byDelay.sorted { $0.key < $1.key }.map { delay, outcomes in
                let count = Double(outcomes.count)
                let recall = outcomes.reduce(0, +) / count
                // Laplace smoothing towards the average recall, as fsrs-rs does.
                return (delay: delay, recall: (recall * count + averageRecall) / (count + 1), count: count)
            }
            counts[rating] = outcomesCount(byDelay)
            let initial = ReviewScheduler.defaultParameters[rating - 1]
            func loss(_ stability: Double) -> Double {
                var total = 0.0
                for point in points {
                    let predicted = curve.retrievability(elapsedDays: point.delay, stability: stability)
                    total += -(point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted)) * point.count
                }
                return total + abs(stability - initial) / 16
            }
            var low = FSRSModel.minimumStability
            var high = maximumInitialStability
            var best = initial
            var iterations = 0
            while high - low > Double.ulpOfOne, iterations < 1000 {
                iterations += 1
                let third1 = low + (high - low) / 3
                let third2 = high - (high - low) / 3
                if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
                best = (high + low) / 2
            }
            stabilities[rating] = best
        }
        return (smoothAndFill(stabilities, counts: counts), counts)
    }

    private static func outcomesCount(_ byDelay: [Int: [Double]]) -> Int {
        byDelay.values.reduce(0) { $0 + $1.count }
    }

    /// fsrs-rs's `smooth_and_fill`: a worse first rating's stability above a better one's is
    /// evened out towards the rating seen more often; missing ratings are filled in from the
    /// others by the ratios fsrs-rs uses (0.41, 0.54); the result is held to 0.001…100.
    /// `stabilities` must have a rating with a count (the caller's minimum guarantees one).
    static func smoothAndFill(_ stabilities: [Int: Double], counts: [Int: Int]) -> [Double] {
        var known = stabilities.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let smallValue = known[small], let bigValue = known[big], smallValue > bigValue else { continue }
            if (counts[small] ?? 0) > (counts[big] ?? 0) { known[big] = smallValue } else { known[small] = bigValue }
        }
        let w1 = 0.41, w2 = 0.54
        let defaults = Array(ReviewScheduler.defaultParameters[0..<4])
        var filled: [Double?] = [nil, known[1], known[2], known[3], known[4]]
        switch known.count {
        case 0:
            return defaults
        case 1:
            let (rating, value) = (known.first?.key ?? 3, known.first?.value ?? defaults[2])
            let factor = value / defaults[rating - 1]
            return defaults.map { $0 * factor }.sorted().map(clampInitial)
        case 2:
            switch (filled[1], filled[2], filled[3], filled[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
                filled[2] = r2
                filled[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = pow(r2, 1 - w2) * pow(r4, w2)
                filled[3] = r3
                filled[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                filled[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
                filled[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let share = w1 / (w1 + w2 - w1 * w2)
                let r2 = pow(r1, share) * pow(r4, 1 - share)
                filled[2] = r2
                let share2 = w2 / (w1 + w2 - w1 * w2)
                filled[3] = pow(r1, 1 - share2) * pow(r4, share2)
            case (let r1?, nil, let r3?, nil):
                let r2 = pow(r1, w1) * pow(r3, 1 - w1)
                filled[2] = r2
                filled[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
                filled[3] = r3
                filled[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
        case 3:
            switch (filled[1], filled[2], filled[3], filled[4]) {
            case (nil, let r2?, let r3?, _):
                filled[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _):
                filled[2] = pow(r1, w1) * pow(r3, 1 - w1)
            case (_, let r2?, nil, let r4?):
                filled[3] = pow(r2, 1 - w2) * pow(r4, w2)
            case (_, let r2?, let r3?, nil):
                filled[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
        default:
            break
        }
        return (1...4).map { clampInitial(filled[$0] ?? defaults[$0 - 1]) }
    }

    private static func clampInitial(_ stability: Double) -> Double {
        stability.isNaN ? FSRSModel.minimumStability : min(max(stability, FSRSModel.minimumStability), maximumInitialStability)
    }
}
