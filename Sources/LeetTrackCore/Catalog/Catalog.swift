import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The LeetCode problems LeetTrack knows, and the study lists over them.
///
/// ``builtIn`` is the catalog built into the binary. It is read from generated columns in the
/// binary's read-only data (see `scripts/generate-catalog.py` for why it is not decoded from JSON),
/// so loading it costs nothing and each ``Problem`` value is built only when it is asked for.
/// A ``Tracker``'s catalog is the same with its store's catalog update laid over it
/// (``updated(by:)``, `Exchange/CatalogOverlay.swift`).
/// Positions (`0..<count`) are in id order.
public struct Catalog: Sendable {
    enum Storage: Sendable {
        /// The columns generated into `CatalogData`.
        case generated
        /// Problems decoded from JSON, with a slug index.
        case decoded([Problem], slugIndex: [String: Int])
        /// Another catalog with a stored update's problems added or replaced.
        case overlaid(CatalogOverlay)
    }

    let storage: Storage
    let decodedStudyLists: [StudyList]

    init(storage: Storage, studyLists: [StudyList]) {
        self.storage = storage
        self.decodedStudyLists = studyLists
    }

    /// The study lists, in display order.
    public var studyLists: [StudyList] {
        switch storage {
        case .generated: Self.generatedStudyLists()
        case .decoded: decodedStudyLists
        case .overlaid(let overlay): overlay.studyLists
        }
    }

    /// Decodes a catalog from the JSON files the package ships in `Catalog/Data` (`problems.json`:
    /// an array of problems; `lists.json`: list key to slugs; `ratings/zerotrac-ratings.json`:
    /// contest ratings, taken where id and slug both match, as the generator does). Meant for tools
    /// and tests; commands use ``builtIn``.
    /// - Throws: `DecodingError` when the JSON does not match, and
    ///   ``LeetTrackError/invalidCatalog(_:)`` when a list names an unknown slug.
    public init(problemsJSON: Data, listsJSON: Data, ratingsJSON: Data? = nil) throws {
        struct RawProblem: Decodable {
            var id: Int, title: String, slug: String, difficulty: String, paidOnly: Bool
            var category: String, tags: [String], acceptance: Double
        }
        let raw = try JSONDecoder().decode([RawProblem].self, from: problemsJSON)
        var problems: [Problem] = []
        for item in raw.sorted(by: { $0.id < $1.id }) {
            guard let difficulty = Difficulty(rawValue: item.difficulty.lowercased()) else {
                throw LeetTrackError.invalidCatalog("problem \(item.id) has difficulty \(item.difficulty)")
            }
            problems.append(Problem(
                id: item.id, slug: item.slug, title: item.title, difficulty: difficulty,
                paidOnly: item.paidOnly, category: item.category, tags: item.tags, acceptance: item.acceptance))
        }
        var slugIndex: [String: Int] = [:]
        for (position, problem) in problems.enumerated() { slugIndex[problem.slug] = position }
        if let ratingsJSON {
            for rated in try ContestRatings.read(ratingsJSON, file: "ratings").entries {
                if let position = slugIndex[rated.slug], problems[position].id == rated.id {
                    problems[position].rating = rated.rating
                }
            }
        }
        let lists = try JSONDecoder().decode([String: [String]].self, from: listsJSON)
        var studyLists: [StudyList] = []
        for key in lists.keys.sorted() {
            let slugs = lists[key] ?? []
            if let unknown = slugs.first(where: { slugIndex[$0] == nil }) {
                throw LeetTrackError.invalidCatalog("list \(key) names an unknown problem \(unknown)")
            }
            studyLists.append(StudyList(key: key, name: StudyList.displayNames[key] ?? key, slugs: slugs))
        }
        self.init(storage: .decoded(problems, slugIndex: slugIndex), studyLists: studyLists)
    }

    /// The number of problems.
    public var count: Int {
        switch storage {
        case .generated: CatalogData.count
        case .decoded(let problems, _): problems.count
        case .overlaid(let overlay): overlay.count
        }
    }

    /// All problems in id order, built lazily as they are read.
    public var problems: LazyMapSequence<Range<Int>, Problem> {
        (0..<count).lazy.map { self.problem(at: $0) }
    }

    /// The problem at a position (`0..<count`, id order).
    /// - Complexity: O(length of its title, slug and tags).
    public func problem(at position: Int) -> Problem {
        switch storage {
        case .decoded(let problems, _):
            return problems[position]
        case .overlaid(let overlay):
            return overlay.problem(at: position)
        case .generated:
            let tagRange = Int(CatalogData.tagStarts[position])..<Int(CatalogData.tagStarts[position + 1])
            return Problem(
                id: Int(CatalogData.ids[position]),
                slug: Self.generatedText(CatalogData.textStarts[2 * position], CatalogData.textStarts[2 * position + 1]),
                title: Self.generatedText(CatalogData.textStarts[2 * position + 1], CatalogData.textStarts[2 * position + 2]),
                difficulty: Difficulty(rank: CatalogData.difficulties[position]),
                paidOnly: CatalogData.paidOnly[position] != 0,
                category: CatalogData.categoryNames[Int(CatalogData.categories[position])],
                tags: tagRange.map { CatalogData.tagNames[Int(CatalogData.tagRefs[$0])] },
                acceptance: Double(CatalogData.acceptanceHundredths[position]) / 100,
                rating: Self.generatedRating(at: position))
        }
    }

    /// zerotrac's contest rating of the problem at a position, without building the problem;
    /// `nil` when it has none.
    /// - Complexity: O(1).
    public func rating(at position: Int) -> Int? {
        switch storage {
        case .generated: Self.generatedRating(at: position)
        case .decoded(let problems, _): problems[position].rating
        case .overlaid(let overlay): overlay.rating(at: position)
        }
    }

    /// The contest and question the problem at a position was rated in (`Weekly Contest 408 Q4`),
    /// or `nil`: known for the built-in catalog's rated problems.
    public func contest(at position: Int) -> String? {
        switch storage {
        case .generated:
            return ContestRatings.contestName(code: CatalogData.contests[position])
        case .decoded:
            return nil
        case .overlaid(let overlay):
            return overlay.resolve(position, base: overlay.base.contest(at:), update: { _ in nil })
        }
    }

    /// How many problems have a contest rating.
    /// - Complexity: O(1) for the built-in catalog, O(n) otherwise.
    public var ratedCount: Int {
        if case .generated = storage { return CatalogData.ratedCount }
        return (0..<count).reduce(0) { $0 + (rating(at: $1) == nil ? 0 : 1) }
    }

    private static func generatedRating(at position: Int) -> Int? {
        let rating = CatalogData.ratings[position]
        return rating == 0 ? nil : Int(rating)
    }

    /// The difficulty of the problem at a position, without building the problem.
    /// - Complexity: O(1).
    public func difficulty(at position: Int) -> Difficulty {
        switch storage {
        case .generated: Difficulty(rank: CatalogData.difficulties[position])
        case .decoded(let problems, _): problems[position].difficulty
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.difficulty(at:), update: \.difficulty)
        }
    }

    /// The category of the problem at a position, without building the problem.
    /// - Complexity: O(1).
    public func category(at position: Int) -> String {
        switch storage {
        case .generated: CatalogData.categoryNames[Int(CatalogData.categories[position])]
        case .decoded(let problems, _): problems[position].category
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.category(at:), update: \.category)
        }
    }

    /// The id of the problem at a position, without building the problem.
    /// - Complexity: O(1).
    public func id(at position: Int) -> Int {
        switch storage {
        case .generated: Int(CatalogData.ids[position])
        case .decoded(let problems, _): problems[position].id
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.id(at:), update: \.id)
        }
    }

    /// The slug of the problem at a position, without building the rest of the problem.
    public func slug(at position: Int) -> String {
        switch storage {
        case .generated: Self.generatedText(CatalogData.textStarts[2 * position], CatalogData.textStarts[2 * position + 1])
        case .decoded(let problems, _): problems[position].slug
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.slug(at:), update: \.slug)
        }
    }

    /// The title of the problem at a position, without building the rest of the problem.
    public func title(at position: Int) -> String {
        switch storage {
        case .generated: Self.generatedText(CatalogData.textStarts[2 * position + 1], CatalogData.textStarts[2 * position + 2])
        case .decoded(let problems, _): problems[position].title
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.title(at:), update: \.title)
        }
    }

    /// Whether the problem at a position is for paying subscribers only, without building it.
    /// - Complexity: O(1).
    public func paidOnly(at position: Int) -> Bool {
        switch storage {
        case .generated: CatalogData.paidOnly[position] != 0
        case .decoded(let problems, _): problems[position].paidOnly
        case .overlaid(let overlay): overlay.resolve(position, base: overlay.base.paidOnly(at:), update: \.paidOnly)
        }
    }

    /// The acceptance rate (percent) of the problem at a position, without building it.
    /// - Complexity: O(1).
    public func acceptance(at position: Int) -> Double {
        switch storage {
        case .generated: Double(CatalogData.acceptanceHundredths[position]) / 100
        case .decoded(let problems, _): problems[position].acceptance
        case .overlaid(let overlay): overlay.acceptance(at: position)
        }
    }

    /// The position of the problem with an id, or `nil`.
    /// - Complexity: O(log n).
    public func position(ofID id: Int) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let middleID = self.id(at: middle)
            if middleID == id { return middle }
            if middleID < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The position of the problem with a slug, or `nil`.
    /// - Complexity: O(log n) comparisons of bytes, with no allocation.
    public func position(ofSlug slug: String) -> Int? {
        switch storage {
        case .decoded(_, let slugIndex):
            return slugIndex[slug]
        case .overlaid(let overlay):
            return overlay.position(ofSlug: slug)
        case .generated:
            var slug = slug
            return slug.withUTF8(Self.generatedPosition(ofSlug:))
        }
    }

    /// The position of the problem whose slug is the UTF-8 bytes `slug`, or `nil`: as
    /// ``position(ofSlug:)``, without making a string of bytes that are read once (a store's keys).
    public func position(ofSlug slug: UnsafeRawBufferPointer) -> Int? {
        guard case .generated = storage else { return position(ofSlug: String(decoding: slug, as: UTF8.self)) }
        return Self.generatedPosition(ofSlug: slug.bindMemory(to: UInt8.self))
    }

    /// The compiled-in catalog's position of `slug`, by binary search of its slugs in byte order.
    private static func generatedPosition(ofSlug wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        generatedSlugIndex(of: wanted).map { Int(CatalogData.slugOrder[$0]) }
    }

    /// Where `wanted` is in the compiled-in catalog's slugs in byte order (`slugOrder`), or `nil`.
    private static func generatedSlugIndex(of wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        var low = 0
        var high = CatalogData.count
        while low < high {
            let middle = (low + high) / 2
            let order = compareGeneratedSlug(at: middle, with: wanted)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The order of the compiled-in slug at `index` of `slugOrder` against `wanted`, as `memcmp`.
    private static func compareGeneratedSlug(at index: Int, with wanted: UnsafeBufferPointer<UInt8>) -> Int {
        let position = Int(CatalogData.slugOrder[index])
        let start = Int(CatalogData.textStarts[2 * position])
        let length = Int(CatalogData.textStarts[2 * position + 1]) - start
        return CatalogData.text.withUTF8Buffer { text in
            compare(UnsafeBufferPointer(rebasing: text[start..<(start + length)]), wanted)
        }
    }

    /// Finds the positions of slugs that mostly come in byte order, as a store's keys do: each is
    /// looked for a few steps past the last one found before a binary search, so a store's
    /// records cost a comparison or two each instead of a dozen.
    public struct SlugFinder: Sendable {
        private let catalog: Catalog
        /// Where in the slugs in byte order the search starts: just past the last one found.
        private var next = 0

        /// A finder in `catalog`.
        public init(_ catalog: Catalog) {
            self.catalog = catalog
        }

        /// The position of the problem whose slug is the UTF-8 bytes `slug`, or `nil`: the same
        /// as ``Catalog/position(ofSlug:)-(UnsafeRawBufferPointer)``, in any order.
        public mutating func position(ofSlug slug: UnsafeRawBufferPointer) -> Int? {
            guard case .generated = catalog.storage else { return catalog.position(ofSlug: slug) }
            let wanted = slug.bindMemory(to: UInt8.self)
            var index = next
            while index < min(next + 8, CatalogData.count) {
                let order = Catalog.compareGeneratedSlug(at: index, with: wanted)
                if order == 0 {
                    next = index + 1
                    return Int(CatalogData.slugOrder[index])
                }
                if order > 0 { break }
                index += 1
            }
            guard let found = Catalog.generatedSlugIndex(of: wanted) else { return nil }
            next = found + 1
            return Int(CatalogData.slugOrder[found])
        }
    }

    /// The problem with an id, or `nil`.
    public func problem(withID id: Int) -> Problem? {
        position(ofID: id).map(problem(at:))
    }

    /// The problem with a slug, or `nil`.
    public func problem(withSlug slug: String) -> Problem? {
        position(ofSlug: slug).map(problem(at:))
    }

    /// Every tag name that some problem has, sorted.
    public var tagNames: [String] {
        switch storage {
        case .generated: CatalogData.tagNames
        case .decoded(let problems, _): Set(problems.flatMap(\.tags)).sorted()
        case .overlaid(let overlay): Set(overlay.base.tagNames + overlay.problems.flatMap(\.tags)).sorted()
        }
    }

    /// Every category name, sorted.
    public var categoryNames: [String] {
        switch storage {
        case .generated: CatalogData.categoryNames
        case .decoded(let problems, _): Set(problems.map(\.category)).sorted()
        case .overlaid(let overlay): Set(overlay.base.categoryNames + overlay.problems.map(\.category)).sorted()
        }
    }

    /// How many problems of each difficulty the catalog has.
    public func countsByDifficulty() -> [Difficulty: Int] {
        if case .generated = storage {
            return [.easy: CatalogData.difficultyCounts[0], .medium: CatalogData.difficultyCounts[1], .hard: CatalogData.difficultyCounts[2]]
        }
        var counts: [Difficulty: Int] = [.easy: 0, .medium: 0, .hard: 0]
        for position in 0..<count { counts[difficulty(at: position), default: 0] += 1 }
        return counts
    }

    /// Calls `body` with each tag of the problem at a position, without building the problem
    /// (statistics visit the tags of every practised problem).
    func forEachTag(at position: Int, _ body: (String) -> Void) {
        switch storage {
        case .generated:
            for index in Int(CatalogData.tagStarts[position])..<Int(CatalogData.tagStarts[position + 1]) {
                body(CatalogData.tagNames[Int(CatalogData.tagRefs[index])])
            }
        case .decoded(let problems, _):
            problems[position].tags.forEach(body)
        case .overlaid(let overlay):
            overlay.resolve(position, base: { overlay.base.forEachTag(at: $0, body) }, update: { $0.tags.forEach(body) })
        }
    }

    /// How many problems carry each tag.
    /// - Complexity: O(total tags) over the catalog, without building any problem.
    public func countsByTag() -> [String: Int] {
        var counts: [String: Int] = [:]
        switch storage {
        case .generated:
            var byIndex = [Int](repeating: 0, count: CatalogData.tagNames.count)
            for reference in CatalogData.tagRefs { byIndex[Int(reference)] += 1 }
            for (index, name) in CatalogData.tagNames.enumerated() { counts[name] = byIndex[index] }
        case .decoded(let problems, _):
            for problem in problems { for tag in problem.tags { counts[tag, default: 0] += 1 } }
        case .overlaid:
            for position in 0..<count { forEachTag(at: position) { counts[$0, default: 0] += 1 } }
        }
        return counts
    }

    /// How many of the problems at `positions` carry each tag (a position given twice counts
    /// twice); tags none of them carries are left out.
    /// - Complexity: O(tags of those problems), counted by the generated columns' tag indices
    ///   without hashing a name per tag.
    func countsByTag(at positions: [Int]) -> [String: Int] {
        var counts: [String: Int] = [:]
        switch storage {
        case .generated:
            counts.reserveCapacity(CatalogData.tagNames.count)
            var byIndex = [Int](repeating: 0, count: CatalogData.tagNames.count)
            for position in positions {
                for index in Int(CatalogData.tagStarts[position])..<Int(CatalogData.tagStarts[position + 1]) {
                    byIndex[Int(CatalogData.tagRefs[index])] += 1
                }
            }
            for (index, count) in byIndex.enumerated() where count > 0 { counts[CatalogData.tagNames[index]] = count }
        case .decoded(let problems, _):
            for position in positions { for tag in problems[position].tags { counts[tag, default: 0] += 1 } }
        case .overlaid(let overlay):
            // The base's problems are counted by the base (by index when it is the generated one).
            var basePositions: [Int] = []
            basePositions.reserveCapacity(positions.count)
            for position in positions {
                overlay.resolve(position, base: { basePositions.append($0) }, update: { problem in
                    for tag in problem.tags { counts[tag, default: 0] += 1 }
                })
            }
            counts.merge(overlay.base.countsByTag(at: basePositions), uniquingKeysWith: +)
        }
        return counts
    }

    private static func generatedText(_ start: UInt32, _ end: UInt32) -> String {
        CatalogData.text.withUTF8Buffer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
        }
    }

    /// Compares bytes like `memcmp`, the shorter first on a common prefix.
    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    private static func generatedStudyLists() -> [StudyList] {
        CatalogData.lists.map { list in
            StudyList(
                key: list.key, name: list.name,
                slugs: list.problems.map { position in
                    generatedText(CatalogData.textStarts[2 * Int(position)], CatalogData.textStarts[2 * Int(position) + 1])
                })
        }
    }
}
