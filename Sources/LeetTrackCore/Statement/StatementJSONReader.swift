import FoundationEssentials
import Persistence

/// Reads a stored ``ProblemStatement`` record without `JSONDecoder`, as ``ProgressJSONReader``
/// reads progress records.
///
/// `show` reads one statement per run. Through `Store.value(for:)`, `JSONDecoder`'s keyed
/// containers for the statement and its nested snippets and similar problems made the runtime
/// search every protocol conformance of the program for each new type: about 1.2 M instructions,
/// a sixth of what a kept statement adds to `show` (BENCHMARKS.md, "show with a statement").
/// This reader accepts any valid JSON of the record's shape (unknown keys are skipped, so newer
/// records still read) and gives up (`nil`) on anything else, so the caller falls back to the
/// store's decoder and its precise error. The tokens are Persistence's one JSON reader's.
struct StatementJSONReader: JSONRecordReader {
    var reader: JSONReader

    mutating func record() throws -> ProblemStatement {
        var slug: String?, questionID: String?, frontendID: String?, title: String?, content: String?
        var paidOnly: Bool?, fetchedAt: Date?
        var snippets: [ProblemStatement.Snippet]?, exampleTestcases: [String]?, hints: [String]?
        var similar: [ProblemStatement.SimilarProblem]?
        var metaData: String?
        try reader.beginObject()
        while let key = try nextKey() {
            switch key {
            case "slug": slug = try string()
            case "questionID": questionID = try string()
            case "frontendID": frontendID = try string()
            case "title": title = try string()
            case "paidOnly":
                guard let value = try reader.readLiteral() else { throw NotARecord() }
                paidOnly = value
            case "content": content = try string()
            case "snippets": snippets = try snippetList()
            case "exampleTestcases": exampleTestcases = try strings()
            case "hints": hints = try strings()
            case "similar": similar = try similarList()
            case "metaData": metaData = try reader.skipNull() ? nil : try string()
            case "fetchedAt":
                let seconds = try reader.readDouble()
                guard seconds.isFinite else { throw NotARecord() }
                fetchedAt = Date(timeIntervalSinceReferenceDate: seconds)
            default: try reader.skipValue()
            }
        }
        guard let slug, let questionID, let frontendID, let title, let paidOnly, let content, let snippets, let exampleTestcases,
            let hints, let similar, let fetchedAt
        else { throw NotARecord() }
        return ProblemStatement(
            slug: slug, questionID: questionID, frontendID: frontendID, title: title, paidOnly: paidOnly, content: content,
            snippets: snippets, exampleTestcases: exampleTestcases, hints: hints, similar: similar, metaData: metaData,
            fetchedAt: fetchedAt)
    }

    private mutating func snippetList() throws -> [ProblemStatement.Snippet] {
        try stringTriples("lang", "langSlug", "code").map { ProblemStatement.Snippet(lang: $0.0, langSlug: $0.1, code: $0.2) }
    }

    private mutating func similarList() throws -> [ProblemStatement.SimilarProblem] {
        try stringTriples("slug", "title", "difficulty").map { ProblemStatement.SimilarProblem(slug: $0.0, title: $0.1, difficulty: $0.2) }
    }

    /// An array of objects that each hold the three string members `first`, `second` and
    /// `third` (other members skipped): the shape of snippets and of similar problems.
    private mutating func stringTriples(_ first: StaticString, _ second: StaticString, _ third: StaticString) throws
        -> [(String, String, String)]
    {
        var triples: [(String, String, String)] = []
        try reader.beginArray()
        while try reader.nextElement() {
            var values: (String?, String?, String?) = (nil, nil, nil)
            try reader.beginObject()
            while let key = try nextKey() {
                switch key {
                case first: values.0 = try string()
                case second: values.1 = try string()
                case third: values.2 = try string()
                default: try reader.skipValue()
                }
            }
            guard let a = values.0, let b = values.1, let c = values.2 else { throw NotARecord() }
            triples.append((a, b, c))
        }
        return triples
    }

    private mutating func strings() throws -> [String] {
        var strings: [String] = []
        try reader.beginArray()
        while try reader.nextElement() { strings.append(try string()) }
        return strings
    }
}
