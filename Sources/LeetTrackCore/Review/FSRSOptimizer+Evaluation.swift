import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FSRSOptimizer {
    /// How well a set of parameters predicts a history, as fsrs-rs's `FSRS::evaluate` measures it.
    struct Evaluation: Sendable, Equatable {
        /// The recency-weighted mean binary cross-entropy.
        var logLoss: Double
        /// fsrs-rs's RMSE(bins): predictions and outcomes averaged in bins of (days waited, number
        /// of redos, lapses), the bins' squared differences weighted by their recency weights.
        var rmse: Double
    }

    /// Evaluates `parameters` on every item, in order (the order sets the recency weights).
    static func evaluate(_ items: [Item], parameters: [Double]) -> Evaluation {
        let model = FSRSModel(parameters: parameters)
        var bins: [Bin: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
        var loss = 0.0
        var weights = 0.0
        for weighted in recencyWeighted(items) {
            let predicted = model.prediction(of: weighted.item)
            let recalled = weighted.item.current.rating.isRecall
            loss += FSRSModel.crossEntropy(predicted, recalled: recalled, weight: weighted.weight).loss
            weights += weighted.weight
            let bin = Bin(weighted.item)
            var entry = bins[bin] ?? (0, 0, 0, 0)
            entry.predicted += predicted
            entry.actual += recalled ? 1 : 0
            entry.count += 1
            entry.weight += weighted.weight
            bins[bin] = entry
        }
        guard weights > 0 else { return Evaluation(logLoss: 0, rmse: 0) }
        var squares = 0.0
        var binWeights = 0.0
        // In a fixed order: a dictionary's order changes from one instance to the next, and the
        // sum's last bits with it; the same history must give the same numbers.
        for (_, entry) in bins.sorted(by: { ($0.key.days, $0.key.length, $0.key.lapses) < ($1.key.days, $1.key.length, $1.key.lapses) }) {
            let difference = entry.predicted / entry.count - entry.actual / entry.count
            squares += difference * difference * entry.weight
            binWeights += entry.weight
        }
        return Evaluation(logLoss: loss / weights, rmse: (squares / binWeights).squareRoot())
    }

    /// fsrs-rs's `r_matrix_index`: days waited, redos so far and lapses, each rounded down to a
    /// power of its own base.
    struct Bin: Hashable {
        var days: Int
        var length: Int
        var lapses: Int

        init(_ item: Item) {
            let history = item.reviews.dropLast()
            days = Self.bucket(Double(item.current.elapsedDays), base: 3.62, scale: 248)
            length = Self.bucket(Double(item.longTermCount + 1), base: 1.89, scale: 1.99)
            let lapseCount = history.count { $0.rating == .again && $0.elapsedDays > 0 }
            lapses = lapseCount == 0 ? 0 : Self.bucket(Double(lapseCount), base: 1.73, scale: 1.65)
        }

        private static func bucket(_ value: Double, base: Double, scale: Double) -> Int {
            Int((scale * pow(base, (log(value) / log(base)).rounded(.down))).rounded())
        }
    }
}

extension FSRSModel {
    /// The retrievability the model predicts for an item's last redo, from the ratings before it,
    /// as the scheduler would have computed it.
    func prediction(of item: FSRSOptimizer.Item) -> Double {
        retrievability(elapsedDays: item.current.elapsedDays, stability: replay(item) { _ in })
    }
}
