import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Persistence

/// A `leettrack timer` that is running on a problem, kept in the store while its stopwatch runs
/// (`timer.<slug>`), so that a `leetcode submit` made meanwhile in another terminal records the
/// solve with the time since the timer started, and the timer then stops by itself.
///
/// Local to this store: not synced or exported (it names a process of this machine). A record
/// whose process is gone (killed with SIGKILL, the machine restarted) is stale: it gives no time
/// and the next timer on the problem replaces it.
public struct RunningTimer: Codable, Sendable, Equatable {
    /// When the stopwatch started, on the tracker's clock.
    public var started: Date
    /// The process that runs the stopwatch.
    public var process: Int32

    /// A timer started at `started` by `process`.
    public init(started: Date, process: Int32) {
        self.started = started
        self.process = process
    }

    /// Decodes a kept timer; a process number that could not be one (a record edited by hand)
    /// does not decode, so it is reported as damaged by its key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        started = try container.decode(Date.self, forKey: .started)
        process = try container.decode(Int32.self, forKey: .process)
        try container.require(process > 0, at: .process, "not a process id")
    }

    enum CodingKeys: String, CodingKey {
        case started, process
    }

    /// The key of the timer running on `slug`.
    public static func key(for slug: String) -> Key<RunningTimer?> {
        Key<RunningTimer?>("timer." + slug, default: nil)
    }

    /// Whether the process that started the timer still runs (on this machine).
    public var isRunning: Bool {
        kill(process, 0) == 0 || errno == EPERM
    }

    /// The whole seconds from the start to `date`, as a practice time: `nil` when the timer is
    /// stale, or the span is not one ``PracticeTime/range`` accepts (a clock set back, a timer
    /// left running for days).
    public func seconds(until date: Date) -> Int? {
        guard isRunning else { return nil }
        let span = date.timeIntervalSince(started)
        guard span.isFinite, span >= 0, span <= Double(PracticeTime.range.upperBound) else { return nil }
        return max(PracticeTime.range.lowerBound, Int(span))
    }
}
