import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// The shared shape of the commands that change problems: resolve every name first (so a bad
/// name changes nothing), apply one change to all in one transaction, report each problem.
enum ProgressChanges {
    /// The help of the `PROBLEM...` argument.
    static let problemsHelp = ArgumentHelp("Ids (1 or 1,2), slugs, or whole words of one title (quote titles).", valueName: "problem")

    /// Runs `change(slug, record)` on `problems` and prints `describe(problem, change)` for each, or JSON.
    static func apply(
        _ problems: [Problem], json: Bool, in context: CommandContext, _ output: CommandOutput,
        change: (String, inout ProblemProgress) throws -> Void,
        describe: (Problem, ProgressChange) -> String
    ) throws {
        let changes = try context.tracker().progress.update(problems.map(\.slug)) { slug, record in try change(slug, &record) }
        if json {
            try output.writeJSON(zip(problems, changes).map { ProblemJSON($0, $1.after, withHistory: true) })
            return
        }
        for (problem, change) in zip(problems, changes) { output.line(describe(problem, change)) }
    }

    /// The instant to record for `--date YYYY-MM-DD`: now when the day is today (as without
    /// `--date`: noon would lie in the future before it, and after it before what was recorded
    /// since), noon on an earlier day, or `nil` without `--date`.
    static func date(from day: LocalDay?, now: Date, in timeZone: some UTCOffsetProvider) throws -> Date? {
        guard let day else { return nil }
        if day < earliestDay { throw LeetTrackError.invalidDate("\(day)", reason: "it is before 2010") }
        if day > LocalDay(now, in: timeZone) {
            throw LeetTrackError.invalidDate("\(day)", reason: "it is in the future")
        }
        return day == LocalDay(now, in: timeZone) ? now : day.noon(in: timeZone)
    }

    /// 2010-01-01, the first day a practice may be dated (``InputRules/earliestDate`` is its midnight in UTC).
    static let earliestDay = LocalDay(dayNumber: Int(InputRules.earliestDate.timeIntervalSince1970) / 86_400)

    /// 9899-12-31, the last day a practice may be dated: a review may be scheduled up to 36,500
    /// days on (``ReviewSettings/maximumIntervalRange``), and a stored time ends with the year 9999.
    static let latestDay = LocalDay(dayNumber: 2_896_372)

    /// A day a user names for practice (`--date`, `LEETTRACK_TODAY`): a YYYY-MM-DD day from 2010 to 9899.
    static func practiceDay(parsing text: String) throws(LeetTrackError) -> LocalDay {
        let day = try LocalDay(parsing: text)
        if day < earliestDay {
            throw LeetTrackError.invalidDate(text, reason: "it is before 2010")
        }
        if day > latestDay {
            throw LeetTrackError.invalidDate(text, reason: "it is after 9899-12-31, too late for a review to be scheduled up to 100 years on")
        }
        return day
    }

    /// The one rule for a note's text on the command line (`note PROBLEM TEXT`, `solve --note`,
    /// `attempt --note`): empty or blank text is refused, as a usage error that changes nothing,
    /// since an unset shell variable in quotes must not wipe or blank a note; a note is removed
    /// only by `note PROBLEM --clear`. Text over the size limit or with a NUL is refused too.
    static func checkNote(_ text: String?, as name: String, command: any LeetTrackCommand.Type) throws {
        guard let text else { return }
        if InputRules.showsNothing(text) {
            throw command.usageError("\(name) is \(InputRules.emptiness(text)); give the note's text "
                + "(to remove a problem's note use 'leettrack note PROBLEM --clear')")
        }
        do {
            try InputRules.check(note: text, at: name)
        } catch {
            throw command.usageError(error.reason)
        }
    }

    /// What the help says of empty text, for every option and argument that takes a note.
    static let emptyNoteRule = "Text that shows nothing (empty, blank, or only invisible characters) is refused (exit 64); "
        + "`leettrack note PROBLEM --clear` removes a note."

    /// The help of `--time`.
    static let timeHelp = ArgumentHelp("How long it took: 25m, 1h10m, 90s (a bare number is minutes).", valueName: "time")

    /// What `solve` (and the timer) says about a solve.
    static func solved(
        _ problem: Problem, _ change: ProgressChange, date: Date, rating: ReviewRating, seconds: Int?, _ context: CommandContext
    ) -> String {
        let day = LocalDay(date, in: context.timeZone)
        if change.after.status != .solved {
            return "Recorded a solve of \(Format.name(problem)) on \(day) (\(rating)), before its reset; it stays \(change.after.status.rawValue)."
        }
        var text = "Solved \(Format.name(problem)) on \(day) (\(rating))\(timeSuffix(seconds))"
        if let card = change.after.review {
            text += "; next review \(Format.dueDay(card, from: context.now, context.timeZone))"
        }
        return text + "."
    }

    /// ` in 25m` for a timed event, else nothing.
    static func timeSuffix(_ seconds: Int?) -> String {
        seconds.map { " in \(PracticeTime.text($0))" } ?? ""
    }
}

/// `leettrack solve PROBLEM...`.
struct SolveCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Mark problems solved and schedule their first review.",
        discussion: "The rating says how it went and decides when to redo it (FSRS-6): again (could not do it "
            + "alone), hard, good (the default) or easy. Solving a problem that has a review card again rates "
            + "the card, like `leettrack review`.")

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Option(name: .shortAndLong, parsing: .unconditional, help: ArgumentHelp("How it went (default: good).", valueName: "rating"))
    var rating: ReviewRating?
    @Option(parsing: .unconditional, help: ArgumentHelp("The day it was solved (default: now).", valueName: "yyyy-mm-dd"),
        transform: ProgressChanges.practiceDay(parsing:)) var date: LocalDay?
    @Option(name: .customLong("time"), parsing: .unconditional, help: ProgressChanges.timeHelp, transform: PracticeTime.seconds(parsing:))
    var seconds: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("Set the problem's note too. " + ProgressChanges.emptyNoteRule, valueName: "text")) var note: String?
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let rating = self.rating ?? .good
        let problems = try context.catalog.resolve(problemNames)
        let date = try ProgressChanges.date(from: self.date, now: context.now, in: context.timeZone) ?? context.now
        try ProgressChanges.checkNote(note, as: "'--note'", command: Self.self)
        let scheduler = try context.tracker().reviews.scheduler()
        try ProgressChanges.apply(problems, json: json, in: context, output) { slug, record in
            record.recordSolve(at: date, rating: rating, scheduler: scheduler.fuzzed(for: slug), seconds: seconds)
            if let note { record.note = note }
        } describe: { problem, change in
            ProgressChanges.solved(problem, change, date: date, rating: rating, seconds: seconds, context)
        }
        CodeGit.afterSolve(problems, json: json, context, output)
    }
}

/// `leettrack attempt PROBLEM...`.
struct AttemptCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "attempt",
        abstract: "Record an attempt at problems (a solved problem stays solved).",
        discussion: "--time and --note belong to this attempt and show in the history (`leettrack show`); the "
            + "problem's own note is set with `leettrack note`.")

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Option(parsing: .unconditional, help: ArgumentHelp("The day of the attempt (default: now).", valueName: "yyyy-mm-dd"),
        transform: ProgressChanges.practiceDay(parsing:)) var date: LocalDay?
    @Option(name: .customLong("time"), parsing: .unconditional, help: ProgressChanges.timeHelp, transform: PracticeTime.seconds(parsing:))
    var seconds: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("A note about this attempt (\"TLE on case 57\"); not empty, blank or only invisible characters.", valueName: "text"))
    var note: String?
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let problems = try context.catalog.resolve(problemNames)
        let date = try ProgressChanges.date(from: self.date, now: context.now, in: context.timeZone) ?? context.now
        try ProgressChanges.checkNote(note, as: "'--note'", command: Self.self)
        try ProgressChanges.apply(problems, json: json, in: context, output) { _, record in
            record.recordAttempt(at: date, seconds: seconds, note: note)
        } describe: { problem, change in
            let time = ProgressChanges.timeSuffix(seconds)
            return change.after.status == .attempted
                ? "Recorded an attempt at \(Format.name(problem))\(time)."
                : "Recorded an attempt at \(Format.name(problem))\(time); it stays \(change.after.status.rawValue)."
        }
    }
}

/// `leettrack fav PROBLEM...`.
struct FavoriteCommand: FavoriteChange {
    static let configuration = CommandConfiguration(commandName: "fav", abstract: "Add problems to the favorites.")
    static let marks = true

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
}

/// `leettrack unfav PROBLEM...`.
struct UnfavoriteCommand: FavoriteChange {
    static let configuration = CommandConfiguration(commandName: "unfav", abstract: "Remove problems from the favorites.")
    static let marks = false

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
}

/// A command that puts a mark on the problems named or takes it off: `fav` and `unfav`, `skip`
/// and `unskip`. Each pair shares its change, in one direction or the other.
protocol ProblemMarkCommand: LeetTrackCommand {
    /// Whether the command puts the mark on (`fav`, `skip`) or takes it off (`unfav`, `unskip`).
    static var marks: Bool { get }
    var problemNames: [String] { get }
    var json: Bool { get }
}

extension ProblemMarkCommand {
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }
}

/// What `fav` and `unfav` share: the heart, put on or taken off.
protocol FavoriteChange: ProblemMarkCommand {}

extension FavoriteChange {
    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        // A heart on a record the catalog does not know can be taken off by its slug (see
        // OrphanRecords); a new one is not given: such a problem cannot be practised here.
        if !Self.marks, let slugs = try OrphanRecords.slugs(named: problemNames, context) { return try unfavoriteOrphans(slugs, context, output) }
        let problems = try context.catalog.resolve(problemNames)
        let favorite = Self.marks
        try ProgressChanges.apply(problems, json: json, in: context, output) { _, record in
            record.favorite = favorite
        } describe: { problem, change in
            switch (favorite, change.changed) {
            case (true, true): "♥ Added \(Format.name(problem)) to the favorites."
            case (true, false): "\(Format.name(problem)) is already a favorite."
            case (false, true): "Removed \(Format.name(problem)) from the favorites."
            case (false, false): "\(Format.name(problem)) was not a favorite."
            }
        }
    }

    private func unfavoriteOrphans(_ slugs: [String], _ context: CommandContext, _ output: CommandOutput) throws {
        let changes = try context.tracker().progress.update(slugs) { _, record in record.favorite = false }
        if json { return try output.writeJSON(changes.map { OrphanRecords.JSON($0.slug, $0.after, withHistory: false) }) }
        for change in changes {
            let name = Format.outside(change.slug)
            output.line(change.changed ? "Removed \(name) (not in the catalog) from the favorites." : "\(name) was not a favorite.")
        }
    }
}
