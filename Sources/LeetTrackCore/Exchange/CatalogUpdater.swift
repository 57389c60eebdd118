import FoundationEssentials
import Persistence

/// Applies a LeetCode problem list to a store's catalog update, and with `withStatus` the list's
/// statuses to the progress, in one transaction.
///
/// A problem of the file replaces the catalog's problem of the same slug (or, when LeetCode gave
/// an id a new slug, of the same id). What the file's shape does not carry is kept: the REST shape
/// has no tags, neither shape a category. Progress is only touched with `withStatus`, and then
/// only moved forward: `ac` makes a problem solved, `notac` makes a todo problem attempted. No
/// history event is invented: the file does not say when.
public struct CatalogUpdater: Sendable {
    /// The store that keeps the update.
    public let store: Store
    /// Dates the progress changes for sync.
    public let clock: Clock

    /// An updater of `store`, its progress changes dated by `clock`.
    public init(store: Store, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    private var writes: SyncedWrites { SyncedWrites(clock: clock) }

    /// Applies `list`, read from `source`, at `date`.
    /// - Throws: `PersistenceError`; on any error nothing was changed.
    public func apply(_ list: LeetCodeProblemList, source: String, date: Date, withStatus: Bool) throws -> CatalogUpdateSummary {
        try store.transaction { transaction in
            try apply(list, source: source, date: date, withStatus: withStatus, in: transaction)
        }
    }

    /// Applies `list` inside `transaction`, so a caller can make it one change with others
    /// (`leettrack leetcode pull` adds the dated history in the same transaction).
    func apply(
        _ list: LeetCodeProblemList, source: String, date: Date, withStatus: Bool, in transaction: Transaction
    ) throws -> CatalogUpdateSummary {
        do {
            let previousProblems = try storedProblems(in: transaction)
            let before = Catalog.builtIn.applying(previousProblems)
            var bySlug = Dictionary(previousProblems.map { ($0.slug, $0) }) { $1 }
            var summary = CatalogUpdateSummary(catalog: before)
            var seen = Set<String>()
            var statuses: [(slug: String, solved: Bool)] = []
            var renamed: [(old: String, new: String)] = []
            for entry in list.entries.reversed() where seen.insert(entry.slug).inserted {
                // Reversed so that a slug listed twice takes its last entry.
                let old = before.problem(withSlug: entry.slug) ?? before.problem(withID: entry.id)
                let problem = Problem(
                    id: entry.id, slug: entry.slug, title: entry.title, difficulty: entry.difficulty, paidOnly: entry.paidOnly,
                    category: old?.category ?? Catalog.category(forTags: entry.tags ?? []),
                    tags: entry.tags ?? old?.tags ?? [],
                    acceptance: entry.acceptance.map { ($0 * 100).rounded() / 100 } ?? old?.acceptance ?? 0,
                    rating: old?.rating)
                if let old, old == problem {
                    summary.unchanged += 1
                } else {
                    if let old, old.slug != entry.slug { renamed.append((old.slug, entry.slug)) }
                    if old != nil { summary.changed.append(problem) } else { summary.added.append(problem) }
                    bySlug = bySlug.filter { $0.value.id != problem.id }
                    if let old, old.slug != problem.slug { bySlug[old.slug] = nil }
                    bySlug[problem.slug] = problem
                }
                if withStatus, entry.status == "ac" || entry.status == "notac" {
                    statuses.append((entry.slug, entry.status == "ac"))
                }
            }
            summary.added.sort { $0.id < $1.id }
            summary.changed.sort { $0.id < $1.id }
            summary.catalog = try save(
                Array(bySlug.values), source: source, shape: list.shape.rawValue, date: date, problemsInFile: list.entries.count,
                in: transaction)
            for (old, new) in renamed {
                try move(old, to: new, in: transaction)
            }
            summary.renamed = renamed.map { "\($0.old) → \($0.new)" }

            for (slug, solved) in statuses.sorted(by: { $0.slug < $1.slug }) {
                let key = ProgressRepository.key(for: slug)
                var record = try transaction.value(for: key)
                let before = record
                if solved, record.status != .solved {
                    record.status = .solved
                    summary.markedSolved.append(slug)
                } else if !solved, record.status == .todo {
                    record.status = .attempted
                    summary.markedAttempted.append(slug)
                } else {
                    continue
                }
                try writes.progress(record, replacing: before, for: slug, in: transaction)
            }
            return summary
        }
    }

    /// Lays a ratings file's contest ratings over the catalog, in one transaction: the rest of the
    /// update (problems, acceptances) stays. A rating is taken only where the file's id and slug
    /// name the same problem of the catalog; the others are counted in the summary's `unmatched`,
    /// as the file may be older or newer than the catalog. Progress is never touched.
    /// - Throws: `PersistenceError`; on any error nothing was changed.
    public func apply(_ ratings: ContestRatings, source: String, date: Date) throws -> CatalogUpdateSummary {
        try store.transaction { transaction in
            let previousProblems = try storedProblems(in: transaction)
            let before = Catalog.builtIn.applying(previousProblems)
            var bySlug = Dictionary(previousProblems.map { ($0.slug, $0) }) { $1 }
            var summary = CatalogUpdateSummary(catalog: before)
            for entry in ratings.entries {
                guard let position = before.position(ofSlug: entry.slug), before.id(at: position) == entry.id else {
                    summary.unmatched += 1
                    continue
                }
                var problem = before.problem(at: position)
                if problem.rating == entry.rating {
                    summary.unchanged += 1
                    continue
                }
                problem.rating = entry.rating
                bySlug[problem.slug] = problem
                summary.changed.append(problem)
            }
            summary.changed.sort { $0.id < $1.id }
            summary.catalog = try save(
                Array(bySlug.values), source: source, shape: ContestRatings.shape, date: date, problemsInFile: ratings.entries.count,
                in: transaction)
            return summary
        }
    }

    /// Every problem of the stored update, over the built-in catalog. An update that no longer
    /// decodes counts as none and is replaced rather than kept: it is LeetCode's (or zerotrac's)
    /// data, which the file being read brings again, and keeping it would block every update.
    private func storedProblems(in transaction: Transaction) throws -> [Problem] {
        let previous: CatalogUpdate?
        do {
            previous = try transaction.value(for: CatalogUpdate.key)
        } catch PersistenceError.undecodable {
            previous = nil
        }
        return previous?.allProblems(over: .builtIn) ?? []
    }

    /// Stores `problems` (each new or differing from the built-in catalog) as the update, split
    /// into whole problems, acceptance pairs and rating pairs, and returns the catalog it makes.
    private func save(
        _ problems: [Problem], source: String, shape: String, date: Date, problemsInFile: Int, in transaction: Transaction
    ) throws -> Catalog {
        let (whole, acceptance, ratings) = CatalogUpdate.split(problems, over: .builtIn)
        let update = CatalogUpdate(
            source: source, shape: shape, date: UTCTimestamp.string(from: date), problemsInFile: problemsInFile,
            problems: whole, acceptance: acceptance, ratings: ratings)
        try transaction.set(update, for: CatalogUpdate.key)
        return Catalog.builtIn.applying(update.allProblems(over: .builtIn))
    }

    /// Moves what the user owns under a problem's old slug to its new one, when LeetCode renamed
    /// it: the progress record (merged into one already under the new slug) and its place in every
    /// own list. Without this the catalog would no longer know the old slug, and the progress
    /// would vanish from every listing.
    func move(_ old: String, to new: String, in transaction: Transaction) throws {
        let oldRecord = try transaction.value(for: ProgressRepository.key(for: old))
        // A record kept only for the time of its favorite or note moves too: none stays under a slug the catalog lost.
        if !oldRecord.isRemovable {
            let current = try transaction.value(for: ProgressRepository.key(for: new))
            let moved = current.isEmpty ? oldRecord : ProgressMerge.merge(current, oldRecord).0
            try writes.progress(moved, replacing: current, for: new, in: transaction)
            try writes.progress(ProblemProgress(), replacing: oldRecord, for: old, in: transaction)
        }
        try OwnLists.replaceSlug(old, with: new, in: transaction, writes: writes)
    }

}
