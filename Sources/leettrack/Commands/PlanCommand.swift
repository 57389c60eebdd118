import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack plan [--json]`: the days to the interview date (`config target-date`), each with its
/// new problems and reviews (``StudyPlanner``).
struct PlanCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show the days to your interview date: the new problems to learn and the reviews due each day.",
        discussion: paragraphs("""
            Set the date and the lists first: `leettrack config target-date 2027-02-15 --lists blind-75,neetcode-150`.
            The plan makes every problem of those lists reach your desired retention (`config desired-retention`)
            ON the date, by your own scheduler: new problems in the lists' order (skipped ones, and paid-only
            ones after `config premium no`, are left out), each review on the day it falls due, and one more
            review just before the date for a problem that would otherwise be below the retention on it.

            The daily goal (`config daily-goal`) bounds each day's new problems AND reviews together, as the
            goal counts them; what you did today counts too. Without a goal the new problems are spread evenly.
            When the plan does not fit, it says by how much and what would: a larger goal, a later date, or
            fewer lists. Nothing of the plan is stored: it is made again from your progress each day, and
            `leettrack today` shows the day's share.
            """))

    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        guard let plan = try Self.plan(context) else {
            throw CLIError.failure(
                "no target date is set; set one with `leettrack config target-date 2027-02-15 --lists blind-75,neetcode-150`.")
        }
        if json { return try output.writeJSON(StudyPlanJSON(plan)) }
        let style = output.style
        let lists = plan.target.lists.map(Format.outside).joined(separator: ", ")
        output.line(style.bold("Plan for \(plan.target.day)") + ": \(lists) (\(plan.problemCount) problems, \(plan.solvedCount) solved), "
            + "every one at \(Int((plan.desiredRetention * 100).rounded()))% recall or more on the date")
        var leftOut: [String] = []
        if plan.paidOnlyLeftOut > 0 { leftOut.append("\(plan.paidOnlyLeftOut) paid-only") }
        if plan.skippedLeftOut > 0 { leftOut.append("\(plan.skippedLeftOut) skipped") }
        if !leftOut.isEmpty { output.line(style.dim("Left out: " + leftOut.joined(separator: ", ") + ".")) }
        output.line(style.dim("Date        Day    New  Reviews  Total"))
        for day in plan.days {
            let names = day.new.compactMap { context.catalog.problem(withSlug: $0).map(Format.name) }.joined(separator: ", ")
            output.line("\(day.day)  \(day.day.weekdayName.prefix(3))  \(Self.pad(day.new.count, 5))  \(Self.pad(day.reviews.count, 7))  "
                + "\(Self.pad(day.total, 5))" + (names.isEmpty ? "" : "  " + style.dim(names.count > 60 ? Format.fit(names, 60) : names)))
        }
        let goal = plan.dailyGoal.map { ", goal \($0) a day" } ?? ", no daily goal"
        let totals = "\(Plural.count(plan.newCount, "new problem")) and \(Plural.count(plan.reviewCount, "review")) "
            + "over \(Plural.count(plan.days.count, "day"))\(goal)"
        guard let shortfall = plan.shortfall else {
            output.line(totals + ": " + style.green("on track") + ".")
            return
        }
        output.line(totals + ": " + style.bold("does not fit") + ".")
        for line in Self.shortfallLines(shortfall, plan: plan) { output.line(line) }
    }

    /// `number` right-aligned in `width` columns.
    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// By how much the plan does not fit, and what would.
    static func shortfallLines(_ shortfall: StudyPlan.Shortfall, plan: StudyPlan) -> [String] {
        var lines: [String] = []
        let needed = (shortfall.neededPerDay * 10).rounded() / 10
        let goal = plan.dailyGoal.map(String.init) ?? "none"
        if shortfall.problemsOver > 0 {
            lines.append("\(Plural.count(shortfall.problemsOver, "problem")) too many: needs \(needed) a day, goal is \(goal).")
        }
        if shortfall.reviewsOver > 0 {
            lines.append("\(Plural.count(shortfall.reviewsOver, "review")) before the date \(shortfall.reviewsOver == 1 ? "does" : "do") not fit within the goal of \(goal).")
        }
        var fits: [String] = []
        if let smallest = shortfall.smallestGoal { fits.append("a goal of \(smallest) a day (`leettrack config daily-goal \(smallest)`)") }
        if let day = shortfall.earliestDay { fits.append("the date \(day)") }
        if !shortfall.listsToDrop.isEmpty {
            fits.append("without " + shortfall.listsToDrop.map(Format.outside).joined(separator: " or without "))
        }
        lines.append(fits.isEmpty
            ? "Nothing near fits: set a later date with fewer lists."
            : "Would fit: " + fits.joined(separator: "; or ") + ".")
        return lines
    }

    /// The plan toward the stored target, or `nil` when none is set.
    /// - Throws: when the target's date has passed or a list of it no longer exists (it says
    ///   which, and what to do).
    /// - Parameter searchingAlternatives: as ``StudyPlanner/plan(searchingAlternatives:)``.
    static func plan(_ context: CommandContext, searchingAlternatives: Bool = true) throws -> StudyPlan? {
        let settings = try context.practiceSettings()
        guard let target = settings.target else { return nil }
        if target.day < LocalDay(context.now, in: context.timeZone) { throw CLIError.failure(Format.listMessages.targetPassed(target)) }
        var lists: [StudyList] = []
        for key in target.lists {
            do {
                lists.append(try context.list(named: key))
            } catch LeetTrackError.unknownList {
                throw CLIError.failure(Format.listMessages.targetListGone(key, of: target))
            }
        }
        let review = try context.reviewSettings()
        return try StudyPlanner(
            target: target, lists: lists, catalog: context.catalog, settings: settings, scheduler: try review.scheduler(),
            now: context.now, timeZone: context.timeZone
        ) { body in try context.lending { try $0.forEachReadableSummary(body) } }
        .plan(searchingAlternatives: searchingAlternatives)
    }

    /// `today`'s line for the plan ("3 new · 5 reviews today · on track"), or `nil` when no target
    /// is set. A target that cannot be planned (a list gone) is a warning, not a failed `today`.
    static func todayLine(_ context: CommandContext, _ style: TextStyle) throws -> String? {
        try todayPlan(context).map { todayLine($0, style) }
    }

    /// The plan `today` shows a share of (its line, and `today --json`'s `plan`): `nil` when no
    /// target is set, or, with a warning, when the target cannot be planned (its date passed, a
    /// list gone).
    static func todayPlan(_ context: CommandContext) throws -> StudyPlan? {
        do {
            return try Self.plan(context, searchingAlternatives: false)  // Today says how far behind, not what would fit.
        } catch CLIError.failure(let reason) {
            Terminal.writeError("Warning: \(reason)\n")
            return nil
        }
    }

    /// `today`'s line for `plan`'s share of the day.
    static func todayLine(_ plan: StudyPlan, _ style: TextStyle) -> String {
        let share = plan.todayShare
        let state: String
        if let shortfall = plan.shortfall {
            state = style.bold("\(shortfall.problemsOver + shortfall.reviewsOver) behind")
        } else {
            state = style.green("on track")
        }
        return "Plan:       \(share?.new.count ?? 0) new · \(Plural.count(share?.reviews.count ?? 0, "review")) today · \(state)"
            + style.dim("  (for \(plan.target.day): `leettrack plan`)")
    }
}

extension ConfigCommand {
    /// The target `config target-date TEXT [--lists LISTS]` sets: `nil` for `none`; else the date
    /// (today or later) and the lists (each one known and not empty; the followed list when no
    /// `--lists` is given). Everything is checked before the store is written.
    static func target(from text: String, lists: String?, _ context: CommandContext) throws -> StudyTarget? {
        if text.trimmedOfWhitespace.lowercased() == "none" {
            if lists != nil { throw usageError("'--lists' goes with a date, not with none") }
            return nil
        }
        let day = try StudyTarget.day(from: text, today: LocalDay(context.now, in: context.timeZone))
        let names: [String]
        if let lists {
            names = try StudyTarget.listNames(from: lists)
        } else if let followed = try context.practiceSettings().followedList {
            names = [followed]
        } else {
            throw usageError("give the lists to know by then: '--lists blind-75,neetcode-150'")
        }
        var keys: [String] = []
        for name in names {
            let list = try context.list(named: name)
            guard !list.slugs.isEmpty else {
                throw LeetTrackError.invalidSetting("target-date", value: text, reason: "the list '\(list.key)' has no problems to plan")
            }
            if !keys.contains(list.key) { keys.append(list.key) }
        }
        return StudyTarget(day: day, lists: keys)
    }
}
