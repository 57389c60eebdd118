import FoundationEssentials

/// Contest ratings in zerotrac's shape (`leetcode_problem_rating`'s `data.json`, MIT; the copy the
/// catalog was generated from is `Catalog/Data/ratings/zerotrac-ratings.json`): an array of
/// `{"Rating": 1532.4, "ID": 3235, "TitleSlug": "…", "ContestID_en": "…", "ProblemIndex": "Q4", …}`.
///
/// `leettrack catalog update` reads a newer copy of that file the way it reads LeetCode's problem
/// lists, and lays its ratings over the catalog (``CatalogUpdater/apply(_:source:date:)``).
public struct ContestRatings: Sendable, Equatable {
    /// One rated problem.
    public struct Entry: Sendable, Equatable {
        /// The frontend id.
        public var id: Int
        /// The slug.
        public var slug: String
        /// The rating, rounded to a whole number (zerotrac's decimals are the estimate's noise).
        public var rating: Int
    }

    /// The ratings, in file order.
    public var entries: [Entry]

    /// Ratings are Elo-style numbers: LeetCode's whole range is about 1,100 to 3,800. Anything
    /// outside `0 < r < 5000` is not a rating but a damaged or hostile file.
    public static let validRange = 0.0..<5000.0

    /// The shape name a catalog update records when only ratings were ever read.
    public static let shape = "zerotrac contest ratings"

    /// Ratings already checked.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether `data` looks like zerotrac's file rather than a LeetCode problem list: its JSON
    /// starts with an array (LeetCode's responses are objects).
    public static func looksLikeRatings(_ data: Data) -> Bool {
        data.first { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "[")
    }

    /// Reads zerotrac's shape and checks every entry: an id and a slug as ``InputRules`` wants them
    /// and a finite rating with `0 < r < 5000`. A file that breaks a rule, or names one id or
    /// slug twice, is refused whole.
    /// - Throws: ``ExchangeError`` naming the file and the offending entry (`[3].Rating`).
    public static func read(_ data: Data, file: String) throws(ExchangeError) -> ContestRatings {
        let raw = try JSONFile.decode([RawEntry].self, from: data, file: file)
        var entries: [Entry] = []
        entries.reserveCapacity(raw.count)
        var ids = Set<Int>()
        var slugs = Set<String>()
        do throws(InputRules.Violation) {
            for (index, item) in raw.enumerated() {
                if !(1...InputRules.maximumProblemID).contains(item.id) {
                    throw InputRules.Violation("[\(index)].ID", "\(item.id) is not a problem id")
                }
                try InputRules.check(slug: item.slug, at: "[\(index)].TitleSlug")
                guard item.rating.isFinite, item.rating > validRange.lowerBound, item.rating < validRange.upperBound else {
                    throw InputRules.Violation("[\(index)].Rating", "\(item.rating) is not a contest rating (0 < rating < 5000)")
                }
                if !ids.insert(item.id).inserted {
                    throw InputRules.Violation("[\(index)].ID", "problem id \(item.id) appears twice")
                }
                if !slugs.insert(item.slug).inserted {
                    throw InputRules.Violation("[\(index)].TitleSlug", "the slug '\(item.slug)' appears twice")
                }
                entries.append(Entry(id: item.id, slug: item.slug, rating: Int(item.rating.rounded())))
            }
        } catch {
            throw .invalidContent(file: file, path: error.path, reason: error.reason)
        }
        return ContestRatings(entries: entries)
    }

    /// The ratings `text` names for `list --rating`: `1400..1800`, `1400..` (and above) or `..1800`
    /// (and below), both ends included.
    /// - Throws: ``InputRules/Violation`` saying what a range looks like, for a text that is not one
    ///   (a reversed range, a number above 5,000 or of many digits, anything but digits and `..`).
    public static func range(parsing text: String) throws(InputRules.Violation) -> ClosedRange<Int> {
        let shape = "give a range of contest ratings like 1400..1800, 1400.. or ..1800"
        let parts = text.trimmedOfWhitespace.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw InputRules.Violation("--rating", "'\(String(text.prefix(40)).lineFeedsEscaped)' is not a range: \(shape)") }
        func bound(_ part: Substring) throws(InputRules.Violation) -> Int? {
            let digits = part.trimmedOfWhitespace
            if digits.isEmpty { return nil }
            guard digits.utf8.count <= 4, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits) else {
                throw InputRules.Violation("--rating", "'\(String(digits.prefix(40)).lineFeedsEscaped)' is not a rating: \(shape), with whole numbers below 5000")
            }
            guard value < Int(validRange.upperBound) else {
                throw InputRules.Violation("--rating", "\(value) is above every rating (they are below 5000): \(shape)")
            }
            return value
        }
        let (lower, upper) = (try bound(parts[0]), try bound(parts[1]))
        if lower == nil, upper == nil { throw InputRules.Violation("--rating", "'\(String(text.prefix(40)).lineFeedsEscaped)' has no bound: \(shape)") }
        let range = (lower ?? 0, upper ?? Int(validRange.upperBound))
        guard range.0 <= range.1 else {
            throw InputRules.Violation("--rating", "\(range.0)..\(range.1) is empty: the lower bound comes first (\(range.1)..\(range.0))")
        }
        return range.0...range.1
    }

    /// A stored rating is used only when it could have been imported: a store edited by hand must
    /// not put `Rating -3` or a number of twenty digits on the screen.
    static func isValid(_ rating: Int) -> Bool {
        rating > 0 && rating < Int(validRange.upperBound)
    }

    /// The contest name of a generated contest code (see `scripts/generate-catalog.py`): number ×
    /// 16, plus 8 for a biweekly contest, plus the question's index from 0. `nil` for 0.
    static func contestName(code: UInt16) -> String? {
        guard code >= 16 else { return nil }
        let kind = code & 8 == 0 ? "Weekly Contest" : "Biweekly Contest"
        return "\(kind) \(code >> 4) Q\(code & 7 + 1)"
    }

    /// The fields read from the file; the rest (titles in two languages, contest slugs) are not needed.
    private struct RawEntry: Decodable {
        var rating: Double
        var id: Int
        var slug: String

        enum CodingKeys: String, CodingKey {
            case rating = "Rating", id = "ID", slug = "TitleSlug"
        }
    }
}
