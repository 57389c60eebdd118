import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack review`, `leettrack review PROBLEM RATING`, `leettrack review --upcoming N`,
/// `leettrack review optimize [--apply]`.
struct ReviewCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Show what to redo today, or record a redo with its rating.",
        discussion: paragraphs("""
            Without arguments: the problems due today and overdue, most overdue first.
            With PROBLEM and RATING: records that you redid the problem and how it went (again: could
            not do it alone; hard; good; easy) and schedules the next redo with FSRS-6.
            Solving a problem creates its card (`leettrack solve PROBLEM --rating good`). The desired
            retention is set with `leettrack config desired-retention 0.9`. Days are counted in your
            time zone (TZ).

            `review optimize` fits the 21 FSRS-6 parameters to your own ratings, as Anki's optimizer
            (fsrs-rs) does, and prints how well the fitted and the current parameters predict your
            redos (log loss and RMSE; lower is better). It needs at least 64 redos rated on a later day
            than the rating before. --apply saves the fitted parameters (a synced setting); ratings made
            from then on are scheduled with them.
            """))

    @Argument(help: ArgumentHelp("The problem you redid (an id, a slug, or title words).", valueName: "problem"), completion: .problems)
    var problemName: String?
    @Argument(help: ArgumentHelp("How the redo went.", valueName: "rating")) var rating: ReviewRating?
    @Option(parsing: .unconditional, help: ArgumentHelp("The day of the redo; without PROBLEM, show the queue as of that day.", valueName: "yyyy-mm-dd"),
        transform: { text throws(LeetTrackError) in try LocalDay(parsing: text) }) var date: LocalDay?
    @Option(parsing: .unconditional, help: ArgumentHelp("Show what falls due in the next N days.", valueName: "days"),
        transform: { try wholeNumber($0, "'--upcoming' needs a positive whole number of days") }) var upcoming: Int?
    @Flag(help: "With `optimize`: save the fitted parameters for scheduling.") var apply = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse {
        if isOptimize { return apply ? .writing : .reading }
        return problemName == nil ? .reading : .writing
    }

    /// `review optimize`: the word is the action, as a subcommand's name would be (a problem whose
    /// title is that word is named by its id or slug).
    private var isOptimize: Bool { problemName == "optimize" }

    enum Action {
        case queue(day: LocalDay?)
        case upcoming(days: Int, day: LocalDay?)
        case rate(Problem, ReviewRating, Date?)
        case optimize
    }

    private func action(_ context: CommandContext) throws -> Action {
        if isOptimize {
            if let rating { throw Self.usageError("'optimize' takes no rating ('\(rating)'); to rate a problem, name it by id or slug") }
            if date != nil || upcoming != nil { throw Self.usageError("'optimize' fits the whole history; it takes no '--date' or '--upcoming'") }
            return .optimize
        }
        if apply { throw Self.usageError("'--apply' goes with `review optimize`") }
        guard let problemName else { return upcoming.map { .upcoming(days: $0, day: date) } ?? .queue(day: date) }
        guard let rating else { throw Self.usageError("missing expected argument '<rating>' (again, hard, good or easy)") }
        if upcoming != nil { throw Self.usageError("'--upcoming' lists the queue; give no PROBLEM with it") }
        // The parser checked the rating first: `review 1 godo` is a typo of the rating, not of the problem.
        let problem = try context.catalog.resolve(problemName)
        return .rate(problem, rating, try ProgressChanges.date(from: date, now: context.now, in: context.timeZone))
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        switch try action(context) {
        case .rate(let problem, let rating, let date):
            do {
                try rate(problem, rating, at: date ?? context.now, standsForDay: date != nil, context, output)
            } catch LeetTrackError.reviewBeforeLastReview(let problem, let since) where date == nil {
                // Without --date the review is now: a history dated after now means a clock behind.
                throw CLIError.failure("\(Format.name(problem)) was \(since), after today (\(LocalDay(context.now, in: context.timeZone))): "
                    + "a review cannot come before it. Is this machine's date (or LEETTRACK_TODAY) behind? Nothing was changed.")
            }
        case .queue(let day):
            let queue = try makeQueue(day, context)
            if json { return try output.writeJSON(queue.due.map(ReviewItemJSON.init)) }
            ReviewOutput.due(queue, context, output)
        case .upcoming(let days, let day):
            let queue = try makeQueue(day, context)
            if json { return try output.writeJSON(queue.upcoming(days: days).map(ReviewItemJSON.init)) }
            ReviewOutput.upcoming(queue, days: days, output)
        case .optimize:
            try ReviewOptimize.run(apply: apply, json: json, context, output)
        }
    }

    /// The queue as of `day` (today without one).
    private func makeQueue(_ day: LocalDay?, _ context: CommandContext) throws -> ReviewQueue {
        let settings = try context.reviewSettings()
        let scheduler = try settings.scheduler()
        // Due-ness is counted in whole days, so any instant of the given day shows its queue.
        let now = day.map { $0.noon(in: context.timeZone) } ?? context.now
        // Each card is queued as the store lends its summary: no dictionary of them all.
        var queue = ReviewQueue.Builder(catalog: context.catalog, scheduler: scheduler, reviewCap: settings.reviewCap)
        try context.lending { try queue.add(from: $0) }
        return queue.queue(now: now, timeZone: context.timeZone)
    }

    private func rate(
        _ problem: Problem, _ rating: ReviewRating, at date: Date, standsForDay: Bool, _ context: CommandContext, _ output: CommandOutput
    ) throws {
        let result = try context.tracker().reviews.rate(problem, rating, at: date, standsForDay: standsForDay)
        if json {
            let item = ReviewItem(
                problem: problem, card: result.after, today: LocalDay(date, in: context.timeZone), timeZone: context.timeZone)
            return try output.writeJSON(ReviewItemJSON(item))
        }
        output.line("Reviewed \(Format.name(problem)) (\(rating)) on \(LocalDay(date, in: context.timeZone)); "
            + "next review \(Format.dueDay(result.after, from: context.now, context.timeZone)).")
    }
}

/// The text forms of the queue.
enum ReviewOutput {
    static func due(_ queue: ReviewQueue, _ context: CommandContext, _ output: CommandOutput) {
        let style = output.style
        let due = queue.duePositions
        guard !due.isEmpty else {
            if queue.waitingCount > 0, let cap = queue.reviewCap {
                // The cap is reached by the day's reviews: the rest wait, however overdue.
                output.line("Today's share is done: \(Plural.count(queue.reviewedToday, "review")) on \(queue.today), review-cap \(cap). "
                    + "\(Plural.count(queue.waitingCount, "more waits", "more wait")) for the next days (`leettrack review --upcoming` shows the plan).")
            } else if let next = queue.next {
                output.line("Nothing to review on \(queue.today). Next: \(Format.name(next.problem)) "
                    + "on \(next.dueDay) (\(Format.relative(-next.daysOverdue))).")
            } else {
                output.line("No review cards yet. Solving a problem schedules its first redo: `leettrack solve PROBLEM`.")
            }
            return
        }
        output.line(style.bold("Due on \(queue.today): \(Plural.count(due.count, "problem"))"))
        // As bytes, like `list`'s rows: a long queue composed from `String` pieces and passed whole
        // through the terminal filter cost 20,000 instructions a row.
        let writer = RowWriter(style: style, titleWidth: 40)
        // Every constant piece as bytes once: appending a string's UTF-8 view copied it through
        // the string's storage on each row, a fifth of the row.
        let dueToday = Array(style.yellow("due today").utf8)
        let (redOpen, redClose) = (Array(style.redCodes.open.utf8), Array(style.redCodes.close.utf8))
        let (dueWord, gap) = (Array("  due ".utf8), Array("  ".utf8))
        let (dayOverdue, daysOverdue) = (Array(" day overdue".utf8), Array(" days overdue".utf8))
        let catalog = context.catalog
        // A row's tail (`  due 2026-01-01  340 days overdue`) depends on its due day alone, and
        // the queue's order puts the rows of one day together: each tail is written once per run
        // of its day and then appended whole (five appends, the date and the count per row were
        // a third of a row on a store with 1,500 due).
        var tail: [UInt8] = []
        var tailDay: LocalDay?
        output.appendRows(reservingCapacity: due.count * 90) { bytes in
            for item in due {
                writer.appendLead(catalog, at: item.position, to: &bytes)
                if item.dueDay != tailDay {
                    tail.removeAll(keepingCapacity: true)
                    tail += dueWord
                    item.dueDay.appendDescription(to: &tail)
                    tail += gap
                    if item.daysOverdue == 0 {
                        tail += dueToday
                    } else {
                        // `3 days overdue` in red, written as bytes like the rest of the row.
                        tail += redOpen
                        RowWriter.appendDecimal(item.daysOverdue, to: &tail)
                        tail += item.daysOverdue == 1 ? dayOverdue : daysOverdue
                        tail += redClose
                    }
                    tail.append(UInt8(ascii: "\n"))
                    tailDay = item.dueDay
                }
                bytes += tail
            }
        }
        if queue.waitingCount > 0, let cap = queue.reviewCap {
            let done = queue.reviewedToday > 0 ? ", \(queue.reviewedToday) done today" : ""
            output.line(style.dim("\(Plural.count(queue.waitingCount, "more review waits", "more reviews wait")) for the next days "
                + "(review-cap \(cap)\(done): the most forgotten come first; `leettrack review --upcoming` shows the plan)."))
        }
        output.line(style.dim("Record a redo with `leettrack review PROBLEM again|hard|good|easy`."))
    }

    static func upcoming(_ queue: ReviewQueue, days: Int, _ output: CommandOutput) {
        let style = output.style
        let dueNow = queue.due.count
        if dueNow > 0 { output.line(style.yellow("\(Plural.count(dueNow, "problem is", "problems are")) due now (`leettrack review`).")) }
        let coming = queue.upcoming(days: days)
        guard !coming.isEmpty else {
            output.line("Nothing falls due in the next \(days == 1 ? "day" : "\(days) days").")
            return
        }
        output.line(style.bold("Coming up in the next \(days == 1 ? "day" : "\(days) days"):"))
        var shownDay: LocalDay?
        for item in coming {
            if item.dueDay != shownDay {
                output.line("\(item.dueDay.weekdayName) \(item.dueDay)  " + style.dim(Format.relative(-item.daysOverdue)))
                shownDay = item.dueDay
            }
            output.line(" " + row(item, style))
        }
    }

    /// The difficulty ends the line, so it is not padded (no trailing blanks).
    private static func row(_ item: ReviewItem, _ style: TextStyle) -> String {
        let id = String(item.problem.id)
        return String(repeating: " ", count: max(0, 4 - id.count)) + id + "  " + Format.fit(item.problem.title, 40) + "  "
            + Format.colored(item.problem.difficulty, style)
    }
}
