import FoundationEssentials

/// Where LeetTrack's time comes from: the one place in LeetTrackCore that reads the system clock.
///
/// Every dated thing (a solve, a stamped note, a sync stamp, the last-sync time) asks a `Clock`,
/// so a test or a scripted run can fix time and get exactly the instants it expects:
///
/// ```swift
/// let tracker = try Tracker(store: .memory(), clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
/// ```
public struct Clock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that reads `read` each time it is asked.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public var now: Date { read() }

    /// The system's clock.
    public static let system = Clock { Date() }

    /// A clock that always says `instant`.
    public static func fixed(_ instant: Date) -> Clock {
        Clock { instant }
    }
}
