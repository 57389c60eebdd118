/// A one-row bar, as for a header or a footer: a background across the row, a line on the left
/// and a line on the right. When both do not fit, the left one wins and is cut with `…`.
public struct StatusBar: Widget {
    /// Drawn flush left.
    public var left: Line
    /// Drawn flush right when there is room after `left`.
    public var right: Line
    /// The bar's base style (its background fills the row).
    public var style: Style

    /// A bar with `left` and `right` text on a row in `style`.
    public init(left: Line, right: Line = Line([]), style: Style = .reverse) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Draws the bar in the first row of `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        let row = area.row(0)
        guard !row.isEmpty else { return }
        buffer.fill(row, with: .blank(style))
        let leftLine = Line(left.spans.map { Span($0.text, style: style.patched(with: $0.style)) })
        let rightLine = Line(right.spans.map { Span($0.text, style: style.patched(with: $0.style)) })
        let used = buffer.draw(leftLine, in: row)
        let rightWidth = rightLine.width
        if rightWidth > 0, used + 1 + rightWidth <= row.width {
            buffer.draw(rightLine, in: Rect(x: row.maxX - rightWidth, y: row.y, width: rightWidth, height: 1))
        }
    }
}
