/// A cell position on the screen: column `x` and row `y`, both counted from zero at the top left.
public struct Point: Hashable, Sendable {
    /// The column, from zero at the left edge.
    public var x: Int
    /// The row, from zero at the top edge.
    public var y: Int

    /// A point at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// The size of a screen or a region of it, in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// A size of `width` columns and `height` rows; negative values count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// `"80x24"`.
    public var description: String { "\(width)x\(height)" }

    /// The largest screen drawn: 1,000 columns by 1,000 rows. A terminal says how large it is
    /// (`TIOCGWINSZ`, up to 65,535 each way), and a frame's grid takes 32 bytes a cell, drawn and
    /// compared with the last frame's: a window of 20,000 x 20,000 asked for 12.8 GB at once and
    /// aborted the screen. A thousand is far above any real terminal (a 4K monitor in a 6-pixel
    /// font is 640 columns) and a grid of it is 32 MB; a larger window is drawn in its top left
    /// 1,000 x 1,000 cells, the rest left blank.
    public static let largestScreen = Size(width: 1_000, height: 1_000)

    /// This size with each side cut to at most `limit`'s (``largestScreen``, for a terminal).
    public func clamped(to limit: Size) -> Size {
        Size(width: min(width, limit.width), height: min(height, limit.height))
    }
}

/// A rectangle of cells. Widgets render into one; layout splits one into smaller ones.
public struct Rect: Hashable, Sendable {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns (never negative).
    public var width: Int
    /// The number of rows (never negative).
    public var height: Int

    /// A rectangle; negative sizes count as zero so layout arithmetic cannot produce nonsense.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle at the origin covering a whole screen of `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows at top and bottom.
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The single row `index` of the rectangle (counted from its top), or an empty rectangle past the end.
    public func row(_ index: Int) -> Rect {
        guard index >= 0, index < height else { return Rect(x: x, y: y + index, width: 0, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }

    /// Splits off the top `rows` rows: returns them and the rest below.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: taken),
            Rect(x: x, y: y + taken, width: width, height: height - taken)
        )
    }

    /// Splits off the bottom `rows` rows: returns the rest above and them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: height - taken),
            Rect(x: x, y: maxY - taken, width: width, height: taken)
        )
    }

    /// A rectangle of at most `width` x `height` centred in this one (clamped to fit), as for a popup.
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// The part shared with `other`, empty when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
