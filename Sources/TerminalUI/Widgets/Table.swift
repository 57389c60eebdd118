/// How wide a table column is.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many columns.
    case fixed(Int)
    /// What is left after the fixed columns, shared between fill columns, but at least `minimum`.
    case fill(minimum: Int)
}

/// A column of a `Table`.
public struct Column: Hashable, Sendable {
    /// The header text.
    public var title: String
    /// Its width rule.
    public var width: ColumnWidth
    /// How cells sit in the column.
    public var alignment: Alignment
    /// When the screen is too narrow, columns of lower priority are dropped first.
    public var priority: Int

    /// A column titled `title`.
    public init(_ title: String, width: ColumnWidth, alignment: Alignment = .left, priority: Int = 0) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.priority = priority
    }
}

/// A scrolling table with a selected row, as in ratatui's `Table`: only the visible rows are
/// built, so a table of thousands of rows costs what a screenful costs.
public struct Table: Widget {
    /// The columns, left to right.
    public var columns: [Column]
    /// The selection and scroll position (its `count` is the number of rows).
    public var state: ScrollState
    /// Builds the cells of row `index`, one line per column.
    public var row: (Int) -> [Line]
    /// Whether the first row of the area shows the column titles.
    public var showsHeader: Bool
    /// The header's style.
    public var headerStyle: Style
    /// Laid over the selected row.
    public var selectedStyle: Style
    /// Blank columns between columns.
    public var spacing: Int

    /// A table of `columns` whose rows come from `row`, scrolled as `state` says.
    public init(
        columns: [Column], state: ScrollState, showsHeader: Bool = true,
        headerStyle: Style = .bold, selectedStyle: Style = .reverse, spacing: Int = 1,
        row: @escaping (Int) -> [Line]
    ) {
        self.columns = columns
        self.state = state
        self.row = row
        self.showsHeader = showsHeader
        self.headerStyle = headerStyle
        self.selectedStyle = selectedStyle
        self.spacing = spacing
    }

    /// Which columns are shown at `width` and where: `(column index, x offset, width)` each.
    /// Columns of the lowest priority are dropped until the rest fit.
    public static func layout(_ columns: [Column], width: Int, spacing: Int = 1) -> [(index: Int, x: Int, width: Int)] {
        var shown = Array(columns.indices)
        func minimumWidth(_ indices: [Int]) -> Int {
            indices.reduce(0) { total, index in
                switch columns[index].width {
                case .fixed(let w): total + w
                case .fill(let minimum): total + minimum
                }
            } + max(0, indices.count - 1) * spacing
        }
        while shown.count > 1, minimumWidth(shown) > width {
            // Drop the lowest priority; among equals, the rightmost.
            let lowest = shown.min { (columns[$0].priority, -$0) < (columns[$1].priority, -$1) }
            shown.removeAll { $0 == lowest }
        }
        let fillCount = shown.filter { if case .fill = columns[$0].width { true } else { false } }.count
        var spare = max(0, width - minimumWidth(shown))
        var result: [(index: Int, x: Int, width: Int)] = []
        var x = 0
        var fillsLeft = fillCount
        for index in shown {
            var w: Int
            switch columns[index].width {
            case .fixed(let fixed): w = fixed
            case .fill(let minimum):
                let share = fillsLeft > 0 ? spare / fillsLeft : 0
                w = minimum + share
                spare -= share
                fillsLeft -= 1
            }
            w = min(w, max(0, width - x))
            result.append((index, x, w))
            x += w + spacing
        }
        return result
    }

    /// Draws the header and the visible rows.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let layout = Table.layout(columns, width: area.width, spacing: spacing)
        var top = area.y
        if showsHeader {
            buffer.fill(area.row(0), with: .blank(headerStyle))
            for slot in layout {
                let column = columns[slot.index]
                buffer.draw(
                    Line(column.title, style: headerStyle),
                    in: Rect(x: area.x + slot.x, y: top, width: slot.width, height: 1),
                    alignment: column.alignment)
            }
            top += 1
        }
        for (position, index) in state.visibleRange.enumerated() {
            let y = top + position
            guard y < area.maxY else { break }
            let cells = row(index)
            for slot in layout where slot.index < cells.count {
                buffer.draw(
                    cells[slot.index],
                    in: Rect(x: area.x + slot.x, y: y, width: slot.width, height: 1),
                    alignment: columns[slot.index].alignment)
            }
            if index == state.selected {
                buffer.patchStyle(Rect(x: area.x, y: y, width: area.width, height: 1), with: selectedStyle)
            }
        }
    }
}
