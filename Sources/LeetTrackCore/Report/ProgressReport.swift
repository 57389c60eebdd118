import FoundationEssentials

/// Everything `leettrack report` shows, computed from the catalog and the store.
///
/// The numbers come from the same types the command line prints: ``Statistics`` (difficulties,
/// streaks, tags), ``PracticeCalendar`` (the heatmap), ``ReviewQueue`` (what is due) and
/// ``StudyListProgress`` (the lists). The report adds only what no command needs: what was done on
/// each day of the calendar (its tooltips), the favorites with their notes, and the latest events.
/// Render it with ``html()``.
public struct ProgressReport: Sendable {
    /// The tag in the head of every page (see ``html()``): `report -o` replaces an existing file
    /// only when it starts with a page that carries it (or with `--force`).
    public static let generatorTag = "<meta name=\"generator\" content=\"leettrack report\"/>"

    /// Whether `start`, the first bytes of a file, is the start of a page this program wrote.
    public static func isReport(start: Data) -> Bool {
        let bytes = Array(start.prefix(4096))
        let tag = Array(generatorTag.utf8)
        guard bytes.count >= tag.count else { return false }
        return (0...(bytes.count - tag.count)).contains { bytes[$0..<($0 + tag.count)].elementsEqual(tag) }
    }

    /// A problem as the report names it.
    public struct ProblemSummary: Sendable, Hashable {
        /// LeetCode's id, or `nil` for a slug the catalog does not know (a record kept from an
        /// older catalog).
        public var id: Int?
        /// The slug.
        public var slug: String
        /// The title, or the slug when the catalog does not know it.
        public var title: String
        /// The difficulty, when known.
        public var difficulty: Difficulty?

        /// `1. Two Sum`, or the slug alone for an unknown problem.
        public var name: String { id.map { "\($0). \(title)" } ?? title }
    }

    /// What was done on one day of the calendar.
    public struct DayDetail: Sendable, Equatable {
        /// Solve events that day.
        public var solved = 0
        /// Attempt events that day.
        public var attempted = 0
        /// Review events that day.
        public var reviewed = 0
        /// The problems practised that day, each once, in id order.
        public var problems: [ProblemSummary] = []
        /// All practice events that day (the calendar cell's count).
        public var total: Int { solved + attempted + reviewed }
    }

    /// A favorite problem with its status and note.
    public struct Favorite: Sendable, Equatable {
        /// The problem.
        public var problem: ProblemSummary
        /// Its status.
        public var status: Status
        /// The user's note (empty when there is none).
        public var note: String
    }

    /// One event of the history, for the latest events.
    public struct Event: Sendable, Equatable {
        /// The problem it happened to.
        public var problem: ProblemSummary
        /// What happened.
        public var kind: ProgressEvent.Kind
        /// The rating of a solve or a review.
        public var rating: String?
        /// How long it took, in seconds, when it was timed.
        public var seconds: Int?
        /// The note about this event, if any.
        public var note: String?
        /// When it happened.
        public var date: Date
        /// `2026-11-29 14:03` in the user's time zone.
        public var localTime: String
    }

    /// How many of the latest events the report lists.
    public static let recentEventCount = 20
    /// How many days after today "this week" covers for reviews (today plus six days).
    public static let reviewDaysAhead = 6
    /// How many weeks the calendar shows: 53, so that the last 365 days are always all in it.
    public static let calendarWeeks = 53

    /// When the report was made.
    public let generated: Date
    /// `2026-11-29 14:03` in the user's time zone.
    public let generatedLocalTime: String
    /// The user's offset from UTC when the report was made, in seconds.
    public let utcOffset: Int
    /// Difficulties, streaks and tags, as `leettrack stats` shows them.
    public let statistics: Statistics
    /// The practice calendar, as `leettrack stats --calendar` draws it, over ``calendarWeeks``.
    public let calendar: PracticeCalendar
    /// Progress against the daily goal (its met days outline the calendar's squares); `nil` without one.
    public let goal: DailyGoalProgress?
    /// What was done on each day of the calendar with practice, by day number.
    public let dayDetails: [Int: DayDetail]
    /// Progress per study list, the built-in lists first, then the user's own.
    public let lists: [StudyListProgress]
    /// Review cards due today or overdue, most overdue first.
    public let dueNow: [ReviewItem]
    /// Review cards that fall due in the next ``reviewDaysAhead`` days, earliest first.
    public let dueLaterThisWeek: [ReviewItem]
    /// The first card due after this week, if any.
    public let nextReview: ReviewItem?
    /// The favorites, in id order.
    public let favorites: [Favorite]
    /// The latest ``recentEventCount`` events of any kind, newest first.
    public let recentEvents: [Event]

    /// Computes the report.
    /// - Parameters:
    ///   - progress: every progress record, by slug.
    ///   - ownLists: the user's own lists (``OwnLists/all()``).
    ///   - scheduler: the scheduler of the user's settings, which derives the cards of problems
    ///     solved before they had one, as `leettrack review` does.
    ///   - now: the current instant; `timeZone` decides which day it is.
    ///   - dailyGoal: the user's goal of problems a day, if any.
    /// - Complexity: O(records + events), plus O(d log d) for the d cards and O(e log e) for the
    ///   events sorted to find the latest.
    public init(
        catalog: Catalog, progress: [String: ProblemProgress], ownLists: [StudyList], scheduler: ReviewScheduler,
        reviewCap: Int? = nil, now: Date, timeZone: some UTCOffsetProvider, dailyGoal: Int? = nil
    ) {
        generated = now
        generatedLocalTime = LocalDay.minute(of: now, in: timeZone)
        utcOffset = timeZone.secondsFromGMT(for: now)
        statistics = Statistics(catalog: catalog, progress: progress, now: now, timeZone: timeZone)
        calendar = PracticeCalendar(progress: progress, now: now, timeZone: timeZone, weeks: Self.calendarWeeks)
        goal = dailyGoal.map { DailyGoalProgress(goal: $0, progress: progress, now: now, timeZone: timeZone) }
        lists = (catalog.studyLists + ownLists).map { StudyListProgress($0, progress: progress, sections: catalog.sections(of: $0)) }
        let queue = ReviewQueue(catalog: catalog, progress: progress, scheduler: scheduler, reviewCap: reviewCap, now: now, timeZone: timeZone)
        dueNow = queue.due
        dueLaterThisWeek = queue.upcoming(days: Self.reviewDaysAhead)
        nextReview = queue.first(dueAfter: Self.reviewDaysAhead)

        var summaries: [String: ProblemSummary] = [:]
        func summary(_ slug: String) -> ProblemSummary {
            if let known = summaries[slug] { return known }
            let made = Self.summary(slug, catalog)
            summaries[slug] = made
            return made
        }
        favorites = progress.filter { $0.value.favorite }
            .map { Favorite(problem: summary($0.key), status: $0.value.status, note: $0.value.note) }
            .sorted { ($0.problem.id ?? Int.max, $0.problem.slug) < ($1.problem.id ?? Int.max, $1.problem.slug) }
        dayDetails = Self.dayDetails(progress, calendar: calendar, timeZone: timeZone, summary: summary)
        recentEvents = Self.latestEvents(progress, count: Self.recentEventCount).map { slug, event in
            Event(problem: summary(slug), kind: event.kind, rating: event.rating, seconds: event.seconds, note: event.note, date: event.date,
                  localTime: LocalDay.minute(of: event.date, in: timeZone))
        }
    }

    /// What was done on each day of the calendar: the same events the calendar counts (practice
    /// events, on the day of their own UTC offset), grouped by kind and problem.
    private static func dayDetails(
        _ progress: [String: ProblemProgress], calendar: PracticeCalendar, timeZone: some UTCOffsetProvider,
        summary: (String) -> ProblemSummary
    ) -> [Int: DayDetail] {
        guard let first = calendar.weeks.first?.first?.day.dayNumber else { return [:] }
        // Arrays indexed by the day's place in the calendar: no hashing per event.
        let dayCount = calendar.today.dayNumber - first + 1
        var details = [DayDetail](repeating: DayDetail(), count: dayCount)
        var slugs = [[String]](repeating: [], count: dayCount)
        var localDays = LocalDays(in: timeZone)
        for (slug, record) in progress {
            for event in record.events where event.kind.isPractice {
                let offset = localDays.day(of: event.date).dayNumber - first
                guard offset >= 0, offset < dayCount else { continue }
                switch event.kind {
                case .solved: details[offset].solved += 1
                case .attempted: details[offset].attempted += 1
                default: details[offset].reviewed += 1
                }
                if slugs[offset].last != slug { slugs[offset].append(slug) }
            }
        }
        var byDay: [Int: DayDetail] = [:]
        for offset in 0..<dayCount where !slugs[offset].isEmpty {
            var detail = details[offset]
            // A record's events on one day are adjacent in the loop above, so each slug is there once.
            detail.problems = slugs[offset].map(summary).sorted { ($0.id ?? Int.max, $0.slug) < ($1.id ?? Int.max, $1.slug) }
            byDay[first + offset] = detail
        }
        return byDay
    }

    /// The latest `count` events, newest first; events at the same second are ordered by slug and
    /// then by their order in the record, so the list is the same on every run.
    /// - Complexity: O(events × count) at worst, O(events) in practice: an event older than the
    ///   `count`th newest so far is passed over with one comparison.
    private static func latestEvents(_ progress: [String: ProblemProgress], count: Int) -> [(String, ProgressEvent)] {
        typealias Entry = (slug: String, index: Int, event: ProgressEvent)
        func isNewer(_ left: Entry, _ right: Entry) -> Bool {
            (left.event.date, right.slug, left.index) > (right.event.date, left.slug, right.index)
        }
        var latest: [Entry] = []  // newest first, at most `count`
        latest.reserveCapacity(count + 1)
        for (slug, record) in progress {
            for (index, event) in record.events.enumerated() {
                if latest.count == count, let last = latest.last, event.date < last.event.date { continue }
                let entry = (slug, index, event)
                let place = latest.firstIndex { isNewer(entry, $0) } ?? latest.endIndex
                guard place < count else { continue }
                latest.insert(entry, at: place)
                if latest.count > count { latest.removeLast() }
            }
        }
        return latest.map { ($0.slug, $0.event) }
    }

    private static func summary(_ slug: String, _ catalog: Catalog) -> ProblemSummary {
        guard let position = catalog.position(ofSlug: slug) else {
            return ProblemSummary(id: nil, slug: slug, title: slug, difficulty: nil)
        }
        return ProblemSummary(
            id: catalog.id(at: position), slug: slug, title: catalog.title(at: position), difficulty: catalog.difficulty(at: position))
    }
}
