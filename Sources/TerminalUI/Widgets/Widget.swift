/// Something that draws itself into a rectangle of a `Buffer`.
///
/// As in ratatui, a widget is a value built for one frame from the application's state; it keeps
/// nothing between frames. State that must survive (a selection, a cursor) lives in the
/// application and is passed in.
public protocol Widget {
    /// Draws into `area` of `buffer`, touching no cell outside it.
    func render(in area: Rect, buffer: inout Buffer)
}

extension Buffer {
    /// Draws `widget` into `area`.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area.intersection(self.area), buffer: &self)
    }
}
