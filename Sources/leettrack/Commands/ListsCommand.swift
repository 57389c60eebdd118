import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack lists [LIST]` and the editing of the user's own lists:
/// `lists create NAME`, `lists add NAME PROBLEM...`, `lists remove NAME PROBLEM...`,
/// `lists move NAME PROBLEM PLACE`, `lists reorder NAME PLACE`, `lists rename OLD NEW`,
/// `lists delete NAME [--yes]`.
struct ListsCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Show the study lists with progress, one list's problems, or edit your own lists.",
        discussion: """
            lists                      all lists, built-in then yours (in your order),
                                       with progress
            lists LIST                 one list's problems, in its order (by topic section
                                       for neetcode-150, blind-75 and neetcode-all)
            lists LIST --sections      each section's progress
            lists create NAME          a new, empty list of your own
            lists add NAME PROBLEM...  append problems (ids, slugs or title words)
            lists remove NAME PROBLEM...
            lists move NAME PROBLEM PLACE
                                       put a problem at a place (1 is the first)
            lists reorder NAME PLACE   put one of your lists at a place among yours
            lists rename OLD NEW
            lists delete NAME          asks first, unless --yes

            Your lists work everywhere a list does: `leettrack list --list NAME`,
            `random --list NAME`.
            """)

    @Argument(
        help: ArgumentHelp("A list's key or name (e.g. blind-75), or create, add, remove, move, reorder, rename, delete.", valueName: "list"),
        completion: .lists)
    var first: String?
    @Argument(help: ArgumentHelp("The subcommand's list names and problems.", valueName: "arguments"), completion: .problems)
    var rest: [String] = []
    @Flag(name: .shortAndLong, help: "Do not ask before deleting a list.") var yes = false
    @Flag(name: .customLong("sections"), help: "With a list that has topic sections: only each section's progress, not its problems.")
    var sectionsOnly = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse {
        guard let first, ["create", "add", "remove", "move", "reorder", "rename", "delete"].contains(first) else { return .reading }
        return Self.mayNameOlderList(first, rest) ? .reading : .writing
    }

    /// Whether `lists move` or `lists reorder` alone may stand for a list an older build let the
    /// user name so (``OwnLists/laterSubcommands``): shown when it exists, a usage error otherwise.
    private static func mayNameOlderList(_ first: String, _ rest: [String]) -> Bool {
        rest.isEmpty && OwnLists.laterSubcommands.contains(first)
    }

    enum Action {
        case showAll
        case show(String)
        case create(String)
        case add(String, [Problem])
        case remove(String, [Problem])
        /// Removing slugs the catalog does not have (a problem LeetCode removed, or one from a newer
        /// catalog): they can still stand in a list, and this is the way to take them out.
        case removeUnknown(String, [String])
        case move(String, Problem, place: Int)
        case reorder(String, place: Int)
        case rename(String, String)
        case delete(String, confirmed: Bool)
    }

    private func action(_ catalog: Catalog) throws -> Action {
        guard let first else { return .showAll }
        let rest = self.rest
        func exactly(_ count: Int, _ names: String) throws {
            if rest.count < count { throw Self.usageError("'lists \(first)' needs \(names)") }
            if rest.count > count { throw Self.usageError("unexpected argument '\(rest[count])' (quote a name with spaces)") }
        }
        switch first {
        case "create":
            try exactly(1, "a NAME")
            return .create(rest[0])
        case "add", "remove":
            guard rest.count >= 2 else { throw Self.usageError("'lists \(first)' needs a list NAME and at least one PROBLEM") }
            let names = Array(rest.dropFirst())
            if first == "remove", let slugs = Self.unknownSlugs(names, catalog) { return .removeUnknown(rest[0], slugs) }
            let problems = try catalog.resolve(names)
            return first == "add" ? .add(rest[0], problems) : .remove(rest[0], problems)
        case "move":
            try exactly(3, "a list NAME, a PROBLEM and its new PLACE")
            return .move(rest[0], try catalog.resolve(rest[1]), place: try Self.place(rest[2], "a place in a list"))
        case "reorder":
            try exactly(2, "one of your lists' NAME and its new PLACE")
            return .reorder(rest[0], place: try Self.place(rest[1], "a place among your lists"))
        case "rename":
            try exactly(2, "the OLD and the NEW name")
            return .rename(rest[0], rest[1])
        case "delete":
            try exactly(1, "a NAME")
            return .delete(rest[0], confirmed: yes)
        default:
            if !rest.isEmpty { throw Self.usageError("unexpected argument '\(rest[0])' (quote a name with spaces)") }
            return .show(first)
        }
    }

    /// A place typed on the command line: a whole number from 1, or a usage error saying what it is (`what`).
    static func place(_ text: String, _ what: String) throws -> Int {
        guard let place = Int(text), place > 0 else {
            throw usageError("'\(Format.outside(text))' is not \(what); use a whole number from 1 (the first)")
        }
        return place
    }

    /// The slugs `names` are when every one of them is a well-formed slug the catalog does not
    /// have (``OrphanRecords/unknownSlug(_:_:)``); `nil` otherwise (the catalog then resolves the
    /// names, ids and titles as usual).
    static func unknownSlugs(_ names: [String], _ catalog: Catalog) -> [String]? {
        var slugs: [String] = []
        for name in names {
            guard let slug = OrphanRecords.unknownSlug(name, catalog) else { return nil }
            if !slugs.contains(slug) { slugs.append(slug) }
        }
        return slugs
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        if let first, Self.mayNameOlderList(first, rest), let list = try context.ownLists().first(where: { $0.key == first }) {
            return try show(list, context, output)
        }
        let action = try action(context.catalog)
        switch action {
        case .showAll: try showAll(context, output)
        case .show(let name): try show(try context.list(named: name), context, output)
        default: try ListEditing(json: json, context: context, output: output).run(action)
        }
    }

    private func show(_ list: StudyList, _ context: CommandContext, _ output: CommandOutput) throws {
        var query = ProblemQuery()
        query.list = list
        let sections = context.catalog.sections(of: list)
        if sectionsOnly, sections.isEmpty {
            throw LeetTrackError.listWithoutSections(list.key, sectioned: context.catalog.sectionedListKeys)
        }
        let skipped = Set(try context.practiceSettings().skipped)
        if json, !sectionsOnly {
            // Each problem's history too: the records.
            let (problems, progress) = try context.problems(matching: query)
            var sectionOf: [String: String] = [:]
            for section in sections { for slug in section.slugs { sectionOf[slug] = section.name } }
            return try output.writeJSON(problems.map {
                ProblemJSON($0, progress[$0.slug], section: sectionOf[$0.slug], skipped: skipped.contains($0.slug))
            })
        }
        // The rows and counts show marks alone, read by key for the list's problems (every record
        // of the store was read, and the list's decoded, to show 150 rows).
        let (problems, progress) = try context.catalog.problems(matching: query) { slugs in try context.marks(ofSlugs: slugs.sorted()) }
        if json { return try output.writeJSON(sections.map { SectionJSON($0, progress: progress) }) }
        let style = output.style
        output.line(style.bold(Format.outside(list.name)) + (list.isOwn ? style.dim("  (your list)") : ""))
        // Slugs the catalog does not have stay in the list until taken out: said, with the way out.
        let unknown = list.slugs.filter { context.catalog.position(ofSlug: $0) == nil }
        func sayUnknown() {
            guard !unknown.isEmpty else { return }
            output.line(style.dim("Not in the catalog: \(unknown.map(Format.outside).joined(separator: ", "))"
                + " (`leettrack lists remove \(Format.argument(list.key)) SLUG` takes one out)"))
        }
        if problems.isEmpty {
            output.line("No problems yet. Add some with `leettrack lists add \(Format.argument(list.key)) PROBLEM...`.")
            return sayUnknown()
        }
        if sections.isEmpty {
            output.rows(problems, progress, skipped: skipped)
        } else {
            let bySlug = Dictionary(problems.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
            for section in sections {
                if !sectionsOnly { output.line() }
                output.line(Self.sectionLine(SectionJSON(section, progress: progress), style))
                if !sectionsOnly { output.rows(section.slugs.compactMap { bySlug[$0] }, progress, skipped: skipped) }
            }
            output.line()
        }
        let solved = problems.filter { progress[$0.slug]?.status == .solved }.count
        output.line(style.dim("\(solved) of \(problems.count) solved"))
        sayUnknown()
        if !sections.isEmpty {
            output.line(style.dim("One section: `leettrack list --list \(list.key) --section NAME`; the next problem: "
                + "`leettrack next --list \(list.key)`."))
        }
    }

    /// `Two Pointers              2 / 5   ████░░░░░░  +1 attempted`.
    static func sectionLine(_ section: SectionJSON, _ style: TextStyle) -> String {
        "\(Format.fit(section.name, 24))  " + progress(section.solved, of: section.total, attempted: section.attempted, barWidth: 12, style)
    }

    /// `  2 / 5    ████░░░░  +1 attempted`: a list's or a section's solved problems of its total, as
    /// counts and a bar of `barWidth` cells, and how many more were attempted.
    private static func progress(_ solved: Int, of total: Int, attempted: Int, barWidth: Int, _ style: TextStyle) -> String {
        Format.right("\(solved)", 3) + " / " + Format.fit("\(total)", 3) + "  " + style.green(Format.bar(solved, of: total, width: barWidth))
            + (attempted > 0 ? style.dim("  +\(attempted) attempted") : "")
    }

    private func showAll(_ context: CommandContext, _ output: CommandOutput) throws {
        let style = output.style
        let lists = context.catalog.studyLists + (try context.ownLists())
        // Every list's problems, some 700: their marks from every summary cost less than a read by key for each.
        let listed = Set(lists.flatMap(\.slugs))
        let progress = try context.marks { listed.contains($0) }
        let summaries = lists.map { ListSummaryJSON($0, progress: progress, catalog: context.catalog) }
        if json { return try output.writeJSON(summaries) }
        var shownOwnHeading = false
        for summary in summaries {
            if summary.own, !shownOwnHeading {
                output.line(style.bold("Your lists"))
                shownOwnHeading = true
            }
            output.line("\(Format.fit(summary.key, 18))  \(Format.fit(summary.name, 18))  "
                + Self.progress(summary.solved, of: summary.total, attempted: summary.attempted, barWidth: 20, style))
        }
        output.line(style.dim("Show one with `leettrack lists KEY`; filter with `leettrack list --list KEY`; "
            + "make your own with `leettrack lists create NAME`."))
    }
}
