import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import Persistence

/// LeetCode's daily question where the day's views show it (`today`, the screen's start view):
/// read from LeetCode once a day when a session is at hand, kept in the store, and never a reason
/// for those views to fail.
extension LeetCodeSession {
    /// What asking for the day's question came to.
    enum DailyRefresh {
        /// No session, or the stored question is already today's: nothing was asked.
        case notNeeded
        /// Read (and kept, unless the store may only be read).
        case refreshed(LeetCodeDaily)
        /// LeetCode could not be asked or answered badly; the reason, for a dim line.
        case failed(String)
    }

    /// The longest a view waits for LeetCode before it shows the day without the question.
    static let viewTimeout = 4.0

    /// Reads today's question from LeetCode and keeps it, when a session exists and the store's
    /// question is not today's. On a store that may only be read, the question is read but not
    /// kept. Loads libcurl only when it asks.
    func refreshDailyIfSignedIn(stored: LeetCodeDaily?) -> DailyRefresh {
        guard Self.isSignedIn(context), stored?.isCurrent(at: context.now) != true else { return .notNeeded }
        do {
            let daily = try client(cookies: try cookies(), timeout: Self.viewTimeout).daily()
            do {
                try context.tracker().store.set(daily, for: LeetCodeDaily.key)  // For the views of the day, offline.
            } catch PersistenceError.readOnly {
                // Shown this once, asked again next time: the store cannot keep it.
            }
            return .refreshed(daily)
        } catch {
            return .failed("\(error)")
        }
    }
}
