import Foundation
import LeetTrackCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI colours, or plain text when colour is off (not a terminal, or `NO_COLOR` set).
public struct TextStyle: Sendable {
    /// Whether escape sequences are written.
    public let enabled: Bool

    /// Colours when `enabled`, plain text otherwise.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func magenta(_ text: String) -> String { wrap(text, "35") }
}

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
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
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
