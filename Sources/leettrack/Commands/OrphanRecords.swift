import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// The records of problems the catalog does not know: imported, synced from a machine with a newer
/// catalog, or of a problem LeetCode removed. No catalog entry gives them a name, so they are
/// named by their slug alone: `show SLUG`, `reset SLUG [--forget]` and `list --status …` reach
/// them, and once forgotten nothing of them is left (`doctor` is green again).
///
/// Looked up only by an exact slug with a stored record, before the catalog's resolver: the
/// resolver never guesses a catalog problem for a name that is exactly such a record's slug.
enum OrphanRecords {
    /// The slug `name` is when it is a slug the catalog does not have and the store holds a record
    /// under it; else `nil`. Costs one key lookup.
    static func slug(named name: String, _ context: CommandContext) throws -> String? {
        guard context.storeExists, let slug = unknownSlug(name, context.catalog) else { return nil }
        return try context.tracker().store.rawValue(forKey: ProgressRepository.key(for: slug).name) != nil ? slug : nil
    }

    /// The slug `name` is when it is a well-formed slug the catalog does not have; `nil` for ids
    /// (`1`, `#1`, `1,2`, `1-2`: a name without letters), a slug the catalog has, and words (a title typed
    /// in words), which are the catalog's resolver's to answer.
    static func unknownSlug(_ name: String, _ catalog: Catalog) -> String? {
        let slug = name.trimmedOfWhitespace
        guard Catalog.ids(in: slug) == nil, catalog.position(ofSlug: slug) == nil, InputRules.isSlug(slug) else { return nil }
        return slug
    }

    /// The slugs `names` are when every one of them names an orphan record (see ``slug(named:_:)``);
    /// `nil` otherwise, and then the catalog resolves the names as usual.
    static func slugs(named names: [String], _ context: CommandContext) throws -> [String]? {
        guard !names.isEmpty else { return nil }
        var slugs: [String] = []
        for name in names {
            guard let slug = try slug(named: name, context) else { return nil }
            if !slugs.contains(slug) { slugs.append(slug) }
        }
        return slugs
    }

    /// Whether a listing's `query` can match an orphan: only a query of statuses and the favorites
    /// mark, which an orphan has; any filter of the catalog's (difficulty, tag, list, text…) matches none.
    static func canMatch(_ query: ProblemQuery) -> Bool {
        (!query.statuses.isEmpty || query.favoritesOnly) && query.difficulties.isEmpty && query.tags.isEmpty
            && query.category == nil && query.list == nil && query.paidOnly == nil && query.text == nil
    }

    /// The orphans among `orphans` (as ``CommandContext/positions(markedMatching:findsOrphans:)`` lends them) that
    /// `query` matches, with their records, in slug order.
    /// - Complexity: a read of the matching orphans' records only.
    static func matching(
        _ query: ProblemQuery, among orphans: [(slug: String, marks: ProblemMarks)], _ context: CommandContext
    ) throws -> [(slug: String, record: ProblemProgress)] {
        try orphans.filter { matches(query, $0.marks) }.map(\.slug).sorted().map { (slug: $0, record: try context.progress(for: $0)) }
    }

    /// Whether an orphan with `marks` has the statuses and the favorite mark `query` asks for
    /// (a query ``canMatch(_:)`` allows).
    static func matches(_ query: ProblemQuery, _ marks: some ProgressMarks) -> Bool {
        (query.statuses.isEmpty || query.statuses.contains(marks.status)) && (!query.favoritesOnly || marks.favorite)
    }

    /// A listing's row for an orphan: its slug as its name, and its marks.
    static func row(_ slug: String, _ record: ProblemProgress, _ style: TextStyle) -> String {
        Format.fit("   -", 6) + Format.fit(Format.outside(slug), 48) + "  " + style.dim(Format.fit("not in the catalog", 26))
            + Format.statusWord(record.status, style) + (record.favorite ? " " + style.magenta("♥") : "")
    }

    /// `show SLUG` of an orphan: what the store holds, and what to do with it.
    static func show(_ slug: String, json: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        let record = try context.progress(for: slug)
        if json { return try output.writeJSON(JSON(slug, record, withHistory: true)) }
        let style = output.style
        output.line(style.bold(Format.outside(slug)) + style.dim("  (not in the catalog: `leettrack catalog update` may add it)"))
        let rows: [(String, String)] = [
            ("Status", Format.statusWord(record.status, style)),
            ("Favorite", record.favorite ? style.magenta("♥ yes") : "no"),
            ("Note", record.note.isEmpty ? "-" : Format.outside(record.note).replacing("\n", with: "\n" + String(repeating: " ", count: 12))),
        ]
        for (label, value) in rows { output.line(Format.fit(label + ":", 12) + value) }
        ShowCommand.printHistory(record.events, in: context.timeZone, output)
        output.line(style.dim("`leettrack reset \(slug) --forget` removes it: history, favorite and note."))
    }

    /// An orphan in a listing's or `show`'s JSON: the fields of a catalog problem it has, its slug
    /// as its title, and `inCatalog: false`.
    struct JSON: Encodable {
        let slug: String
        let title: String
        let inCatalog = false
        let status: String
        let favorite: Bool
        let note: String?
        let history: [EventJSON]?

        init(_ slug: String, _ record: ProblemProgress, withHistory: Bool = false) {
            self.slug = slug
            title = slug
            status = record.status.rawValue
            favorite = record.favorite
            note = record.note.isEmpty ? nil : record.note
            history = withHistory ? record.events.map(EventJSON.init) : nil
        }
    }

    /// A listing's JSON entry: a catalog problem or an orphan.
    enum Entry: Encodable {
        case problem(ProblemJSON)
        case orphan(JSON)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .problem(let problem): try container.encode(problem)
            case .orphan(let orphan): try container.encode(orphan)
            }
        }
    }
}
