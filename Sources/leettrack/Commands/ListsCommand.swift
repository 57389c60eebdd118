import LeetTrackCore

/// `leettrack lists [LIST]`: the study lists with progress, or one list's problems.
struct ListsCommand: Command {
    static let spec = CommandSpec(
        name: "lists",
        abstract: "Show the study lists with progress, or one list's problems.",
        arguments: [ArgumentSpec("LIST", help: "A list's key or name (e.g. blind-75).", optional: true)],
        options: [.flag("json", help: "Print JSON.")])

    let list: StudyList?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        list = try arguments.positionals.first.map { name throws(LeetTrackError) in try Catalog.shipped.studyList(named: name) }
        json = arguments.flag("json")
    }

    struct Summary: Encodable {
        var key: String
        var name: String
        var total: Int
        var solved: Int
        var attempted: Int
    }

    func run(_ context: CommandContext) throws {
        let style = context.style
        if let list {
            var query = ProblemQuery()
            query.list = list
            let (problems, progress) = try context.problems(matching: query)
            if json {
                try context.writeJSON(problems.map { ProblemJSON($0, progress[$0.slug]) })
                return
            }
            context.line(style.bold(list.name))
            context.rows(problems, progress)
            let solved = problems.filter { progress[$0.slug]?.status == .solved }.count
            context.line(style.dim("\(solved) of \(problems.count) solved"))
            return
        }
        let lists = context.catalog.studyLists
        let listed = Set(lists.flatMap(\.slugs))
        let progress = try context.progress { listed.contains($0) }
        let summaries = lists.map { list in
            let statuses = list.slugs.map { progress[$0]?.status ?? .todo }
            return Summary(
                key: list.key, name: list.name, total: list.slugs.count,
                solved: statuses.filter { $0 == .solved }.count, attempted: statuses.filter { $0 == .attempted }.count)
        }
        if json {
            try context.writeJSON(summaries)
            return
        }
        for summary in summaries {
            let counts = Format.right("\(summary.solved)", 3) + " / " + Format.fit("\(summary.total)", 3)
            let attempted = summary.attempted > 0 ? style.dim("  +\(summary.attempted) attempted") : ""
            context.line("\(Format.fit(summary.key, 18))  \(Format.fit(summary.name, 18))  \(counts)  "
                + style.green(Format.bar(summary.solved, of: summary.total, width: 20)) + attempted)
        }
        context.line(style.dim("Show one with `leettrack lists KEY`; filter with `leettrack list --list KEY`."))
    }
}
