import FoundationEssentials

/// Whether a scheduler spreads intervals randomly, so that problems solved together do not
/// all fall due on the same day.
public enum ReviewFuzzing: Sendable, Hashable, Codable {
    /// Intervals are exactly what FSRS computes (the default, and what the reference does with
    /// `enable_fuzzing=False`).
    case off
    /// Intervals of three days or more move by a few percent, as in the reference, but the
    /// "random" choice is a hash of this seed and the review, so the same review of the same
    /// card always gets the same due date.
    case seeded(UInt64)
}

extension ReviewScheduler {
    /// The reference's fuzz (`Scheduler._get_fuzzed_interval`) with a deterministic draw.
    ///
    /// The draw mixes the seed, the review instant and the card's state before the review (its
    /// due and last review instants, reps, stability and difficulty), so cards with different
    /// histories spread apart while a re-run gives the same dates.
    func fuzzedInterval(_ days: Int, seed: UInt64, reviewedAt date: Date, card: ReviewCard)
        -> Int
    {
        guard days >= 3 else { return days }  // the reference: no fuzz below 2.5 days
        let (minimum, maximum) = fuzzRange(days)
        var hash = SplitMix64(state: seed)
        for instant in [date, card.due, card.lastReview ?? date] {
            hash.mix(instant.timeIntervalSinceReferenceDate.bitPattern)
        }
        hash.mix(UInt64(bitPattern: Int64(card.reps)))
        hash.mix((card.stability ?? 0).bitPattern)
        hash.mix((card.difficulty ?? 0).bitPattern)
        let unit = hash.nextUnitInterval()
        let fuzzed = (unit * Double(maximum - minimum + 1) + Double(minimum))
            .rounded(.toNearestOrEven)
        return min(Int(fuzzed), maximumInterval)
    }

    /// The interval range the reference allows around `days`: ±(1 + 15 % of the part between
    /// 2.5 and 7 days + 10 % of 7 … 20 + 5 % beyond 20), at least 2, at most the maximum.
    func fuzzRange(_ days: Int) -> (minimum: Int, maximum: Int) {
        let ranges: [(start: Double, end: Double, factor: Double)] = [
            (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
        ]
        var delta = 1.0
        for range in ranges {
            delta += range.factor * max(min(Double(days), range.end) - range.start, 0.0)
        }
        let maximum = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
        let minimum = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), maximum)
        return (minimum, maximum)
    }
}

/// Sebastiano Vigna's SplitMix64: a tiny, well-mixed generator, enough for a fair draw (and for
/// the optimizer's batch order).
struct SplitMix64 {
    var state: UInt64

    mutating func mix(_ value: UInt64) {
        state ^= value
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly in [0, 1), from the top 53 bits.
    mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
