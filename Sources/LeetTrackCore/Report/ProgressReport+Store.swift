import FoundationEssentials
import Persistence

extension ProgressReport {
    /// Reads what the report needs from `store` and computes it: every progress record (one prefix
    /// query), the user's own lists, the review settings and the daily goal.
    /// - Throws: `PersistenceError` (a record that does not decode is named), and
    ///   ``LeetTrackError/invalidSetting(_:value:reason:)`` for review settings edited out of range.
    public init(store: Store, catalog: Catalog, now: Date, timeZone: some UTCOffsetProvider) throws {
        let progress = try ProgressRepository(store: store).allProgress()
        let ownLists = try OwnLists(store: store).all()
        let scheduler = try ReviewBook(store: store).scheduler()
        let goal = try PracticeBook(store: store, clock: .system).settings().dailyGoal
        self.init(
            catalog: catalog, progress: progress, ownLists: ownLists, scheduler: scheduler, now: now, timeZone: timeZone,
            dailyGoal: goal)
    }
}
