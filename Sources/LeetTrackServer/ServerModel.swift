import Foundation
import LeetTrackCore
import NIOConcurrencyHelpers
import Persistence

/// Every read and write the server makes, in one place, with the same LeetTrackCore calls and the
/// same JSON shapes as the command line's `--json`. The routes know nothing else about the store,
/// so moving to another session type is a change to this file only.
///
/// Its methods block on store I/O: the server calls them on its thread pool, never on an event loop.
public final class ServerModel: Sendable {
    /// The store's path, for messages and for the token file beside it.
    public let storePath: String
    /// The session: the store, its catalog and the clock every write and every "today" reads.
    private let tracker: Tracker
    private var store: Store { tracker.store }
    /// Counts the store's changes; the cached full list is good while it has not moved.
    private let generation = NIOLockedValueBox<UInt64>(0)
    private let fullList = NIOLockedValueBox<(generation: UInt64, json: [UInt8])?>(nil)
    private let watch = NIOLockedValueBox<ObservationToken?>(nil)

    /// Opens (and creates) the store at `storePath`, with its catalog update laid over the catalog.
    public init(storePath: String, clock: Clock) throws {
        self.storePath = storePath
        tracker = try Tracker(store: Store.sqlite(path: storePath), clock: clock)
        let store = tracker.store
        let generation = self.generation
        watch.withLockedValue { $0 = store.observeChanges { generation.withLockedValue { $0 += 1 } } }
    }

    deinit {
        watch.withLockedValue { $0?.cancel() }
    }

    /// The whole catalog as `leettrack list --json` gives it, encoded: the page's first request,
    /// the largest, served from memory until the store changes (here or in another process).
    func fullListJSON(encode: ([ProblemJSON]) -> [UInt8]) throws -> [UInt8] {
        let current = generation.withLockedValue { $0 }
        if let cached = fullList.withLockedValue({ $0 }), cached.generation == current { return cached.json }
        let json = encode(try problems(ProblemFilters([:])))
        fullList.withLockedValue { $0 = (current, json) }
        return json
    }

    private var catalog: Catalog { tracker.catalog }
    private var repository: ProgressRepository { tracker.progress }
    private var now: Date { tracker.clock.now }

    /// Calls `handler` after any change to the store, by this process or another.
    /// The cached full list is dropped first, so a page that refetches on the call reads the change.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> ObservationToken {
        let generation = self.generation
        return store.observeChanges {
            generation.withLockedValue { $0 += 1 }
            handler()
        }
    }

    /// The problems matching the list's filters, as `leettrack list --json` prints them.
    func problems(_ filters: ProblemFilters) throws -> [ProblemJSON] {
        var query = try filters.query(in: catalog)
        if let list = filters.list { query.list = try tracker.lists.list(named: list, in: catalog) }
        let (problems, progress) = try catalog.problems(matching: query, loadingProgress: { slugs in
            try repository.progress { slugs.contains($0) }
        })
        return problems.map { ProblemJSON($0, progress[$0.slug]) }
    }

    /// The status and favorite of every problem that has a record: what a page needs to refresh
    /// its rows after a change, without the whole catalog.
    func progressSummary() throws -> [String: ProgressSummaryJSON] {
        try repository.allProgress().mapValues { ProgressSummaryJSON(status: $0.status.rawValue, favorite: $0.favorite) }
    }

    /// One problem with its history and card, as `leettrack show --json` prints it.
    func problem(_ name: String) throws -> ProblemJSON {
        let problem = try catalog.resolve(name)
        return ProblemJSON(problem, try repository.progress(for: problem.slug), withHistory: true)
    }

    /// Favorites or unfavorites a problem, as `leettrack fav`/`unfav` do.
    func setFavorite(_ name: String, _ favorite: Bool) throws -> ProblemJSON {
        try change(name) { _, record in record.favorite = favorite }
    }

    /// Records a solve with a rating, as `leettrack solve --rating` does.
    func solve(_ name: String, rating: ReviewRating) throws -> ProblemJSON {
        let scheduler = try tracker.reviews.scheduler()
        let now = self.now
        return try change(name) { slug, record in
            record.recordSolve(at: now, rating: rating, scheduler: scheduler.fuzzed(for: slug))
        }
    }

    /// Records an attempt, as `leettrack attempt` does.
    func attempt(_ name: String) throws -> ProblemJSON {
        let now = self.now
        return try change(name) { _, record in record.recordAttempt(at: now) }
    }

    /// Resets a problem to todo, keeping its history, as `leettrack reset PROBLEM` does.
    func reset(_ name: String) throws -> ProblemJSON {
        let now = self.now
        return try change(name) { _, record in record.reset(at: now, forgetHistory: false) }
    }

    /// Sets (or, with empty text, clears) a note, as `leettrack note` does.
    func setNote(_ name: String, _ note: String) throws -> ProblemJSON {
        if !note.isEmpty {
            do {
                try InputRules.check(note: note, at: "note")
            } catch {
                throw ServerError.badRequest(error.reason)
            }
        }
        return try change(name) { _, record in record.note = note }
    }

    /// Rates a review, as `leettrack review PROBLEM RATING` does.
    func review(_ name: String, rating: ReviewRating) throws -> ReviewItemJSON {
        let problem = try catalog.resolve(name)
        let now = self.now
        let result = try tracker.reviews.rate(problem, rating, at: now)
        generation.withLockedValue { $0 += 1 }
        let zone = SystemTimeZone()
        return ReviewItemJSON(ReviewItem(problem: problem, card: result.after, today: LocalDay(now, in: zone), timeZone: zone))
    }

    /// The review queue due today, as `leettrack review --json` prints it.
    func reviewQueue() throws -> [ReviewItemJSON] {
        let scheduler = try tracker.reviews.settings().scheduler()
        let queue = ReviewQueue(
            catalog: catalog, progress: try repository.allProgress(), scheduler: scheduler, now: now, timeZone: SystemTimeZone())
        return queue.due.map(ReviewItemJSON.init)
    }

    /// The statistics and the calendar, as `leettrack stats --json` and `stats --calendar --json` print them.
    func stats() throws -> StatsPageJSON {
        let progress = try repository.allProgress()
        let now = self.now
        let stats = Statistics(catalog: catalog, progress: progress, now: now, timeZone: SystemTimeZone())
        let calendar = PracticeCalendar(progress: progress, now: now, timeZone: SystemTimeZone())
        return StatsPageJSON(stats: StatsJSON(stats), calendar: CalendarJSON(calendar, stats))
    }

    /// Every study list with its counts, as `leettrack lists --json` prints them.
    func lists() throws -> [ListSummaryJSON] {
        let lists = catalog.studyLists + (try tracker.lists.all())
        let progress = try repository.allProgress()
        return lists.map { ListSummaryJSON($0, progress: progress, catalog: catalog) }
    }

    /// Every tag of the catalog, for the page's filter.
    func tags() -> [String] {
        Array(Set(catalog.problems.flatMap(\.tags))).sorted()
    }

    private func change(_ name: String, _ body: (String, inout ProblemProgress) throws -> Void) throws -> ProblemJSON {
        let problem = try catalog.resolve(name)
        let changes = try repository.update([problem.slug]) { slug, record in try body(slug, &record) }
        // Not left to the observation alone, which may report the change a moment later.
        generation.withLockedValue { $0 += 1 }
        return ProblemJSON(problem, changes.first?.after, withHistory: true)
    }
}

/// A problem's status and heart, the element of `GET /api/progress`.
struct ProgressSummaryJSON: Encodable {
    var status: String
    var favorite: Bool
}

/// `GET /api/stats`: the `stats --json` and `stats --calendar --json` shapes side by side.
struct StatsPageJSON: Encodable {
    var stats: StatsJSON
    var calendar: CalendarJSON
}
