import FoundationEssentials
import LeetTrackCore

/// The review queue screen's state: what is due today (most overdue first), the problem shown,
/// and what comes in the next days once the queue is empty.
///
/// It is built from the records the screen already holds (no second read of the store) and kept
/// up to date by each rating, so a rating costs one write and O(queue) work, never a rebuild.
/// A change from another process rebuilds it (`Browser.applyExternalChanges`).
struct ReviewSession: Equatable {
    /// How many days ahead the empty queue looks.
    static let upcomingDays = 7

    /// Due today or overdue, most overdue first; a rated problem leaves the list.
    var due: [ReviewItem]
    /// What falls due from tomorrow through `upcomingDays` days ahead, earliest first.
    var upcoming: [ReviewItem]
    /// The first card after the upcoming days, for an empty week ("next: … in 21 days").
    var later: ReviewItem?
    /// Whether any problem has a card at all.
    var hasCards: Bool
    /// The day the queue was built for, in the user's time zone.
    var today: LocalDay
    /// The instant the interval previews are computed for (the last key's time).
    var now: Date
    /// The scheduler of the stored settings; previews fuzz it per problem, as a rating does.
    var scheduler: ReviewScheduler
    /// The index in `due` of the problem shown.
    var index = 0
    /// Problems rated since the screen was opened.
    var rated = 0
    /// Whether the details of the problem shown are open.
    var showsDetails = false

    /// The queue at `now` from `progress`.
    /// - Complexity: O(r log r) for r records with a card; it runs when the screen opens and when
    ///   another process changed the store.
    init(
        catalog: Catalog, progress: [String: ProblemProgress], scheduler: ReviewScheduler, reviewCap: Int? = nil, now: Date,
        timeZone: some UTCOffsetProvider
    ) {
        let queue = ReviewQueue(catalog: catalog, progress: progress, scheduler: scheduler, reviewCap: reviewCap, now: now, timeZone: timeZone)
        due = queue.due
        upcoming = queue.upcoming(days: Self.upcomingDays)
        later = queue.first(dueAfter: Self.upcomingDays)
        hasCards = !queue.isEmpty
        today = queue.today
        self.now = now
        self.scheduler = scheduler
    }

    /// The problem shown, if anything is due.
    var current: ReviewItem? { due.indices.contains(index) ? due[index] : nil }

    /// When the problem shown would fall due after each rating, rated now.
    var preview: [ReviewRating: Date] {
        guard let current else { return [:] }
        return scheduler.fuzzed(for: current.problem.slug).preview(current.card, at: now)
    }

    /// Shows the problem `delta` places on, wrapping around the queue.
    mutating func move(by delta: Int) {
        guard !due.isEmpty else { return }
        index = ((index + delta) % due.count + due.count) % due.count
    }

    /// Takes the rated problem out of the queue (keeping the index, so the next one shows) and
    /// files its new card under the coming days.
    /// - Complexity: O(queue).
    mutating func didRate(_ item: ReviewItem, newCard card: ReviewCard, timeZone: some UTCOffsetProvider) {
        if let position = due.firstIndex(where: { $0.problem.slug == item.problem.slug }) {
            due.remove(at: position)
            if position < index { index -= 1 }
        }
        if index >= due.count { index = 0 }
        rated += 1
        let rescheduled = ReviewItem(problem: item.problem, card: card, today: today, timeZone: timeZone)
        upcoming.removeAll { $0.problem.slug == item.problem.slug }
        if rescheduled.daysOverdue < 0, -rescheduled.daysOverdue <= Self.upcomingDays {
            let position = upcoming.firstIndex { ($0.card.due, $0.problem.id) > (card.due, item.problem.id) } ?? upcoming.count
            upcoming.insert(rescheduled, at: position)
        } else if rescheduled.daysOverdue < -Self.upcomingDays, later.map({ card.due < $0.card.due }) ?? true {
            later = rescheduled
        }
    }
}
