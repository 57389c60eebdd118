import ArgumentParser
import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack today`: the day's plan, from the store. It asks LeetCode only for the daily question,
/// once a day and only when signed in (`leetcode login`); without a session it never touches the
/// network or loads libcurl.
struct TodayCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the day's plan: reviews due, the next problem of the followed list, the streak and the daily goal.",
        discussion: paragraphs("""
            Follow a list with `leettrack config follow neetcode-150` and set a goal with
            `leettrack config daily-goal 3`. When you are signed in to LeetCode (`leettrack leetcode
            login`), the day's first `today` also reads LeetCode's daily question and keeps it; `leetcode
            daily` and `leetcode pull` keep it too. Signed in, `today` (like the screen and `serve`) also
            records the solves you made on the website, looking at most once every 10 minutes
            (`leettrack config leetcode-capture off` stops it).
            """))

    /// How many due reviews are named (the rest are counted).
    static let shownReviews = 3

    @Flag(help: .json) var json = false
    @Option(help: .endpoint) var endpoint: String?
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { LeetCodeSession.isSignedIn(context) ? .writingWhereAllowed : .reading }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let session = try LeetCodeSession(context, endpoint: endpoint, command: TodayCommand.self)
        // Solves made on the website since the last look, at most every 10 minutes (silent offline).
        if LeetCodeSession.isSignedIn(context) { session.captureIfDue(into: try context.tracker()) }
        // The daily question the store keeps, of whatever day.
        let stored: LeetCodeDaily? = context.storeExists ? try context.tracker().store.value(for: LeetCodeDaily.key) : nil
        var plan = try Self.plan(context, daily: stored)
        var dailyFailure: String?
        if plan.daily == nil {
            switch session.refreshDailyIfSignedIn(stored: stored) {
            case .notNeeded: break
            case .refreshed(let daily): plan = try Self.plan(context, daily: daily)
            case .failed(let reason): dailyFailure = reason
            }
        }
        if json { return try output.writeJSON(TodayJSON(plan, studyPlan: try PlanCommand.todayPlan(context))) }
        let style = output.style
        output.line(style.bold("Today, \(plan.today.weekdayName) \(plan.today)"))
        if plan.dueCount == 0 {
            output.line("Reviews:    none due")
        } else {
            output.line("Reviews:    \(plan.dueCount) due" + style.dim("  (`leettrack review`)"))
            for item in plan.due.prefix(Self.shownReviews) {
                let late = item.daysOverdue > 0 ? style.dim("  \(item.daysOverdue) d overdue") : ""
                output.line("            \(Format.name(item.problem))\(late)")
            }
            if plan.dueCount > Self.shownReviews { output.line(style.dim("            … and \(plan.dueCount - Self.shownReviews) more")) }
        }
        if let list = plan.followed {
            let counts = style.dim("  (\(plan.followedSolved) of \(list.slugs.count) solved in \(Format.outside(list.name)))")
            if let next = plan.next {
                output.line("Next:       \(Format.name(next))  \(Format.colored(next.difficulty, style))" + counts)
            } else {
                let reason = NothingNext.reason(in: Format.outside(list.name), total: list.slugs.count, solved: plan.followedSolved)
                output.line("Next:       \(reason)" + (list.slugs.isEmpty ? "" : counts))
            }
        } else {
            output.line("Next:       " + style.dim("follow a list to get one: `leettrack config follow neetcode-150`"))
        }
        output.line("Streak:     \(Plural.count(plan.streak.current, "day"))" + style.dim(" (longest \(plan.streak.longest))"))
        if let goal = plan.goal {
            let mark = goal.isMetToday ? style.green("  ✓ met") : ""
            let met = Plural.count(goal.currentStreak, "day")
            output.line("Goal:       \(min(goal.doneToday, goal.goal)) / \(goal.goal) today  "
                + style.green(Format.bar(goal.doneToday, of: goal.goal, width: 10)) + mark
                // Once today met the goal, the run of met days is said once: "✓ met, 3 days in a row".
                + style.dim(goal.isMetToday ? ", \(met) in a row" : "  met \(met) in a row"))
        } else {
            output.line("Done today: \(plan.doneToday)" + style.dim("  (set a goal: `leettrack config daily-goal 3`)"))
        }
        if let line = try PlanCommand.todayLine(context, style) { output.line(line) }
        if let daily = plan.daily {
            let problem = daily.question.problem
            let status = daily.status == .solved ? style.green("solved") : Format.statusWord(daily.status, style)
            // The stored question (`leetcode.daily`) is outside text, like any record of the store.
            output.line("Daily:      \(problem.id). \(Format.outside(problem.title))  \(Format.colored(problem.difficulty, style))  \(status)")
        } else if let dailyFailure {
            output.line("Daily:      " + style.dim("today's question could not be read: \(Format.outside(dailyFailure))"))
        }
    }

    /// The plan from the store (reading only; a missing store is an empty one), with the daily
    /// question the store keeps or that was just read from LeetCode.
    static func plan(_ context: CommandContext, daily: LeetCodeDaily?) throws -> TodayPlan {
        let settings = try context.practiceSettings()
        let followed = try context.followedList(in: settings, warningIfGone: true)
        // The summaries, as the store lends them; the next problem's record is read on its own.
        let review = try context.reviewSettings()
        var builder = TodayPlan.Builder(
            catalog: context.catalog, scheduler: try review.scheduler(), reviewCap: review.reviewCap, timeZone: context.timeZone)
        try context.lending { try $0.forEachReadableSummary { slug, summary in builder.add(summary, slug: slug) } }
        return try builder.plan(record: context.record(ofPicked:), settings: settings, followed: followed, daily: daily, now: context.now)
    }
}
