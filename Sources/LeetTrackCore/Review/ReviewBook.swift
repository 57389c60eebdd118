import FoundationEssentials
import Persistence

/// Reviews in a store: the queue and rating a problem, with the user's settings.
///
/// This is the whole API a review screen needs:
/// ```swift
/// let book = ReviewBook(store: store, clock: clock, timeZone: zone)   // or `tracker.reviews`
/// let queue = try book.queue(catalog: .builtIn, now: clock.now)
/// for item in queue.due { … show item.problem, item.card.due … }
/// let result = try book.rate(item.problem, .good, at: clock.now)   // one small write
/// ```
/// Cards live inside each problem's progress record (see ``ProblemProgress/review``), so a
/// rating is one transaction writing one record.
public struct ReviewBook: Sendable {
    /// The progress records.
    public let repository: ProgressRepository
    /// The user's time zone: the day a rating is dated is a day there.
    public let timeZone: any UTCOffsetProvider

    /// A review book over `store`, rating at `clock`'s instants, on days of `timeZone`.
    public init(store: Store, clock: Clock, timeZone: any UTCOffsetProvider) {
        repository = ProgressRepository(store: store, clock: clock)
        self.timeZone = timeZone
    }

    /// The stored settings (the defaults when none are stored).
    /// - Throws: `PersistenceError.undecodable` when the stored settings do not decode.
    public func settings() throws -> ReviewSettings {
        try repository.store.value(for: ReviewSettings.key)
    }

    /// Stores new settings (one small write), noted for sync in the same transaction.
    public func save(_ settings: ReviewSettings) throws {
        try repository.store.transaction { transaction in
            try repository.writes.value(SyncValue(settings: settings), for: ReviewSettings.key.name, in: transaction)
        }
    }

    /// The scheduler for the stored settings.
    public func scheduler() throws -> ReviewScheduler {
        try settings().scheduler()
    }

    /// The review queue at `now`, its days those of the book's time zone.
    /// - Complexity: reads every progress record once.
    public func queue(catalog: Catalog, now: Date) throws -> ReviewQueue {
        let settings = try settings()
        return ReviewQueue(
            catalog: catalog, progress: try repository.allProgress(), scheduler: try settings.scheduler(), reviewCap: settings.reviewCap,
            now: now, timeZone: timeZone)
    }

    /// What a rating did.
    public struct Rating: Sendable, Equatable {
        /// The card before (derived for a problem solved before it had one).
        public var before: ReviewCard
        /// The card after, as stored.
        public var after: ReviewCard
        /// The whole record after.
        public var record: ProblemProgress
    }

    /// Records a redo of `problem` rated `rating` at `date`, and schedules the next one. One
    /// transaction: the `reviewed` event and the new card are written together or not at all.
    /// - Throws: ``LeetTrackError/notSolved(_:)`` when the problem has no card (never solved, or
    ///   reset), ``LeetTrackError/reviewBeforeLastReview(_:since:)`` when `date` is before
    ///   the first solve or a reset, on an earlier day; the store is unchanged then. A `date` before
    ///   them on their day is taken as one second after that day's last rating.
    ///
    /// With `standsForDay` (a `--date` day, which stands for its noon), a `date` before a rating
    /// made later that day is taken as one second after that day's last rating too: the review
    /// was made that day, and a day's review comes after the day's solve, not before it.
    ///
    /// With a review cap (``ReviewSettings/reviewCap``), the due day is load balanced: the least
    /// crowded day of the fuzz range (``ReviewScheduler/balanced(_:ratedAt:load:timeZone:)``).
    /// Without one, the date is exactly the scheduler's.
    ///
    /// `alongside` runs last in the same transaction with the rating's result (the web server
    /// records the change's id there, so a repeated request is not applied twice).
    public func rate(
        _ problem: Problem, _ rating: ReviewRating, at date: Date, standsForDay: Bool = false,
        alongside: (Transaction, Rating) throws -> Void = { _, _ in }
    ) throws -> Rating {
        let settings = try settings()
        let unfuzzed = try settings.scheduler()
        let scheduler = unfuzzed.fuzzed(for: problem.slug)
        // Read before the transaction, from the summaries: a heuristic's input, so a rating made
        // by another process in between costs at most one review's worth of balance.
        let load = try settings.reviewCap.map { _ in
            try ReviewLoad.read(from: repository, excluding: problem.slug, scheduler: unfuzzed, timeZone: timeZone)
        }
        var result: Rating?
        try repository.update([problem.slug], alongside: { transaction in
            guard let result else { throw LeetTrackError.notSolved(problem) }
            try alongside(transaction, result)
        }) { _, record in
            guard let before = record.reviewCard(using: scheduler) else { throw LeetTrackError.notSolved(problem) }
            // The day's last rating at or after `date`, if any: a date that stands for its day (a
            // `--date` day is noon, or now on today; the solve was later that day, or at that very
            // second), or one refused (before the first solve, or before a reset), is taken as just
            // after it, so the review is dated that day and the history stays in order. A second
            // after 23:59:59 would be the next day: the review then takes that second itself.
            let dateDay = LocalDay(date, in: timeZone)
            let laterThatDay = record.events
                .filter { ($0.kind == .solved || $0.kind == .reviewed) && $0.date >= date && LocalDay($0.date, in: timeZone) == dateDay }
                .map(\.date).max()
                .map { last in LocalDay(last.addingTimeInterval(1), in: timeZone) == dateDay ? last.addingTimeInterval(1) : last }
            var after: ReviewCard?
            if standsForDay, let justAfter = laterThatDay {
                after = record.recordReview(rating, at: justAfter, scheduler: scheduler)
            } else {
                after = record.recordReview(rating, at: date, scheduler: scheduler)
                if after == nil, let justAfter = laterThatDay {
                    after = record.recordReview(rating, at: justAfter, scheduler: scheduler)
                }
            }
            if let load, let rated = after {
                let balanced = scheduler.balanced(rated, ratedAt: rated.lastReview ?? date, load: load, timeZone: timeZone)
                record.review = balanced
                after = balanced
            }
            guard let after else {
                // A day, as every review date is shown, in the user's time zone: the first day a review can have.
                func day(_ instant: Date) -> String { LocalDay(instant, in: timeZone).description }
                if let reset = record.events.filter({ $0.kind == .reset && $0.date > date }).map(\.date).max() {
                    throw LeetTrackError.reviewBeforeLastReview(problem, since: "reset on \(day(reset))")
                }
                let first = record.events.filter { $0.kind == .solved || $0.kind == .reviewed }.map(\.date).min() ?? before.lastReview
                throw LeetTrackError.reviewBeforeLastReview(problem, since: "first solved on \(first.map(day) ?? "?")")
            }
            result = Rating(before: before, after: after, record: record)
        }
        guard let result else { throw LeetTrackError.notSolved(problem) }
        return result
    }
}
