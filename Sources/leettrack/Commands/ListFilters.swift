import LeetTrackCore

/// The filter options `list` and `random` share, and how they become a ``ProblemQuery``.
enum ListFilters {
    static let options: [OptionSpec] = [
        .option("difficulty", short: "d", value: "difficulty", help: "Only easy, medium or hard problems."),
        .option("status", short: "s", value: "status", help: "Only todo, attempted or solved problems."),
        .flag("favorites", short: "f", help: "Only favorites."),
        .option("tag", short: "t", value: "tag", help: "Only problems with this tag (e.g. \"Dynamic Programming\")."),
        .option("category", value: "category", help: "Only this category (Algorithms, Database, Shell, ...)."),
        .option("list", short: "l", value: "list", help: "Only problems of this study list, built-in or yours (see `leettrack lists`)."),
        .flag("free", help: "Only problems that need no subscription."),
        .flag("paid", help: "Only paid-only problems."),
    ]

    /// Builds the query from the filter options and `text`. The `--list` is left to
    /// ``resolveList(_:in:_:)``: an own list lives in the store, which `init` does not read.
    static func query(from arguments: ParsedArguments, text: String?, spec: CommandSpec) throws -> ProblemQuery {
        let catalog = Catalog.shipped
        var query = ProblemQuery()
        query.text = text
        if let value = arguments.value("difficulty") {
            guard let difficulty = Difficulty(rawValue: value.lowercased()) else {
                throw CLIError.usage("'\(value)' is not a difficulty; use easy, medium or hard", command: spec)
            }
            query.difficulty = difficulty
        }
        if let value = arguments.value("status") {
            guard let status = Status(rawValue: value.lowercased()) else {
                throw CLIError.usage("'\(value)' is not a status; use todo, attempted or solved", command: spec)
            }
            query.status = status
        }
        query.favoritesOnly = arguments.flag("favorites")
        if let tag = arguments.value("tag") { query.tag = try catalog.canonicalTag(tag) }
        if let category = arguments.value("category") { query.category = try catalog.canonicalCategory(category) }
        switch (arguments.flag("free"), arguments.flag("paid")) {
        case (true, true): throw CLIError.usage("'--free' and '--paid' cannot be used together", command: spec)
        case (true, false): query.paidOnly = false
        case (false, true): query.paidOnly = true
        case (false, false): break
        }
        return query
    }

    /// `query` with its `--list` (built-in or own) looked up.
    static func resolveList(_ query: ProblemQuery, in arguments: ParsedArguments, _ context: CommandContext) throws -> ProblemQuery {
        guard let name = arguments.value("list") else { return query }
        var query = query
        query.list = try context.list(named: name)
        return query
    }
}

/// `leettrack list`: the catalog, filtered and sorted.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List problems, filtered and sorted.",
        discussion: "TEXT matches words of titles and slugs, or an id. Without --sort, problems are in id order\n"
            + "(or in the study list's order with --list).",
        arguments: [ArgumentSpec("TEXT", help: "Words to look for in titles and slugs.", optional: true, repeating: true)],
        options: ListFilters.options + [
            .option("sort", value: "order", help: "id, title, difficulty, acceptance (highest first) or recent (latest practice first)."),
            .option("limit", short: "n", value: "n", help: "Show at most N problems."),
            .flag("json", help: "Print JSON."),
        ])

    let query: ProblemQuery
    let arguments: ParsedArguments
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        let text = arguments.positionals.isEmpty ? nil : arguments.positionals.joined(separator: " ")
        var query = try ListFilters.query(from: arguments, text: text, spec: Self.spec)
        if let value = arguments.value("sort") {
            guard let sort = ProblemQuery.Sort(rawValue: value.lowercased()) else {
                throw Self.usageError("'\(value)' is not a sort order; use id, title, difficulty, acceptance or recent")
            }
            query.sort = sort
        }
        if let value = arguments.value("limit") {
            guard let limit = Int(value), limit > 0 else {
                throw Self.usageError("'--limit' needs a positive whole number, not '\(value)'")
            }
            query.limit = limit
        }
        self.query = query
        self.arguments = arguments
        json = arguments.flag("json")
    }

    func run(_ context: CommandContext) throws {
        let (problems, progress) = try context.problems(matching: try ListFilters.resolveList(query, in: arguments, context))
        if json {
            try context.writeJSON(problems.map { ProblemJSON($0, progress[$0.slug]) })
            return
        }
        context.rows(problems, progress)
        context.line(context.style.dim(problems.count == 1 ? "1 problem" : "\(problems.count) problems"))
    }
}

/// `leettrack random`: one unsolved problem that matches the filters.
struct RandomCommand: Command {
    static let spec = CommandSpec(
        name: "random",
        abstract: "Pick one unsolved problem that matches the filters.",
        arguments: [ArgumentSpec("TEXT", help: "Words to look for in titles and slugs.", optional: true, repeating: true)],
        options: ListFilters.options + [.flag("json", help: "Print JSON.")])

    let query: ProblemQuery
    let arguments: ParsedArguments
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        let text = arguments.positionals.isEmpty ? nil : arguments.positionals.joined(separator: " ")
        query = try ListFilters.query(from: arguments, text: text, spec: Self.spec)
        if query.status == .solved { throw Self.usageError("'random' picks unsolved problems; '--status solved' matches none") }
        self.arguments = arguments
        json = arguments.flag("json")
    }

    func run(_ context: CommandContext) throws {
        let (matches, progress) = try context.problems(matching: try ListFilters.resolveList(query, in: arguments, context))
        let candidates = matches
            .filter { (progress[$0.slug]?.status ?? .todo) != .solved }
        guard let problem = candidates.randomElement() else {
            throw CLIError.failure("no unsolved problem matches these filters.")
        }
        if json {
            try context.writeJSON(ProblemJSON(problem, progress[problem.slug]))
            return
        }
        context.line(Format.row(problem, progress[problem.slug], context.style))
        context.line("      \(problem.url)")
    }
}
