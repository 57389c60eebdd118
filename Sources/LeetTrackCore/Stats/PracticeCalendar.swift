import FoundationEssentials

/// A year of practice by day, laid out like GitHub's contribution graph: one column per week
/// (Sunday to Saturday), the last column holding the current week.
///
/// A day counts the solve, attempt and review events that fall on it in the user's time zone
/// (each event's own UTC offset decides its day, so a daylight-saving change or a move to another
/// zone puts every event on the day it was lived).
public struct PracticeCalendar: Sendable, Equatable {
    /// One day of the graph.
    public struct Cell: Sendable, Equatable {
        /// The day.
        public var day: LocalDay
        /// Practice events that day.
        public var count: Int
        /// 0 (nothing) to 4 (the busiest days), as GitHub shades its cells.
        public var level: Int
        /// Whether the day is after today (drawn empty).
        public var isFuture: Bool
    }

    /// The weeks, oldest first; each has seven cells, Sunday first.
    public let weeks: [[Cell]]
    /// Today.
    public let today: LocalDay
    /// All practice events in the graph.
    public let total: Int
    /// Days in the graph with any practice.
    public let activeDays: Int
    /// The most events on one day.
    public let busiestDay: Int

    /// Builds the graph of the `weeks` weeks ending with the current one.
    /// - Complexity: O(events + days shown).
    public init(progress: [String: ProblemProgress], now: Date, timeZone: some UTCOffsetProvider, weeks weekCount: Int = 52) {
        self.init(summaries: progress.mapValues(ProgressSummary.init), now: now, timeZone: timeZone, weeks: weekCount)
    }

    /// Builds the graph from the records' summaries.
    /// - Complexity: O(events + days shown).
    public init(summaries progress: [String: ProgressSummary], now: Date, timeZone: some UTCOffsetProvider, weeks weekCount: Int = 52) {
        var builder = Builder(now: now, timeZone: timeZone, weeks: weekCount)
        for record in progress.values { builder.add(record) }
        self = builder.calendar()
    }

    /// The graph made one summary at a time, as a store lends them: the same as
    /// ``init(summaries:now:timeZone:weeks:)`` for the same summaries, in any order.
    public struct Builder {
        private let today: LocalDay
        private let first: LocalDay
        private let weekCount: Int
        private var counts: [Int]
        private var localDays: LocalDays

        /// A builder of the `weeks` weeks ending with the one of `now`, in `timeZone`.
        public init(now: Date, timeZone: some UTCOffsetProvider, weeks weekCount: Int = 52) {
            let today = LocalDay(now, in: timeZone)
            self.today = today
            // 1970-01-01 was a Thursday: (dayNumber + 4) % 7 is 0 on Sundays.
            let weekday = ((today.dayNumber + 4) % 7 + 7) % 7
            first = today.adding(days: -weekday - 7 * (weekCount - 1))
            self.weekCount = weekCount
            counts = [Int](repeating: 0, count: 7 * weekCount)
            localDays = LocalDays(in: timeZone)
        }

        /// Counts one problem's events.
        public mutating func add(_ record: ProgressSummary) {
            let events = record.events
            // By index: a copy of each event would retain and release its kind.
            for index in events.indices {
                let offset = localDays.day(of: events[index].date).dayNumber - first.dayNumber
                if (0..<counts.count).contains(offset) { counts[offset] += 1 }
            }
        }

        /// The graph of the events added.
        public func calendar() -> PracticeCalendar {
            PracticeCalendar(today: today, first: first, weekCount: weekCount, counts: counts)
        }
    }

    private init(today: LocalDay, first: LocalDay, weekCount: Int, counts: [Int]) {
        self.today = today
        let busiest = counts.max() ?? 0
        busiestDay = busiest
        total = counts.reduce(0, +)
        activeDays = counts.filter { $0 > 0 }.count
        self.weeks = (0..<weekCount).map { week in
            (0..<7).map { weekday in
                let offset = week * 7 + weekday
                let day = first.adding(days: offset)
                let count = counts[offset]
                return Cell(day: day, count: count, level: Self.level(count, busiest: busiest), isFuture: day > today)
            }
        }
    }

    /// GitHub-like shading: nothing is 0; otherwise the quarter of the busiest day's count the day
    /// reaches, 1 to 4, so one practice on a quiet year still shows.
    static func level(_ count: Int, busiest: Int) -> Int {
        guard count > 0, busiest > 0 else { return 0 }
        return min(4, max(1, Int((Double(count) / Double(busiest) * 4).rounded(.up))))
    }
}
