import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

/// `leettrack stats`: progress per difficulty, favorites, streaks and the last seven days.
struct StatsCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show progress per difficulty and tag, streaks, the last 7 days or a year's calendar.",
        discussion: "A streak counts days with at least one solve, attempt or review. Days are counted in your "
            + "time zone (set TZ to change it). --calendar draws the last 52 weeks like GitHub's graph. With a daily "
            + "goal (`leettrack config daily-goal 3`), the days that met it are marked ✓ (◆ in the calendar).")

    @Flag(name: .shortAndLong, help: "Draw the last 52 weeks as a heatmap, with streaks.") var calendar = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        // Every summary is counted as the store lends it: no dictionary of them all.
        let catalog = context.catalog
        let dailyGoal = try context.practiceSettings().dailyGoal
        var statistics = Statistics.Builder(catalog: catalog, now: context.now, timeZone: context.timeZone)
        var goalDays = dailyGoal.map { _ in DailyGoalProgress.Builder(timeZone: context.timeZone) }
        var graph = calendar ? PracticeCalendar.Builder(now: context.now, timeZone: context.timeZone) : nil
        var positions = Catalog.SlugFinder(catalog)
        var levels = RatingLevel.Builder(catalog: catalog)
        try context.lending { try $0.forEachReadableSummary(card: false) { slug, summary in
            // Problems the catalog does not know count for the days only, as they always did.
            if let position = positions.position(ofSlug: slug) {
                statistics.add(summary, at: position)
                levels.add(summary, at: position)
            }
            goalDays?.add(summary)
            graph?.add(summary)
        } }
        let stats = statistics.statistics()
        let goal = dailyGoal.flatMap { goal in goalDays?.progress(goal: goal, now: context.now) }
        if let graph = graph?.calendar() {
            if json { return try output.writeJSON(CalendarJSON(graph, stats, goal: goal)) }
            CalendarView(graph: graph, style: output.style, goal: goal).draw(output)
            output.line()
            output.line("Streak:     \(days(stats.currentStreak)) (longest \(days(stats.longestStreak)))")
            if let goal { output.line(goalLine(goal)) }
            return
        }
        let trend = levels.trend(now: context.now)
        if json {
            var shape = StatsJSON(stats, goal: goal)
            shape.level = RatingLevel.JSON(trend)
            try output.writeJSON(shape)
            return
        }
        let style = output.style
        let total = stats.total
        output.line(style.bold("Solved \(total.solved) of \(total.total)") + ", attempted \(total.attempted)")
        output.line()
        for line in stats.byDifficulty {
            guard let difficulty = line.difficulty else { continue }
            let counts = Format.right("\(line.solved)", 4) + " / " + Format.fit("\(line.total)", 5)
            let percent = Format.right(Format.percent(Double(line.solved) / Double(max(1, line.total)) * 100), 6)
            let bar = Format.bar(line.solved, of: line.total, width: 24)
            let colored = Format.colored(bar, as: difficulty, style)
            let attempted = line.attempted > 0 ? style.dim("  +\(line.attempted) attempted") : ""
            let median = line.medianSeconds.map { style.dim("  median \(PracticeTime.text($0))") } ?? ""
            output.line("\(Format.difficulty(difficulty, style))  \(counts)  \(colored)  \(percent)\(attempted)\(median)")
        }
        output.line()
        output.line("Favorites:  \(stats.favorites)")
        output.line("Streak:     \(days(stats.currentStreak)) (longest \(days(stats.longestStreak)))")
        if let goal { output.line(goalLine(goal)) }
        // Only once a rated problem was practised: a history of unrated problems has no level to show.
        if trend.now.outcomes > 0 { output.line(Format.levelLine(trend, style)) }
        if !stats.tags.isEmpty {
            output.line()
            output.line("Most practised tags:")
            let width = min(24, stats.tags.map { DisplayWidth.of($0.tag) }.max() ?? 0)
            for line in stats.tags {
                let counts = Format.right("\(line.solved)", 4) + " / " + Format.fit("\(line.total)", 5)
                output.line("  \(Format.fit(line.tag, width))  \(counts)  " + style.green(Format.bar(line.solved, of: line.total, width: 16)))
            }
        }
        output.line()
        output.line("Last 7 days:")
        let most = max(1, stats.lastSevenDays.map(\.total).max() ?? 1)
        for day in stats.lastSevenDays {
            let width = day.total == 0 ? 0 : max(1, Int((Double(day.total) / Double(most) * 20).rounded()))
            let detail = day.total == 0 ? style.dim("-") : "\(day.total)" + style.dim(Self.breakdown(day))
            let met = goal?.metDays.contains(day.day) == true ? style.green(" ✓") : ""
            output.line("  \(day.day.weekdayName) \(day.day)  \(style.green(String(repeating: "■", count: width)))\(width > 0 ? " " : "")\(detail)\(met)")
        }
    }

    private func days(_ count: Int) -> String { Plural.count(count, "day") }

    /// `Goal:       3 a day, 1 today; met 2 days in a row (longest 5)`.
    private func goalLine(_ goal: DailyGoalProgress) -> String {
        "Goal:       \(goal.goal) a day, \(goal.doneToday) today; met \(days(goal.currentStreak)) in a row (longest \(days(goal.longestStreak)))"
    }

    private static func breakdown(_ day: Statistics.Day) -> String {
        var parts: [String] = []
        if day.solved > 0 { parts.append("\(day.solved) solved") }
        if day.attempted > 0 { parts.append("\(day.attempted) attempted") }
        if day.reviewed > 0 { parts.append("\(day.reviewed) reviewed") }
        return " (" + parts.joinedText(separator: ", ") + ")"
    }
}
