import FoundationEssentials

/// How the user does against a daily goal of problems: today's count, the days that met it, and
/// the runs of such days.
///
/// A day's count is the number of different problems practised that day (solved, attempted or
/// reviewed), in the user's time zone: solving and then reviewing one problem is one problem.
public struct DailyGoalProgress: Sendable, Equatable {
    /// Problems a day.
    public let goal: Int
    /// Today, in the user's time zone.
    public let today: LocalDay
    /// Problems practised today.
    public let doneToday: Int
    /// Every day that met the goal.
    public let metDays: Set<LocalDay>
    /// The run of met days ending today (or yesterday: today is not over yet).
    public let currentStreak: Int
    /// The longest run of met days.
    public let longestStreak: Int

    /// Whether today met the goal already.
    public var isMetToday: Bool { doneToday >= goal }

    /// Computes the progress.
    /// - Complexity: O(records + events).
    public init(goal: Int, progress: [String: ProblemProgress], now: Date, timeZone: some UTCOffsetProvider) {
        self.init(goal: goal, summaries: progress.mapValues(ProgressSummary.init), now: now, timeZone: timeZone)
    }

    /// Computes the progress from the records' summaries.
    /// - Complexity: O(records + events).
    public init(goal: Int, summaries: [String: ProgressSummary], now: Date, timeZone: some UTCOffsetProvider) {
        self.init(goal: goal, problemsByDay: Self.problemsByDay(summaries, timeZone: timeZone), now: now, timeZone: timeZone)
    }

    /// The progress from counts ``problemsByDay(_:timeZone:)`` already made.
    init(goal: Int, problemsByDay counts: [Int: Int], now: Date, timeZone: some UTCOffsetProvider) {
        self.goal = goal
        today = LocalDay(now, in: timeZone)
        doneToday = counts[today.dayNumber] ?? 0
        let met = Set(counts.filter { $0.value >= goal }.keys)
        metDays = Set(met.map(LocalDay.init(dayNumber:)))
        (currentStreak, longestStreak) = Statistics.streaks(practiceDays: met, today: today.dayNumber)
    }

    /// The number of different problems practised on each day (by day number).
    static func problemsByDay(_ progress: [String: ProblemProgress], timeZone: some UTCOffsetProvider) -> [Int: Int] {
        problemsByDay(progress.mapValues(ProgressSummary.init), timeZone: timeZone)
    }

    /// The number of different problems practised on each day (by day number), from summaries.
    static func problemsByDay(_ progress: [String: ProgressSummary], timeZone: some UTCOffsetProvider) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        var localDays = LocalDays(in: timeZone)
        // One buffer for every record's days, sorted so that each day counts once: a set per
        // record cost a fifth of `today` on a store with 48,000 events.
        var days: [Int] = []
        for record in progress.values {
            days.removeAll(keepingCapacity: true)
            for event in record.events {
                days.append(localDays.day(of: event.date).dayNumber)
            }
            days.sort()
            var previous: Int?
            for day in days where day != previous {
                counts[day, default: 0] += 1
                previous = day
            }
        }
        return counts
    }
}
