/// One cell of the screen grid: the grapheme cluster shown there and its style.
///
/// A wide grapheme (CJK, emoji) occupies two cells: the first holds it with `width == 2`, the
/// second is a *continuation* cell (`width == 0`, empty grapheme) that the renderer skips.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown, or `""` in the continuation cell of a wide grapheme.
    public var grapheme: String
    /// How the cell looks.
    public var style: Style
    /// Columns the grapheme takes: 1 or 2, or 0 for a continuation cell.
    public var width: UInt8

    /// A cell showing `grapheme` (which must take `width` columns) in `style`.
    public init(grapheme: String, style: Style = .plain, width: UInt8 = 1) {
        self.grapheme = grapheme
        self.style = style
        self.width = width
    }

    /// A blank cell in the default style.
    public static let blank = Cell(grapheme: " ")

    /// A blank cell in `style` (which shows its background).
    public static func blank(_ style: Style) -> Cell { Cell(grapheme: " ", style: style) }

    /// Whether this is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
