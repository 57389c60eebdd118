import FoundationEssentials

/// A problem list as LeetCode's own JSON responses give it, in either shape:
///
/// - REST `api/problems/all`: `stat_status_pairs[]` with `stat.frontend_question_id`,
///   `stat.question__title`, `stat.question__title_slug`, `difficulty.level` (1, 2, 3),
///   `paid_only`, the user's `status` (`"ac"`, `"notac"`, null) and, when present,
///   `stat.total_acs` / `stat.total_submitted` for the acceptance;
/// - GraphQL `problemsetQuestionList`: `data.problemsetQuestionList.questions[]` with
///   `questionFrontendId` (or `frontendQuestionId`), `title`, `titleSlug`, `difficulty`,
///   `paidOnly`, `acRate`, `topicTags[].name` (and `status`, with the same words as REST).
public struct LeetCodeProblemList: Sendable, Equatable {
    /// Which response the file was.
    public enum Shape: String, Sendable, Codable {
        /// `api/problems/all`.
        case rest = "LeetCode api/problems/all"
        /// GraphQL `problemsetQuestionList`.
        case graphQL = "LeetCode GraphQL problemsetQuestionList"
    }

    /// One problem as the file describes it; what the shape does not carry is `nil`.
    public struct Entry: Sendable, Equatable, Codable {
        /// The frontend id.
        public var id: Int
        /// The title.
        public var title: String
        /// The slug.
        public var slug: String
        /// The difficulty.
        public var difficulty: Difficulty
        /// Whether it needs Premium.
        public var paidOnly: Bool
        /// The acceptance in percent, when the file has it.
        public var acceptance: Double?
        /// Topic tags, when the file has them (GraphQL only).
        public var tags: [String]?
        /// The user's status: `ac`, `notac`, or `nil`.
        public var status: String?
    }

    /// The shape read.
    public var shape: Shape
    /// The problems, in file order.
    public var entries: [Entry]

    /// A list of `entries`, already checked (``LeetCodePull`` joins the pages it read).
    public init(shape: Shape, entries: [Entry]) {
        self.shape = shape
        self.entries = entries
    }

    /// Reads either shape, and checks every entry against ``InputRules``: ids, slugs, titles and
    /// tags, and an acceptance that is a finite percentage (REST counts that are not negative,
    /// with no more accepted than submitted). A file that breaks a rule is refused whole.
    /// - Throws: ``ExchangeError`` naming the file, with a line and column for a syntax error or
    ///   the path of a missing or wrong field (`stat_status_pairs[3].stat.total_acs`).
    public static func read(_ data: Data, file: String) throws(ExchangeError) -> LeetCodeProblemList {
        let response = try JSONFile.decode(Response.self, from: data, file: file)
        do throws(InputRules.Violation) {
            if let pairs = response.stat_status_pairs {
                var entries: [Entry] = []
                var seen = SeenEntries()
                for (index, pair) in pairs.enumerated() {
                    let path = "stat_status_pairs[\(index)]"
                    var acceptance: Double?
                    if let accepted = pair.stat.total_acs, let submitted = pair.stat.total_submitted {
                        try InputRules.check(count: accepted, maximum: Int.max, at: "\(path).stat.total_acs", what: "total_acs")
                        try InputRules.check(count: submitted, maximum: Int.max, at: "\(path).stat.total_submitted", what: "total_submitted")
                        if accepted > submitted {
                            throw InputRules.Violation("\(path).stat.total_acs", "\(accepted) accepted is more than \(submitted) submitted")
                        }
                        if submitted > 0 { acceptance = Double(accepted) / Double(submitted) * 100 }
                    }
                    let entry = Entry(
                        id: pair.stat.frontend_question_id.value, title: pair.stat.question__title, slug: pair.stat.question__title_slug,
                        difficulty: pair.difficulty.level, paidOnly: pair.paid_only, acceptance: acceptance, tags: nil, status: pair.status)
                    try check(entry, at: path, fields: ("stat.frontend_question_id", "stat.question__title", "stat.question__title_slug", "stat"))
                    try seen.add(entry, at: path, idField: "stat.frontend_question_id", slugField: "stat.question__title_slug")
                    entries.append(entry)
                }
                return LeetCodeProblemList(shape: .rest, entries: entries)
            }
            if let questions = response.data?.problemsetQuestionList?.questions {
                var entries: [Entry] = []
                var seen = SeenEntries()
                for (index, question) in questions.enumerated() {
                    let entry = Entry(
                        id: question.id, title: question.title, slug: question.titleSlug, difficulty: question.difficulty,
                        paidOnly: question.paidOnly, acceptance: question.acRate, tags: question.topicTags?.map(\.name),
                        status: question.status)
                    let path = "data.problemsetQuestionList.questions[\(index)]"
                    try check(entry, at: path, fields: ("questionFrontendId", "title", "titleSlug", "acRate"))
                    try seen.add(entry, at: path, idField: "questionFrontendId", slugField: "titleSlug")
                    entries.append(entry)
                }
                return LeetCodeProblemList(shape: .graphQL, entries: entries)
            }
        } catch {
            throw .invalidContent(file: file, path: error.path, reason: error.reason)
        }
        throw .wrongKind(
            file: file,
            expected: "a LeetCode problem list: expected \"stat_status_pairs\" (api/problems/all) or "
                + "\"data.problemsetQuestionList.questions\" (GraphQL)")
    }

    /// The ids and slugs of the entries read so far, with where each was: a list that names one id
    /// or one slug twice is refused. Taken as it came, two entries with id 1 made the update
    /// "rename" `two-sum` to the second one's slug while the catalog kept the first, and the
    /// user's progress under `two-sum` was moved where no command shows it.
    private struct SeenEntries {
        private var ids: [Int: String] = [:]
        private var slugs: [String: String] = [:]

        mutating func add(_ entry: Entry, at path: String, idField: String, slugField: String) throws(InputRules.Violation) {
            if let first = ids.updateValue(path, forKey: entry.id) {
                throw InputRules.Violation("\(path).\(idField)", "problem id \(entry.id) appears twice (also at \(first))")
            }
            if let first = slugs.updateValue(path, forKey: entry.slug) {
                throw InputRules.Violation("\(path).\(slugField)", "the slug '\(entry.slug)' appears twice (also at \(first))")
            }
        }
    }

    /// Checks one entry; `fields` are the shape's names for the id, title, slug and acceptance.
    static func check(_ entry: Entry, at path: String, fields: (id: String, title: String, slug: String, acceptance: String)) throws(InputRules.Violation) {
        if !(1...InputRules.maximumProblemID).contains(entry.id) {
            throw InputRules.Violation("\(path).\(fields.id)", "\(entry.id) is not a problem id")
        }
        try InputRules.check(text: entry.title, at: "\(path).\(fields.title)", what: "title")
        try InputRules.check(slug: entry.slug, at: "\(path).\(fields.slug)")
        if let acceptance = entry.acceptance {
            try InputRules.check(acceptance, in: 0...100, at: "\(path).\(fields.acceptance)", what: "acceptance")
        }
        if let tags = entry.tags {
            if tags.count > InputRules.maximumTags { throw InputRules.Violation("\(path).topicTags", "more than \(InputRules.maximumTags) tags") }
            for (index, tag) in tags.enumerated() {
                try InputRules.check(text: tag, at: "\(path).topicTags[\(index)].name", what: "tag", limit: 60)
            }
        }
        if let status = entry.status, status.utf8.count > 20 || status.unicodeScalars.contains(where: InputRules.isControlOrBidi) {
            throw InputRules.Violation("\(path).status", "'\(status.prefix(20))' is not a status (ac, notac or null)")
        }
    }

    // MARK: The JSON shapes (field names are LeetCode's)

    private struct Response: Decodable {
        var stat_status_pairs: [Pair]?
        var data: GraphQLData?
    }

    private struct Pair: Decodable {
        var stat: Stat
        var difficulty: Level
        var paid_only: Bool
        var status: String?
    }

    private struct Stat: Decodable {
        var frontend_question_id: FlexibleID
        var question__title: String
        var question__title_slug: String
        var total_acs: Int?
        var total_submitted: Int?
    }

    private struct Level: Decodable {
        var level: Difficulty

        enum CodingKeys: String, CodingKey { case level }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let level = try container.decode(Int.self, forKey: .level)
            try container.require((1...3).contains(level), at: .level, "\(level) is not a difficulty level (1, 2 or 3)")
            self.level = Difficulty(rank: UInt8(level - 1))
        }
    }

    private struct GraphQLData: Decodable {
        var problemsetQuestionList: QuestionList?
    }

    private struct QuestionList: Decodable {
        var questions: [Question]
    }

    struct Question: Decodable {
        var id: Int
        var title: String
        var titleSlug: String
        var difficulty: Difficulty
        var paidOnly: Bool
        var acRate: Double?
        var topicTags: [Tag]?
        var status: String?

        struct Tag: Decodable { var name: String }

        enum CodingKeys: String, CodingKey {
            case questionFrontendId, frontendQuestionId, title, titleSlug, difficulty, paidOnly, acRate, topicTags, status
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = try container.decodeIfPresent(FlexibleID.self, forKey: .questionFrontendId)
                ?? container.decodeIfPresent(FlexibleID.self, forKey: .frontendQuestionId)
            else {
                throw DecodingError.keyNotFound(
                    CodingKeys.questionFrontendId,
                    .init(codingPath: container.codingPath, debugDescription: "questionFrontendId or frontendQuestionId is missing"))
            }
            self.id = id.value
            title = try container.decode(String.self, forKey: .title)
            titleSlug = try container.decode(String.self, forKey: .titleSlug)
            let word = try container.decode(String.self, forKey: .difficulty)
            guard let difficulty = Difficulty(rawValue: word.lowercased()) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .difficulty, in: container, debugDescription: "'\(word)' is not Easy, Medium or Hard")
            }
            self.difficulty = difficulty
            paidOnly = try container.decodeIfPresent(Bool.self, forKey: .paidOnly) ?? false
            acRate = try container.decodeIfPresent(Double.self, forKey: .acRate)
            topicTags = try container.decodeIfPresent([Tag].self, forKey: .topicTags)
            status = try container.decodeIfPresent(String.self, forKey: .status)
        }
    }

    /// An id given as a number (REST) or as digits in a string (GraphQL).
    struct FlexibleID: Decodable {
        var value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {  // Not a number: try the string form below.
                value = number
                return
            }
            let text = try container.decode(String.self)
            guard let number = Int(text), number > 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a problem id")
            }
            value = number
        }
    }
}
