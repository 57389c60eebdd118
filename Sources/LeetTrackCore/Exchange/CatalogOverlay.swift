/// A catalog with a few problems added or replaced, without copying the rest.
///
/// Installing a stored ``CatalogUpdate`` happens at every command, so it must not build the 4,029
/// problems of the built-in catalog: this keeps the built-in catalog as it is (its generated
/// columns) and two small integer maps from positions to either a base position or an updated
/// problem. Building it costs O(n) integer work; every lookup is O(1) on top of the base's.
final class CatalogOverlay: Sendable {
    /// The catalog underneath (the built-in one).
    let base: Catalog
    /// The added and replacing problems, in id order.
    let problems: [Problem]
    /// For each position: a base position (`>= 0`), or `-(index + 1)` of an entry of `problems`.
    private let sources: [Int32]
    /// For each base position, its position here, or -1 when an updated problem replaced it.
    private let basePositions: [Int32]
    /// The positions of the updated problems, by slug.
    private let slugPositions: [String: Int]
    /// New acceptances (hundredths) by base position, -1 where the base's stands; empty when none.
    private let acceptanceByBase: [Int32]
    /// New contest ratings by base position, 0 where the base's stands; empty when none.
    private let ratingByBase: [UInt16]

    /// `base` with `problems` added; each replaces a base problem of the same slug or id. Among
    /// `problems`, a later one replaces an earlier one of the same slug or id.
    init(
        base: Catalog, problems: [Problem], acceptance: [(id: Int, hundredths: Int)] = [], ratings: [(id: Int, rating: Int)] = []
    ) {
        var unique: [Problem] = []
        var ids = Set<Int>()
        var slugs = Set<String>()
        for var problem in problems.reversed() where !ids.contains(problem.id) && !slugs.contains(problem.slug) {
            ids.insert(problem.id)
            slugs.insert(problem.slug)
            // A stored problem is the store's bytes: a rating no ratings file could hold is dropped.
            if let rating = problem.rating, !ContestRatings.isValid(rating) { problem.rating = nil }
            unique.append(problem)
        }
        unique.sort { $0.id < $1.id }
        var replaced = Set<Int>()
        for problem in unique {
            if let position = base.position(ofSlug: problem.slug) { replaced.insert(position) }
            if let position = base.position(ofID: problem.id) { replaced.insert(position) }
        }
        var sources: [Int32] = []
        sources.reserveCapacity(base.count + unique.count)
        var basePositions = [Int32](repeating: -1, count: base.count)
        var slugPositions: [String: Int] = [:]
        var next = 0
        for position in 0..<base.count where !replaced.contains(position) {
            let id = base.id(at: position)
            while next < unique.count, unique[next].id < id {
                slugPositions[unique[next].slug] = sources.count
                sources.append(Int32(-(next + 1)))
                next += 1
            }
            basePositions[position] = Int32(sources.count)
            sources.append(Int32(position))
        }
        while next < unique.count {
            slugPositions[unique[next].slug] = sources.count
            sources.append(Int32(-(next + 1)))
            next += 1
        }
        self.base = base
        self.problems = unique
        self.sources = sources
        self.basePositions = basePositions
        self.slugPositions = slugPositions
        var acceptanceByBase: [Int32] = []
        if !acceptance.isEmpty {
            acceptanceByBase = [Int32](repeating: -1, count: base.count)
            for pair in acceptance {
                if let position = base.position(ofID: pair.id), basePositions[position] >= 0 {
                    acceptanceByBase[position] = Int32(clamping: pair.hundredths)
                }
            }
        }
        self.acceptanceByBase = acceptanceByBase
        var ratingByBase: [UInt16] = []
        if !ratings.isEmpty {
            ratingByBase = [UInt16](repeating: 0, count: base.count)
            for pair in ratings where ContestRatings.isValid(pair.rating) {
                if let position = base.position(ofID: pair.id), basePositions[position] >= 0 {
                    ratingByBase[position] = UInt16(pair.rating)
                }
            }
        }
        self.ratingByBase = ratingByBase
    }

    /// The base's study lists, without problems that were replaced by one with another slug
    /// (built when asked for: most commands never show a list).
    var studyLists: [StudyList] {
        base.studyLists.map { list in
            StudyList(key: list.key, name: list.name, slugs: list.slugs.filter { position(ofSlug: $0) != nil })
        }
    }

    /// The problem at a position, with its updated acceptance.
    func problem(at position: Int) -> Problem {
        resolve(position, base: { basePosition in
            var problem = base.problem(at: basePosition)
            if let acceptance = updatedAcceptance(atBase: basePosition) { problem.acceptance = acceptance }
            if let rating = updatedRating(atBase: basePosition) { problem.rating = rating }
            return problem
        }, update: { $0 })
    }

    /// The acceptance of the problem at a position, updated, without building the problem.
    func acceptance(at position: Int) -> Double {
        resolve(position, base: { updatedAcceptance(atBase: $0) ?? base.acceptance(at: $0) }, update: \.acceptance)
    }

    /// The contest rating of the problem at a position, updated, without building the problem.
    func rating(at position: Int) -> Int? {
        resolve(position, base: { updatedRating(atBase: $0) ?? base.rating(at: $0) }, update: \.rating)
    }

    /// The rating a ratings file gave the base's problem at `basePosition`, if one did.
    private func updatedRating(atBase basePosition: Int) -> Int? {
        guard !ratingByBase.isEmpty, ratingByBase[basePosition] > 0 else { return nil }
        return Int(ratingByBase[basePosition])
    }

    /// The acceptance an update gave the base's problem at `basePosition`, if one did.
    private func updatedAcceptance(atBase basePosition: Int) -> Double? {
        guard !acceptanceByBase.isEmpty, acceptanceByBase[basePosition] >= 0 else { return nil }
        return Double(acceptanceByBase[basePosition]) / 100
    }

    /// The number of problems.
    var count: Int { sources.count }

    /// A value of the problem at `position`: from the base, or from the updated problem.
    func resolve<Value>(_ position: Int, base fromBase: (Int) -> Value, update fromUpdate: (Problem) -> Value) -> Value {
        let source = Int(sources[position])
        return source >= 0 ? fromBase(source) : fromUpdate(problems[-source - 1])
    }

    /// The position of the problem with a slug, or `nil`.
    func position(ofSlug slug: String) -> Int? {
        if let position = slugPositions[slug] { return position }
        guard let basePosition = base.position(ofSlug: slug) else { return nil }
        let position = basePositions[basePosition]
        return position >= 0 ? Int(position) : nil
    }
}
