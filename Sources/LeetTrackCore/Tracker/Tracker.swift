import FoundationEssentials
import Persistence

/// One session of LeetTrack: the store, the catalog with the store's update laid over it, the
/// clock, the time zone, and the funnel through which every synced write passes.
///
/// The command line, the interactive screen and the web server each hold a `Tracker` and reach
/// everything through it, so nothing global decides which catalog, which time or which day applies:
///
/// ```swift
/// let tracker = try Tracker(store: .sqlite(path: path), clock: .system, timeZone: SystemTimeZone())
/// try tracker.progress.update(["two-sum"]) { _, record in record.favorite = true }
/// let queue = try tracker.reviews.queue(catalog: tracker.catalog, now: tracker.clock.now)
/// ```
public struct Tracker: Sendable {
    /// The store everything lives in.
    public let store: Store
    /// The catalog: the built-in one with the store's catalog update, if any.
    public let catalog: Catalog
    /// Where time comes from.
    public let clock: Clock
    /// The user's time zone, which decides the day an instant falls on ("today", a review's due
    /// day, a day of the calendar).
    public let timeZone: any UTCOffsetProvider

    /// A tracker over `store` with a catalog already loaded (see ``Catalog/updated(by:)``).
    public init(store: Store, catalog: Catalog, clock: Clock, timeZone: any UTCOffsetProvider) {
        self.store = store
        self.catalog = catalog
        self.clock = clock
        self.timeZone = timeZone
    }

    /// A tracker over `store`, whose catalog update (if it has one) is laid over the built-in catalog.
    /// - Throws: `PersistenceError`, including `undecodable` when the stored update does not decode.
    public init(store: Store, clock: Clock, timeZone: any UTCOffsetProvider) throws {
        self.init(
            store: store, catalog: Catalog.builtIn.updated(by: try CatalogUpdate.stored(in: store)), clock: clock, timeZone: timeZone)
    }

    /// The progress records.
    public var progress: ProgressRepository { ProgressRepository(store: store, clock: clock) }

    /// The user's own study lists.
    public var lists: OwnLists { OwnLists(store: store, clock: clock) }

    /// Review cards, the queue and the review settings.
    public var reviews: ReviewBook { ReviewBook(store: store, clock: clock, timeZone: timeZone) }

    /// Imports of LeetTrack's export format into this store.
    public var importer: Importer { Importer(store: store, catalog: catalog, clock: clock, timeZone: timeZone) }

    /// Catalog updates from LeetCode's JSON, kept in this store.
    public var catalogUpdater: CatalogUpdater { CatalogUpdater(store: store, clock: clock) }

    /// A sync of this store with `remote`.
    public func sync(with remote: Store) -> SyncEngine {
        SyncEngine(local: store, remote: remote, clock: clock)
    }

    /// Favorites the problems marked in the iPhone app's `favorites` (nothing is written when `dryRun`).
    public func apply(_ favorites: AppFavorites, dryRun: Bool) throws -> AppFavorites.Outcome {
        try favorites.apply(to: store, catalog: catalog, dryRun: dryRun, clock: clock)
    }
}
