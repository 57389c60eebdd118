/// A grid of cells: what one frame of the screen shows.
///
/// Widgets draw into a buffer; the `Renderer` compares it with the previous frame and writes only
/// the difference. Tests read it back as text with `lines`, without any terminal.
public struct Buffer: Hashable, Sendable {
    /// The grid's size.
    public private(set) var size: Size
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A grid of `size` filled with `fill` (blank by default).
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.width * size.height)
    }

    /// The whole grid as a rectangle.
    public var area: Rect { Rect(size: size) }

    /// The cell at column `x`, row `y`; outside the grid, reads give a blank cell and writes are ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard contains(x: x, y: y) else { return .blank }
            return cells[y * size.width + x]
        }
        set {
            guard contains(x: x, y: y) else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Whether column `x`, row `y` lies inside the grid.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.width && y < size.height
    }

    /// Fills `rect` (clipped to the grid) with copies of `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            repairWideGraphemes(row: y, from: clipped.x, to: clipped.maxX)
            let start = y * size.width
            for x in clipped.x..<clipped.maxX { cells[start + x] = cell }
        }
    }

    /// Lays `style` on top of the style of every cell in `rect`, keeping their text (a selection bar, say).
    public mutating func patchStyle(_ rect: Rect, with style: Style) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            let start = y * size.width
            for x in clipped.x..<clipped.maxX { cells[start + x].style = cells[start + x].style.patched(with: style) }
        }
    }

    /// Puts one grapheme at column `x`, row `y` and returns the columns it took (0, 1 or 2).
    ///
    /// Control characters and bidirectional controls show as `�` (``TerminalText``, the rule the
    /// command line uses too) so that stored text can never move the cursor or reorder a row.
    /// A wide grapheme that would cross `limit` (the right edge by default) is not drawn and 0 is
    /// returned. Overwriting half of a wide grapheme blanks its other half, as a terminal does.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        let right = min(limit ?? size.width, size.width)
        guard y >= 0, y < size.height, x >= 0, x < right else { return 0 }
        var grapheme = character
        var width = DisplayWidth.of(character)
        if width == 0 {
            if character == "\t" {
                grapheme = " "
            } else if let first = character.unicodeScalars.first, first.properties.generalCategory == .control || TerminalText.isUnsafe(first) {
                grapheme = "\u{FFFD}"
            } else {
                return 0  // a lone combining mark: nothing to stand on
            }
            width = 1
        }
        guard x + width <= right else { return 0 }
        repairWideGraphemes(row: y, from: x, to: x + width)
        let index = y * size.width + x
        cells[index] = Cell(grapheme: String(grapheme), style: style, width: UInt8(width))
        if width == 2 { cells[index + 1] = Cell(grapheme: "", style: style, width: 0) }
        return width
    }

    /// Writes `text` from column `x` of row `y`, clipped at `maxWidth` columns (and the grid's edge);
    /// returns the columns written. Use `Line` for truncation with an ellipsis.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        let limit = maxWidth.map { x + $0 } ?? size.width
        var column = x
        for character in text {
            let width = put(character, x: column, y: y, style: style, limit: limit)
            if width == 0 && DisplayWidth.drawn(character) > 0 { break }
            column += width
        }
        return column - x
    }

    /// Blanks the halves of wide graphemes that a write to columns `from..<to` of `row` would cut.
    mutating func repairWideGraphemes(row y: Int, from: Int, to: Int) {
        let start = y * size.width
        if from > 0, from < size.width, cells[start + from].isContinuation {
            cells[start + from - 1] = .blank(cells[start + from - 1].style)
        }
        if to < size.width, to > 0, cells[start + to].isContinuation {
            cells[start + to] = .blank(cells[start + to].style)
        }
    }

    /// Replaces row `target` with row `source` of `other` (a buffer of the same width).
    mutating func copyRow(from other: Buffer, row source: Int, to target: Int) {
        let width = size.width
        let targetStart = target * width
        let sourceStart = source * width
        for offset in 0..<width { cells[targetStart + offset] = other.cells[sourceStart + offset] }
    }

    /// Row `y` as text: each grapheme once (continuation cells skipped), trailing spaces removed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        let start = y * size.width
        for x in 0..<size.width where !cells[start + x].isContinuation {
            text += cells[start + x].grapheme
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row as text, as `line(_:)` gives it: what a test asserts instead of looking at a terminal.
    public var lines: [String] { (0..<size.height).map(line) }

    /// All rows joined with newlines, trailing blank rows kept.
    public var text: String { lines.joined(separator: "\n") }
}
