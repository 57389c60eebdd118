/// The selection and scroll position of a list: which row is selected and which row is at the top.
///
/// Every move keeps the selected row visible, scrolling as little as possible, as in a file
/// manager. The state stores the row count and the visible height so moves are O(1).
public struct ScrollState: Hashable, Sendable {
    /// The selected row (0 when the list is empty).
    public private(set) var selected: Int = 0
    /// The first visible row.
    public private(set) var offset: Int = 0
    /// The number of rows in the list.
    public private(set) var count: Int = 0
    /// How many rows the list shows at once.
    public private(set) var visibleRows: Int = 1

    /// An empty list's state.
    public init() {}

    /// A state for `count` rows, `visibleRows` of them shown, with `selected` selected.
    public init(count: Int, visibleRows: Int, selected: Int = 0) {
        resize(count: count, visibleRows: visibleRows)
        select(selected)
    }

    /// Adapts to a new row count or visible height, keeping the selection where possible.
    public mutating func resize(count: Int, visibleRows: Int) {
        self.count = max(0, count)
        self.visibleRows = max(1, visibleRows)
        select(selected)
    }

    /// Selects row `index` (clamped to the list) and scrolls it into view.
    public mutating func select(_ index: Int) {
        selected = count == 0 ? 0 : min(max(0, index), count - 1)
        if selected < offset { offset = selected }
        if selected >= offset + visibleRows { offset = selected - visibleRows + 1 }
        offset = min(offset, max(0, count - visibleRows))
        offset = max(0, offset)
    }

    /// Moves the selection by `delta` rows (negative moves up).
    public mutating func move(by delta: Int) { select(selected + delta) }

    /// Moves one page up: the selection moves a screenful less one row, so one row stays in view for context.
    public mutating func pageUp() { move(by: -max(1, visibleRows - 1)) }

    /// Moves one page down (see `pageUp()`).
    public mutating func pageDown() { move(by: max(1, visibleRows - 1)) }

    /// Selects the first row.
    public mutating func home() { select(0) }

    /// Selects the last row.
    public mutating func end() { select(count - 1) }

    /// The rows currently visible.
    public var visibleRange: Range<Int> { offset..<min(count, offset + visibleRows) }
}
