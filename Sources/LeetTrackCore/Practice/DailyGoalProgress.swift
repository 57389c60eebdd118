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
        // Straight from the records' events: a summary of every record first would copy them all.
        var localDays = LocalDays(in: timeZone)
        var counter = ProblemDays(events: progress.values.reduce(0) { $0 + $1.events.count })
        for record in progress.values {
            for event in record.events where event.kind.isPractice {
                counter.problemDays.append(localDays.day(of: event.date).dayNumber)
            }
            counter.endProblem()
        }
        return counter.counts()
    }

    /// The number of different problems practised on each day (by day number), from summaries.
    static func problemsByDay(_ progress: [String: ProgressSummary], timeZone: some UTCOffsetProvider) -> [Int: Int] {
        var builder = Builder(timeZone: timeZone)
        for record in progress.values { builder.add(record) }
        return builder.problemsByDay()
    }

    /// The progress made one summary at a time, as a store lends them: the same as
    /// ``init(goal:summaries:now:timeZone:)`` for the same summaries, in any order.
    public struct Builder {
        private let timeZone: any UTCOffsetProvider
        private var localDays: LocalDays
        fileprivate var counter = ProblemDays(events: 0)

        /// A builder whose days `timeZone` decides.
        public init(timeZone: some UTCOffsetProvider) {
            self.timeZone = timeZone
            localDays = LocalDays(in: timeZone)
        }

        /// Counts one problem's summary.
        public mutating func add(_ record: ProgressSummary) {
            let events = record.events
            // By index: a copy of each event would retain and release its kind.
            for index in events.indices {
                counter.problemDays.append(localDays.day(of: events[index].date).dayNumber)
            }
            counter.endProblem()
        }

        /// The progress against `goal` at `now`, in the builder's time zone.
        public func progress(goal: Int, now: Date) -> DailyGoalProgress {
            DailyGoalProgress(goal: goal, problemsByDay: problemsByDay(), now: now, timeZone: timeZone)
        }

        /// The number of different problems practised on each day (by day number).
        func problemsByDay() -> [Int: Int] { counter.counts() }
    }
}

/// Counts the problems practised on each day: each problem's days are collected, sorted so each
/// counts once (a set per record cost a fifth of `today` on a store with 48,000 events), and all
/// are counted at the end in a table over their range (a dictionary update per problem and day
/// cost as much again).
///
/// Not generic over the time zone, which stays with the callers: other modules call them through
/// their generic entry points, where a generic counter would look up its metadata at every call
/// (which cost more than the counting).
private struct ProblemDays {
    /// The current problem's days, in any order and repeated.
    var problemDays: [Int] = []
    /// Every problem's distinct days, one after the other.
    private var days: [Int] = []
    /// The first and the last of `days`.
    private var first = Int.max
    private var last = Int.min

    init(events: Int) {
        days.reserveCapacity(events)
    }

    /// Ends the current problem: its days are counted once each.
    mutating func endProblem() {
        guard !problemDays.isEmpty else { return }
        problemDays.sort()
        first = min(first, problemDays[0])
        last = max(last, problemDays[problemDays.count - 1])
        var previous = problemDays[0]
        days.append(previous)
        for day in problemDays where day != previous {
            days.append(day)
            previous = day
        }
        problemDays.removeAll(keepingCapacity: true)
    }

    /// The number of problems on each day.
    func counts() -> [Int: Int] {
        guard !days.isEmpty else { return [:] }
        let (span, overflow) = last.subtractingReportingOverflow(first)
        // Any real history spans less than a century; stored days far apart are counted directly.
        guard !overflow, span < 36_500 else {
            var counts: [Int: Int] = [:]
            for day in days { counts[day, default: 0] += 1 }
            return counts
        }
        var table = [Int](repeating: 0, count: span + 1)
        for day in days { table[day - first] += 1 }
        var counts = [Int: Int](minimumCapacity: min(days.count, span + 1))
        for (offset, count) in table.enumerated() where count > 0 { counts[first + offset] = count }
        return counts
    }
}
