import Foundation
import Persistence
import Synchronization

/// A catalog update kept in the store (`catalog.update`): the problems that differ from the
/// built-in catalog, new or changed, and where they came from.
///
/// Only the difference is stored, so a store without updates pays nothing and one with updates
/// decodes a few records, not the whole catalog. ``Catalog/shipped`` includes it once
/// ``Catalog/install(_:)`` was called (the command line does so at start-up when the store has one).
public struct CatalogUpdate: Codable, Sendable, Equatable {
    /// The file the last update was read from, as the user named it.
    public var source: String
    /// Which LeetCode response it was (``LeetCodeProblemList/Shape``'s raw value).
    public var shape: String
    /// When the last update was imported (UTC ISO 8601).
    public var date: String
    /// How many problems the last file listed.
    public var problemsInFile: Int
    /// Every problem that differs from the built-in catalog, in id order.
    public var problems: [Problem]

    /// Where the update is stored.
    public static let key = Key<CatalogUpdate?>("catalog.update")

    /// Creates an update record.
    public init(source: String, shape: String, date: String, problemsInFile: Int, problems: [Problem]) {
        self.source = source
        self.shape = shape
        self.date = date
        self.problemsInFile = problemsInFile
        self.problems = problems
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

    private static let installed = Mutex<Catalog?>(nil)

    /// The installed catalog, else the built-in one (what ``shipped`` returns).
    static var current: Catalog { installed.withLock { $0 } ?? builtIn }

    /// Makes ``shipped`` the built-in catalog with `update` applied (`nil`: the built-in one).
    public static func install(_ update: CatalogUpdate?) {
        let catalog = update.map { builtIn.applying($0.problems) }
        installed.withLock { $0 = catalog }
    }

    /// The built-in catalog with `problems` added; each replaces a problem of the same slug or id.
    /// - Complexity: O(n log n) for the n problems of the catalog; only run when a store holds an update.
    public func applying(_ problems: [Problem]) -> Catalog {
        guard !problems.isEmpty else { return self }
        let ids = Set(problems.map(\.id))
        let slugs = Set(problems.map(\.slug))
        var all: [Problem] = self.problems.filter { !ids.contains($0.id) && !slugs.contains($0.slug) }
        all += problems
        all.sort { $0.id < $1.id }
        var slugIndex: [String: Int] = [:]
        slugIndex.reserveCapacity(all.count)
        for (position, problem) in all.enumerated() { slugIndex[problem.slug] = position }
        let lists = studyLists.map { list in
            StudyList(key: list.key, name: list.name, slugs: list.slugs.filter { slugIndex[$0] != nil })
        }
        return Catalog(storage: .decoded(all, slugIndex: slugIndex), studyLists: lists)
    }

    /// The category a new problem gets: one its tags name (Database, Shell, Concurrency), else Algorithms.
    static func category(forTags tags: [String]) -> String {
        tags.first { ["Database", "Shell", "Concurrency"].contains($0) } ?? "Algorithms"
    }
}
