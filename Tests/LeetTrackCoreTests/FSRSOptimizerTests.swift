import Foundation
@testable import LeetTrackCore
import Persistence
import TestSupport
import Testing

/// The optimizer (`review optimize`): its gradient, its refusals, its fit, and the parameters
/// setting it saves.
@Suite("FSRS optimizer")
struct FSRSOptimizerTests {
    /// Known, non-default parameters that the synthetic histories are drawn from.
    static let truth: [Double] = [
        0.6, 1.9, 4.2, 12.5, 6.0, 0.6, 2.5, 0.02, 1.5, 0.12, 0.9, 1.8, 0.08, 0.3, 1.4, 0.45, 2.2, 0.5, 0.1, 0.06, 0.25,
    ]
    /// 2025-01-01T12:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_735_732_800)

    static func history(problems: Int, seed: UInt64 = 40) throws -> (records: [String: ProblemProgress], redos: Int) {
        let slugs = (0..<problems).map { "problem-\($0)" }
        return try FSRSOptimizer.simulatedHistory(parameters: truth, slugs: slugs, start: start, days: 500, seed: seed)
    }

    @Test("the hand-written gradient matches central differences of the loss, for every parameter")
    func gradientMatchesFiniteDifferences() throws {
        let items = FSRSOptimizer.Item.all(from: try Self.history(problems: 30).records)
        // Same-day redos, lapses, hard and easy recalls all appear among these.
        let sample = items.filter { $0.reviews.count >= 4 }.prefix(40)
        try #require(sample.count == 40)
        var parameters = Self.truth
        parameters[7] = 0.2  // off its bound, so that its derivative is not cut by a clamp
        for item in sample {
            var gradient = [Double](repeating: 0, count: 21)
            _ = FSRSModel(parameters: parameters).lossAndGradient(of: item, weight: 0.7, into: &gradient)
            for index in 0..<21 {
                let step = 1e-6 * max(1, abs(parameters[index]))
                var up = parameters, down = parameters
                up[index] += step
                down[index] -= step
                let numeric = (loss(item, up) - loss(item, down)) / (2 * step)
                #expect(abs(numeric - gradient[index]) <= 1e-4 * max(1, abs(numeric)), "w\(index): \(gradient[index]) vs \(numeric) on \(item.reviews)")
            }
        }
    }

    private func loss(_ item: FSRSOptimizer.Item, _ parameters: [Double]) -> Double {
        let predicted = FSRSModel(parameters: parameters).prediction(of: item)
        return FSRSModel.crossEntropy(predicted, recalled: item.current.rating.isRecall, weight: 0.7).loss
    }

    @Test("too little history is refused with how many redos there are and how many are needed")
    func tooLittleHistoryIsRefused() throws {
        let (records, _) = try Self.history(problems: 4)
        #expect(throws: LeetTrackError.self) { try FSRSOptimizer.fit(records, current: ReviewScheduler.defaultParameters) }
        do {
            _ = try FSRSOptimizer.fit(records, current: ReviewScheduler.defaultParameters)
        } catch {
            guard case .notEnoughReviews(let have, let need) = error else { Issue.record("\(error)"); return }
            #expect(need == 64 && have < 64)
            #expect(error.description.contains("at least 64 redos"))
        }
        #expect(throws: LeetTrackError.notEnoughReviews(have: 0, need: 64)) {
            try FSRSOptimizer.fit([:], current: ReviewScheduler.defaultParameters)
        }
    }

    @Test("on a history drawn from non-default parameters, the fit predicts it better than the defaults")
    func fitBeatsTheDefaults() throws {
        let (records, redos) = try Self.history(problems: 200)
        #expect(redos >= 1_000)
        let fit = try FSRSOptimizer.fit(records, current: ReviewScheduler.defaultParameters)
        #expect(fit.evaluated == redos)
        #expect(fit.reviews >= FSRSOptimizer.minimumReviews && fit.reviews <= redos)
        #expect(fit.logLoss < fit.currentLogLoss)
        #expect(fit.rmse < fit.currentRMSE)
        try FSRSModel.validate(fit.parameters)
        // The first-rating stabilities move towards the truth (0.6 … 12.5) from the defaults.
        #expect(fit.parameters[0] > ReviewScheduler.defaultParameters[0])
        #expect(fit.parameters[3] > ReviewScheduler.defaultParameters[3])
        // The same history gives the same fit.
        #expect(try FSRSOptimizer.fit(records, current: ReviewScheduler.defaultParameters) == fit)
    }

    @Test("evaluating the truth on its own history beats the defaults")
    func truthBeatsDefaults() throws {
        let items = FSRSOptimizer.Item.all(from: try Self.history(problems: 200).records)
        let truth = FSRSOptimizer.evaluate(items, parameters: Self.truth)
        let defaults = FSRSOptimizer.evaluate(items, parameters: ReviewScheduler.defaultParameters)
        #expect(truth.logLoss < defaults.logLoss)
    }

    @Test("the outlier filter sets aside first redos after a rare delay, with every item of those problems")
    func outlierFilterSetsAsideRareDelays() {
        func item(_ first: ReviewRating, _ delay: Int, then more: [Int] = []) -> FSRSOptimizer.Item {
            FSRSOptimizer.Item(
                reviews: [.init(rating: first, elapsedDays: 0), .init(rating: .good, elapsedDays: delay)]
                    + more.map { .init(rating: .good, elapsedDays: $0) })
        }
        let common = Array(repeating: item(.good, 3), count: 30) + Array(repeating: item(.good, 5), count: 30)
        let rare = [item(.good, 40), item(.good, 40, then: [60])]
        let (initialization, train) = FSRSOptimizer.prepareTrainingData(common + rare)
        #expect(initialization.count == 60)
        #expect(train.count == 60)
        #expect(!train.contains(rare[1]))
    }

    @Test("smoothing puts a better first rating at least as stable, and fills the ratings never given")
    func smoothAndFill() {
        let filled = FSRSOptimizer.smoothAndFill([3: 4.0, 4: 3.0], counts: [3: 50, 4: 10])
        #expect(filled.count == 4)
        #expect(filled[2] == 4.0 && filled[3] == 4.0)
        #expect(filled[0] <= filled[1] && filled[1] <= filled[2])
        let one = FSRSOptimizer.smoothAndFill([3: 4.613], counts: [3: 50])
        #expect(abs(one[2] - 4.613) < 1e-9 && abs(one[0] - 0.424) < 1e-9)
    }

    @Test("fitted parameters are a validated setting: stored, read back, used by the scheduler")
    func parametersSetting() throws {
        var settings = ReviewSettings()
        #expect(throws: LeetTrackError.self) { try settings.setParameters([1, 2, 3]) }
        var outOfBounds = Self.truth
        outOfBounds[20] = 0.9
        #expect(throws: LeetTrackError.self) { try settings.setParameters(outOfBounds) }
        var notANumber = Self.truth
        notANumber[8] = .nan
        #expect(throws: LeetTrackError.self) { try settings.setParameters(notANumber) }
        #expect(settings.parameters == nil)

        try settings.setParameters(Self.truth)
        #expect(try settings.scheduler().parameters == Self.truth)
        let store = Store.memory()
        let book = ReviewBook(store: store, clock: .system, timeZone: SystemTimeZone())
        try book.save(settings)
        #expect(try book.settings().parameters == Self.truth)
        #expect(try book.scheduler().newCard(rating: .easy, at: Self.start).stability == 12.5)
    }

    @Test("stored parameters out of bounds, not numbers or not 21 do not decode")
    func storedParametersAreChecked() throws {
        for bad in ["[1, 2]", "[" + Array(repeating: "1e400", count: 21).joined(separator: ",") + "]",
                    "[" + (Self.truth.dropLast() + [5.0]).map { "\($0)" }.joined(separator: ",") + "]"] {
            let json = #"{"desiredRetention": 0.9, "maximumInterval": 100, "fuzz": false, "parameters": "# + bad + "}"
            #expect(throws: (any Error).self) { try JSONDecoder().decode(ReviewSettings.self, from: Data(json.utf8)) }
        }
        let good = #"{"parameters": ["# + Self.truth.map { "\($0)" }.joined(separator: ",") + "]}"
        #expect(try JSONDecoder().decode(ReviewSettings.self, from: Data(good.utf8)).parameters == Self.truth)
    }
}
