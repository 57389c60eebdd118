import FoundationEssentials

extension Catalog {
    /// The first problem of `slugs` (a list or a section, in its own order) that is not solved and
    /// not marked to skip, nor paid-only when `premium` is false (`config premium no`); `nil` when
    /// every one is solved or passed over. Attempted problems count as unsolved: they are the next
    /// thing to finish.
    /// - Complexity: O(n) over `slugs`, building one problem.
    public func nextProblem<Record: ProgressMarks>(
        in slugs: [String], progress: [String: Record], skipped: Set<String>, premium: Bool = true
    ) -> Problem? {
        nextProblem(in: slugs, status: { progress[$0]?.status }, skipped: skipped, premium: premium)
    }

    /// As ``nextProblem(in:progress:skipped:premium:)``, with each slug's status from `status`.
    func nextProblem(in slugs: [String], status: (String) -> Status?, skipped: Set<String>, premium: Bool) -> Problem? {
        for slug in slugs where status(slug) != .solved && !skipped.contains(slug) {
            if let position = position(ofSlug: slug), premium || !paidOnly(at: position) { return problem(at: position) }
        }
        return nil
    }
}

/// Why a list (or a section) has no next problem, for `next`, `today` and the screen to say the
/// same truth: it has no problems, everything in it is solved, or what is left is skipped.
public enum NothingNext {
    /// The reason, starting with a lowercase word ("nothing left to do in X: …"); `place` is the list's (or
    /// section's) name as it is shown, `total` its size, `solved` how many of it are solved.
    public static func reason(in place: String, total: Int, solved: Int) -> String {
        if total == 0 { return "nothing to do in \(place): it has no problems" }
        let left = total - solved
        if left <= 0 { return "everything in \(place) is solved" }
        return "nothing left to do in \(place): \(left == 1 ? "the 1 unsolved problem is" : "its \(left) unsolved problems are") "
            + "skipped (`leettrack unskip PROBLEM` brings one back)"
    }

    /// As ``reason(in:total:solved:)``, for a user without Premium (`config premium no`): the
    /// unsolved problems left may be paid-only rather than skipped.
    public static func reason(in place: String, total: Int, solved: Int, premium: Bool) -> String {
        let reason = reason(in: place, total: total, solved: solved)
        guard !premium, total > solved else { return reason }
        let left = total - solved
        return "nothing left to do in \(place): \(left == 1 ? "the 1 unsolved problem is" : "its \(left) unsolved problems are") "
            + "paid-only or skipped (`leettrack config premium yes` offers paid-only ones)"
    }
}

/// The day's plan, as `leettrack today` and the screen's start view show it: the reviews due,
/// the next new problem of the followed list, the streak, the daily goal and LeetCode's daily
/// question when the one kept in the store is today's.
public struct TodayPlan: Sendable {
    /// Today, in the user's time zone.
    public var today: LocalDay
    /// The first ``shownDue`` reviews due today or overdue, most overdue first: what a plan shows
    /// (building every due review's item, some 1,500 on a large store, was a tenth of `today`).
    public var due: [ReviewItem]
    /// How many reviews are due today or overdue.
    public var dueCount: Int
    /// How many of the reviews due ``due`` holds.
    public static let shownDue = 10
    /// The followed list, if the user follows one.
    public var followed: StudyList?
    /// The next problem of the followed list (see ``Catalog/nextProblem(in:progress:skipped:premium:)``),
    /// or `nil` when there is no followed list or everything in it is solved or skipped.
    public var next: Problem?
    /// The record of ``next`` (it may be attempted), or `nil` when it was never touched.
    public var nextRecord: ProblemProgress?
    /// Solved problems of the followed list.
    public var followedSolved: Int
    /// The run of practice days ending today or yesterday, and the longest run.
    public var streak: (current: Int, longest: Int)
    /// Problems practised today.
    public var doneToday: Int
    /// Progress against the daily goal, if one is set.
    public var goal: DailyGoalProgress?
    /// LeetCode's daily question when the stored one is today's (LeetCode's day is the UTC day),
    /// with the user's status of it.
    public var daily: (question: LeetCodeDaily, status: Status)?

    /// Computes the plan from the records, the settings and the stored daily question.
    /// - Complexity: O(records + events), plus O(n) over the followed list.
    public init(
        catalog: Catalog, progress: [String: ProblemProgress], scheduler: ReviewScheduler, reviewCap: Int? = nil, settings: PracticeSettings,
        followed: StudyList?, daily: LeetCodeDaily?, now: Date, timeZone: some UTCOffsetProvider
    ) {
        // Summarised once for the queue and the days (each would otherwise summarise every record).
        self.init(
            catalog: catalog, summaries: progress.mapValues(ProgressSummary.init), record: { progress[$0] }, scheduler: scheduler,
            reviewCap: reviewCap, settings: settings, followed: followed, daily: daily, now: now, timeZone: timeZone)
    }

    /// Computes the plan from the records' summaries (with their review cards and events), the
    /// settings and the stored daily question; `record` reads the one record the plan shows whole
    /// (the next problem's), after the summaries are read.
    /// - Complexity: O(records + events), plus O(n) over the followed list and one record read.
    public init(
        catalog: Catalog, summaries: [String: ProgressSummary], record: (String) throws -> ProblemProgress?,
        scheduler: ReviewScheduler, reviewCap: Int? = nil, settings: PracticeSettings, followed: StudyList?, daily: LeetCodeDaily?,
        now: Date, timeZone: some UTCOffsetProvider
    ) rethrows {
        var builder = Builder(catalog: catalog, scheduler: scheduler, reviewCap: reviewCap, timeZone: timeZone)
        for (slug, summary) in summaries {
            var slug = slug
            slug.withUTF8 { builder.add(summary, slug: UnsafeRawBufferPointer($0)) }
        }
        self = try builder.plan(record: record, settings: settings, followed: followed, daily: daily, now: now)
    }

    /// The plan made one summary at a time, as a store lends them: the same as
    /// ``init(catalog:summaries:record:scheduler:settings:followed:daily:now:timeZone:)`` for the
    /// same summaries, in any order, without a dictionary of them (building one was a third of
    /// `today` on a store with 4,029 problems).
    public struct Builder {
        private let catalog: Catalog
        private let timeZone: any UTCOffsetProvider
        private var queue: ReviewQueue.Builder
        private var days: DailyGoalProgress.Builder
        private var finder: Catalog.SlugFinder
        /// Each problem's status, by catalog position.
        private var statuses: [Status]
        /// The statuses of problems the catalog does not have (LeetCode's daily question may be
        /// newer than the catalog).
        private var otherStatuses: [String: Status] = [:]

        /// A builder over `catalog`, deriving the cards of problems solved before they had one with
        /// `scheduler`, the day's reviews capped at `reviewCap` (`nil`: no cap), whose days `timeZone` decides.
        public init(catalog: Catalog, scheduler: ReviewScheduler, reviewCap: Int?, timeZone: some UTCOffsetProvider) {
            self.catalog = catalog
            self.timeZone = timeZone
            queue = ReviewQueue.Builder(catalog: catalog, scheduler: scheduler, reviewCap: reviewCap)
            days = DailyGoalProgress.Builder(timeZone: timeZone)
            finder = Catalog.SlugFinder(catalog)
            statuses = [Status](repeating: .todo, count: catalog.count)
        }

        /// Adds the summary of the problem whose slug is the UTF-8 bytes `slug`.
        public mutating func add(_ summary: ProgressSummary, slug: UnsafeRawBufferPointer) {
            days.add(summary)
            if let position = finder.position(ofSlug: slug) {
                queue.add(summary, at: position)
                statuses[position] = summary.status
            } else {
                otherStatuses[String(decoding: slug, as: UTF8.self)] = summary.status
            }
        }

        /// The plan of the summaries added, at `now`; `record` reads the next problem's record.
        public func plan(
            record: (String) throws -> ProblemProgress?, settings: PracticeSettings, followed: StudyList?, daily: LeetCodeDaily?,
            now: Date
        ) rethrows -> TodayPlan {
            let queue = queue.queue(now: now, timeZone: timeZone)
            let next = followed.flatMap { catalog.nextProblem(in: $0.slugs, status: status(of:), skipped: Set(settings.skipped), premium: settings.premium) }
            // One pass over the events: a day with any problem practised is a practice day.
            let problemsByDay = days.problemsByDay()
            return TodayPlan(
                today: queue.today, due: queue.firstDue(TodayPlan.shownDue), dueCount: queue.dueCount, followed: followed, next: next,
                nextRecord: try next.flatMap { try record($0.slug) },
                followedSolved: followed.map { $0.slugs.filter { status(of: $0) == .solved }.count } ?? 0,
                streak: Statistics.streaks(practiceDays: Set(problemsByDay.keys), today: queue.today.dayNumber),
                doneToday: problemsByDay[queue.today.dayNumber] ?? 0,
                goal: settings.dailyGoal.map { DailyGoalProgress(goal: $0, problemsByDay: problemsByDay, now: now, timeZone: timeZone) },
                daily: daily.flatMap { $0.isCurrent(at: now) ? ($0, status(of: $0.problem.slug)) : nil })
        }

        private func status(of slug: String) -> Status {
            catalog.position(ofSlug: slug).map { statuses[$0] } ?? otherStatuses[slug] ?? .todo
        }
    }

    private init(
        today: LocalDay, due: [ReviewItem], dueCount: Int, followed: StudyList?, next: Problem?, nextRecord: ProblemProgress?,
        followedSolved: Int, streak: (current: Int, longest: Int), doneToday: Int, goal: DailyGoalProgress?,
        daily: (question: LeetCodeDaily, status: Status)?
    ) {
        self.today = today
        self.due = due
        self.dueCount = dueCount
        self.followed = followed
        self.next = next
        self.nextRecord = nextRecord
        self.followedSolved = followedSolved
        self.streak = streak
        self.doneToday = doneToday
        self.goal = goal
        self.daily = daily
    }
}
