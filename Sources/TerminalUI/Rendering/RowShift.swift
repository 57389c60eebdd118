/// A band of rows that moved up or down between two frames, as when a list scrolls by a row.
///
/// The terminal can move such a band itself (a scrolling region, DECSTBM, and scroll up or down,
/// SU/SD), which costs a dozen bytes instead of rewriting every row of it: curses does the same.
struct RowShift: Hashable, Sendable {
    /// The first row of the scrolling region.
    var top: Int
    /// The last row of the scrolling region (inclusive).
    var bottom: Int
    /// How many rows the content moved up (positive) or down (negative).
    var amount: Int

    /// The shift between two frames of one size that saves the most rewritten rows, if one saves
    /// at least `minimumSaving` rows; content may have moved by up to `maximumAmount` rows.
    /// - Complexity: O(rows x columns x maximumAmount) cell comparisons, and O(rows) row
    ///   comparisons only when fewer than `minimumSaving` rows changed.
    static func detect(from old: Buffer, to new: Buffer, maximumAmount: Int = 3, minimumSaving: Int = 3) -> RowShift? {
        let height = new.size.height
        guard old.size == new.size, height > minimumSaving else { return nil }
        let unchanged = (0..<height).map { rowsEqual(new, $0, old, $0) }
        guard unchanged.lazy.filter({ !$0 }).count >= minimumSaving else { return nil }
        var best: (shift: RowShift, saving: Int)?
        for magnitude in 1...max(1, min(maximumAmount, height - 1)) {
            for amount in [magnitude, -magnitude] {
                // matches[y]: new row y is old row y + amount.
                var y = 0
                while y < height {
                    guard y + amount >= 0, y + amount < height, rowsEqual(new, y, old, y + amount) else {
                        y += 1
                        continue
                    }
                    let first = y
                    while y < height, y + amount >= 0, y + amount < height, rowsEqual(new, y, old, y + amount) { y += 1 }
                    let last = y - 1
                    let shift = amount > 0
                        ? RowShift(top: first, bottom: last + amount, amount: amount)
                        : RowShift(top: first + amount, bottom: last, amount: amount)
                    // Rows that no longer need writing, less the vacated rows that now do.
                    let saved = (first...last).filter { !unchanged[$0] }.count
                    let vacated = shift.vacatedRows.filter { unchanged[$0] }.count
                    let saving = saved - vacated
                    if saving >= minimumSaving, saving > (best?.saving ?? 0) { best = (shift, saving) }
                }
            }
        }
        return best?.shift
    }

    /// The rows left blank by the move, which must be drawn afterwards.
    var vacatedRows: ClosedRange<Int> {
        amount > 0 ? (bottom - amount + 1)...bottom : top...(top - amount - 1)
    }

    /// `buffer` as the terminal shows it after the move: the band moved, vacated rows blank.
    func apply(to buffer: Buffer) -> Buffer {
        var result = buffer
        let width = buffer.size.width
        if amount > 0 {
            for y in top...(bottom - amount) { result.copyRow(from: buffer, row: y + amount, to: y) }
        } else {
            for y in stride(from: bottom, through: top - amount, by: -1) { result.copyRow(from: buffer, row: y + amount, to: y) }
        }
        for y in vacatedRows { result.fill(Rect(x: 0, y: y, width: width, height: 1)) }
        return result
    }

    private static func rowsEqual(_ a: Buffer, _ rowA: Int, _ b: Buffer, _ rowB: Int) -> Bool {
        let width = a.size.width
        let startA = rowA * width
        let startB = rowB * width
        for offset in 0..<width where a.cells[startA + offset] != b.cells[startB + offset] { return false }
        return true
    }
}
