/// Lines of text drawn top to bottom, optionally word-wrapped, scrolled by `offset` rows.
public struct Paragraph: Widget {
    /// The lines, before wrapping.
    public var lines: [Line]
    /// Whether lines wider than the area wrap at word boundaries (otherwise they are cut with `…`).
    public var wraps: Bool
    /// Rows of (wrapped) text skipped at the top.
    public var offset: Int

    /// A paragraph of `lines`.
    public init(_ lines: [Line], wraps: Bool = true, offset: Int = 0) {
        self.lines = lines
        self.wraps = wraps
        self.offset = offset
    }

    /// The rows the paragraph takes at `width` columns, after wrapping.
    public func rows(width: Int) -> [Line] {
        guard wraps, width > 0 else { return lines }
        return lines.flatMap { Paragraph.wrap($0, width: width) }
    }

    /// Draws the visible rows into `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        let visible = rows(width: area.width).dropFirst(max(0, offset)).prefix(area.height)
        for (index, line) in visible.enumerated() {
            buffer.draw(line, in: area.row(index))
        }
    }

    /// Splits `line` into rows of at most `width` columns, breaking after spaces where possible and
    /// inside a word only when the word alone is wider than a row. Styles are kept. Every row after
    /// the first starts `hangingIndent` columns in (under a field's value, past its label), so a
    /// wrapped value reads as one block; the indent is given up (0) when it would leave fewer than
    /// 8 columns.
    public static func wrap(_ line: Line, width: Int, hangingIndent: Int = 0) -> [Line] {
        guard width > 0, line.width > width else { return [line] }
        let indent = width - hangingIndent >= 8 ? max(0, hangingIndent) : 0
        // Work grapheme by grapheme, remembering the style of each.
        var graphemes: [(character: Character, style: Style, width: Int)] = []
        for span in line.spans {
            for character in span.text { graphemes.append((character, span.style, DisplayWidth.drawn(character))) }
        }
        var rows: [Line] = []
        var start = 0
        while start < graphemes.count {
            let rowWidth = rows.isEmpty ? width : width - indent
            var used = 0
            var end = start
            var lastBreak: Int?
            while end < graphemes.count, used + graphemes[end].width <= rowWidth {
                used += graphemes[end].width
                if graphemes[end].character == " " { lastBreak = end + 1 }
                end += 1
            }
            if end < graphemes.count, let lastBreak, lastBreak > start { end = lastBreak }
            if end == start { end = start + 1 }  // a grapheme wider than the row: take it anyway
            var row = makeLine(graphemes[start..<end])
            if !rows.isEmpty && indent > 0 { row.spans.insert(Span(String(repeating: " ", count: indent)), at: 0) }
            rows.append(row)
            start = end
            while start < graphemes.count, graphemes[start].character == " " { start += 1 }
        }
        return rows
    }

    private static func makeLine(_ graphemes: ArraySlice<(character: Character, style: Style, width: Int)>) -> Line {
        var spans: [Span] = []
        for grapheme in graphemes {
            if let last = spans.last, last.style == grapheme.style {
                spans[spans.count - 1].text.append(grapheme.character)
            } else {
                spans.append(Span(String(grapheme.character), style: grapheme.style))
            }
        }
        while var last = spans.last, last.text.hasSuffix(" ") {
            last.text.removeLast()
            spans[spans.count - 1] = last
            if last.text.isEmpty { spans.removeLast() }
        }
        return Line(spans)
    }
}
