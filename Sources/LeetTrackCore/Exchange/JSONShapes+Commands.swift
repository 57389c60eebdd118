import FoundationEssentials

/// The `--json` form of `stats`.
public struct StatsJSON: Encodable {
    public struct Line: Encodable {
        public var difficulty: String
        public var total: Int
        public var solved: Int
        public var attempted: Int
        /// The median time of the timed solves in seconds, absent when none was timed.
        public var medianSeconds: Int?
    }

    public struct Day: Encodable {
        public var date: String
        public var solved: Int
        public var attempted: Int
        public var reviewed: Int
        /// Whether the day met the daily goal; absent without one.
        public var goalMet: Bool?
    }

    public var byDifficulty: [Line]
    public var total: Line
    public var favorites: Int
    public var notes: Int
    public var currentStreak: Int
    public var longestStreak: Int
    /// The contest-rating level and its trend over 30 days (``RatingLevel``); absent in a calendar.
    public var level: RatingLevel.JSON?
    public struct Tag: Encodable {
        public var tag: String
        public var total: Int
        public var solved: Int
        public var practised: Int
    }

    public var lastSevenDays: [Day]
    public var tags: [Tag]
    /// Progress against the daily goal; absent without one.
    public var goal: GoalJSON?

    public init(_ stats: Statistics, goal: DailyGoalProgress? = nil) {
        func line(_ line: Statistics.Line) -> Line {
            Line(
                difficulty: line.difficulty?.rawValue ?? "all", total: line.total, solved: line.solved, attempted: line.attempted,
                medianSeconds: line.medianSeconds)
        }
        byDifficulty = stats.byDifficulty.map(line)
        total = line(stats.total)
        favorites = stats.favorites
        notes = stats.notes
        currentStreak = stats.currentStreak
        longestStreak = stats.longestStreak
        lastSevenDays = stats.lastSevenDays.map {
            Day(date: $0.day.description, solved: $0.solved, attempted: $0.attempted, reviewed: $0.reviewed,
                goalMet: goal.map { [day = $0.day] in $0.metDays.contains(day) })
        }
        self.goal = goal.map(GoalJSON.init)
        tags = stats.tags.map { Tag(tag: $0.tag, total: $0.total, solved: $0.solved, practised: $0.practised) }
    }
}

/// The `--json` form of a card in the queue.
public struct ReviewItemJSON: Encodable {
    public struct ProblemSummary: Encodable {
        public var id: Int
        public var slug: String
        public var title: String
        public var difficulty: String
    }

    public var problem: ProblemSummary
    /// The due instant (UTC) and its day in the user's time zone.
    public var due: Date
    public var dueDay: String
    public var daysOverdue: Int
    public var stability: Double?
    public var difficulty: Double?
    public var state: String
    public var lastReview: Date?
    public var reps: Int
    public var lapses: Int

    public init(_ item: ReviewItem) {
        problem = ProblemSummary(
            id: item.problem.id, slug: item.problem.slug, title: item.problem.title, difficulty: item.problem.difficulty.rawValue)
        due = item.card.due
        dueDay = item.dueDay.description
        daysOverdue = item.daysOverdue
        stability = item.card.stability
        difficulty = item.card.difficulty
        state = item.card.state.rawValue
        lastReview = item.card.lastReview
        reps = item.card.reps
        lapses = item.card.lapses
    }
}

/// The `--json` form of one list in `lists`: its counts.
public struct ListSummaryJSON: Encodable {
    public var key: String
    public var name: String
    public var own: Bool
    public var total: Int
    public var solved: Int
    public var attempted: Int
    /// The list's topic sections with their counts, in order; absent for a list without sections.
    public var sections: [SectionJSON]?

    public init(key: String, name: String, own: Bool, total: Int, solved: Int, attempted: Int, sections: [SectionJSON]? = nil) {
        (self.key, self.name, self.own, self.total, self.solved, self.attempted) = (key, name, own, total, solved, attempted)
        self.sections = sections
    }
}

extension ListSummaryJSON {
    /// The counts of `list` in `progress`, with those of its topic sections in `catalog`: one
    /// summary for `lists --json` and `serve`'s `/api/lists` alike.
    public init(_ list: StudyList, progress: [String: some ProgressMarks], catalog: Catalog) {
        let counts = StudyListProgress(list, progress: progress)
        let sections = catalog.sections(of: list)
        self.init(
            key: list.key, name: list.name, own: list.isOwn, total: counts.total, solved: counts.solved, attempted: counts.attempted,
            sections: sections.isEmpty ? nil : sections.map { SectionJSON($0, progress: progress) })
    }
}

/// The `--json` form of one topic section of a list: its name and counts.
public struct SectionJSON: Encodable, Equatable {
    public var name: String
    public var total: Int
    public var solved: Int
    public var attempted: Int

    /// The counts of `section` in `progress` (records, or their marks).
    public init(_ section: StudySection, progress: [String: some ProgressMarks]) {
        name = section.name
        total = section.slugs.count
        solved = section.slugs.filter { progress[$0]?.status == .solved }.count
        attempted = section.slugs.filter { progress[$0]?.status == .attempted }.count
    }
}

/// The `--json` form of `stats --calendar`: every day of the graph with its count and level.
public struct CalendarJSON: Encodable {
    public struct Day: Encodable {
        public var date: String
        public var count: Int
        public var level: Int
        /// Whether the day met the daily goal; absent without one.
        public var goalMet: Bool?
    }

    public var from: String
    public var to: String
    public var total: Int
    public var activeDays: Int
    public var currentStreak: Int
    public var longestStreak: Int
    public var days: [Day]
    /// Progress against the daily goal; absent without one.
    public var goal: GoalJSON?

    public init(_ graph: PracticeCalendar, _ stats: Statistics, goal: DailyGoalProgress? = nil) {
        let cells = graph.weeks.flatMap { $0 }.filter { !$0.isFuture }
        from = cells.first?.day.description ?? ""
        to = graph.today.description
        total = graph.total
        activeDays = graph.activeDays
        currentStreak = stats.currentStreak
        longestStreak = stats.longestStreak
        days = cells.map { cell in
            Day(date: cell.day.description, count: cell.count, level: cell.level, goalMet: goal.map { $0.metDays.contains(cell.day) })
        }
        self.goal = goal.map(GoalJSON.init)
    }
}

/// The `--json` form of `next`: the list (and section) looked at, its counts, and the next
/// problem, `null` when everything is solved or skipped.
public struct NextJSON: Encodable {
    public var list: String
    public var section: String?
    public var solved: Int
    public var total: Int
    public var problem: ProblemJSON?

    public init(list: String, section: String?, solved: Int, total: Int, problem: ProblemJSON?) {
        (self.list, self.section, self.solved, self.total, self.problem) = (list, section, solved, total, problem)
    }

    enum CodingKeys: String, CodingKey { case list, section, solved, total, problem }

    /// Encodes `problem` as `null` when there is none (a reader asks "is there a next?").
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(list, forKey: .list)
        try container.encodeIfPresent(section, forKey: .section)
        try container.encode(solved, forKey: .solved)
        try container.encode(total, forKey: .total)
        try container.encode(problem, forKey: .problem)
    }
}

/// The `--json` form of `today`.
public struct TodayJSON: Encodable {
    public struct Daily: Encodable {
        public var date: String
        public var id: Int
        public var slug: String
        public var title: String
        public var difficulty: String
        public var status: String
    }

    public var date: String
    public var dueCount: Int
    public var due: [ReviewItemJSON]
    public var followedList: String?
    public var followedSolved: Int?
    public var followedTotal: Int?
    public var next: ProblemJSON?
    public var currentStreak: Int
    public var longestStreak: Int
    public var doneToday: Int
    public var goal: GoalJSON?
    public var daily: Daily?
    /// The day's share of the study plan (`config target-date`), absent when no target is set.
    public var plan: StudyPlanShareJSON?

    /// The plan; `due` names the first `shown` reviews, at most ``TodayPlan/shownDue`` (all are
    /// counted in `dueCount`); `studyPlan` is the plan toward the target date, if one is set.
    public init(_ plan: TodayPlan, shown: Int = TodayPlan.shownDue, studyPlan: StudyPlan? = nil) {
        self.plan = studyPlan.map(StudyPlanShareJSON.init)
        date = plan.today.description
        dueCount = plan.dueCount
        due = plan.due.prefix(shown).map(ReviewItemJSON.init)
        followedList = plan.followed?.key
        followedSolved = plan.followed.map { _ in plan.followedSolved }
        followedTotal = plan.followed?.slugs.count
        next = plan.next.map { ProblemJSON($0, plan.nextRecord) }
        currentStreak = plan.streak.current
        longestStreak = plan.streak.longest
        doneToday = plan.doneToday
        goal = plan.goal.map(GoalJSON.init)
        daily = plan.daily.map { daily in
            let problem = daily.question.problem
            return Daily(date: daily.question.date, id: problem.id, slug: problem.slug, title: problem.title,
                         difficulty: problem.difficulty.rawValue, status: daily.status.rawValue)
        }
    }
}

/// The day's share of the study plan in `today --json`, what `today`'s "Plan:" line says:
/// `{"target": "2027-02-15", "new": [slug...], "reviews": [slug...], "onTrack": true, "behind": 0}`.
public struct StudyPlanShareJSON: Encodable {
    /// The target date.
    public var target: String
    /// The new problems planned for today, in the plan's order.
    public var new: [String]
    /// The reviews planned for today.
    public var reviews: [String]
    /// Whether the plan fits (the line's "on track").
    public var onTrack: Bool
    /// How many problems and reviews do not fit (the line's "N behind"); 0 when on track.
    public var behind: Int

    /// Today's share of `plan`.
    public init(_ plan: StudyPlan) {
        let share = plan.todayShare
        (target, new, reviews) = (plan.target.day.description, share?.new ?? [], share?.reviews ?? [])
        onTrack = plan.shortfall == nil
        behind = plan.shortfall.map { $0.problemsOver + $0.reviewsOver } ?? 0
    }
}

/// The `--json` form of the daily goal in `stats` and `stats --calendar`.
public struct GoalJSON: Encodable {
    public var goal: Int
    public var doneToday: Int
    public var metToday: Bool
    public var currentStreak: Int
    public var longestStreak: Int

    public init(_ goal: DailyGoalProgress) {
        (self.goal, doneToday, metToday) = (goal.goal, goal.doneToday, goal.isMetToday)
        (currentStreak, longestStreak) = (goal.currentStreak, goal.longestStreak)
    }
}
