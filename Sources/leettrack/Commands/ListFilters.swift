import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// The filter options `list` and `random` share, and how they become a ``ProblemQuery``.
struct ListFilters: ParsableArguments {
    @Option(
        name: .shortAndLong, help: ArgumentHelp("Only easy, medium or hard problems; several with commas (easy,medium).", valueName: "difficulty"),
        transform: { try choices($0, "a difficulty; use easy, medium or hard (several with commas: easy,medium)") })
    var difficulty: Set<Difficulty>?
    @Option(
        name: .shortAndLong, help: ArgumentHelp("Only todo, attempted or solved problems; several with commas.", valueName: "status"),
        transform: { try choices($0, "a status; use todo, attempted or solved (several with commas)") })
    var status: Set<Status>?
    @Flag(name: .shortAndLong, help: "Only favorites.") var favorites = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Only problems with this tag (e.g. \"Dynamic Programming\"), or any of several with commas. Short names: "
                + TagAliases.summary + ".", valueName: "tag"))
    var tag: String?
    @Option(help: ArgumentHelp("Only this category (Algorithms, Database, Shell, ...).", valueName: "category"))
    var category: String?
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Only problems of this study list, built-in or yours (see `leettrack lists`).", valueName: "list"),
        completion: .lists)
    var list: ListName?
    @Option(
        help: ArgumentHelp(
            "Only this topic section of the list (e.g. \"two pointers\", or the start of a name); with no --list, of the followed list.",
            valueName: "section"))
    var section: String?
    @Option(
        help: ArgumentHelp("Only problems whose contest rating is in this range: 1400..1800, 1400.. or ..1800.", valueName: "range"),
        transform: { text in
            do throws(InputRules.Violation) { return try ContestRatings.range(parsing: text) } catch { throw ValidationError(error.reason) }
        })
    var rating: ClosedRange<Int>?
    @Flag(help: "Only problems that need no subscription.") var free = false
    @Flag(help: "Only paid-only problems.") var paid = false

    /// Builds the query from the filter options and `text`, with its `--list` (built-in or own)
    /// looked up in the store.
    func query(text: [String], command: ParsableCommand.Type, _ context: CommandContext) throws -> ProblemQuery {
        let catalog = context.catalog
        var query = ProblemQuery()
        // The one rule for empty text: a search that shows nothing is refused, never read as no
        // search (an unset shell variable listed, or picked from, the whole catalog).
        if let empty = text.first(where: InputRules.showsNothing) {
            throw CLIError.usage("TEXT is \(InputRules.emptiness(empty)); give words to look for, or leave TEXT out", command: command)
        }
        query.text = text.isEmpty ? nil : text.joined(separator: " ")
        query.difficulties = difficulty ?? []
        query.statuses = status ?? []
        query.favoritesOnly = favorites
        for value in Self.values(tag) {
            let tag = try catalog.canonicalTag(value)
            if !query.tags.contains(tag) { query.tags.append(tag) }
        }
        if let category { query.category = try catalog.canonicalCategory(category) }
        query.ratings = rating
        switch (free, paid) {
        case (true, true): throw CLIError.usage("'--free' and '--paid' cannot be used together", command: command)
        case (true, false): query.paidOnly = false
        case (false, true): query.paidOnly = true
        case (false, false): break
        }
        return query
    }

    /// The choices named by comma-separated words (`easy,medium`), in any case; the parser reports
    /// the first word that names none as "'WORD' is not `what`".
    static func choices<Choice: RawRepresentable & Hashable>(_ text: String, _ what: String) throws -> Set<Choice>
    where Choice.RawValue == String {
        var chosen = Set<Choice>()
        for value in values(text) {
            guard let choice = Choice(rawValue: value.lowercased()) else { throw ValidationError("'\(value)' is not \(what)") }
            chosen.insert(choice)
        }
        return chosen
    }

    /// The comma-separated values of an option (`easy,medium`), without blanks; none when not given.
    static func values(_ option: String?) -> [String] {
        guard let option else { return [] }
        let values = option.split(separator: ",").map(\.trimmedOfWhitespace).filter { !$0.isEmpty }
        return values.isEmpty ? [option] : values  // An empty value is refused by the check that follows.
    }

    /// The problems `arguments` name when they are ids and slugs (`list 1430 1343 2`, `list 1,2`),
    /// in the order given; `nil` when they are words to search for (any of them is neither, or one
    /// slug alone, which keeps searching as it always did). An argument without letters is the ids
    /// it holds (`1,2`, `"1 2"`, `1;2`), as a change takes them (see ``Catalog/ids(in:)``).
    /// - Throws: a usage error naming an id that no problem has.
    static func problemsNamed(_ arguments: [String], command: any LeetTrackCommand.Type, _ catalog: Catalog) throws -> [Problem]? {
        guard !arguments.isEmpty else { return nil }
        let ids = arguments.map(Catalog.ids(in:))
        guard ids.contains(where: { $0 != nil }) || arguments.count > 1 else { return nil }
        guard zip(arguments, ids).allSatisfy({ $1 != nil || catalog.position(ofSlug: $0) != nil }) else { return nil }
        var problems: [Problem] = []
        for (argument, ids) in zip(arguments, ids) {
            for id in ids ?? [] {
                guard id >= 0, let problem = catalog.problem(withID: id) else {
                    guard id != Catalog.unnamedID else {
                        throw command.usageError("'\(argument.lineFeedsEscaped)' names no problem: give ids separated by commas or blanks; `leettrack list WORDS` searches the titles")
                    }
                    let name = ids?.count == 1 ? argument : String(id)
                    throw command.usageError("no problem has the id \(name); `leettrack list WORDS` searches the titles")
                }
                if !problems.contains(where: { $0.id == problem.id }) { problems.append(problem) }
            }
            if ids == nil, let problem = catalog.problem(withSlug: argument), !problems.contains(where: { $0.id == problem.id }) {
                problems.append(problem)
            }
        }
        return problems
    }

    /// `query` narrowed to the problems `named` (see ``problemsNamed(_:command:_:)``), in the order
    /// given, within its list when it has one.
    static func narrowed(_ query: ProblemQuery, to named: [Problem]?) -> ProblemQuery {
        guard let named else { return query }
        var query = query
        let inList = query.list.map { Set($0.slugs) }
        query.list = StudyList(key: "", name: "", slugs: named.map(\.slug).filter { inList?.contains($0) ?? true })
        return query
    }

    /// `query` with its `--list` (built-in or own) looked up, and narrowed to its `--section`,
    /// once every other value is checked. `--section` without `--list` takes the followed list.
    func resolvingList(_ query: ProblemQuery, command: any LeetTrackCommand.Type, _ context: CommandContext) throws -> ProblemQuery {
        var query = query
        if let section {
            let list = try context.listOrFollowed(list?.name, for: "'--section'", command: command)
            let found = try context.catalog.section(named: section, in: list)
            query.list = StudyList(key: list.key, name: "\(list.name): \(found.name)", slugs: found.slugs, isOwn: list.isOwn)
        } else if let list {
            query.list = try context.list(named: list.name)
        }
        return query
    }
}

/// `leettrack list`: the catalog, filtered and sorted.
struct ListCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List problems, filtered and sorted.",
        discussion: "TEXT matches words of titles and slugs; a number matches a whole word only. Ids and slugs alone "
            + "(list 1430 1343 2, or list 1,2) list those problems, in the order given. Without --sort, problems are in id order (or in the study list's order with --list). "
            + "-d, -s and -t take several values with commas: -d easy,medium -t dp,bfs. "
            + "With --sort rating or --rating, each row shows the contest rating after the acceptance (- for none).")

    @Argument(help: ArgumentHelp("Words to look for in titles and slugs.", valueName: "text")) var text: [String] = []
    @OptionGroup var filters: ListFilters
    @Option(help: ArgumentHelp("id, title, difficulty, acceptance (highest first), rating (lowest first, unrated last) or recent (latest practice first).", valueName: "order"))
    var sort: ProblemQuery.Sort?
    @Option(name: [.customShort("n"), .long], parsing: .unconditional, help: ArgumentHelp("Show at most N problems.", valueName: "n"),
        transform: { try wholeNumber($0, "'--limit' needs a positive whole number") })
    var limit: Int?
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let named = try ListFilters.problemsNamed(text, command: Self.self, context.catalog)
        var query = try filters.query(text: named == nil ? text : [], command: Self.self, context)
        if let sort { query.sort = sort }
        if let limit { query.limit = limit }
        query = ListFilters.narrowed(try filters.resolvingList(query, command: Self.self, context), to: named)
        let skipped = Set(try context.practiceSettings().skipped)
        // Records the catalog does not know match a query of statuses and favorites (see OrphanRecords).
        let findsOrphans = named == nil && OrphanRecords.canMatch(query)
        if json {
            // One pass over the store: the records of the matches and, when an orphan can match, the orphans'.
            let catalog = context.catalog
            let (problems, progress) = try catalog.problems(matching: query) { slugs in
                try context.progress { slugs.contains($0) || (findsOrphans && catalog.position(ofSlug: $0) == nil) }
            }
            let orphans = progress.filter { findsOrphans && catalog.position(ofSlug: $0.key) == nil && OrphanRecords.matches(query, $0.value) }
                .sorted { $0.key < $1.key }.map { (slug: $0.key, record: $0.value) }
            let entries = problems.map { OrphanRecords.Entry.problem(ProblemJSON($0, progress[$0.slug], skipped: skipped.contains($0.slug))) }
                + orphans.prefix(max(0, (query.limit ?? Int.max) - problems.count)).map { .orphan(OrphanRecords.JSON($0.slug, $0.record)) }
            try output.writeJSON(entries)
            return
        }
        // Rows show marks only: read from the start of the summaries, not the whole records.
        let (rows, orphanMarks) = try context.positions(markedMatching: query, findsOrphans: findsOrphans)
        let orphans = try OrphanRecords.matching(query, among: orphanMarks, context)
        // The rating column only when it was asked about: most problems have none, and the rows keep their form.
        output.rows(rows, of: context.catalog, skipped: skipped, showsRatings: query.sort == .rating || query.ratings != nil)
        let shownOrphans = orphans.prefix(max(0, (query.limit ?? Int.max) - rows.count))
        for orphan in shownOrphans { output.line(OrphanRecords.row(orphan.slug, orphan.record, output.style)) }
        let count = rows.count + shownOrphans.count
        output.line(output.style.dim(count == 1 ? "1 problem" : "\(count) problems"))
    }
}

/// `leettrack random`: one unsolved problem that matches the filters.
struct RandomCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "random", abstract: "Pick one unsolved problem that matches the filters.")

    @Argument(help: ArgumentHelp("Words to look for in titles and slugs.", valueName: "text")) var text: [String] = []
    @OptionGroup var filters: ListFilters
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let named = try ListFilters.problemsNamed(text, command: Self.self, context.catalog)
        let query = try filters.query(text: named == nil ? text : [], command: Self.self, context)
        if query.statuses == [.solved] { throw Self.usageError("'random' picks unsolved problems; '--status solved' matches none") }
        // The marks of the matches, read from the start of their summaries; the record of the one
        // picked for its JSON (every match's record was decoded: 188 M instructions on a store of 4,029).
        let narrowed = ListFilters.narrowed(try filters.resolvingList(query, command: Self.self, context), to: named)
        let matches = try context.positions(markedMatching: narrowed).rows
        // Without Premium (`config premium no`), paid-only problems are passed over, even with
        // `--paid`: the user said they cannot open them, and the message below says why none is left.
        let premium = try context.practiceSettings().premium
        let candidates = matches.filter { ($0.progress?.status ?? .todo) != .solved && (premium || !context.catalog.paidOnly(at: $0.position)) }
        guard let pick = context.randomElement(of: candidates) else {
            let unsolved = matches.contains { ($0.progress?.status ?? .todo) != .solved }
            throw CLIError.failure(
                matches.isEmpty ? "no problem matches these filters."
                    : unsolved ? "every unsolved problem these filters match is paid-only (`leettrack config premium yes` offers them)."
                    : "every problem these filters match is solved.")
        }
        let problem = context.catalog.problem(at: pick.position)
        if json {
            try output.writeJSON(ProblemJSON(problem, try context.record(ofPicked: problem.slug)))
            return
        }
        output.line(Format.row(problem, marks: pick.progress, output.style))
        output.line("      \(problem.url)")
    }
}
