import FoundationEssentials
import Persistence
import Synchronization

/// A catalog update kept in the store (`catalog.update`): the problems that differ from the
/// built-in catalog, new or changed, and where they came from.
///
/// Only the difference is stored, so a store without updates pays nothing and one with updates
/// decodes a few records, not the whole catalog. A ``Tracker`` lays it over the built-in catalog
/// when it opens its store (``Catalog/updated(by:)``).
public struct CatalogUpdate: Codable, Sendable, Equatable {
    /// The file the last update was read from, as the user named it.
    public var source: String
    /// Which LeetCode response it was (``LeetCodeProblemList/Shape``'s raw value).
    public var shape: String
    /// When the last update was imported (UTC ISO 8601).
    public var date: String
    /// How many problems the last file listed.
    public var problemsInFile: Int
    /// Every problem that is new or differs from the built-in catalog in more than its
    /// acceptance, in id order.
    public var problems: [Problem]
    /// The acceptance of built-in problems whose acceptance alone changed, as `id:hundredths`
    /// pairs separated by commas (`1:5854,2:4967`). An update from LeetCode changes almost every
    /// acceptance; parsing this text at start-up costs microseconds, where decoding thousands of
    /// problems would cost tens of milliseconds at every command.
    public var acceptance: String
    /// The contest ratings of built-in problems whose rating alone changed (or was added by a
    /// ratings file), as `id:rating` pairs separated by commas (`3235:3774`), for the same reason
    /// as ``acceptance``. Empty, and then left out of the record, when no ratings file was read.
    public var ratings: String

    /// Where the update is stored.
    public static let key = Key<CatalogUpdate?>("catalog.update")

    /// Creates an update record.
    public init(
        source: String, shape: String, date: String, problemsInFile: Int, problems: [Problem], acceptance: String = "",
        ratings: String = ""
    ) {
        self.source = source
        self.shape = shape
        self.date = date
        self.problemsInFile = problemsInFile
        self.problems = problems
        self.acceptance = acceptance
        self.ratings = ratings
    }

    enum CodingKeys: String, CodingKey {
        case source, shape, date, problemsInFile, problems, acceptance, ratings
    }

    /// Encodes an update; `ratings` only when there are some, so a record without them keeps the
    /// bytes older versions wrote (`Golden/catalog-update.json`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(shape, forKey: .shape)
        try container.encode(date, forKey: .date)
        try container.encode(problemsInFile, forKey: .problemsInFile)
        try container.encode(problems, forKey: .problems)
        try container.encode(acceptance, forKey: .acceptance)
        if !ratings.isEmpty { try container.encode(ratings, forKey: .ratings) }
    }

    /// Decodes an update; `acceptance` and `ratings` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(String.self, forKey: .source)
        shape = try container.decode(String.self, forKey: .shape)
        date = try container.decode(String.self, forKey: .date)
        problemsInFile = try container.decode(Int.self, forKey: .problemsInFile)
        problems = try container.decode([Problem].self, forKey: .problems)
        acceptance = try container.decodeIfPresent(String.self, forKey: .acceptance) ?? ""
        ratings = try container.decodeIfPresent(String.self, forKey: .ratings) ?? ""
    }

    /// The pairs of ``acceptance``; malformed pairs are skipped (the store was edited by hand): a
    /// number too long for an `Int` (which trapped every command, `doctor` included, as this runs
    /// when the catalog opens) or an acceptance above 100.00%.
    /// How many of ``acceptance``'s comma-separated pairs ``acceptancePairs`` skips as malformed:
    /// what `doctor` reports of a hand-edited update.
    var malformedAcceptancePairs: Int {
        max(0, acceptance.utf8.split(separator: UInt8(ascii: ",")).count - acceptancePairs.count)
    }

    var acceptancePairs: [(id: Int, hundredths: Int)] {
        Self.pairs(in: acceptance, maximum: 10_000).map { (id: $0.id, hundredths: $0.value) }
    }

    /// The pairs of ``ratings``, malformed ones skipped like ``acceptancePairs``' (a rating must be
    /// below 5,000, as a ratings file's are).
    var ratingPairs: [(id: Int, rating: Int)] {
        Self.pairs(in: ratings, maximum: Int(ContestRatings.validRange.upperBound) - 1).map { (id: $0.id, rating: $0.value) }
    }

    /// How many of ``ratings``' pairs ``ratingPairs`` skips as malformed.
    var malformedRatingPairs: Int {
        max(0, ratings.utf8.split(separator: UInt8(ascii: ",")).count - ratingPairs.count)
    }

    /// The `id:value` pairs of `text`, each value at most `maximum`; malformed pairs skipped.
    private static func pairs(in text: String, maximum: Int) -> [(id: Int, value: Int)] {
        var pairs: [(id: Int, value: Int)] = []
        var number = 0
        var id: Int?
        var digits = false
        var overflowed = false
        func finishPair() {
            if let found = id, digits, !overflowed, number <= maximum { pairs.append((found, number)) }
            id = nil
            number = 0
            digits = false
            overflowed = false
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times, timesOverflowed) = number.multipliedReportingOverflow(by: 10)
                let (sum, sumOverflowed) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                overflowed = overflowed || timesOverflowed || sumOverflowed
                number = sum
                digits = true
            case UInt8(ascii: ":"):
                id = digits && !overflowed ? number : nil
                number = 0
                digits = false
            default:
                finishPair()
            }
        }
        finishPair()
        return pairs
    }

    /// Every problem of the update, the acceptance-only and rating-only ones built from `base`.
    func allProblems(over base: Catalog) -> [Problem] {
        var changed: [Int: Problem] = [:]
        for pair in acceptancePairs {
            guard let problem = changed[pair.id] ?? base.problem(withID: pair.id) else { continue }
            changed[pair.id] = problem
            changed[pair.id]?.acceptance = Double(pair.hundredths) / 100
        }
        for pair in ratingPairs where pair.rating > 0 {
            guard let problem = changed[pair.id] ?? base.problem(withID: pair.id) else { continue }
            changed[pair.id] = problem
            changed[pair.id]?.rating = pair.rating
        }
        return problems + changed.values.sorted { $0.id < $1.id }
    }

    /// Splits `problems` (each differing from `base`) into whole problems and acceptance pairs.
    static func split(_ problems: [Problem], over base: Catalog) -> (problems: [Problem], acceptance: String, ratings: String) {
        var whole: [Problem] = []
        var pairs: [String] = []
        var ratingPairs: [String] = []
        for problem in problems.sorted(by: { $0.id < $1.id }) {
            guard var original = base.problem(withSlug: problem.slug) else {
                whole.append(problem)
                continue
            }
            if original == problem { continue }
            let acceptanceChanged = original.acceptance != problem.acceptance
            original.acceptance = problem.acceptance
            // A rating is only ever added or changed by a ratings file, never taken away.
            let ratingChanged = problem.rating.map { ContestRatings.isValid($0) && $0 != original.rating } ?? false
            if ratingChanged { original.rating = problem.rating }
            if original == problem {
                if acceptanceChanged {
                    // Checked on entry; clamped so an update stored by an older version cannot trap here.
                    let acceptance = problem.acceptance.isFinite ? min(max(problem.acceptance, 0), 100) : 0
                    pairs.append("\(problem.id):\(Int((acceptance * 100).rounded()))")
                }
                if ratingChanged, let rating = problem.rating { ratingPairs.append("\(problem.id):\(rating)") }
            } else {
                whole.append(problem)
            }
        }
        return (whole, pairs.joined(separator: ","), ratingPairs.joined(separator: ","))
    }

    /// The stored update of `store`, or `nil`, read without creating anything.
    /// - Throws: `PersistenceError.undecodable` when the stored record does not decode.
    public static func stored(in store: Store) throws -> CatalogUpdate? {
        guard let data = try store.rawValue(forKey: key.name) else { return nil }
        do {
            return try JSONDecoder().decode(CatalogUpdate.self, from: data)
        } catch {
            throw PersistenceError.undecodable(key: key.name, underlying: "\(error)")
        }
    }
}

/// What `leettrack catalog update` did.
public struct CatalogUpdateSummary: Sendable {
    /// Problems the catalog did not have.
    public var added: [Problem] = []
    /// Problems whose title, difficulty, paid flag, acceptance or tags changed.
    public var changed: [Problem] = []
    /// Problems the file lists exactly as the catalog has them.
    public var unchanged = 0
    /// Problems LeetCode gave a new slug, as "old → new"; their progress moved with them.
    public var renamed: [String] = []
    /// A ratings file's entries whose id and slug do not name one problem of the catalog.
    public var unmatched = 0
    /// With `--with-status`: problems marked solved (`ac`).
    public var markedSolved: [String] = []
    /// With `--with-status`: problems marked attempted.
    public var markedAttempted: [String] = []
    /// The catalog after the update.
    public var catalog: Catalog

    /// A summary of an update to `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }
}

extension Catalog {
    /// The catalog built into the binary, without any update.
    public static let builtIn = Catalog(storage: .generated, studyLists: [])

    /// This catalog with a stored `update` laid over it (`nil`: this catalog). A ``Tracker`` does
    /// this with its store's update when it opens.
    public func updated(by update: CatalogUpdate?) -> Catalog {
        guard let update else { return self }
        return Catalog(
            storage: .overlaid(CatalogOverlay(
                base: self, problems: update.problems, acceptance: update.acceptancePairs, ratings: update.ratingPairs)),
            studyLists: [])
    }

    /// This catalog with `problems` added; each replaces a problem of the same slug or id.
    /// - Complexity: O(n) integer work for the n problems of the catalog, plus O(k log n) for the
    ///   k updated problems; no problem of the catalog is built (see ``CatalogOverlay``).
    public func applying(_ problems: [Problem]) -> Catalog {
        guard !problems.isEmpty else { return self }
        return Catalog(storage: .overlaid(CatalogOverlay(base: self, problems: problems)), studyLists: [])
    }

    /// The category a new problem gets: one its tags name (Database, Shell, Concurrency), else Algorithms.
    static func category(forTags tags: [String]) -> String {
        tags.first { ["Database", "Shell", "Concurrency"].contains($0) } ?? "Algorithms"
    }
}
