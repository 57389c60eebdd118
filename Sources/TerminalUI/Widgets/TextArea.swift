/// Draws a `LineEditor` over several rows: each line of its text starts a row, and a line wider
/// than the area continues on the next rows (broken between graphemes, so that every grapheme
/// keeps one place the cursor can reach). A line break of any kind (`\n`, `\r\n`) ends a row; a
/// tab shows as a space. Reports where the terminal's cursor should be shown.
public struct TextArea: Widget {
    /// The editor to draw.
    public var editor: LineEditor
    /// The text's style.
    public var style: Style
    /// Rows skipped at the top (when the area is shorter than the text).
    public var offset: Int

    /// An area showing `editor`, from its row `offset` on.
    public init(_ editor: LineEditor, style: Style = .plain, offset: Int = 0) {
        self.editor = editor
        self.style = style
        self.offset = offset
    }

    /// The graphemes of each row at `width` columns, as ranges of ``LineEditor/characters``
    /// (line breaks excluded). A row filled to the last column is followed by another, possibly
    /// empty, so the cursor after its last grapheme has a cell of its own.
    /// - Complexity: O(n) in the text's graphemes.
    public func rows(width: Int) -> [Range<Int>] {
        let characters = editor.characters
        let width = max(1, width)
        var rows: [Range<Int>] = []
        var start = 0
        var used = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isNewline {
                rows.append(start..<index)
                index += 1
                (start, used) = (index, 0)
                continue
            }
            let columns = DisplayWidth.drawn(character)
            if used + columns > width, index > start {
                rows.append(start..<index)
                (start, used) = (index, 0)
            }
            used += columns
            index += 1
        }
        rows.append(start..<characters.count)
        if used >= width { rows.append(characters.count..<characters.count) }
        return rows
    }

    /// The rows the text takes at `width` columns.
    public func height(width: Int) -> Int { rows(width: width).count }

    /// The row (counted from the text's first) and column of the cursor at `width` columns.
    public func cursorCell(width: Int) -> (row: Int, column: Int) {
        let rows = rows(width: width)
        // The last row starting at or before the cursor: after a full row's last grapheme, the
        // cursor is at the start of the next row.
        let row = rows.lastIndex { $0.lowerBound <= editor.cursor } ?? 0
        let column = editor.characters[rows[row].lowerBound..<min(editor.cursor, rows[row].upperBound)]
            .reduce(0) { $0 + DisplayWidth.drawn($1) }
        return (row, min(column, max(0, width - 1)))
    }

    /// Where the cursor sits when drawn in `area` (clamped to the area when scrolled out of it).
    public func cursorPosition(in area: Rect) -> Point {
        let cell = cursorCell(width: area.width)
        let y = min(max(area.y, area.y + cell.row - offset), max(area.y, area.maxY - 1))
        return Point(x: area.x + cell.column, y: y)
    }

    /// Draws the rows from `offset` on into `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0, area.height > 0 else { return }
        buffer.fill(area, with: .blank(style))
        for (index, range) in rows(width: area.width).dropFirst(max(0, offset)).prefix(area.height).enumerated() {
            var x = area.x
            for character in editor.characters[range] {
                let width = buffer.put(character == "\t" ? " " : character, x: x, y: area.y + index, style: style, limit: area.maxX)
                if width == 0 && DisplayWidth.drawn(character) > 0 { break }
                x += width
            }
        }
    }
}
