import FoundationEssentials
import Persistence

/// Solves made on LeetCode's website, captured by themselves: when signed in, `today`, the screen
/// and `serve` read the recent accepted submissions at most once every ``interval`` and merge
/// them as dated solves, as `leetcode pull` does (a problem gets at most one solve a day, none on
/// a day its record has one).
///
/// Both keys are local to this store (not synced or exported): whether this machine asks LeetCode
/// is this machine's choice, and the last check is this machine's.
public struct SubmissionCapture: Sendable {
    /// The tracker whose store and clock are used.
    public let tracker: Tracker

    /// `config leetcode-capture on|off` (default on).
    public static let enabledKey = Key<Bool>("settings.leetcode-capture", default: true)
    /// When LeetCode was last asked, by the tracker's clock.
    public static let checkedKey = Key<Date?>("leetcode.capture.checked", default: nil)
    /// The least time between two checks: 10 minutes.
    public static let interval: TimeInterval = 600

    /// A capture over `tracker`.
    public init(tracker: Tracker) {
        self.tracker = tracker
    }

    /// Whether capture is on and the last check is ``interval`` old or more (or in the future:
    /// a clock set back must not stop capture for good).
    public func isDue() throws -> Bool {
        guard try tracker.store.value(for: Self.enabledKey) else { return false }
        guard let checked = try tracker.store.value(for: Self.checkedKey) else { return true }
        let now = tracker.clock.now
        return checked > now || now.timeIntervalSince(checked) >= Self.interval
    }

    /// Notes a check now, before LeetCode is asked: offline, the next view waits for it only after
    /// the interval, not at every start.
    public func markChecked() throws {
        try tracker.store.set(tracker.clock.now, for: Self.checkedKey)
    }

    /// Merges `accepted` as dated solves in one transaction, as ``RecentAcceptedImport`` does:
    /// notes, favorites and lists are left as they are; a problem given a solve gets the card its
    /// dated history gives (see ``Importer``).
    /// - Returns: the import's summary (problems added or updated, events added).
    /// - Throws: ``ExchangeError`` for a solve that breaks a rule, `PersistenceError`; nothing is
    ///   written then.
    @discardableResult
    public func merge(_ accepted: [LeetCodeAcceptedSubmission]) throws -> ImportSummary {
        let (now, timeZone) = (tracker.clock.now, tracker.timeZone)
        let importer = tracker.importer
        return try tracker.store.transaction { transaction in
            var stored: [String: ProblemProgress] = [:]
            for slug in Set(accepted.map(\.slug)) {
                let record = try transaction.value(for: ProgressRepository.key(for: slug))
                if !record.isEmpty { stored[slug] = record }
            }
            let document = RecentAcceptedImport.document(of: accepted, timeZone: timeZone, stored: stored).document
            for (index, problem) in document.problems.enumerated() {
                do throws(InputRules.Violation) {
                    try InputRules.check(problem.progress, at: "problems[\(index)]", now: now)
                } catch {
                    throw ExchangeError.invalidContent(file: "LeetCode's recent accepted submissions", path: error.path, reason: error.reason)
                }
            }
            return try importer.run(document, mode: .merge, dryRun: false, in: transaction)
        }
    }
}
