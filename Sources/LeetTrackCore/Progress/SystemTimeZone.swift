import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's time zone as the C library knows it (`TZ`, else `/etc/localtime`).
///
/// Used instead of `TimeZone.current`, whose creation through ICU costs most of a millisecond,
/// a noticeable share of a command's run; `localtime_r` reads the same zone rules once.
public struct SystemTimeZone: UTCOffsetProvider {
    #if canImport(Glibc) || canImport(Darwin)
    /// The zone `TZ` (or `/etc/localtime`) names.
    public init() {
        tzset()
    }

    public func secondsFromGMT(for date: Date) -> Int {
        // An instant no `time_t` holds (NaN, 1e300: only a damaged value) has no offset to ask for.
        guard var seconds = time_t(exactly: date.timeIntervalSince1970.rounded(.down)) else { return 0 }
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return TimeZone.current.secondsFromGMT(for: date) }
        return Int(parts.tm_gmtoff)
    }
    #else
    /// The system's current zone.
    public init() {}

    public func secondsFromGMT(for date: Date) -> Int {
        TimeZone.current.secondsFromGMT(for: date)
    }
    #endif
}
