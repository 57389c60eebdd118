/// Turns frames into the bytes that bring a terminal from the previous frame to the new one.
///
/// As in ratatui, it keeps the last frame it wrote, compares the new one cell by cell and writes
/// only the cells that changed: a cursor move where the cells are not adjacent, a style change
/// (SGR) only when the style differs from the last one written, then the grapheme. A one-cell
/// change costs a few bytes, not a screen. When a band of rows moved (a list scrolled), the
/// terminal moves it itself (see `RowShift`) and only the rows it brings in are written. A frame of another size (a resize), or a call to
/// `invalidate()`, clears the screen and draws everything again.
public struct Renderer: Sendable {
    private var previous: Buffer?
    /// The style the terminal's pen has, or `nil` when unknown.
    private var pen: Style?
    /// Where the terminal's cursor is, or `nil` when unknown.
    private var cursorAt: Point?
    private var cursorVisible = false

    /// Whether colours are written; without them (the user set `NO_COLOR`), bold, dim, reverse
    /// and underline still are, so selections and emphasis stay visible.
    public let writesColors: Bool

    /// A renderer that has drawn nothing yet (its first frame is a full redraw). It assumes the
    /// cursor is hidden, as `Terminal` leaves it.
    public init(colors: Bool = true) {
        writesColors = colors
    }

    /// Forgets the screen's content, so the next frame is drawn in full (after a resize, or when
    /// something else may have written to the terminal).
    public mutating func invalidate() {
        previous = nil
        pen = nil
        cursorAt = nil
    }

    /// The bytes that turn the previous frame into `frame`, with the terminal's cursor shown at
    /// `cursor` (for a text field) or hidden when `nil`.
    /// - Complexity: O(cells) to compare; the output grows with the changed cells only.
    public mutating func render(_ frame: Buffer, cursor: Point? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        var old: Buffer
        if let previous, previous.size == frame.size {
            old = previous
            if let shift = RowShift.detect(from: previous, to: frame) {
                if pen != .plain {
                    // The rows a scroll brings in take the pen's background: make it the default.
                    bytes.append(contentsOf: ANSI.resetStyle)
                    pen = .plain
                }
                ANSI.scroll(shift, to: &bytes)
                cursorAt = nil  // setting a scrolling region moves the cursor
                old = shift.apply(to: previous)
            }
        } else {
            // Compare with a blank screen after clearing it: blank cells then cost nothing.
            bytes.append(contentsOf: ANSI.clearScreen)
            pen = .plain
            cursorAt = nil
            old = Buffer(size: frame.size)
        }
        if cursorVisible, cursor == nil || old != frame {
            // Hide the cursor while drawing so it does not flicker across the screen.
            bytes.append(contentsOf: ANSI.hideCursor)
            cursorVisible = false
        }
        let width = frame.size.width
        frame.cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { old in
                for y in 0..<frame.size.height {
                    let start = y * width
                    var x = 0
                    while x < width {
                        let cell = new[start + x]
                        defer { x += 1 }
                        if cell.isContinuation { continue }
                        if cell == old[start + x] {
                            // A wide grapheme is unchanged only if its right half is too.
                            if cell.width < 2 || x + 1 >= width || new[start + x + 1] == old[start + x + 1] { continue }
                        }
                        if cursorAt != Point(x: x, y: y) {
                            if let at = cursorAt, at.y == y, at.x < x, x - at.x <= 4,
                                (at.x..<x).allSatisfy({
                                    new[start + $0].width == 1
                                        && (writesColors ? new[start + $0].style : new[start + $0].style.withoutColors) == pen
                                })
                            {
                                // A short gap of unchanged cells costs less to rewrite than a move.
                                for gap in at.x..<x { bytes.append(contentsOf: new[start + gap].grapheme.utf8) }
                            } else {
                                ANSI.moveCursor(x: x, y: y, to: &bytes)
                            }
                        }
                        let style = writesColors ? cell.style : cell.style.withoutColors
                        if pen != style {
                            ANSI.setStyle(style, to: &bytes)
                            pen = style
                        }
                        bytes.append(contentsOf: cell.grapheme.utf8)
                        // After a wide grapheme the terminal's idea of its width may differ from
                        // ours (emoji especially), so the next write moves the cursor explicitly.
                        cursorAt = cell.width == 2 ? nil : Point(x: x + 1, y: y)
                    }
                }
            }
        }
        if let cursor {
            if cursorAt != cursor {
                ANSI.moveCursor(x: cursor.x, y: cursor.y, to: &bytes)
                cursorAt = cursor
            }
            if !cursorVisible {
                bytes.append(contentsOf: ANSI.showCursor)
                cursorVisible = true
            }
        }
        previous = frame
        return bytes
    }
}
