import Testing
@testable import TerminalUI

@Suite("Drawing lines")
struct LineTests {
    private func draw(_ line: Line, width: Int, alignment: Alignment = .left) -> String {
        var buffer = Buffer(size: Size(width: width, height: 1))
        buffer.draw(line, in: buffer.area, alignment: alignment)
        return buffer.line(0)
    }

    @Test("A line that fits is drawn whole")
    func fittingLine() {
        #expect(draw("Two Sum", width: 10) == "Two Sum")
    }

    @Test("A line that is too wide ends with an ellipsis in the last column")
    func truncatedLine() {
        #expect(draw("Longest Substring", width: 8) == "Longest…")
    }

    @Test("A line exactly as wide as the area gets no ellipsis")
    func exactFit() {
        #expect(draw("abcd", width: 4) == "abcd")
    }

    @Test("Truncation never splits a wide grapheme")
    func truncationKeepsWideGraphemesWhole() {
        #expect(draw("两数之和", width: 6) == "两数…")
        #expect(draw("两数之和", width: 5) == "两数…")
    }

    @Test("Spans keep their styles")
    func spansKeepStyles() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.draw(Line([Span("ab", style: .bold), Span("cd", style: Style(foreground: .green))]), in: buffer.area)
        #expect(buffer[1, 0].style == .bold)
        #expect(buffer[2, 0].style.foreground == .green)
    }

    @Test("Right and centre alignment place the line")
    func alignment() {
        #expect(draw("ab", width: 6, alignment: .right) == "    ab")
        #expect(draw("ab", width: 6, alignment: .center) == "  ab")
    }

    @Test("Drawing reports the columns used")
    func reportsColumns() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        #expect(buffer.draw("a中", in: buffer.area) == 3)
        #expect(buffer.draw("abcdefghijklmnop", in: buffer.area) == 10)
    }
}

@Suite("Drawing lines over wide graphemes")
struct LineOverWideGraphemeTests {
    @Test("ASCII drawn over half of a wide grapheme blanks its other half")
    func asciiOverWideGrapheme() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("中文中", x: 0, y: 0)
        buffer.draw("ab", in: Rect(x: 1, y: 0, width: 2, height: 1))
        #expect(buffer.line(0) == " ab 中")
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test("Mixed ASCII and CJK spans are truncated at the same column")
    func mixedSpansTruncate() {
        var buffer = Buffer(size: Size(width: 7, height: 1))
        buffer.draw(Line([Span("ab"), Span("中文"), Span("cd")]), in: buffer.area)
        #expect(buffer.line(0) == "ab中文…")
    }
}
