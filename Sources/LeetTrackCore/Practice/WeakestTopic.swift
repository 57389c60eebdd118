import FoundationEssentials

/// The weakest group of problems, for `leettrack next --weakest`: a section of the followed list,
/// or a topic (tag) of the catalog, ranked by how well it is known, with the problem to do next in it.
///
/// **The score** of a group is the mean of two shares, each from 0 to 1:
/// - its *coverage*: solved problems over all its problems;
/// - its *recall*: the mean retrievability (the scheduler's probability of recall now) of its
///   solved problems, 0 when none is solved.
/// The lowest score is the weakest; ties go to the larger group (more of the interview's ground),
/// then to the first by name. A group with nothing to offer (every unsolved problem skipped or,
/// with `config premium no`, paid-only) is passed over.
///
/// **The problem offered** is the group's first unsolved one in its order (as `next` picks), or,
/// when all are solved, its most forgotten solved one (the lowest retrievability) to redo.
public struct WeakestTopic: Sendable {
    /// A group as ranked.
    public struct Group: Sendable, Hashable {
        /// The section's or topic's name.
        public var name: String
        /// Its problems, in order.
        public var slugs: [String]
        /// Solved problems in it.
        public var solved: Int
        /// Mean retrievability of its solved problems now, `nil` when none is solved.
        public var meanRecall: Double?
        /// (coverage + recall) / 2, from 0 to 1.
        public var score: Double {
            let coverage = slugs.isEmpty ? 0 : Double(solved) / Double(slugs.count)
            return (coverage + (meanRecall ?? 0)) / 2
        }
    }

    /// The weakest group with something to offer.
    public var group: Group
    /// The problem to do next in it.
    public var problem: Problem
    /// Whether ``problem`` is solved already (every problem of the group is; it is the most forgotten one).
    public var isRedo: Bool

    /// The weakest of `groups` (name and slugs each) and its next problem, or `nil` when no group
    /// has one to offer.
    /// - Parameters:
    ///   - summaries: the summaries of the groups' problems, by slug (a missing one is untouched).
    ///   - scheduler: says the retrievability of each solved problem's card at `now`.
    /// - Complexity: O(total slugs of the groups) plus a sort of the groups.
    public static func find(
        in groups: [(name: String, slugs: [String])], catalog: Catalog, summaries: [String: ProgressSummary],
        settings: PracticeSettings, scheduler: ReviewScheduler, now: Date
    ) -> WeakestTopic? {
        var recall: [String: Double] = [:]
        for (slug, summary) in summaries where summary.status == .solved {
            recall[slug] = summary.reviewCard(using: scheduler).map { scheduler.retrievability(of: $0, at: now) } ?? 0
        }
        let ranked = groups.map { group -> Group in
            let solved = group.slugs.compactMap { recall[$0] }
            return Group(
                name: group.name, slugs: group.slugs, solved: solved.count,
                meanRecall: solved.isEmpty ? nil : solved.reduce(0, +) / Double(solved.count))
        }.sorted { ($0.score, -$0.slugs.count, $0.name) < ($1.score, -$1.slugs.count, $1.name) }
        let skipped = Set(settings.skipped)
        for group in ranked {
            if let next = catalog.nextProblem(in: group.slugs, status: { summaries[$0]?.status }, skipped: skipped, premium: settings.premium) {
                return WeakestTopic(group: group, problem: next, isRedo: false)
            }
            let redo = group.slugs.filter { slug in
                guard recall[slug] != nil, let position = catalog.position(ofSlug: slug) else { return false }
                return settings.premium || !catalog.paidOnly(at: position)
            }.min { (recall[$0] ?? 0, $0) < (recall[$1] ?? 0, $1) }
            if let redo, let problem = catalog.problem(withSlug: redo) {
                return WeakestTopic(group: group, problem: problem, isRedo: true)
            }
        }
        return nil
    }

    /// The topics (tags) of the problems at `positions` (every problem of the catalog when `nil`),
    /// each with its problems in catalog order, sorted by name.
    /// - Complexity: O(total tags of those problems).
    public static func topics(of catalog: Catalog, positions: [Int]? = nil) -> [(name: String, slugs: [String])] {
        var byTag: [String: [String]] = [:]
        for position in positions ?? Array(0..<catalog.count) {
            let slug = catalog.slug(at: position)
            catalog.forEachTag(at: position) { byTag[$0, default: []].append(slug) }
        }
        return byTag.sorted { $0.key < $1.key }.map { (name: $0.key, slugs: $0.value) }
    }
}
