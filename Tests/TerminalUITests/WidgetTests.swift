import Testing
@testable import TerminalUI

@Suite("Widgets")
struct WidgetTests {
    @Test("A status bar draws its left text and its right text at the edge")
    func statusBarBothSides() {
        var buffer = Buffer(size: Size(width: 20, height: 1))
        buffer.render(StatusBar(left: "left", right: "right"), in: buffer.area)
        #expect(buffer.line(0) == "left           right")
        #expect(buffer[10, 0].style == .reverse)
    }

    @Test("A status bar drops its right text when both do not fit")
    func statusBarDropsRight() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        buffer.render(StatusBar(left: "a long left text", right: "right"), in: buffer.area)
        #expect(buffer.line(0) == "a long le…")
    }

    @Test("A box draws its border and title and clears what was beneath")
    func boxBorder() {
        var buffer = Buffer(size: Size(width: 12, height: 4), fill: Cell(grapheme: "x"))
        let box = Box(title: "Hi")
        buffer.render(box, in: Rect(x: 1, y: 0, width: 10, height: 4))
        #expect(buffer.lines == [
            "x┌ Hi ────┐x",
            "x│        │x",
            "x│        │x",
            "x└────────┘x",
        ])
        #expect(box.inner(Rect(x: 1, y: 0, width: 10, height: 4)) == Rect(x: 3, y: 1, width: 6, height: 2))
    }

    @Test("A paragraph wraps at spaces")
    func paragraphWraps() {
        var buffer = Buffer(size: Size(width: 10, height: 3))
        buffer.render(Paragraph(["the quick brown fox jumps"]), in: buffer.area)
        #expect(buffer.lines == ["the quick", "brown fox", "jumps"])
    }

    @Test("A paragraph breaks a word longer than a row")
    func paragraphBreaksLongWords() {
        #expect(Paragraph.wrap("abcdefghij", width: 4).map(\.plainText) == ["abcd", "efgh", "ij"])
    }

    @Test("Wrapping keeps wide graphemes whole")
    func paragraphWrapsCJK() {
        #expect(Paragraph.wrap("两数之和", width: 5).map(\.plainText) == ["两数", "之和"])
    }

    @Test("A paragraph scrolled by an offset skips its first rows")
    func paragraphOffset() {
        var buffer = Buffer(size: Size(width: 10, height: 2))
        buffer.render(Paragraph(["one", "two", "three"], offset: 1), in: buffer.area)
        #expect(buffer.lines == ["two", "three"])
    }

    @Test("Rect centring clamps to the outer rectangle")
    func centeredRect() {
        let outer = Rect(x: 0, y: 0, width: 40, height: 10)
        #expect(outer.centered(width: 20, height: 4) == Rect(x: 10, y: 3, width: 20, height: 4))
        #expect(outer.centered(width: 60, height: 20) == outer)
    }
}
