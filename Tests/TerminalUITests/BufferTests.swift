import Testing
@testable import TerminalUI

@Suite("Buffer")
struct BufferTests {
    @Test("A new buffer reads back as blank lines")
    func newBufferIsBlank() {
        let buffer = Buffer(size: Size(width: 4, height: 2))
        #expect(buffer.lines == ["", ""])
    }

    @Test("Written text reads back from its row")
    func writtenTextReadsBack() {
        var buffer = Buffer(size: Size(width: 10, height: 2))
        buffer.write("hello", x: 2, y: 1)
        #expect(buffer.lines == ["", "  hello"])
    }

    @Test("Text is clipped at the right edge")
    func textIsClipped() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        let written = buffer.write("abcdefgh", x: 1, y: 0)
        #expect(buffer.line(0) == " abcd")
        #expect(written == 4)
    }

    @Test("A wide grapheme takes two cells, the second a continuation")
    func wideGraphemeTakesTwoCells() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("中a", x: 0, y: 0)
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[2, 0].grapheme == "a")
        #expect(buffer.line(0) == "中a")
    }

    @Test("A wide grapheme that would cross the edge is not drawn")
    func wideGraphemeAtTheEdgeIsDropped() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.write("ab中", x: 0, y: 0)
        #expect(buffer.line(0) == "ab")
        #expect(!buffer[2, 0].isContinuation)
    }

    @Test("Overwriting the right half of a wide grapheme blanks its left half")
    func overwritingRightHalfBlanksLeftHalf() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("中", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.line(0) == " x")
        #expect(buffer[0, 0].width == 1)
    }

    @Test("Overwriting the left half of a wide grapheme blanks its right half")
    func overwritingLeftHalfBlanksRightHalf() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("中", x: 0, y: 0)
        buffer.write("x", x: 0, y: 0)
        #expect(buffer.line(0) == "x")
        #expect(!buffer[1, 0].isContinuation)
    }

    @Test("Control characters are shown as a replacement character")
    func controlCharactersAreReplaced() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("a\u{1B}[2Jb", x: 0, y: 0)
        #expect(buffer.line(0) == "a\u{FFFD}[2Jb")
    }

    @Test("Fill sets every cell of a rectangle, clipped to the grid")
    func fillIsClipped() {
        var buffer = Buffer(size: Size(width: 3, height: 2))
        buffer.fill(Rect(x: 1, y: 1, width: 10, height: 10), with: Cell(grapheme: "#"))
        #expect(buffer.lines == ["", " ##"])
    }

    @Test("Patching a style keeps the text")
    func patchStyleKeepsText() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.write("abc", x: 0, y: 0, style: Style(foreground: .red))
        buffer.patchStyle(Rect(x: 0, y: 0, width: 2, height: 1), with: .reverse)
        #expect(buffer[0, 0].style == Style(foreground: .red, attributes: .reverse))
        #expect(buffer[2, 0].style == Style(foreground: .red))
        #expect(buffer.line(0) == "abc")
    }

    @Test("Writes outside the grid are ignored")
    func writesOutsideAreIgnored() {
        var buffer = Buffer(size: Size(width: 2, height: 1))
        buffer.write("x", x: -1, y: 0)
        buffer.write("x", x: 0, y: 5)
        buffer[9, 9] = Cell(grapheme: "z")
        #expect(buffer.lines == [""])
    }
}
