import FoundationEssentials
import Persistence

/// Builds exports of a store: the JSON document (``ExchangeDocument``) and the CSV table.
public struct Exporter: Sendable {
    /// The catalog that supplies ids, titles and difficulties.
    public let catalog: Catalog

    /// An exporter naming problems from `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Everything the user owns in `records` (progress by slug, as ``ProgressRepository`` reads it).
    /// A record that says nothing (``ProblemProgress/isEmpty``: one kept only for the time its
    /// favorite mark was taken off or its note cleared) is no problem touched, and is left out.
    public func document(of records: [String: ProblemProgress]) -> ExchangeDocument {
        ExchangeDocument(problems: records.filter { !$0.value.isEmpty }.map { slug, progress in
            let position = catalog.position(ofSlug: slug)
            return ExchangeProblem(
                slug: slug, id: position.map(catalog.id(at:)), title: position.map(catalog.title(at:)), progress: progress)
        })
    }

    /// Everything the user owns in `store`: progress with review cards, own lists, and the review
    /// settings when they were changed.
    /// - Parameter progress: the progress records, when the caller already read them (leaving out
    ///   those that do not decode); read from `store` when `nil`.
    /// - Throws: `PersistenceError`, including `undecodable` naming a record that does not decode.
    public func document(of store: Store, progress: [String: ProblemProgress]? = nil) throws -> ExchangeDocument {
        var document = document(of: try progress ?? ProgressRepository(store: store, clock: .system).allProgress())  // Reads only: no time is taken.
        // A list record that does not decode is left out (the command line warns about it).
        // In the user's order: the file's order is the lists' order (an import that replaces keeps it).
        document.lists = OwnLists.ordered(try store.readableValues(withKeyPrefix: OwnLists.keyPrefix, as: OwnLists.Record.self).values)
            .map { ExchangeList(name: $0.value.name, created: $0.value.created, problems: $0.value.problems) }
        if try store.containsValue(forKey: ReviewSettings.key.name) {
            document.reviewSettings = try store.value(for: ReviewSettings.key)
        }
        if try store.containsValue(forKey: PracticeSettings.key.name) {
            let practice = try store.value(for: PracticeSettings.key)
            document.practiceSettings = practice == PracticeSettings() ? nil : practice
        }
        return document
    }

    /// The CSV columns, in order.
    public static let csvColumns = [
        "id", "slug", "title", "difficulty", "status", "favorite", "note", "note_updated", "solved_count",
        "attempted_count", "first_solved", "last_solved", "last_activity", "review_due",
    ]

    /// One CSV row per problem touched (a record that says nothing is left out, as from the
    /// document), in id order (problems the catalog does not know last, by slug), under a header
    /// row. RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled, and rows
    /// end in CRLF; instants are UTC ISO 8601. A field starting with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return gets a leading `'`, so no cell runs as a formula.
    public func csv(of records: [String: ProblemProgress]) -> String {
        var output = CSV.row(Self.csvColumns)
        let rows = records.filter { !$0.value.isEmpty }
            .map { slug, progress in (slug: slug, position: catalog.position(ofSlug: slug), progress: progress) }
            .sorted { left, right in
                switch (left.position, right.position) {
                case (let l?, let r?): return l < r
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return left.slug.utf8.lexicographicallyPrecedes(right.slug.utf8)
                }
            }
        for row in rows {
            let problem = row.position.map(catalog.problem(at:))
            let progress = row.progress
            let solves = progress.events.filter { $0.kind == .solved }.map(\.date)
            let time = { (date: Date?) in date.map(UTCTimestamp.string(from:)) ?? "" }
            output += CSV.row([
                problem.map { String($0.id) } ?? "", row.slug, problem?.title ?? "", problem?.difficulty.rawValue ?? "",
                progress.status.rawValue, progress.favorite ? "true" : "false", progress.note, time(progress.noteUpdated),
                String(solves.count), String(progress.events.filter { $0.kind == .attempted }.count),
                time(solves.min()), time(solves.max()), time(progress.lastActivity), time(progress.review?.due),
            ])
        }
        return output
    }
}

/// Comma-separated values as RFC 4180 has them.
enum CSV {
    /// One row, ending in CRLF.
    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// The first characters that make a spreadsheet read a cell as a formula (`=HYPERLINK(…)` in a
    /// note would run when the file is opened); OWASP's list for CSV injection.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A field, neutralised with a leading `'` when a spreadsheet would read it as a formula, and
    /// quoted when it holds a comma, a quote, a line break, or spaces at either end (which some
    /// readers would otherwise trim).
    static func field(_ raw: String) -> String {
        let text = raw.unicodeScalars.first.map(formulaStarts.contains) == true ? "'" + raw : raw
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
