import FoundationEssentials

/// How hard LeetCode rates a problem.
public enum Difficulty: String, CaseIterable, Codable, Sendable, Comparable {
    /// LeetCode's "Easy".
    case easy
    /// LeetCode's "Medium".
    case medium
    /// LeetCode's "Hard".
    case hard

    /// The word LeetCode shows: `Easy`, `Medium` or `Hard`.
    public var displayName: String {
        switch self {
        case .easy: "Easy"
        case .medium: "Medium"
        case .hard: "Hard"
        }
    }

    /// Easy < Medium < Hard.
    public static func < (lhs: Difficulty, rhs: Difficulty) -> Bool {
        lhs.rank < rhs.rank
    }

    /// Easy 0, Medium 1, Hard 2: the order, and a difficulty's slot in a table of three
    /// (inlinable: the listings' rows look it up once each).
    @inlinable public var rank: Int {
        switch self {
        case .easy: 0
        case .medium: 1
        case .hard: 2
        }
    }

    init(rank: UInt8) {
        switch rank {
        case 0: self = .easy
        case 1: self = .medium
        default: self = .hard
        }
    }
}

/// One problem of the catalog, as LeetCode describes it.
public struct Problem: Sendable, Hashable, Identifiable, Codable {
    /// LeetCode's frontend id (`1` is Two Sum).
    public var id: Int
    /// The problem's unique name in LeetCode's URLs (`two-sum`); progress is keyed by it.
    public var slug: String
    /// The title as LeetCode shows it.
    public var title: String
    /// Easy, medium or hard.
    public var difficulty: Difficulty
    /// Whether only LeetCode Premium subscribers can open it.
    public var paidOnly: Bool
    /// LeetCode's category: Algorithms, Database, Shell, Concurrency, JavaScript or pandas.
    public var category: String
    /// LeetCode's topic tags, in LeetCode's order.
    public var tags: [String]
    /// The share of accepted submissions, as a percentage from 0 to 100.
    public var acceptance: Double
    /// zerotrac's contest rating (an Elo-style number, about 1,100 to 3,800), rounded; `nil` for a
    /// problem that never appeared in a weekly or biweekly contest. Left out of JSON when `nil`, so
    /// stored problems of older versions read and write the same bytes.
    /// The contest it was rated in is ``Catalog/contest(at:)``: built only by the commands that show it.
    public var rating: Int?

    /// Creates a problem from its parts.
    public init(
        id: Int, slug: String, title: String, difficulty: Difficulty, paidOnly: Bool,
        category: String, tags: [String], acceptance: Double, rating: Int? = nil
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.difficulty = difficulty
        self.paidOnly = paidOnly
        self.category = category
        self.tags = tags
        self.acceptance = acceptance
        self.rating = rating
    }

    /// The problem's page on LeetCode.
    public var url: String { "https://leetcode.com/problems/\(slug)/" }
}

/// A named, ordered list of problems to study, such as Blind 75.
public struct StudyList: Sendable, Hashable {
    /// The list's key, used on the command line (`blind-75`).
    public var key: String
    /// The list's display name (`Blind 75`).
    public var name: String
    /// The slugs of its problems, in the list's own order.
    public var slugs: [String]
    /// Whether the user made it (`leettrack lists create`), rather than it shipping with the catalog.
    public var isOwn: Bool

    /// The display names of the shipped lists by key (the same table `scripts/generate-catalog.py` uses).
    public static let displayNames: [String: String] = [
        "blind-75": "Blind 75", "neetcode-150": "NeetCode 150", "grind-75": "Grind 75",
        "grind-169": "Grind 169", "leetcode-75": "LeetCode 75", "top-interview-150": "Top Interview 150",
        "neetcode-all": "NeetCode All",
    ]

    /// Creates a study list.
    public init(key: String, name: String, slugs: [String], isOwn: Bool = false) {
        self.key = key
        self.name = name
        self.slugs = slugs
        self.isOwn = isOwn
    }
}
