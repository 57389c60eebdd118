import FoundationEssentials

/// One problem in the review queue: its card and the day it falls due.
public struct ReviewItem: Sendable, Hashable {
    /// The problem.
    public var problem: Problem
    /// Its card (stored, or derived for a problem solved before it had one).
    public var card: ReviewCard
    /// The day the card falls due, in the user's time zone.
    public var dueDay: LocalDay
    /// Days from the due day to today: positive when overdue, 0 when due today, negative when
    /// still to come.
    public var daysOverdue: Int

    /// An item for `problem`'s `card`, seen on `today`.
    public init(problem: Problem, card: ReviewCard, today: LocalDay, timeZone: some UTCOffsetProvider) {
        self.problem = problem
        self.card = card
        dueDay = LocalDay(card.due, in: timeZone)
        daysOverdue = today.dayNumber - dueDay.dayNumber
    }
}

/// Every problem with a review card, ordered by due date: what to redo today and what comes next.
///
/// Due-ness is counted in days in the user's time zone: a card due at 15:00 is due the whole day,
/// so the morning's review session includes it.
public struct ReviewQueue: Sendable {
    /// Every card, earliest due first (ties by problem id).
    public let items: [ReviewItem]
    /// Today, in the user's time zone.
    public let today: LocalDay

    /// Builds the queue from progress records.
    /// - Parameters:
    ///   - progress: records by slug; slugs the catalog does not know are left out.
    ///   - scheduler: derives cards for problems solved before they had one.
    /// - Complexity: O(r log r) for r records with a card.
    public init(
        catalog: Catalog, progress: [String: ProblemProgress], scheduler: ReviewScheduler, now: Date,
        timeZone: some UTCOffsetProvider
    ) {
        self.init(catalog: catalog, summaries: progress.mapValues(ProgressSummary.init), scheduler: scheduler, now: now, timeZone: timeZone)
    }

    /// The queue from the records' summaries (``ProgressRepository/readableSummaries(where:)``).
    public init(
        catalog: Catalog, summaries progress: [String: ProgressSummary], scheduler: ReviewScheduler, now: Date,
        timeZone: some UTCOffsetProvider
    ) {
        let today = LocalDay(now, in: timeZone)
        self.today = today
        // Sorted as small keys first, and each problem built once in its place: sorting the whole
        // items moved every problem's strings around (a third of the queue's cost at 4,000 cards).
        var keys: [(due: Date, id: Int, position: Int, card: ReviewCard)] = []
        keys.reserveCapacity(progress.count)
        for (slug, record) in progress {
            guard let card = record.reviewCard(using: scheduler), let position = catalog.position(ofSlug: slug) else { continue }
            keys.append((card.due, catalog.id(at: position), position, card))
        }
        keys.sort { ($0.due, $0.id) < ($1.due, $1.id) }
        items = keys.map { key in
            ReviewItem(problem: catalog.problem(at: key.position), card: key.card, today: today, timeZone: timeZone)
        }
    }

    /// What is due today or overdue, most overdue first.
    public var due: [ReviewItem] { items.filter { $0.daysOverdue >= 0 } }

    /// What falls due in the next `days` days after today (tomorrow through today + `days`).
    public func upcoming(days: Int) -> [ReviewItem] {
        items.filter { $0.daysOverdue < 0 && -$0.daysOverdue <= days }
    }
}

extension ReviewScheduler {
    /// When the card would fall due for each rating at `date`, for a screen that shows the
    /// choice ("again: tomorrow, good: in 9 days") before a key is pressed.
    public func preview(_ card: ReviewCard, at date: Date) -> [ReviewRating: Date] {
        var dues: [ReviewRating: Date] = [:]
        for rating in ReviewRating.allCases { dues[rating] = review(card, rating: rating, at: date).due }
        return dues
    }
}
