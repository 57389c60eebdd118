import FoundationEssentials

/// How many reviews fall due on each day, for the load balancer (``ReviewScheduler/balanced(_:ratedAt:load:timeZone:)``).
///
/// Read from the progress summaries (``ProgressRepository/forEachReadableSummary(events:card:_:)``),
/// which hold each card: a rating costs one pass over the small summaries, never a decode of every
/// record.
public struct ReviewLoad: Sendable, Equatable {
    /// Reviews due, by day number in the user's time zone.
    private var counts: [Int: Int] = [:]

    /// No reviews on any day.
    public init() {}

    /// The reviews due on `day`.
    public func count(on day: LocalDay) -> Int { counts[day.dayNumber, default: 0] }

    /// Counts one more review on `day`.
    public mutating func add(on day: LocalDay) { counts[day.dayNumber, default: 0] += 1 }

    /// The load of every card in `repository` but `slug`'s (the card being rated), its cards
    /// derived with `scheduler` where a solved problem has none, on days of `timeZone`.
    /// - Complexity: one pass over the stored summaries.
    public static func read(
        from repository: ProgressRepository, excluding slug: String, scheduler: ReviewScheduler, timeZone: some UTCOffsetProvider
    ) throws -> ReviewLoad {
        var load = ReviewLoad()
        var days = LocalDays(in: timeZone)
        let excluded = Array(slug.utf8)
        // Damaged records are named by the commands that list them; a rating balances over the rest.
        _ = try repository.forEachReadableSummary(events: false) { key, summary in
            guard !key.elementsEqual(excluded), let card = summary.reviewCard(using: scheduler) else { return }
            load.add(on: days.dueDay(of: card))
        }
        return load
    }
}

extension ReviewScheduler {
    /// `card`, just rated at `date`, with its due day moved within the fuzz range this scheduler
    /// allows (``fuzzRange(_:)`` around the interval its stability gives) to the day with the
    /// fewest reviews in `load`; ties go to the day nearest the exact interval, then the earlier.
    ///
    /// This is the choice Anki's load balancer makes (and the "Load Balanced Scheduler" add-on
    /// before it): the same range as the fuzz, so the model's intervals stay honest, but the least
    /// crowded day instead of a random one. Unlike Anki it picks no weighted random day: the same
    /// rating on the same store always gives the same date. Intervals under 3 days have no range
    /// (as the reference's fuzz), and the range starts at 2 days, so a problem rated today is
    /// never due again today.
    /// - Complexity: O(d) for a range of d days (at most a few hundred, for intervals of years).
    public func balanced(_ card: ReviewCard, ratedAt date: Date, load: ReviewLoad, timeZone: some UTCOffsetProvider) -> ReviewCard {
        guard let stability = card.stability else { return card }
        let days = interval(forStability: stability)
        guard days >= 3 else { return card }
        let (minimum, maximum) = fuzzRange(days)
        var best: (key: (load: Int, distance: Int, days: Int), days: Int)?
        // In days from the rating's day, as the card's due day is counted (``ReviewCard/dueDay(in:)``).
        let ratedDay = LocalDay(date, in: timeZone)
        for candidate in minimum...maximum {
            let day = ratedDay.adding(days: candidate)
            let key = (load.count(on: day), abs(candidate - days), candidate)
            if best.map({ key < $0.key }) ?? true { best = (key, candidate) }
        }
        guard let best else { return card }
        var balanced = card
        balanced.due = date.addingTimeInterval(Double(best.days) * 86_400)
        return balanced
    }
}
