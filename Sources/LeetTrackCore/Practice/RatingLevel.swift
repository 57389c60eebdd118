import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's level on zerotrac's contest-rating scale: the rating of problem they solve on the
/// first try half of the time, fitted on their own history (`next --level`, `stats`).
///
/// Each rated problem the user solved or attempted is one outcome: a success when its first
/// practice (a solve or an attempt; reviews come later and do not count) was a solve, a failure
/// when it was an attempt. A problem marked solved or attempted without any history (a LeetCode
/// import with `--with-status`) counts by its status, as an outcome of unknown date.
///
/// The curve is the one the ratings themselves are defined by: zerotrac rates a problem at the
/// contest rating whose Elo expected score of solving it is one half, so
/// `P(success | r) = 1 / (1 + 10^((r − level) / 400))`, and only `level` is fitted: by maximum
/// likelihood, with a weak normal prior (σ = 400) centred on the mean rating of the outcomes. A
/// person who solved every problem they tried has no finite maximum-likelihood level; the prior
/// puts it a few hundred points above what they tried, and it fades as failures arrive.
///
/// ```swift
/// var builder = RatingLevel.Builder(catalog: .builtIn)
/// builder.add(summary, at: position)            // each record's summary
/// builder.level(asOf: now)                      // RatingLevel(level: 1612, outcomes: 23, …)
/// ```
public struct RatingLevel: Sendable, Equatable {
    /// The fitted level, rounded; `nil` when there are fewer than ``minimumOutcomes`` outcomes.
    public var level: Int?
    /// How many rated outcomes it was fitted on.
    public var outcomes: Int
    /// How many of them were successes.
    public var successes: Int

    /// Fewer outcomes than this give no level: the fit of a handful of problems says little.
    public static let minimumOutcomes = 10
    /// How far above the level `next --level` looks: a problem a little hard, solved about 36% of
    /// the time on the first try at this distance.
    public static let stretch = 100
    /// The logistic scale of Elo's curve, 400 / ln 10: the rating distance over which the odds
    /// of success change by a factor e.
    static let scale = 400 / 2.302_585_092_994_046
    /// The prior's standard deviation around the mean rating of the outcomes.
    static let priorDeviation = 400.0

    /// How many more outcomes a level needs (0 when it has one).
    public var outcomesNeeded: Int { max(0, Self.minimumOutcomes - outcomes) }

    /// One rated problem's outcome.
    public struct Outcome: Sendable, Equatable {
        // The flag after the date: 24 bytes an outcome, not 32.
        /// The problem's contest rating.
        public var rating: Double
        /// When that first practice was; `nil` for a status without history.
        public var date: Date?
        /// Whether the first practice was a solve.
        public var success: Bool

        /// An outcome.
        public init(rating: Double, success: Bool, date: Date?) {
            (self.rating, self.success, self.date) = (rating, success, date)
        }
    }

    /// The level of `outcomes` (see the type's documentation).
    /// - Complexity: O(n) per step of a safeguarded Newton search: about 8 steps, 80 at most.
    public static func fit(_ outcomes: [Outcome]) -> RatingLevel {
        let successes = outcomes.count { $0.success }
        guard outcomes.count >= minimumOutcomes else { return RatingLevel(level: nil, outcomes: outcomes.count, successes: successes) }
        let mean = outcomes.reduce(0) { $0 + $1.rating } / Double(outcomes.count)
        let level = Int(maximum(mean: mean) { level in slopeAndCurvature(outcomes, mean: mean, at: level) }.rounded())
        return RatingLevel(level: level, outcomes: outcomes.count, successes: successes)
    }

    /// Where the log posterior peaks, within 4,000 points of `mean`. It is concave in the level:
    /// its derivative (`slope`, with the second derivative beside it) falls from positive to
    /// negative once. Newton's steps find that zero in a handful of evaluations (each costs an `exp`
    /// per outcome); the bracket the signs keep catches any step that would leave it, which then
    /// halves the bracket instead, so the search cannot diverge and ends where bisection would.
    static func maximum(mean: Double, slope: (Double) -> (slope: Double, curvature: Double)) -> Double {
        var (low, high) = (mean - 4000, mean + 4000)
        var level = mean
        for _ in 0..<80 {
            let (value, curvature) = slope(level)
            if value == 0 { return level }
            if value > 0 { low = level } else { high = level }
            var next = level - value / curvature
            if !(next >= low && next <= high) { next = (low + high) / 2 }
            if abs(next - level) < 1e-9 || high - low < 1e-9 { return next }
            level = next
        }
        return level
    }

    /// The log posterior's derivative at `level`, and its second derivative (always negative).
    private static func slopeAndCurvature(_ outcomes: [Outcome], mean: Double, at level: Double) -> (slope: Double, curvature: Double) {
        let prior = 1 / (priorDeviation * priorDeviation)
        var (slope, curvature) = (0.0, 0.0)
        for outcome in outcomes {
            let success = 1 / (1 + exp((outcome.rating - level) / scale))
            slope += ((outcome.success ? 1 : 0) - success) / scale
            curvature -= success * (1 - success) / (scale * scale)
        }
        return (slope - (level - mean) * prior, curvature - prior)
    }

    /// The level now and 30 days before, for `stats`.
    public struct Trend: Sendable, Equatable {
        /// The level on the user's whole history.
        public var now: RatingLevel
        /// The level on the history up to 30 days ago.
        public var before: RatingLevel
        /// How many days back ``before`` looks.
        public static let days = 30

        /// The change over the 30 days; `nil` unless both levels exist.
        public var change: Int? {
            guard let now = now.level, let before = before.level else { return nil }
            return now - before
        }
    }

    /// Collects the outcomes of a store's records, one summary at a time as a store lends them,
    /// with each problem's status (for ``Catalog/problem(near:in:statuses:skipped:premium:)``).
    public struct Builder {
        private let catalog: Catalog
        private var finder: Catalog.SlugFinder
        /// The rated outcomes collected.
        public private(set) var outcomes: [Outcome] = []
        /// Each problem's status, by catalog position.
        public private(set) var statuses: [Status]

        /// A builder over `catalog`.
        public init(catalog: Catalog) {
            self.catalog = catalog
            finder = Catalog.SlugFinder(catalog)
            statuses = [Status](repeating: .todo, count: catalog.count)
            // At most one a problem: room made once, never copied as it grows (growing, they
            // were copied into new pages: some 40 page faults on a store of 4,000 problems).
            outcomes.reserveCapacity(catalog.count)
        }

        /// Adds the summary of the problem whose slug is the UTF-8 bytes `slug` (problems the
        /// catalog does not know are left out).
        public mutating func add(_ summary: ProgressSummary, slug: UnsafeRawBufferPointer) {
            guard let position = finder.position(ofSlug: slug) else { return }
            add(summary, at: position)
        }

        /// Adds the summary of the problem at a catalog position.
        public mutating func add(_ summary: ProgressSummary, at position: Int) {
            statuses[position] = summary.status
            guard let rating = catalog.rating(at: position) else { return }
            // The earliest by date (the first of equals): a merged or imported history need not be
            // in order. By index and by the kinds' numbers: a kind's name compared per event, and a
            // copy of each event, were most of this on a store with 48,000 events.
            let events = summary.events
            var earliest: (date: Date, isSolve: Bool)?
            for index in events.indices {
                let event = events[index]
                guard event.compactKind == .solved || event.compactKind == .attempted else { continue }
                if let found = earliest, !(event.date < found.date) { continue }
                earliest = (event.date, event.isSolve)
            }
            if let earliest {
                outcomes.append(Outcome(rating: Double(rating), success: earliest.isSolve, date: earliest.date))
            } else if summary.status != .todo {
                outcomes.append(Outcome(rating: Double(rating), success: summary.status == .solved, date: nil))
            }
        }

        /// The level fitted on the outcomes dated up to `date` (and those of unknown date).
        public func level(asOf date: Date) -> RatingLevel {
            RatingLevel.fit(Self.outcomes(outcomes, upTo: date))
        }

        /// The level at `now` and ``Trend/days`` days before.
        /// - Complexity: one fit when no outcome is dated within those days (a history that
        ///   stopped a month ago, as on a large imported store); else two.
        public func trend(now: Date) -> Trend {
            let current = Self.outcomes(outcomes, upTo: now)
            let earlier = Self.outcomes(current, upTo: now.addingTimeInterval(-Double(Trend.days) * 86_400))
            let level = RatingLevel.fit(current)
            // One filter keeps a part of the other's outcomes in the same order, so equal counts
            // are the same outcomes, whose fit is the same: each fit costs an `exp` per outcome
            // and Newton step (a tenth of `stats`'s own work on a store of 4,000 problems).
            return Trend(now: level, before: earlier.count == current.count ? level : RatingLevel.fit(earlier))
        }

        /// Those of `outcomes` dated up to `date` (or of unknown date), in order: `outcomes` itself
        /// when that is all of them, as it mostly is (copying them, grown as they were, was a third
        /// of the level's cost on a store of 4,000 problems).
        private static func outcomes(_ outcomes: [Outcome], upTo date: Date) -> [Outcome] {
            let isDated = { (outcome: Outcome) in (outcome.date ?? .distantPast) <= date }
            return outcomes.allSatisfy(isDated) ? outcomes : outcomes.filter(isDated)
        }
    }
}

extension Catalog {
    /// The rated problem whose rating is closest to `target` (the lower rating, then the lower id,
    /// on a tie), among `slugs` (a list) or the whole catalog when `nil`, that is not solved, not
    /// marked to skip, nor paid-only when `premium` is false; `nil` when none is left.
    /// - Parameter statuses: each problem's status by catalog position (``RatingLevel/Builder/statuses``).
    /// - Complexity: O(n) over the list or the catalog, building one problem.
    public func problem(
        near target: Int, in slugs: [String]?, statuses: [Status], skipped: Set<String>, premium: Bool
    ) -> Problem? {
        let positions = slugs.map { $0.compactMap(position(ofSlug:)) } ?? Array(0..<count)
        var best: (position: Int, distance: Int, rating: Int)?
        for position in positions where position < statuses.count && statuses[position] != .solved {
            guard let rating = rating(at: position), premium || !paidOnly(at: position) else { continue }
            let distance = abs(rating - target)
            if let found = best, (found.distance, found.rating, id(at: found.position)) <= (distance, rating, id(at: position)) { continue }
            if skipped.contains(slug(at: position)) { continue }
            best = (position, distance, rating)
        }
        return best.map { problem(at: $0.position) }
    }
}

extension RatingLevel {
    /// The level as `stats --json` and `next --level --json` carry it: `{"level": 1612 or null,
    /// "outcomes": 23, "successes": 15, "needed": 0, "levelBefore": 1528 or null, "change": 84 or null}`.
    public struct JSON: Encodable, Sendable {
        /// The level, or `null` with too few outcomes.
        public var level: NumberOrNull
        /// The rated outcomes it was fitted on.
        public var outcomes: Int
        /// How many were first-try solves.
        public var successes: Int
        /// How many more outcomes a level needs.
        public var needed: Int
        /// The level 30 days ago, or `null` (only in a trend).
        public var levelBefore: NumberOrNull?
        /// The change over those 30 days, or `null` (only in a trend).
        public var change: NumberOrNull?

        /// The JSON of `level`.
        public init(_ level: RatingLevel) {
            self.level = NumberOrNull(level.level)
            outcomes = level.outcomes
            successes = level.successes
            needed = level.outcomesNeeded
        }

        /// The JSON of `trend`: its current level, with the level before and the change.
        public init(_ trend: Trend) {
            self.init(trend.now)
            levelBefore = NumberOrNull(trend.before.level)
            change = NumberOrNull(trend.change)
        }
    }
}
