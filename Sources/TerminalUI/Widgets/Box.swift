/// A bordered box with an optional title in its top border: the frame of a modal or popup.
///
/// Rendering clears the box first, so it can be drawn over whatever lies beneath (a popup over the
/// list). Draw the content into `inner(_:)`.
public struct Box: Widget {
    /// Shown in the top border, cut with `…` if too long.
    public var title: Line
    /// The border's style.
    public var borderStyle: Style
    /// The style of the box's inside (its background).
    public var style: Style

    /// A box titled `title`.
    public init(title: Line = Line([]), borderStyle: Style = .plain, style: Style = .plain) {
        self.title = title
        self.borderStyle = borderStyle
        self.style = style
    }

    /// The area inside the border (one cell in from every side, plus one column of padding).
    public func inner(_ area: Rect) -> Rect {
        Rect(x: area.x + 2, y: area.y + 1, width: area.width - 4, height: area.height - 2)
    }

    /// Clears `area` and draws the border and title.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width >= 2, area.height >= 2 else {
            buffer.fill(area, with: .blank(style))
            return
        }
        buffer.fill(area, with: .blank(style))
        let border = style.patched(with: borderStyle)
        for x in area.x + 1..<area.maxX - 1 {
            buffer.put("─", x: x, y: area.y, style: border)
            buffer.put("─", x: x, y: area.maxY - 1, style: border)
        }
        for y in area.y + 1..<area.maxY - 1 {
            buffer.put("│", x: area.x, y: y, style: border)
            buffer.put("│", x: area.maxX - 1, y: y, style: border)
        }
        buffer.put("┌", x: area.x, y: area.y, style: border)
        buffer.put("┐", x: area.maxX - 1, y: area.y, style: border)
        buffer.put("└", x: area.x, y: area.maxY - 1, style: border)
        buffer.put("┘", x: area.maxX - 1, y: area.maxY - 1, style: border)
        if title.width > 0, area.width > 4 {
            let titled = Line([Span(" ", style: border)] + title.spans.map { Span($0.text, style: border.patched(with: $0.style)) } + [Span(" ", style: border)])
            buffer.draw(titled, in: Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1))
        }
    }
}
