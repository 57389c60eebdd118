import FoundationEssentials
import Persistence

/// What `leettrack leetcode fetch` keeps of a problem's page, as LeetCode sent it (checked by
/// ``LeetCodeResponses/question(from:source:slug:)``): the statement's HTML, the starter code of
/// each language, the example test cases, the hints and the similar problems.
///
/// The text is LeetCode's: it lives in the user's store only (under `statement.<slug>`, one record
/// per problem, local to this machine: never synced or exported), never in the binary. The HTML is
/// kept as sent and parsed when shown (``document``), so a better renderer improves what was
/// fetched before.
public struct ProblemStatement: Sendable, Equatable, Codable {
    /// The problem's slug.
    public var slug: String
    /// LeetCode's internal id (what the judge's requests name), a string of digits.
    public var questionID: String
    /// The id people see (`1`).
    public var frontendID: String
    /// The title.
    public var title: String
    /// Whether the problem is for subscribers.
    public var paidOnly: Bool
    /// The statement's HTML, unparsed.
    public var content: String
    /// The starter code, one per language.
    public var snippets: [Snippet]
    /// The example test cases, each the lines of one case's input.
    public var exampleTestcases: [String]
    /// The hints, in HTML.
    public var hints: [String]
    /// The similar problems LeetCode names.
    public var similar: [SimilarProblem]
    /// The function's signature as JSON text (`metaData`), for the judge; `nil` when not given.
    public var metaData: String?
    /// When it was fetched.
    public var fetchedAt: Date

    /// A statement of these parts (made by the response's check, and by tests).
    public init(
        slug: String, questionID: String, frontendID: String, title: String, paidOnly: Bool, content: String, snippets: [Snippet],
        exampleTestcases: [String], hints: [String], similar: [SimilarProblem], metaData: String?, fetchedAt: Date
    ) {
        self.slug = slug
        self.questionID = questionID
        self.frontendID = frontendID
        self.title = title
        self.paidOnly = paidOnly
        self.content = content
        self.snippets = snippets
        self.exampleTestcases = exampleTestcases
        self.hints = hints
        self.similar = similar
        self.metaData = metaData
        self.fetchedAt = fetchedAt
    }

    /// The starter code of one language.
    public struct Snippet: Sendable, Equatable, Codable {
        /// The language's name on LeetCode (`Python3`).
        public var lang: String
        /// LeetCode's slug of the language (`python3`).
        public var langSlug: String
        /// The class and the function's signature.
        public var code: String

        /// The starter code `code` of `lang` (`langSlug`).
        public init(lang: String, langSlug: String, code: String) {
            self.lang = lang
            self.langSlug = langSlug
            self.code = code
        }
    }

    /// A problem LeetCode calls similar.
    public struct SimilarProblem: Sendable, Equatable, Codable {
        /// Its slug.
        public var slug: String
        /// Its title.
        public var title: String
        /// `Easy`, `Medium` or `Hard`, as LeetCode spells it.
        public var difficulty: String

        /// A similar problem.
        public init(slug: String, title: String, difficulty: String) {
            self.slug = slug
            self.title = title
            self.difficulty = difficulty
        }
    }

    /// The statement, parsed.
    public var document: StatementDocument { StatementHTML.parse(content) }

    /// The starter code for `langSlug`, if LeetCode has one.
    public func snippet(for langSlug: String) -> Snippet? {
        snippets.first { $0.langSlug == langSlug }
    }
}

/// The statements fetched into the store, one record per problem under `statement.<slug>`.
public struct Statements: Sendable {
    /// The store they are kept in.
    public let store: Store

    /// The prefix of the keys.
    public static let keyPrefix = "statement."

    /// The statements of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The key of one problem's statement.
    public static func key(for slug: String) -> Key<ProblemStatement?> {
        Key<ProblemStatement?>(keyPrefix + slug, default: nil)
    }

    /// The statement of `slug`, when fetched.
    /// - Throws: `PersistenceError.undecodable` for a damaged record (it is reported, never reset).
    public func statement(for slug: String) throws -> ProblemStatement? {
        // Read by `StatementJSONReader` (a fraction of `JSONDecoder`'s cost for `show`); a record
        // it does not understand (`null`, damage) goes through the store's decoder, which reads
        // `null` as none and reports damage as `undecodable`.
        guard let raw = try store.rawValue(forKey: Self.keyPrefix + slug) else { return nil }
        if let statement = StatementJSONReader.read(raw) { return statement }
        return try store.value(for: Self.key(for: slug))
    }

    /// Whether `slug`'s statement is kept (without decoding it).
    public func contains(_ slug: String) throws -> Bool {
        try store.containsValue(forKey: Self.keyPrefix + slug)
    }

    /// Keeps `statement`, replacing what was kept for its slug.
    public func save(_ statement: ProblemStatement) throws {
        try store.set(statement, for: Self.key(for: statement.slug))
    }
}

extension Tracker {
    /// The statements fetched from LeetCode.
    public var statements: Statements { Statements(store: store) }
}
