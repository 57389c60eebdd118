import TerminalUI

extension Browser {
    /// Draws what the details, review and today views share: the header on the top row and a box
    /// titled `title` over the rest but the last row. Returns the box's inside and that last row,
    /// the footer (see ``footerBar(_:right:)``).
    func drawBoxed(title: String, _ frame: inout Frame) -> (inner: Rect, footer: Rect) {
        let (header, rest) = frame.area.splitTop(1)
        let (body, footer) = rest.splitBottom(1)
        drawHeader(in: header, frame: &frame)
        let box = Box(title: Line(title, style: .bold))
        frame.buffer.render(box, in: body)
        return (box.inner(body), footer)
    }

    /// The footer: the last message, which takes the place of the key hints until the next key,
    /// else `hints` (with `right` at the right end) on the bar.
    func footerBar(_ hints: String, right: String? = nil) -> StatusBar {
        if let message { return StatusBar(left: Line(" " + message.text, style: message.isError ? Theme.errorStyle : .plain), style: .plain) }
        return StatusBar(left: Line(hints), right: right.map { Line($0) } ?? Line([]), style: Theme.barStyle)
    }
}
