/// How many terminal columns text takes, in the manner of `wcwidth(3)`: most characters take one,
/// East Asian wide and fullwidth characters and emoji take two, combining marks and other
/// zero-width scalars take none.
///
/// We keep our own table instead of calling Glibc's `wcwidth`, because that depends on the
/// process locale (and on the locales installed), while the layout must be the same everywhere,
/// in tests included. The table follows Unicode's East Asian Width property (`W` and `F`) and
/// Emoji_Presentation, which is what current terminals (and tmux) use.
public enum DisplayWidth {
    /// The columns one grapheme cluster takes: 0, 1 or 2.
    ///
    /// A cluster takes the width of its base scalar, except that emoji sequences (skin tones, ZWJ
    /// families, flags, a text symbol followed by VS16) take two and VS15 asks for one.
    /// Control characters take 0; `Buffer` shows them as a replacement character.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        var hasVariation16 = false
        var hasVariation15 = false
        var hasRegionalIndicator = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: hasVariation16 = true
            case 0xFE0E: hasVariation15 = true
            case 0x1F1E6...0x1F1FF: hasRegionalIndicator = true
            default:
                if scalar.properties.isEmojiPresentation { return 2 }
            }
        }
        if hasRegionalIndicator { return 2 }
        if hasVariation16 && first.properties.isEmoji { return 2 }
        if hasVariation15 { return 1 }
        for scalar in scalars {
            let width = of(scalar)
            if width > 0 { return width }
        }
        return 0
    }

    /// The columns one scalar takes on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }  // C1 controls and DEL
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns a string takes, as the generic form below; this concrete one spares callers in
    /// other modules the generic dispatch, and printable ASCII (most text) is one column a byte,
    /// each byte a grapheme of its own, so it is counted without a walk over grapheme clusters.
    /// - Complexity: O(n) in the length of the string.
    public static func of(_ text: String) -> Int {
        var printableASCII = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            printableASCII = false
            break
        }
        return printableASCII ? text.utf8.count : of(text[...])
    }

    /// The columns a string takes: the sum over its grapheme clusters.
    /// - Complexity: O(n) in the length of the string.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns a grapheme takes once drawn in a `Buffer`, where a control character shows as
    /// one replacement cell (and a tab as one space) instead of taking none.
    static func drawn(_ character: Character) -> Int {
        let width = of(character)
        if width == 0, character == "\t" || character.unicodeScalars.first.map({ $0.properties.generalCategory == .control || TerminalText.isUnsafe($0) }) == true {
            return 1
        }
        return width
    }

    /// The columns a string takes once drawn in a `Buffer` (see `drawn(_:)` for characters).
    static func drawn(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += drawn(character) }
        return total
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD: return false  // soft hyphen: wcwidth gives it a column
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true  // Hangul medial vowels and final consonants
        case 0x200B: return true  // zero width space
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return false
        }
    }

    /// East Asian Width `W` and `F` ranges outside the emoji blocks (emoji are decided by
    /// Emoji_Presentation), sorted, for a binary search.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
