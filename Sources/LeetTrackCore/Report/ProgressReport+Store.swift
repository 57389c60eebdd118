import FoundationEssentials
import Persistence

extension ProgressReport {
    /// Reads what the report needs from `tracker`'s store and computes it, as of the tracker's
    /// clock and in its time zone: every progress record (one prefix query), the user's own lists,
    /// the review settings and the daily goal.
    /// - Throws: `PersistenceError` (a record that does not decode is named), and
    ///   ``LeetTrackError/invalidSetting(_:value:reason:)`` for review settings edited out of range.
    public init(tracker: Tracker) throws {
        let review = try tracker.reviews.settings()
        self.init(
            catalog: tracker.catalog, progress: try tracker.progress.allProgress(), ownLists: try tracker.lists.all(),
            scheduler: try review.scheduler(), reviewCap: review.reviewCap, now: tracker.clock.now, timeZone: tracker.timeZone,
            dailyGoal: try tracker.practice.settings().dailyGoal)
    }
}
