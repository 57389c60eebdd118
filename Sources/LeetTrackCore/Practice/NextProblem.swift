import FoundationEssentials

extension Catalog {
    /// The first problem of `slugs` (a list or a section, in its own order) that is not solved and
    /// not marked to skip; `nil` when every one is solved or skipped. Attempted problems count as
    /// unsolved: they are the next thing to finish.
    /// - Complexity: O(n) over `slugs`, building one problem.
    public func nextProblem<Record: ProgressMarks>(in slugs: [String], progress: [String: Record], skipped: Set<String>) -> Problem? {
        for slug in slugs where progress[slug]?.status != .solved && !skipped.contains(slug) {
            if let position = position(ofSlug: slug) { return problem(at: position) }
        }
        return nil
    }
}

/// The day's plan, as `leettrack today` and the screen's start view show it: the reviews due,
/// the next new problem of the followed list, the streak, the daily goal and LeetCode's daily
/// question when the one kept in the store is today's.
public struct TodayPlan: Sendable {
    /// Today, in the user's time zone.
    public var today: LocalDay
    /// The reviews due today or overdue, most overdue first.
    public var due: [ReviewItem]
    /// The followed list, if the user follows one.
    public var followed: StudyList?
    /// The next problem of the followed list (see ``Catalog/nextProblem(in:progress:skipped:)``),
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
        catalog: Catalog, progress: [String: ProblemProgress], scheduler: ReviewScheduler, settings: PracticeSettings,
        followed: StudyList?, daily: LeetCodeDaily?, now: Date, timeZone: some UTCOffsetProvider
    ) {
        // Summarised once for the queue and the days (each would otherwise summarise every record).
        self.init(
            catalog: catalog, summaries: progress.mapValues(ProgressSummary.init), record: { progress[$0] }, scheduler: scheduler,
            settings: settings, followed: followed, daily: daily, now: now, timeZone: timeZone)
    }

    /// Computes the plan from the records' summaries (with their review cards and events), the
    /// settings and the stored daily question; `record` reads the one record the plan shows whole
    /// (the next problem's), after the summaries are read.
    /// - Complexity: O(records + events), plus O(n) over the followed list and one record read.
    public init(
        catalog: Catalog, summaries: [String: ProgressSummary], record: (String) throws -> ProblemProgress?,
        scheduler: ReviewScheduler, settings: PracticeSettings, followed: StudyList?, daily: LeetCodeDaily?, now: Date,
        timeZone: some UTCOffsetProvider
    ) rethrows {
        let queue = ReviewQueue(catalog: catalog, summaries: summaries, scheduler: scheduler, now: now, timeZone: timeZone)
        today = queue.today
        due = queue.due
        self.followed = followed
        next = followed.flatMap { catalog.nextProblem(in: $0.slugs, progress: summaries, skipped: Set(settings.skipped)) }
        nextRecord = try next.flatMap { try record($0.slug) }
        followedSolved = followed.map { $0.slugs.filter { summaries[$0]?.status == .solved }.count } ?? 0
        // One pass over the events: a day with any problem practised is a practice day.
        let problemsByDay = DailyGoalProgress.problemsByDay(summaries, timeZone: timeZone)
        streak = Statistics.streaks(practiceDays: Set(problemsByDay.keys), today: today.dayNumber)
        doneToday = problemsByDay[today.dayNumber] ?? 0
        goal = settings.dailyGoal.map { DailyGoalProgress(goal: $0, problemsByDay: problemsByDay, now: now, timeZone: timeZone) }
        if let daily, daily.isCurrent(at: now) {
            self.daily = (daily, summaries[daily.problem.slug]?.status ?? .todo)
        }
    }
}
