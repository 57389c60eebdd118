import FoundationEssentials

extension FSRSOptimizer {
    /// A review history drawn from the scheduler's own model with `parameters`: the history the
    /// optimizer should recover them from, for its tests, the fsrs-rs comparison and the benchmark.
    ///
    /// Each problem in `slugs` is first solved on one of the first 60 days after `start` (rated
    /// again, hard, good or easy 10/15/60/15 % of the time), then redone until `days` have
    /// passed: each redo comes 0.7 to 1.6 times the scheduled interval after the one before (people
    /// are early and late), is recalled with the probability the model predicts at that moment,
    /// and a recall is rated hard, good or easy 15/70/15 % of the time. Ratings fall at noon UTC.
    ///
    /// - Returns: the records by slug, and how many redos they hold.
    /// - Throws: ``ReviewSchedulerError`` when `parameters` are outside the scheduler's bounds.
    public static func simulatedHistory(
        parameters: [Double], slugs: [String], start: Date, days: Int, seed: UInt64
    ) throws(ReviewSchedulerError) -> (records: [String: ProblemProgress], redos: Int) {
        let scheduler = try ReviewScheduler(parameters: parameters, desiredRetention: 0.9)
        var random = SplitMix64(state: seed)
        var records: [String: ProblemProgress] = [:]
        var redos = 0
        let end = start.addingTimeInterval(Double(days) * 86_400)
        for slug in slugs {
            var record = ProblemProgress()
            var date = start.addingTimeInterval(Double(Int(random.nextUnitInterval() * 60)) * 86_400)
            record.recordSolve(at: date, rating: pick(&random, [(.again, 0.10), (.hard, 0.15), (.good, 0.60), (.easy, 0.15)]), scheduler: scheduler)
            while let card = record.review, let last = card.lastReview {
                let interval = (card.due.timeIntervalSince(last) / 86_400).rounded()
                let delay = max(1, (interval * (0.7 + 0.9 * random.nextUnitInterval())).rounded())
                date = last.addingTimeInterval(delay * 86_400)
                guard date <= end else { break }
                let recalled = random.nextUnitInterval() < scheduler.retrievability(of: card, at: date)
                let rating = recalled ? pick(&random, [(.hard, 0.15), (.good, 0.70), (.easy, 0.15)]) : .again
                guard record.recordReview(rating, at: date, scheduler: scheduler) != nil else { break }
                redos += 1
            }
            records[slug] = record
        }
        return (records, redos)
    }

    private static func pick(_ random: inout SplitMix64, _ choices: [(ReviewRating, Double)]) -> ReviewRating {
        var draw = random.nextUnitInterval()
        for (rating, probability) in choices {
            if draw < probability { return rating }
            draw -= probability
        }
        return choices[choices.count - 1].0
    }
}
