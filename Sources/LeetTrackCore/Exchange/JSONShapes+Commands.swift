import Foundation

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
    }

    public var byDifficulty: [Line]
    public var total: Line
    public var favorites: Int
    public var notes: Int
    public var currentStreak: Int
    public var longestStreak: Int
    public struct Tag: Encodable {
        public var tag: String
        public var total: Int
        public var solved: Int
        public var practised: Int
    }

    public var lastSevenDays: [Day]
    public var tags: [Tag]

    public init(_ stats: Statistics) {
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
            Day(date: $0.day.description, solved: $0.solved, attempted: $0.attempted, reviewed: $0.reviewed)
        }
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

    public init(key: String, name: String, own: Bool, total: Int, solved: Int, attempted: Int) {
        (self.key, self.name, self.own, self.total, self.solved, self.attempted) = (key, name, own, total, solved, attempted)
    }
}

/// The `--json` form of `stats --calendar`: every day of the graph with its count and level.
public struct CalendarJSON: Encodable {
    public struct Day: Encodable {
        public var date: String
        public var count: Int
        public var level: Int
    }

    public var from: String
    public var to: String
    public var total: Int
    public var activeDays: Int
    public var currentStreak: Int
    public var longestStreak: Int
    public var days: [Day]

    public init(_ graph: PracticeCalendar, _ stats: Statistics) {
        let cells = graph.weeks.flatMap { $0 }.filter { !$0.isFuture }
        from = cells.first?.day.description ?? ""
        to = graph.today.description
        total = graph.total
        activeDays = graph.activeDays
        currentStreak = stats.currentStreak
        longestStreak = stats.longestStreak
        days = cells.map { Day(date: $0.day.description, count: $0.count, level: $0.level) }
    }
}
