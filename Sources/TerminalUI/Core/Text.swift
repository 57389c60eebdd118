/// A run of text in one style.
public struct Span: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The text.
    public var text: String
    /// Its style.
    public var style: Style

    /// A span of `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// A plain span from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The columns the text takes.
    public var width: Int { DisplayWidth.drawn(text) }
}

/// Where a line sits in a wider area.
public enum Alignment: Sendable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
}

/// One line of styled text: spans drawn one after another, truncated with `…` when too wide.
public struct Line: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The spans, left to right.
    public var spans: [Span]

    /// A line of `spans`.
    public init(_ spans: [Span]) {
        self.spans = spans
    }

    /// A line of one span of `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    /// A plain line from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The columns the whole line takes.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The line's text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The lines of `text`, which may hold line breaks (a note written over several lines): one
    /// line each, in `style`, with a tab drawn as four spaces. Line breaks and tabs are layout, not
    /// characters to draw (the buffer would show them as U+FFFD, as any control character).
    public static func lines(of text: String, style: Style = .plain) -> [Line] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            Line(line.contains("\t") ? line.reduce(into: "") { $0 += $1 == "\t" ? "    " : String($1) } : String(line), style: style)
        }
    }
}

extension Buffer {
    /// Whether every byte of `text` is printable ASCII (one column, one cell each).
    static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }

    /// Draws `line` in the first row of `rect`, aligned in it; a line wider than the rectangle is cut
    /// and ends with `…`. Returns the columns drawn.
    @discardableResult
    public mutating func draw(_ line: Line, in rect: Rect, alignment: Alignment = .left) -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let full = line.width
        var x = rect.x
        if full < rect.width {
            switch alignment {
            case .left: break
            case .center: x += (rect.width - full) / 2
            case .right: x += rect.width - full
            }
        }
        let fits = full <= rect.width
        // Without room for the whole line, reserve the last column for the ellipsis.
        let limit = fits ? rect.maxX : rect.maxX - 1
        for span in line.spans {
            if Buffer.isPrintableASCII(span.text) {
                // The common case, without grapheme breaking: one cell per byte.
                let count = span.text.utf8.count
                let drawn = min(count, max(0, limit - x))
                if drawn > 0, rect.y >= 0, rect.y < size.height, x >= 0 {
                    repairWideGraphemes(row: rect.y, from: x, to: min(size.width, x + drawn))
                }
                var column = x
                for byte in span.text.utf8.prefix(drawn) {
                    self[column, rect.y] = Cell(grapheme: String(UnicodeScalar(byte)), style: span.style)
                    column += 1
                }
                x += drawn
                if drawn < count {
                    if !fits { put("…", x: x, y: rect.y, style: span.style) }
                    return x + (fits ? 0 : 1) - rect.x
                }
                continue
            }
            for character in span.text {
                let width = DisplayWidth.drawn(character)
                if width == 0 {
                    x += put(character, x: x, y: rect.y, style: span.style, limit: limit)
                    continue
                }
                if x + width > limit {
                    if !fits { put("…", x: x, y: rect.y, style: span.style) }
                    return x + (fits ? 0 : 1) - rect.x
                }
                x += put(character, x: x, y: rect.y, style: span.style, limit: limit)
            }
        }
        return x - rect.x
    }
}
