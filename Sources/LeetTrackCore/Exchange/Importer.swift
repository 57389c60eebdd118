import Foundation
import Persistence

/// Whether an import adds to the store or makes the store equal to the file.
public enum ImportMode: String, Sendable {
    /// Combine each record with the stored one (see ``ProgressMerge``); records only in the store stay.
    case merge
    /// The store's progress becomes exactly the file's: records not in the file are removed.
    case replace
}

/// What an import changed (or, in a dry run, would change).
public struct ImportSummary: Sendable, Equatable {
    /// Slugs of problems the store had no record of.
    public var added: [String] = []
    /// Slugs of problems whose stored record changed.
    public var updated: [String] = []
    /// How many records in the file changed nothing.
    public var unchanged = 0
    /// Slugs whose records were removed (`replace` only).
    public var removed: [String] = []
    /// History events added to records the store had.
    public var eventsAdded = 0
    /// Problems that became favorites.
    public var favoritesAdded = 0
    /// Stored notes replaced by a newer note from the file.
    public var notesReplaced = 0
    /// Stored notes kept because they were newer than the file's.
    public var notesKept = 0
    /// Slugs in the file that the catalog does not know (their records are imported all the same).
    public var unknownSlugs: [String] = []

    /// Whether the store changed (or would change).
    public var changesSomething: Bool { !added.isEmpty || !updated.isEmpty || !removed.isEmpty }
}

/// Imports an ``ExchangeDocument`` into a store in one transaction: all of it or nothing.
public struct Importer: Sendable {
    /// The store to change.
    public let store: Store
    /// The catalog the slugs are checked against.
    public let catalog: Catalog

    /// An importer into `store`.
    public init(store: Store, catalog: Catalog) {
        self.store = store
        self.catalog = catalog
    }

    /// Imports `document`. With `dryRun` nothing is written and the summary says what would change.
    /// - Throws: `PersistenceError`; on any error nothing was changed.
    public func run(_ document: ExchangeDocument, mode: ImportMode, dryRun: Bool) throws -> ImportSummary {
        try store.transaction { transaction in
            var stored: [String: ProblemProgress] = [:]
            for entry in try transaction.values(withKeyPrefix: ProgressRepository.keyPrefix, as: ProblemProgress.self) {
                stored[String(entry.key.dropFirst(ProgressRepository.keyPrefix.count))] = entry.value
            }
            var summary = ImportSummary()
            var writes: [(slug: String, record: ProblemProgress)] = []
            for problem in document.problems {
                if catalog.position(ofSlug: problem.slug) == nil { summary.unknownSlugs.append(problem.slug) }
                let current = stored[problem.slug]
                var result = problem.progress
                if mode == .merge, let current {
                    let (merged, note) = ProgressMerge.merge(current, problem.progress)
                    result = merged
                    if note == .tookIncoming, !current.note.isEmpty { summary.notesReplaced += 1 }
                    if note == .keptCurrent { summary.notesKept += 1 }
                }
                let before = current ?? ProblemProgress()
                if result == before {
                    summary.unchanged += 1
                    continue
                }
                if current == nil { summary.added.append(problem.slug) } else { summary.updated.append(problem.slug) }
                if current != nil { summary.eventsAdded += max(0, result.events.count - before.events.count) }
                if result.favorite, !before.favorite { summary.favoritesAdded += 1 }
                writes.append((problem.slug, result))
            }
            if mode == .replace {
                let kept = Set(document.problems.map(\.slug))
                summary.removed = stored.keys.filter { !kept.contains($0) }.sorted()
            }
            guard !dryRun else { return summary }
            for (slug, record) in writes {
                let key = ProgressRepository.key(for: slug)
                if record.isEmpty { transaction.removeValue(for: key) } else { try transaction.set(record, for: key) }
            }
            for slug in summary.removed { transaction.removeValue(for: ProgressRepository.key(for: slug)) }
            return summary
        }
    }
}
