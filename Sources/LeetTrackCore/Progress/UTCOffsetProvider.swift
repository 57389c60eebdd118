import FoundationEssentials

/// Where the offset from UTC of an instant comes from, which decides the day it falls on.
///
/// Foundation's `TimeZone` is one (`TimeZone.current` honours `TZ`). A program may pass something
/// cheaper that knows the same rules: creating `TimeZone.current` costs most of a millisecond,
/// a noticeable share of a short command.
public protocol UTCOffsetProvider: Sendable {
    /// The offset from UTC, in seconds, in effect at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: UTCOffsetProvider {}

/// Coordinated Universal Time, whose offset is always zero: LeetCode's day, without creating a
/// `TimeZone` (through ICU, most of a millisecond) to learn it.
public struct UniversalTime: UTCOffsetProvider {
    public init() {}

    public func secondsFromGMT(for date: Date) -> Int { 0 }
}
