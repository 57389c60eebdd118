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
        self.init(problem: problem, card: card, dueDay: card.dueDay(in: timeZone), today: today)
    }

    /// An item for `problem`'s `card`, due on `dueDay`, seen on `today`.
    init(problem: Problem, card: ReviewCard, dueDay: LocalDay, today: LocalDay) {
        self.problem = problem
        self.card = card
        self.dueDay = dueDay
        daysOverdue = today.dayNumber - dueDay.dayNumber
    }
}

/// Every problem with a review card, ordered by due date: what to redo today and what comes next.
///
/// Due-ness is counted in days in the user's time zone: a card due at 15:00 is due the whole day,
/// so the morning's review session includes it.
///
/// **A cap** (``ReviewSettings/reviewCap``) bounds each day's reviews, those done today included:
/// above it, the day holds the cards of lowest retrievability (the most forgotten first), and the
/// rest wait for the next days, each day again taking its most forgotten first
/// (``upcoming(days:)`` shows that plan). The stored due dates do not move: a cap raised or
/// removed gives the waiting cards back at once.
public struct ReviewQueue: Sendable {
    /// Every card, earliest due first (ties by problem id). Each access sorts the cards and builds
    /// every problem: ``due``, ``upcoming(days:)`` and ``next`` build only the ones they give.
    public var items: [ReviewItem] { (dueEntries + waitingEntries + datedLaterEntries).sorted(by: Entry.precedes).map(item) }
    /// Today, in the user's time zone.
    public let today: LocalDay

    /// One card of the queue with its problem's catalog position and id.
    private struct Entry: Sendable {
        var position: Int
        var id: Int
        var card: ReviewCard
        var dueDay: LocalDay

        /// Earliest due first, ties by problem id: the queue's order.
        static func precedes(_ left: Entry, _ right: Entry) -> Bool {
            (left.card.due, left.id) < (right.card.due, right.id)
        }
    }
    /// The cards due today or overdue, in the queue's order: at most the cap.
    private let dueEntries: [Entry]
    /// The cards due today or overdue that the cap leaves for the next days, most forgotten first.
    private let waitingEntries: [Entry]
    /// The cap the queue keeps, if any.
    public let reviewCap: Int?
    /// Says how forgotten a card is on a later day, for the days after a capped one.
    private let scheduler: ReviewScheduler
    /// The instant the queue is seen at.
    private let now: Date
    /// The cards still to come, in no order: `review` and `today` show the due ones and at most
    /// the first of these, so they are sorted only when asked for (sorting all 4,029 cards of a
    /// large store was a tenth of `review`).
    private let laterEntries: [Entry]
    /// The cards due so far ahead that they cannot fall due today (see ``Builder/undatedFrom(_:)``),
    /// in no order, their due days not yet found: `review` shows the due cards alone, and finding
    /// these cards' days (a time-zone question per day not seen) was a third of building the
    /// queue on a store of 4,000 cards. ``datedLaterEntries`` gives them with their days.
    private let undatedEntries: [(position: Int, id: Int, card: ReviewCard)]
    /// The zone that finds the days of ``undatedEntries``.
    private let timeZone: any UTCOffsetProvider
    private let catalog: Catalog

    /// Builds the queue from progress records.
    /// - Parameters:
    ///   - progress: records by slug; slugs the catalog does not know are left out.
    ///   - scheduler: derives cards for problems solved before they had one.
    ///   - reviewCap: the most reviews a day (``ReviewSettings/reviewCap``), `nil` for no cap.
    /// - Complexity: O(r log r) for r records with a card.
    public init(
        catalog: Catalog, progress: [String: ProblemProgress], scheduler: ReviewScheduler, reviewCap: Int? = nil, now: Date,
        timeZone: some UTCOffsetProvider
    ) {
        self.init(
            catalog: catalog, summaries: progress.mapValues(ProgressSummary.init), scheduler: scheduler, reviewCap: reviewCap, now: now,
            timeZone: timeZone)
    }

    /// The queue from the records' summaries (``ProgressRepository/readableSummaries(where:)``).
    public init(
        catalog: Catalog, summaries progress: [String: ProgressSummary], scheduler: ReviewScheduler, reviewCap: Int? = nil, now: Date,
        timeZone: some UTCOffsetProvider
    ) {
        var builder = Builder(catalog: catalog, scheduler: scheduler, reviewCap: reviewCap)
        for (slug, record) in progress {
            guard let position = catalog.position(ofSlug: slug) else { continue }
            builder.add(record, at: position)
        }
        self = builder.queue(now: now, timeZone: timeZone)
    }

    /// The queue made one summary at a time, as a store lends them: the same as
    /// ``init(catalog:summaries:scheduler:reviewCap:now:timeZone:)`` for the same summaries, in any order.
    /// A summary's events may be left unread where it has a card
    /// (``ProgressRepository/forEachReadableSummary(events:card:_:)`` with `events` false).
    public struct Builder {
        private let catalog: Catalog
        private let scheduler: ReviewScheduler
        private let reviewCap: Int?
        private var cards: [(position: Int, card: ReviewCard)] = []
        private var keys: [(due: Date, id: Int, index: Int)] = []

        /// A builder over `catalog`, deriving the cards of problems solved before they had one with
        /// `scheduler`, each day holding at most `reviewCap` reviews (`nil`: no cap).
        public init(catalog: Catalog, scheduler: ReviewScheduler, reviewCap: Int?) {
            self.catalog = catalog
            self.scheduler = scheduler
            self.reviewCap = reviewCap
            // Room for a card per problem at once: grown by doubling, the arrays left 1.3 MB of
            // copies behind on a store of 4,000 cards. Room never written costs no memory.
            cards.reserveCapacity(catalog.count)
            keys.reserveCapacity(catalog.count)
        }

        /// Adds the cards of `repository`'s records as it lends their summaries (their events left
        /// unread where a card stands for them); returns the records that do not decode.
        public mutating func add(from repository: ProgressRepository) throws -> [DamagedRecord] {
            var positions = Catalog.SlugFinder(catalog)
            return try repository.forEachReadableSummary(events: false) { slug, summary in
                if let position = positions.position(ofSlug: slug) { self.add(summary, at: position) }
            }
        }

        /// Adds the card of the problem at catalog position `position`, if it has one.
        public mutating func add(_ record: ProgressSummary, at position: Int) {
            guard let card = record.reviewCard(using: scheduler) else { return }
            keys.append((card.due, catalog.id(at: position), cards.count))
            cards.append((position, card))
        }

        /// The first instant from which a card cannot fall due on the day of `now`, whatever the
        /// zone: four days on. A day is 24 hours of local time, and an instant's local time is
        /// its UTC time plus an offset within ±36 hours (Foundation's zones keep within ±18, the
        /// world's within -12 and +14), so two offsets move the local times at most 72 hours
        /// apart: 96 hours later is at least a day later in local time, on a later day.
        static func undatedFrom(_ now: Date) -> Double {
            now.timeIntervalSince1970 + 4 * 86_400
        }

        /// The queue of the cards added, seen at `now`: the one place a day's review list is made
        /// (`review`, `today`, the screen, the web page and the report all come here).
        public func queue(now: Date, timeZone: some UTCOffsetProvider) -> ReviewQueue {
            let today = LocalDay(now, in: timeZone)
            var days = LocalDays(in: timeZone)
            // The due cards' keys sorted, and each of those cards moved once into its place:
            // sorting the cards themselves moved every card's fields around (a third of the
            // queue's cost at 4,000).
            var dueKeys: [(due: Date, id: Int, index: Int, day: LocalDay)] = []
            var laterEntries: [Entry] = []
            var undatedEntries: [(position: Int, id: Int, card: ReviewCard)] = []
            dueKeys.reserveCapacity(keys.count)
            laterEntries.reserveCapacity(keys.count)
            undatedEntries.reserveCapacity(keys.count)
            let undatedFrom = Self.undatedFrom(now)
            for key in keys {
                // NaN is never undated: it is compared false.
                if key.due.timeIntervalSince1970 >= undatedFrom {
                    let (position, card) = cards[key.index]
                    undatedEntries.append((position, key.id, card))
                    continue
                }
                let dueDay = days.dueDay(of: cards[key.index].card)
                if dueDay <= today {
                    dueKeys.append((key.due, key.id, key.index, dueDay))
                } else {
                    let (position, card) = cards[key.index]
                    laterEntries.append(Entry(position: position, id: key.id, card: card, dueDay: dueDay))
                }
            }
            dueKeys.sort { ($0.due, $0.id) < ($1.due, $1.id) }
            var dueEntries = dueKeys.map { key in
                let (position, card) = cards[key.index]
                return Entry(position: position, id: key.id, card: card, dueDay: key.day)
            }
            var waitingEntries: [Entry] = []
            var reviewedToday = 0
            if let reviewCap {
                // The cap counts the day's reviews done already: a card rated again today (not its
                // first rating, which is a solve) took a place in today's share.
                for (_, card) in cards where card.reps > 1 {
                    if let last = card.lastReview, days.day(of: last) == today { reviewedToday += 1 }
                }
                let room = max(0, reviewCap - reviewedToday)
                if dueEntries.count > room {
                    dueEntries = ReviewQueue.mostForgotten(dueEntries, at: now, scheduler: scheduler)
                    waitingEntries = Array(dueEntries[room...])
                    dueEntries.removeSubrange(room...)
                }
            }
            return ReviewQueue(
                catalog: catalog, dueEntries: dueEntries, waitingEntries: waitingEntries, laterEntries: laterEntries,
                undatedEntries: undatedEntries, timeZone: timeZone, today: today, reviewCap: reviewCap,
                reviewedToday: reviewedToday, scheduler: scheduler, now: now)
        }
    }

    private init(
        catalog: Catalog, dueEntries: [Entry], waitingEntries: [Entry], laterEntries: [Entry],
        undatedEntries: [(position: Int, id: Int, card: ReviewCard)], timeZone: any UTCOffsetProvider, today: LocalDay, reviewCap: Int?,
        reviewedToday: Int, scheduler: ReviewScheduler, now: Date
    ) {
        self.reviewedToday = reviewedToday
        self.catalog = catalog
        self.dueEntries = dueEntries
        self.waitingEntries = waitingEntries
        self.laterEntries = laterEntries
        self.undatedEntries = undatedEntries
        self.timeZone = timeZone
        self.today = today
        self.reviewCap = reviewCap
        self.scheduler = scheduler
        self.now = now
    }

    /// `entries` with the lowest retrievability at `date` first (ties: earliest due, then problem
    /// id), so that a capped day keeps the problems most likely forgotten.
    /// - Complexity: O(n log n), one retrievability per card.
    private static func mostForgotten(_ entries: [Entry], at date: Date, scheduler: ReviewScheduler) -> [Entry] {
        entries.map { (scheduler.retrievability(of: $0.card, at: date), $0) }
            .sorted { ($0.0, $0.1.card.due, $0.1.id) < ($1.0, $1.1.card.due, $1.1.id) }
            .map(\.1)
    }

    /// The item of `entry`, its problem built from the catalog.
    private func item(_ entry: Entry) -> ReviewItem {
        ReviewItem(problem: catalog.problem(at: entry.position), card: entry.card, dueDay: entry.dueDay, today: today)
    }

    /// What is due today or overdue, most overdue first; with a cap exceeded, the room the day's
    /// reviews done (``reviewedToday``) leave under it, the most forgotten first.
    public var due: [ReviewItem] { dueEntries.map(item) }

    /// How many reviews are due but wait for the next days, beyond the cap.
    public var waitingCount: Int { waitingEntries.count }

    /// With a cap, how many cards were rated today after their first rating: reviews done, which
    /// take their place in today's share (``due`` holds at most the cap less these). 0 without a cap.
    public let reviewedToday: Int

    /// The first `count` of ``due``, without building the others' items.
    public func firstDue(_ count: Int) -> [ReviewItem] { dueEntries.prefix(max(0, count)).map(item) }

    /// How many reviews ``due`` holds.
    public var dueCount: Int { dueEntries.count }

    /// What ``due`` holds, as the catalog positions of its problems with their due days: for a
    /// listing that writes its rows from the catalog's fields (``due`` builds every problem).
    public var duePositions: [(position: Int, dueDay: LocalDay, daysOverdue: Int)] {
        dueEntries.map { ($0.position, $0.dueDay, today.dayNumber - $0.dueDay.dayNumber) }
    }

    /// The first card of the queue, due or not; `nil` when there is none.
    public var next: ReviewItem? { earliest { _ in true }.map(item) }

    /// The first card due more than `days` days after today (what comes after
    /// ``upcoming(days:)``), building that one problem only; `nil` when there is none.
    public func first(dueAfter days: Int) -> ReviewItem? {
        earliest { $0.dueDay.dayNumber - today.dayNumber > days }.map(item)
    }

    /// The cards still to come with their due days: ``laterEntries`` and ``undatedEntries``, whose
    /// days are found here, with one zone question per day as the queue's builder asks them.
    private var datedLaterEntries: [Entry] {
        guard !undatedEntries.isEmpty else { return laterEntries }
        var days = LocalDays(in: timeZone)
        return laterEntries + undatedEntries.map { Entry(position: $0.position, id: $0.id, card: $0.card, dueDay: days.dueDay(of: $0.card)) }
    }

    /// The first card in the queue's order that `includes` takes, found in one pass: no sort.
    private func earliest(where includes: (Entry) -> Bool) -> Entry? {
        var first: Entry?
        for entries in [dueEntries, datedLaterEntries] {
            for entry in entries where includes(entry) && first.map({ Entry.precedes(entry, $0) }) ?? true { first = entry }
        }
        return first
    }

    /// Whether the queue has no card.
    public var isEmpty: Bool { dueEntries.isEmpty && waitingEntries.isEmpty && laterEntries.isEmpty && undatedEntries.isEmpty }

    /// What falls due in the next `days` days after today (tomorrow through today + `days`). With a
    /// cap, each day holds at most the cap: the reviews waiting from the days before and the day's
    /// own, the most forgotten on that day first; the rest move on to the next day, and the items
    /// carry the day they are planned for.
    /// - Complexity: O(k log k) for the k cards due by the last of the days.
    public func upcoming(days: Int) -> [ReviewItem] {
        let coming = datedLaterEntries.filter { $0.dueDay.dayNumber - today.dayNumber <= days }.sorted(by: Entry.precedes)
        guard let reviewCap else { return coming.map(item) }
        var result: [ReviewItem] = []
        // Any number of days: past the last day a number holds, the plan ends with its last card.
        let (last, overflow) = today.dayNumber.addingReportingOverflow(days)
        ReviewCapPlan.plan(
            carried: waitingEntries, coming: coming, dueDay: \.dueDay, from: today.adding(days: 1),
            through: LocalDay(dayNumber: overflow ? .max : last),
            room: { _ in reviewCap },
            mostForgotten: { entries, day in
                Self.mostForgotten(entries, at: now.addingTimeInterval(Double(day.dayNumber - today.dayNumber) * 86_400), scheduler: scheduler)
            },
            place: { taken, day in
                for var entry in taken.sorted(by: Entry.precedes) {
                    entry.dueDay = day
                    result.append(item(entry))
                }
            })
        return result
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
