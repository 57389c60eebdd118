import FoundationEssentials

/// The numbers `leettrack stats` shows, computed from the catalog and the progress records.
public struct Statistics: Sendable, Equatable {
    /// Solved and attempted counts for one difficulty (or for all, when `difficulty` is `nil`).
    public struct Line: Sendable, Equatable {
        /// The difficulty, or `nil` for the total line.
        public var difficulty: Difficulty?
        /// How many problems the catalog has.
        public var total: Int
        /// How many are solved.
        public var solved: Int
        /// How many are attempted and not solved.
        public var attempted: Int
        /// The median time of the timed solves (`solve --time`, the timer), in seconds; `nil`
        /// when no solve was timed. Only solves count: an attempt's time says nothing about how
        /// long solving takes, and a review is a redo.
        public var medianSeconds: Int? = nil
    }

    /// Practice on one day.
    public struct Day: Sendable, Equatable {
        /// The day, in the user's time zone.
        public var day: LocalDay
        /// Solve events that day.
        public var solved: Int
        /// Attempt events that day.
        public var attempted: Int
        /// Review events that day.
        public var reviewed: Int
        /// All practice events that day.
        public var total: Int { solved + attempted + reviewed }
    }

    /// Progress on one tag.
    public struct TagLine: Sendable, Equatable {
        /// The tag.
        public var tag: String
        /// Problems in the catalog with the tag.
        public var total: Int
        /// Solved problems with the tag.
        public var solved: Int
        /// Problems with the tag that have any practice (solved, attempted or reviewed).
        public var practised: Int
    }

    /// How many tags ``tags`` shows.
    public static let tagCount = 15

    /// One line per difficulty, easy first.
    public var byDifficulty: [Line]
    /// The sum over all difficulties.
    public var total: Line
    /// How many problems are favorites.
    public var favorites: Int
    /// How many problems have a note.
    public var notes: Int
    /// Days in a row with practice, ending today (or yesterday, since today is not over).
    public var currentStreak: Int
    /// The most days in a row with practice, ever.
    public var longestStreak: Int
    /// The last seven days, oldest first, ending today.
    public var lastSevenDays: [Day]
    /// The 15 most practised tags: most problems practised first, then most solved, then by name.
    public var tags: [TagLine]

    /// Computes the statistics.
    /// - Parameters:
    ///   - progress: progress records by slug; slugs the catalog does not know are ignored.
    ///   - now: the current instant; `timeZone` decides which day it is.
    /// - Complexity: O(records + events), plus O(1) per difficulty from the catalog's counts.
    public init(catalog: Catalog, progress: [String: ProblemProgress], now: Date, timeZone: some UTCOffsetProvider) {
        self.init(catalog: catalog, summaries: progress.mapValues(ProgressSummary.init), now: now, timeZone: timeZone)
    }

    private init(
        byDifficulty: [Line], total: Line, favorites: Int, notes: Int, currentStreak: Int, longestStreak: Int,
        lastSevenDays: [Day], tags: [TagLine]
    ) {
        self.byDifficulty = byDifficulty
        self.total = total
        self.favorites = favorites
        self.notes = notes
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.lastSevenDays = lastSevenDays
        self.tags = tags
    }

    /// Computes the statistics from the records' summaries (``ProgressRepository/readableSummaries(where:)``).
    /// - Complexity: O(records + events), plus O(1) per difficulty from the catalog's counts.
    public init(catalog: Catalog, summaries progress: [String: ProgressSummary], now: Date, timeZone: some UTCOffsetProvider) {
        var builder = Builder(catalog: catalog, now: now, timeZone: timeZone)
        for (slug, record) in progress {
            guard let position = catalog.position(ofSlug: slug) else { continue }
            builder.add(record, at: position)
        }
        self = builder.statistics()
    }

    /// Statistics made one summary at a time, as a store lends them
    /// (``ProgressRepository/forEachReadableSummary(_:)``): the same numbers as
    /// ``init(catalog:summaries:now:timeZone:)`` for the same summaries, in any order.
    public struct Builder {
        private let catalog: Catalog
        // Counts by difficulty rank (easy, medium, hard: the order of `Difficulty.allCases`).
        private var solved = [0, 0, 0]
        private var attempted = [0, 0, 0]
        private var solveTimes: [[Int]] = [[], [], []]
        private var favorites = 0
        private var notes = 0
        // Every practice event's day, as a bit per day (a set insert per event cost a fifth of
        // `stats` on a store with 48,000 events; an array of their days, 1 MB of memory).
        private var eventDays = PracticeDays()
        // The catalog positions of the practised and of the solved problems, whose tags are
        // counted at the end by the catalog's tag indices (a name lookup per tag of every
        // practised problem was a third of the statistics).
        private var practisedPositions: [Int] = []
        private var solvedPositions: [Int] = []
        private let today: LocalDay
        private let firstShown: LocalDay
        private var localDays: LocalDays
        private var days: [Day]

        /// A builder of the statistics at `now`, whose day `timeZone` decides.
        public init(catalog: Catalog, now: Date, timeZone: some UTCOffsetProvider) {
            self.catalog = catalog
            today = LocalDay(now, in: timeZone)
            firstShown = today.adding(days: -6)
            localDays = LocalDays(in: timeZone)
            // At most one a problem (see `RatingLevel.Builder`).
            practisedPositions.reserveCapacity(catalog.count)
            solvedPositions.reserveCapacity(catalog.count)
            days = (0..<7).map { [firstShown] in Day(day: firstShown.adding(days: $0), solved: 0, attempted: 0, reviewed: 0) }
        }

        /// Counts the summary of the problem at catalog position `position`.
        public mutating func add(_ record: ProgressSummary, at position: Int) {
            let rank = catalog.difficulty(at: position).rank
            switch record.status {
            case .solved: solved[rank] += 1
            case .attempted: attempted[rank] += 1
            case .todo: break
            }
            if record.status == .solved || record.hasPractice {
                practisedPositions.append(position)
                if record.status == .solved { solvedPositions.append(position) }
            }
            if record.favorite { favorites += 1 }
            if record.hasNote { notes += 1 }
            let events = record.events
            // By index: a copy of each event would retain and release its kind.
            for index in events.indices {
                let event = events[index]
                let isSolve = event.isSolve
                if isSolve, let seconds = event.seconds { solveTimes[rank].append(seconds) }
                let day = localDays.day(of: event.date).dayNumber
                eventDays.insert(day)
                let offset = day - firstShown.dayNumber
                guard (0..<7).contains(offset) else { continue }
                if isSolve {
                    days[offset].solved += 1
                } else if event.compactKind == .attempted {
                    days[offset].attempted += 1
                } else {
                    days[offset].reviewed += 1
                }
            }
        }

        /// The statistics of the summaries added.
        public func statistics() -> Statistics {
            let totals = catalog.countsByDifficulty()
            let byDifficulty = Difficulty.allCases.map { difficulty in
                Line(difficulty: difficulty, total: totals[difficulty] ?? 0,
                     solved: solved[difficulty.rank], attempted: attempted[difficulty.rank],
                     medianSeconds: Statistics.median(solveTimes[difficulty.rank]))
            }
            let total = Line(
                difficulty: nil, total: byDifficulty.reduce(0) { $0 + $1.total },
                solved: byDifficulty.reduce(0) { $0 + $1.solved }, attempted: byDifficulty.reduce(0) { $0 + $1.attempted },
                medianSeconds: Statistics.median(solveTimes.flatMap { $0 }))
            let tagPractised = practisedPositions.isEmpty ? [:] : catalog.countsByTag(at: practisedPositions)
            let tagSolved = solvedPositions.isEmpty ? [:] : catalog.countsByTag(at: solvedPositions)
            let tagTotals = tagPractised.isEmpty ? [:] : catalog.countsByTag()
            let tags = tagPractised.map { tag, practised in
                TagLine(tag: tag, total: tagTotals[tag] ?? 0, solved: tagSolved[tag] ?? 0, practised: practised)
            }
            .sorted { ($1.practised, $1.solved, $0.tag) < ($0.practised, $0.solved, $1.tag) }
            .prefix(Statistics.tagCount).map { $0 }
            let (current, longest) = eventDays.isEmpty ? (0, 0) : eventDays.streaks(today: today.dayNumber)
            return Statistics(
                byDifficulty: byDifficulty, total: total, favorites: favorites, notes: notes, currentStreak: current,
                longestStreak: longest, lastSevenDays: days, tags: tags)
        }
    }

    /// The middle value (the mean of the two middle ones, rounded down, for an even count), or
    /// `nil` for none.
    static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        // Halfway from the lower to the upper: no sum that could overflow on stored numbers.
        return sorted.count % 2 == 1 ? sorted[middle] : sorted[middle - 1] + (sorted[middle] - sorted[middle - 1]) / 2
    }

    /// The current and longest runs of consecutive practice days.
    static func streaks(practiceDays: Set<Int>, today: Int) -> (current: Int, longest: Int) {
        var longest = 0
        for day in practiceDays where !practiceDays.contains(day - 1) {
            var length = 1
            while practiceDays.contains(day + length) { length += 1 }
            longest = max(longest, length)
        }
        return (currentStreak(today: today, isPracticeDay: practiceDays.contains), longest)
    }

    /// The run of consecutive practice days that ends today, or yesterday when today has none
    /// yet: today still counts as part of the streak before the user practises, it is not over.
    static func currentStreak(today: Int, isPracticeDay: (Int) -> Bool) -> Int {
        var end = isPracticeDay(today) ? today : today - 1
        var current = 0
        while isPracticeDay(end) {
            current += 1
            end -= 1
        }
        return current
    }
}
