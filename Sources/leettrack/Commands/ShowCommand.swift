import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

/// `leettrack show PROBLEM`: everything about one problem.
struct ShowCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a problem: details, status, note and history, and its statement once fetched.",
        discussion: paragraphs("""
            After `leettrack leetcode fetch PROBLEM`, the statement follows, wrapped to the terminal's \
            width (80 columns when the output is not a terminal), with its hints folded: --hints shows them.
            """))

    @Argument(help: .problem, completion: .problems) var problemName: String
    @Flag(help: .json) var json = false
    @Flag(help: "Show the fetched statement's hints.") var hints = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        // A record the catalog does not know, named by its slug (see OrphanRecords).
        if let slug = try OrphanRecords.slug(named: problemName, context) { return try OrphanRecords.show(slug, json: json, context, output) }
        let problem = try context.problemToShow(problemName)
        let record = try context.progress(for: problem.slug)
        let skipped = try context.practiceSettings().isSkipped(problem.slug)
        let codeFiles = context.storeExists ? try context.tracker().codeFiles.paths(for: problem.slug) : []
        if json {
            var shape = ProblemJSON(problem, record, withHistory: true, skipped: skipped)
            shape.codeFiles = codeFiles.isEmpty ? nil : codeFiles
            shape.review?.dueDay = record.review?.dueDay(in: context.timeZone).description
            try output.writeJSON(shape)
            return
        }
        let style = output.style
        output.line(style.bold(Format.name(problem)) + (problem.paidOnly ? style.dim("  (paid only)") : ""))
        let rows: [(String, String)] = [
            ("Difficulty", Format.colored(problem.difficulty, style)),
            ("Acceptance", Format.percent(problem.acceptance)),
            ("Rating", Format.rating(problem.rating, contest: context.catalog.position(ofSlug: problem.slug).flatMap(context.catalog.contest(at:)))),
            // A stored catalog update may have been edited by hand: its names are outside text too.
            ("Category", Format.outside(problem.category)),
            ("Tags", problem.tags.isEmpty ? "-" : Format.outside(problem.tags.joinedText(separator: ", "))),
            ("URL", problem.url),
            ("Status", Format.statusWord(record.status, style)),
            ("Favorite", record.favorite ? style.magenta("♥ yes") : "no"),
            ("Note", record.note.isEmpty ? "-" : Format.outside(record.note).replacing("\n", with: "\n" + String(repeating: " ", count: 12))),
        ]
        var shown = rows
        if skipped { shown.insert(("Skipped", "yes" + style.dim("  (`next` passes over it; `leettrack unskip \(problem.id)`)")), at: 8) }
        for (label, value) in shown { output.line(Format.fit(label + ":", 12) + value) }
        for (index, path) in codeFiles.enumerated() {
            let missing = FileManager.default.fileExists(atPath: path) ? "" : style.dim("  (missing)")
            output.line(Format.fit(index == 0 ? "Code:" : "", 12) + Format.outside(path) + missing)
        }
        if let card = record.reviewCard(using: try context.reviewSettings().scheduler()) {
            let stability = card.stability.map { " (stability \(Format.decimal($0)) days, difficulty \(Format.decimal(card.difficulty ?? 0)))" } ?? ""
            output.line(Format.fit("Review:", 12) + "due \(Format.dueDay(card, from: context.now, context.timeZone))" + style.dim(stability))
        }
        ShowCommand.printHistory(record.events, in: context.timeZone, output)
        // One key more than before, and only when there is a store: `show`'s speed stays.
        if context.storeExists, let statement = try context.tracker().statements.statement(for: problem.slug) {
            printStatement(statement, problem, context, output)
        } else if hints {
            Terminal.writeError("No statement of \(problem.id) is kept: `leettrack leetcode fetch \(problem.id)` fetches it.\n")
        }
    }

    /// The statement after the record's fields: its text, then its hints (folded unless --hints)
    /// and the similar problems.
    private func printStatement(_ statement: ProblemStatement, _ problem: Problem, _ context: CommandContext, _ output: CommandOutput) {
        let style = output.style
        let width = TerminalUI.Terminal.size(of: 1)?.width ?? 80  // The terminal's, when the output is one.
        output.line("")
        for line in StatementText.lines(statement.document, width: width, style: style) { output.line(line) }
        if !statement.hints.isEmpty {
            output.line("")
            if hints {
                output.line(style.bold("Hints:"))
                for line in StatementText.hints(statement.hints, width: width, style: style) { output.line(line) }
            } else {
                output.line("Hints (\(statement.hints.count)): " + style.dim("leettrack show \(problem.id) --hints"))
            }
        }
        if !statement.similar.isEmpty {
            var names: [String] = []
            for similar in statement.similar {
                names.append(context.catalog.problem(withSlug: similar.slug).map(Format.name) ?? Format.outside(similar.title))
            }
            output.line("")
            for (index, line) in StatementText.wrapped("Similar: " + names.joinedText(separator: ", "), width: width - 2).enumerated() {
                output.line(index == 0 ? line : "  " + line)
            }
        }
    }
}

/// `leettrack favorites`: the favorites sheet.
struct FavoritesCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(commandName: "favorites", abstract: "Show the favorites sheet.")

    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        if json {
            // The favorites found as the sheet finds them, then their records alone: reading every
            // record for the few hundred favorites of a large store took ten times as long.
            let catalog = context.catalog
            let positions = try context.favorites().map(\.position)
            let progress = try context.progress(ofSlugs: positions.map(catalog.slug(at:)))
            try output.writeJSON(positions.compactMap { position -> ProblemJSON? in
                let problem = catalog.problem(at: position)
                guard let record = progress[problem.slug], record.favorite else { return nil }
                return ProblemJSON(problem, record)
            })
            return
        }
        // The sheet shows marks only, read from the start of the summaries, of the favorites only,
        // in the catalog's order (as `problems(matching:)` gives them), without a pass over it.
        let favorites = try context.favorites()
        guard !favorites.isEmpty else {
            output.line("No favorites yet. Add one with `leettrack fav PROBLEM`.")
            return
        }
        output.rows(favorites, of: context.catalog)
        output.line(output.style.dim(Plural.count(favorites.count, "favorite")))
    }
}

extension ShowCommand {
    /// The `History:` block of `show`: each event's local time, kind and details, or a dash.
    static func printHistory(_ events: [ProgressEvent], in timeZone: some UTCOffsetProvider, _ output: CommandOutput) {
        if events.isEmpty {
            output.line("History:    -")
        } else {
            output.line("History:")
            for event in events {
                output.line("  \(LocalDay.minute(of: event.date, in: timeZone))  \(event.kind)\(Format.outside(event.details))")
            }
        }
    }
}
