/// A terminal colour: one of the 16 named ANSI colours, an entry of the 256-colour palette, or 24-bit RGB.
public enum Color: Hashable, Sendable {
    /// One of the 16 basic colours (0 to 7 normal, 8 to 15 bright), which follow the user's theme.
    case ansi(UInt8)
    /// An entry of the 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// Black (ANSI 0).
    public static let black = Color.ansi(0)
    /// Red (ANSI 1).
    public static let red = Color.ansi(1)
    /// Green (ANSI 2).
    public static let green = Color.ansi(2)
    /// Yellow (ANSI 3).
    public static let yellow = Color.ansi(3)
    /// Blue (ANSI 4).
    public static let blue = Color.ansi(4)
    /// Magenta (ANSI 5).
    public static let magenta = Color.ansi(5)
    /// Cyan (ANSI 6).
    public static let cyan = Color.ansi(6)
    /// White (ANSI 7).
    public static let white = Color.ansi(7)
    /// Bright black, usually grey (ANSI 8).
    public static let gray = Color.ansi(8)
    /// Bright red (ANSI 9).
    public static let brightRed = Color.ansi(9)
    /// Bright green (ANSI 10).
    public static let brightGreen = Color.ansi(10)
    /// Bright yellow (ANSI 11).
    public static let brightYellow = Color.ansi(11)
    /// Bright blue (ANSI 12).
    public static let brightBlue = Color.ansi(12)
    /// Bright magenta (ANSI 13).
    public static let brightMagenta = Color.ansi(13)
    /// Bright cyan (ANSI 14).
    public static let brightCyan = Color.ansi(14)
    /// Bright white (ANSI 15).
    public static let brightWhite = Color.ansi(15)
}

/// Text attributes a cell can carry.
public struct Attributes: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = Attributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = Attributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = Attributes(rawValue: 1 << 3)
    /// Italic text (not every terminal shows it).
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell looks: colours (`nil` is the terminal's default) and attributes.
public struct Style: Hashable, Sendable {
    /// The text colour, or `nil` for the terminal's default.
    public var foreground: Color?
    /// The background colour, or `nil` for the terminal's default.
    public var background: Color?
    /// Bold, dim, reverse, underline, italic.
    public var attributes: Attributes

    /// A style; the default is the terminal's plain text.
    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's plain text.
    public static let plain = Style()

    /// This style with `other` laid on top: its colours win where set, and its attributes are added.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground,
            background: other.background ?? background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// A copy with the foreground colour set.
    public func foreground(_ color: Color?) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// A copy with the background colour set.
    public func background(_ color: Color?) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// A copy with `attributes` added.
    public func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }

    /// This style with the terminal's default colours, its attributes kept.
    public var withoutColors: Style { Style(attributes: attributes) }

    /// Bold plain text.
    public static let bold = Style(attributes: .bold)
    /// Dim plain text.
    public static let dim = Style(attributes: .dim)
    /// Reversed plain text (the usual selection look).
    public static let reverse = Style(attributes: .reverse)
}
