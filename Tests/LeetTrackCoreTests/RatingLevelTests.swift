import Foundation
import Testing

@testable import LeetTrackCore
import TestSupport

@Suite("The contest-rating level fitted on a user's history")
struct RatingLevelTests {
    /// Outcomes drawn from Elo's curve around `midpoint`, at ratings spread over ±600 of it.
    static func synthetic(midpoint: Double, count: Int, seed: UInt64) -> [RatingLevel.Outcome] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let rating = midpoint + Double.random(in: -600...600, using: &random)
            let success = 1 / (1 + pow(10, (rating - midpoint) / 400))
            return RatingLevel.Outcome(rating: rating, success: Double.random(in: 0..<1, using: &random) < success, date: nil)
        }
    }

    @Test("a history drawn from a known curve gives back its midpoint within 50", arguments: [1300.0, 1650, 2100, 2600])
    func recoversMidpoint(midpoint: Double) throws {
        for seed: UInt64 in [1, 2, 3] {
            let level = RatingLevel.fit(Self.synthetic(midpoint: midpoint, count: 400, seed: seed))
            let fitted = try #require(level.level)
            #expect(abs(Double(fitted) - midpoint) <= 50, "seed \(seed): \(fitted)")
        }
    }

    /// The maximum as the first version found it: 80 halvings of ±4,000 around the mean on the
    /// sign of the log posterior's derivative.
    static func bisected(_ outcomes: [RatingLevel.Outcome]) -> Int {
        let mean = outcomes.reduce(0) { $0 + $1.rating } / Double(outcomes.count)
        let scale = 400 / log(10.0)
        func slope(_ level: Double) -> Double {
            outcomes.reduce(0) { sum, outcome in
                sum + ((outcome.success ? 1 : 0) - 1 / (1 + exp((outcome.rating - level) / scale))) / scale
            } - (level - mean) / (400 * 400)
        }
        var (low, high) = (mean - 4000, mean + 4000)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if slope(middle) > 0 { low = middle } else { high = middle }
        }
        return Int(((low + high) / 2).rounded())
    }

    @Test("the Newton search gives bisection's level, in a dozen evaluations at most, one-sided histories too")
    func matchesBisection() throws {
        var histories = (1...60).map { seed in
            Self.synthetic(midpoint: 1200 + Double(seed * 29 % 1900), count: 10 + seed * 37 % 900, seed: UInt64(seed))
        }
        let ladder = (0..<40).map { 1400 + Double($0 * 25) }
        histories.append(ladder.map { RatingLevel.Outcome(rating: $0, success: true, date: nil) })
        histories.append(ladder.map { RatingLevel.Outcome(rating: $0, success: false, date: nil) })
        for (index, outcomes) in histories.enumerated() {
            #expect(RatingLevel.fit(outcomes).level == Self.bisected(outcomes), "history \(index)")
        }
        // A slope whose zero lies past the bracket: the search ends at its edge, as bisection does.
        var evaluations = 0
        let edge = RatingLevel.maximum(mean: 0) { _ in evaluations += 1; return (1, -1e-9) }
        #expect(abs(edge - 4000) < 1e-6)
        evaluations = 0
        _ = RatingLevel.maximum(mean: 1500) { level in evaluations += 1; return (-(level - 1612) / 1000, -1 / 1000) }
        #expect(evaluations <= 3)
    }

    @Test("fewer than 10 outcomes give no level, and say how many more are needed")
    func tooFew() {
        let level = RatingLevel.fit(Self.synthetic(midpoint: 1500, count: 7, seed: 4))
        #expect(level.level == nil)
        #expect(level.outcomes == 7)
        #expect(level.outcomesNeeded == 3)
        #expect(RatingLevel.fit(Self.synthetic(midpoint: 1500, count: 10, seed: 4)).level != nil)
    }

    @Test("solving everything tried gives a finite level above it; failing everything, one below")
    func oneSided() throws {
        let solved = (0..<12).map { RatingLevel.Outcome(rating: 1400 + Double($0 * 10), success: true, date: nil) }
        let high = try #require(RatingLevel.fit(solved).level)
        #expect(high > 1500 && high < 2500)
        let failed = solved.map { RatingLevel.Outcome(rating: $0.rating, success: false, date: nil) }
        let low = try #require(RatingLevel.fit(failed).level)
        #expect(low < 1400 && low > 500)
    }

    func summary(_ kinds: [(ProgressEvent.Kind, Date)], status: Status) -> ProgressSummary {
        let record = ProblemProgress(status: status, events: kinds.map { ProgressEvent(kind: $0.0, date: $0.1) })
        return ProgressSummary(record)
    }

    @Test("an outcome is the first practice: a solve after an attempt is a failure, a review does not count")
    func outcomes() throws {
        let catalog = Catalog.builtIn
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        var builder = RatingLevel.Builder(catalog: catalog)
        let rated = (0..<catalog.count).filter { catalog.rating(at: $0) != nil }
        builder.add(summary([(.solved, day), (.reviewed, day.addingTimeInterval(10))], status: .solved), at: rated[0])
        builder.add(summary([(.attempted, day), (.solved, day.addingTimeInterval(10))], status: .solved), at: rated[1])
        // Out of order in the record: the earliest counts.
        builder.add(summary([(.solved, day.addingTimeInterval(50)), (.attempted, day)], status: .solved), at: rated[2])
        builder.add(summary([], status: .solved), at: rated[3])
        builder.add(summary([(.reset, day)], status: .todo), at: rated[4])
        let unrated = try #require((0..<catalog.count).first { catalog.rating(at: $0) == nil })
        builder.add(summary([(.solved, day)], status: .solved), at: unrated)
        #expect(builder.outcomes.map(\.success) == [true, false, false, true])
        #expect(builder.outcomes.map(\.date) == [day, day, day, nil])
        #expect(builder.statuses[rated[0]] == .solved && builder.statuses[unrated] == .solved)
    }

    @Test("of practices on the same instant the first in the record decides, and a review alone gives no outcome date")
    func firstOfEqualInstants() {
        let catalog = Catalog.builtIn
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        var builder = RatingLevel.Builder(catalog: catalog)
        let rated = (0..<catalog.count).filter { catalog.rating(at: $0) != nil }
        builder.add(summary([(.attempted, day), (.solved, day)], status: .solved), at: rated[0])
        builder.add(summary([(.solved, day), (.attempted, day)], status: .solved), at: rated[1])
        builder.add(summary([(.reviewed, day.addingTimeInterval(-10)), (.solved, day)], status: .solved), at: rated[2])
        builder.add(summary([(.reviewed, day)], status: .attempted), at: rated[3])
        #expect(builder.outcomes.map(\.success) == [false, true, true, false])
        #expect(builder.outcomes.map(\.date) == [day, day, day, nil])
    }

    @Test("the trend compares the level now with the level on the history up to 30 days ago")
    func trend() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let old = now.addingTimeInterval(-60 * 86_400)
        let recent = now.addingTimeInterval(-5 * 86_400)
        var outcomes = Self.synthetic(midpoint: 1500, count: 200, seed: 9).map { RatingLevel.Outcome(rating: $0.rating, success: $0.success, date: old) }
        outcomes += Self.synthetic(midpoint: 2000, count: 200, seed: 10).map { RatingLevel.Outcome(rating: $0.rating, success: $0.success, date: recent) }
        let before = try #require(RatingLevel.fit(outcomes.filter { $0.date == old }).level)
        let after = try #require(RatingLevel.fit(outcomes).level)
        #expect(after > before + 100)
        // Through the builder: its dates decide what counted 30 days ago.
        let trend = RatingLevel.Trend(now: RatingLevel.fit(outcomes), before: RatingLevel.fit(outcomes.filter { $0.date! <= now.addingTimeInterval(-30 * 86_400) }))
        #expect(trend.change == after - before)
    }

    @Test("the builder's trend is the level now and 30 days ago, with or without outcomes in those 30 days", arguments: [false, true])
    func builderTrend(recentOutcomes: Bool) throws {
        let catalog = Catalog.builtIn
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let rated = (0..<catalog.count).filter { catalog.rating(at: $0) != nil }
        var builder = RatingLevel.Builder(catalog: catalog)
        for (index, position) in rated.prefix(120).enumerated() {
            // Old practice, a problem marked solved without history, and one dated after now.
            let date = now.addingTimeInterval(Double(index % 5 == 4 && recentOutcomes ? -3 : -40 - index) * 86_400)
            let kind: ProgressEvent.Kind = index % 3 == 0 ? .attempted : .solved
            switch index {
            case 7: builder.add(summary([], status: .solved), at: position)
            case 11: builder.add(summary([(.solved, now.addingTimeInterval(86_400))], status: .solved), at: position)
            default: builder.add(summary([(kind, date)], status: .solved), at: position)
            }
        }
        let trend = builder.trend(now: now)
        #expect(trend.now == builder.level(asOf: now))
        #expect(trend.before == builder.level(asOf: now.addingTimeInterval(-30 * 86_400)))
        #expect((trend.now == trend.before) == !recentOutcomes)
        #expect(trend.now.level != nil)
    }

    @Test("the problem near a target is the closest unsolved rated one, in the list, not skipped, free without Premium")
    func problemNear() throws {
        let catalog = Catalog.builtIn
        var statuses = [Status](repeating: .todo, count: catalog.count)
        let target = 1700
        let closest = try #require(catalog.problem(near: target, in: nil, statuses: statuses, skipped: [], premium: true))
        let best = (0..<catalog.count).compactMap { catalog.rating(at: $0) }.map { abs($0 - target) }.min()
        #expect(abs(closest.rating! - target) == best)
        // Solved, skipped: passed over.
        statuses[catalog.position(ofSlug: closest.slug)!] = .solved
        let second = try #require(catalog.problem(near: target, in: nil, statuses: statuses, skipped: [], premium: true))
        #expect(second.slug != closest.slug)
        let third = try #require(catalog.problem(near: target, in: nil, statuses: statuses, skipped: [second.slug], premium: true))
        #expect(third.slug != second.slug && third.slug != closest.slug)
        // Without Premium, never a paid-only one, even when it is the closest.
        let paid = try #require((0..<catalog.count).first { catalog.paidOnly(at: $0) && catalog.rating(at: $0) != nil })
        let paidRating = catalog.rating(at: paid)!
        let free = try #require(catalog.problem(near: paidRating, in: [catalog.slug(at: paid)] + catalog.builtInList(named: "leetcode-75")!.slugs,
            statuses: [Status](repeating: .todo, count: catalog.count), skipped: [], premium: false))
        #expect(!free.paidOnly)
        #expect(catalog.problem(near: paidRating, in: [catalog.slug(at: paid)], statuses: statuses, skipped: [], premium: true)?.id == catalog.id(at: paid))
        // Within a list: only its problems.
        let blind = try #require(catalog.builtInList(named: "leetcode-75"))
        let inList = try #require(catalog.problem(near: target, in: blind.slugs, statuses: statuses, skipped: [], premium: true))
        #expect(blind.slugs.contains(inList.slug))
        #expect(catalog.problem(near: target, in: [], statuses: statuses, skipped: [], premium: true) == nil)
    }
}
