import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack next [--list L] [--section S]`: the first unsolved problem of a list, in its order.
struct NextCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Show the next problem to do: the first unsolved one of a list, in the list's own order.",
        discussion: paragraphs("""
            Without --list, the list you follow (`leettrack config follow neetcode-150`). Problems marked
            with `leettrack skip` are passed over, and paid-only ones after `leettrack config premium no`;
            attempted ones are not (they are the next thing to finish).
            """))

    @Option(
        name: .shortAndLong, help: ArgumentHelp("A study list, built-in or yours (default: the followed list).", valueName: "list"),
        completion: .lists)
    var list: ListName?
    @Option(help: ArgumentHelp("Only this topic section of the list (a name or the start of one).", valueName: "section"))
    var section: String?
    @Flag(help: Self.weakestHelp) var weakest = false
    @Flag(help: "The unsolved problem rated closest to 100 above your level, fitted on your rated history (see `stats`).")
    var level = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        if weakest && level { throw CLIError.usage("'--weakest' and '--level' each choose the next problem their own way: give one of them", command: Self.self) }
        if weakest { return try runWeakest(context, output) }
        if level { return try nextByLevel(context, output) }
        let list = try context.listOrFollowed(self.list?.name, for: "'next'", command: Self.self)
        let section = try self.section.map { try context.catalog.section(named: $0, in: list) }
        let slugs = section?.slugs ?? list.slugs
        let settings = try context.practiceSettings()
        // The list's marks, each summary read by its key (the whole store was read, and the list's
        // records decoded, to pick one problem); the record of the one picked for its JSON.
        let marks = try context.marks(ofSlugs: slugs)
        let next = context.catalog.nextProblem(in: slugs, progress: marks, skipped: Set(settings.skipped), premium: settings.premium)
        let solved = slugs.filter { marks[$0]?.status == .solved }.count
        let place = list.name + (section.map { ": \($0.name)" } ?? "")
        if json {
            let record = try next.flatMap { try context.record(ofPicked: $0.slug) }
            return try output.writeJSON(NextJSON(
                list: list.key, section: section?.name, solved: solved, total: slugs.count,
                problem: next.map { ProblemJSON($0, record, section: sectionName(of: $0, in: list, context)) }))
        }
        guard let next else {
            let reason = NothingNext.reason(in: place, total: slugs.count, solved: solved, premium: settings.premium)
            output.line(reason.prefix(1).uppercased() + reason.dropFirst() + (slugs.isEmpty ? "." : ". \(solved) of \(slugs.count) solved."))
            return
        }
        let style = output.style
        let where_ = sectionName(of: next, in: list, context).map { "  " + style.dim($0) } ?? ""
        output.line(Format.row(next, marks: marks[next.slug], style))
        output.line("      \(next.url)\(where_)")
        output.line(style.dim("\(solved) of \(slugs.count) solved in \(place)."))
    }

    private func sectionName(of problem: Problem, in list: StudyList, _ context: CommandContext) -> String? {
        context.catalog.sections(of: list).first { $0.slugs.contains(problem.slug) }?.name
    }
}

/// `leettrack skip PROBLEM...` and `leettrack unskip PROBLEM...`: what `next` passes over.
struct SkipCommand: SkipChange {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark problems for `next` and `today` to pass over (paid-only ones, ones you know).",
        discussion: "The marks follow the store to your other machines. `leettrack unskip PROBLEM` takes one back.")
    static let marks = true

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
}

/// `leettrack unskip PROBLEM...`.
struct UnskipCommand: SkipChange {
    static let configuration = CommandConfiguration(
        commandName: "unskip", abstract: "Take back `leettrack skip`: `next` offers the problems again.")
    static let marks = false

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String]
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
}

/// What `skip` and `unskip` share: the mark, put on or taken off.
protocol SkipChange: ProblemMarkCommand {}

extension SkipChange {
    /// Resolves every name first (a bad one changes nothing), then writes the marks in one change.
    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let skip = Self.marks
        let problems = try context.catalog.resolve(problemNames)
        let changed = Set(try context.tracker().practice.setSkipped(problems.map(\.slug), skip))
        if json {
            let progress = try context.progress(ofSlugs: problems.map(\.slug))
            return try output.writeJSON(problems.map { ProblemJSON($0, progress[$0.slug], skipped: skip) })
        }
        for problem in problems {
            let name = Format.name(problem)
            switch (skip, changed.contains(problem.slug)) {
            case (true, true): output.line("Skipping \(name): `next` passes over it.")
            case (true, false): output.line("\(name) was already skipped.")
            case (false, true): output.line("\(name) is no longer skipped.")
            case (false, false): output.line("\(name) was not skipped.")
            }
        }
    }
}
