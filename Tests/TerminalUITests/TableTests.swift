import Testing
@testable import TerminalUI

@Suite("Table and scrolling")
struct TableTests {
    private let columns = [
        Column("#", width: .fixed(3), alignment: .right, priority: 3),
        Column("Title", width: .fill(minimum: 5), priority: 4),
        Column("Level", width: .fixed(6), priority: 1),
    ]

    private func table(count: Int, state: ScrollState) -> Table {
        Table(columns: columns, state: state) { index in
            ["\(index + 1)", "Problem \(index + 1)", index % 2 == 0 ? "Easy" : "Hard"]
        }
    }

    @Test("A table draws its header and the visible rows in columns")
    func drawsHeaderAndRows() {
        var buffer = Buffer(size: Size(width: 24, height: 4))
        buffer.render(table(count: 100, state: ScrollState(count: 100, visibleRows: 3)), in: buffer.area)
        #expect(buffer.lines == [
            "  # Title         Level",
            "  1 Problem 1     Easy",
            "  2 Problem 2     Hard",
            "  3 Problem 3     Easy",
        ])
    }

    @Test("The selected row is drawn reversed across the whole width")
    func selectedRowIsReversed() {
        var buffer = Buffer(size: Size(width: 24, height: 4))
        buffer.render(table(count: 100, state: ScrollState(count: 100, visibleRows: 3, selected: 1)), in: buffer.area)
        #expect(buffer[0, 2].style.attributes.contains(.reverse))
        #expect(buffer[23, 2].style.attributes.contains(.reverse))
        #expect(!buffer[0, 1].style.attributes.contains(.reverse))
    }

    @Test("A narrow table drops its lowest-priority columns")
    func narrowTableDropsColumns() {
        var buffer = Buffer(size: Size(width: 12, height: 2))
        buffer.render(table(count: 100, state: ScrollState(count: 100, visibleRows: 1)), in: buffer.area)
        #expect(buffer.lines == ["  # Title", "  1 Problem…"])
    }

    @Test("Moving below the last visible row scrolls by one")
    func scrollingFollowsSelection() {
        var state = ScrollState(count: 100, visibleRows: 3)
        state.move(by: 3)
        #expect(state.selected == 3)
        #expect(state.offset == 1)
        #expect(state.visibleRange == 1..<4)
    }

    @Test("Page down moves a screenful less one row, and End reaches the last row")
    func pagingAndEnd() {
        var state = ScrollState(count: 100, visibleRows: 10)
        state.pageDown()
        #expect(state.selected == 9)
        state.end()
        #expect(state.selected == 99)
        #expect(state.offset == 90)
        state.home()
        #expect(state.selected == 0)
        #expect(state.offset == 0)
    }

    @Test("The selection is clamped when the list shrinks")
    func selectionClampsOnShrink() {
        var state = ScrollState(count: 100, visibleRows: 10, selected: 80)
        state.resize(count: 5, visibleRows: 10)
        #expect(state.selected == 4)
        #expect(state.offset == 0)
    }

    @Test("An empty list selects row zero and shows nothing")
    func emptyList() {
        var state = ScrollState(count: 0, visibleRows: 10)
        state.move(by: 5)
        #expect(state.selected == 0)
        #expect(state.visibleRange.isEmpty)
    }
}
