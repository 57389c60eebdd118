/// The ANSI (ECMA-48 / xterm) escape sequences the renderer and terminal write, appended to a byte
/// array without building intermediate strings, since they are written on every frame.
enum ANSI {
    static let escape: UInt8 = 0x1B

    /// Sequences written once per session, for entering and leaving the full-screen mode.
    static let enterAlternateScreen = Array("\u{1B}[?1049h".utf8)
    static let leaveAlternateScreen = Array("\u{1B}[?1049l".utf8)
    static let hideCursor = Array("\u{1B}[?25l".utf8)
    static let showCursor = Array("\u{1B}[?25h".utf8)
    /// Without autowrap, writing the last column never scrolls the screen.
    static let disableAutowrap = Array("\u{1B}[?7l".utf8)
    static let enableAutowrap = Array("\u{1B}[?7h".utf8)
    static let enableBracketedPaste = Array("\u{1B}[?2004h".utf8)
    static let disableBracketedPaste = Array("\u{1B}[?2004l".utf8)
    static let resetStyle = Array("\u{1B}[0m".utf8)
    static let clearScreen = Array("\u{1B}[0m\u{1B}[2J".utf8)

    /// Appends the decimal digits of a non-negative `value`.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(0x30 + value % 10))
    }

    /// Moves the cursor to (zero-based) column `x`, row `y`: `ESC [ row ; col H`.
    static func moveCursor(x: Int, y: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(0x5B)
        appendDecimal(y + 1, to: &bytes)
        bytes.append(0x3B)
        appendDecimal(x + 1, to: &bytes)
        bytes.append(0x48)
    }

    /// Moves a band of rows: sets the scrolling region (DECSTBM), scrolls it up (SU) or down (SD),
    /// and resets the region to the whole screen. The cursor ends at the top left.
    static func scroll(_ shift: RowShift, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(0x5B)
        appendDecimal(shift.top + 1, to: &bytes)
        bytes.append(0x3B)
        appendDecimal(shift.bottom + 1, to: &bytes)
        bytes.append(0x72)  // r
        bytes.append(escape)
        bytes.append(0x5B)
        appendDecimal(abs(shift.amount), to: &bytes)
        bytes.append(shift.amount > 0 ? 0x53 : 0x54)  // S or T
        bytes.append(contentsOf: [escape, 0x5B, 0x72])  // ESC [ r
    }

    /// Sets the pen to `style` exactly: reset, then every attribute and colour it has (SGR).
    static func setStyle(_ style: Style, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(0x5B)
        bytes.append(0x30)
        let attributes: [(Attributes, UInt8)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
        for (attribute, code) in attributes where style.attributes.contains(attribute) {
            bytes.append(0x3B)
            bytes.append(0x30 + code)
        }
        if let foreground = style.foreground { appendColor(foreground, base: 30, to: &bytes) }
        if let background = style.background { appendColor(background, base: 40, to: &bytes) }
        bytes.append(0x6D)
    }

    private static func appendColor(_ color: Color, base: Int, to bytes: inout [UInt8]) {
        bytes.append(0x3B)
        switch color {
        case .ansi(let index) where index < 8:
            appendDecimal(base + Int(index), to: &bytes)
        case .ansi(let index):
            appendDecimal(base + 60 + Int(index & 7), to: &bytes)
        case .indexed(let index):
            appendDecimal(base + 8, to: &bytes)
            bytes.append(contentsOf: [0x3B, 0x35, 0x3B])
            appendDecimal(Int(index), to: &bytes)
        case .rgb(let red, let green, let blue):
            appendDecimal(base + 8, to: &bytes)
            bytes.append(contentsOf: [0x3B, 0x32])
            for component in [red, green, blue] {
                bytes.append(0x3B)
                appendDecimal(Int(component), to: &bytes)
            }
        }
    }
}
