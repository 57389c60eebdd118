import FoundationEssentials
import LeetTrackCore

/// ANSI colours, or plain text when colour is off (not a terminal, or `NO_COLOR` set).
public struct TextStyle: Sendable {
    /// Whether escape sequences are written.
    public let enabled: Bool

    /// Colours when `enabled`, plain text otherwise.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    private func wrap(_ text: String, _ code: String) -> String {
        let (open, close) = codes(code)
        return open + text + close
    }

    /// The escape sequences put around a text in the style `code` (none when disabled).
    private func codes(_ code: String) -> (open: String, close: String) {
        enabled ? ("\u{1B}[\(code)m", "\u{1B}[0m") : ("", "")
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// The codes ``red(_:)`` puts around its text (none when disabled), for writers that build
    /// styled rows as bytes.
    public var redCodes: (open: String, close: String) { codes("31") }
    public func magenta(_ text: String) -> String { wrap(text, "35") }
}
