import Testing
@testable import TerminalUI

/// Text of several lines, as a note is written: editing it, drawing it while editing, and
/// showing it wrapped under a field's label.
@Suite("Text of several lines")
struct MultilineTextTests {
    @Test("A line break goes in at the cursor; Up and Down move between lines at the same grapheme")
    func lineBreaksAndVerticalMoves() {
        var editor = LineEditor("first")
        editor.insertLineBreak()
        editor.insert("second line")
        #expect(editor.text == "first\nsecond line")
        #expect(editor.lineCount == 2)
        var moves = [editor.moveUp()]
        #expect(editor.cursor == 5)  // "second line" is longer: the end of "first"
        moves.append(editor.moveUp())
        editor.moveHome()
        editor.moveRight()
        moves.append(editor.moveDown())
        #expect(editor.cursor == 7)  // after "s" of "second"
        moves.append(editor.moveDown())
        #expect(moves == [true, false, true, false])
    }

    @Test("Home, End, Ctrl-U and Ctrl-K work on the cursor's line; Ctrl-W at a line's start joins it to the one above")
    func lineKeys() {
        var editor = LineEditor("one\ntwo words\nthree")
        editor.moveUp()  // on "two words", at its 5th grapheme
        editor.handle(KeyEvent(.home))
        #expect(editor.cursor == 4)
        editor.handle(KeyEvent(.end))
        #expect(editor.cursor == 13)
        editor.handle(.control("u"))
        #expect(editor.text == "one\n\nthree")
        editor.insert("two")
        editor.handle(KeyEvent(.home))
        editor.handle(.control("k"))
        #expect(editor.text == "one\n\nthree")
        editor.handle(.control("w"))
        #expect(editor.text == "one\nthree")
        #expect(editor.cursor == 3)
    }

    @Test("Pasted line breaks stay in a note (CR LF as one) and become spaces in a one-line field")
    func pastedLineBreaks() {
        var note = LineEditor()
        note.insert("a\r\nb\rc\nd", keepingLineBreaks: true)
        #expect(note.text == "a\nb\nc\nd")
        var field = LineEditor()
        field.insert("a\r\nb\nc")
        #expect(field.text == "a b c")
    }

    @Test("A text area gives each line its rows, breaks a long one, and keeps a cell for the cursor after a full row")
    func textAreaRows() {
        let area = TextArea(LineEditor("abcdef\n\nxy"))
        #expect(area.rows(width: 4) == [0..<4, 4..<6, 7..<7, 8..<10])
        #expect(area.cursorCell(width: 4) == (row: 3, column: 2))
        let full = TextArea(LineEditor("abcd"))
        #expect(full.rows(width: 4) == [0..<4, 4..<4])
        #expect(full.cursorCell(width: 4) == (row: 1, column: 0))
    }

    @Test("A text area draws every line of the note and no U+FFFD for its line breaks")
    func textAreaDraws() {
        var editor = LineEditor("hash map\none pass 两数")
        editor.moveUp()
        let widget = TextArea(editor)
        var buffer = Buffer(size: Size(width: 10, height: 3))
        buffer.render(widget, in: buffer.area)
        #expect(buffer.lines == ["hash map", "one pass", "两数"])
        #expect(widget.cursorPosition(in: buffer.area) == Point(x: 8, y: 0))
    }

    @Test("A note written elsewhere with CR LF line breaks and tabs edits and draws as lines, with no U+FFFD")
    func foreignLineBreaks() {
        var editor = LineEditor("one\r\n\ttwo")
        #expect(editor.lineCount == 2)
        editor.handle(KeyEvent(.home))
        #expect(editor.cursor == 4)
        var buffer = Buffer(size: Size(width: 6, height: 2))
        buffer.render(TextArea(editor), in: buffer.area)
        #expect(buffer.lines == ["one", " two"])
    }

    @Test("Scrolled by an offset, a text area draws its later rows and puts the cursor on its row")
    func textAreaOffset() {
        let widget = TextArea(LineEditor("1\n2\n3\n4"), offset: 2)
        var buffer = Buffer(size: Size(width: 3, height: 2))
        buffer.render(widget, in: buffer.area)
        #expect(buffer.lines == ["3", "4"])
        #expect(widget.cursorPosition(in: buffer.area) == Point(x: 1, y: 1))
    }

    @Test("A hanging indent starts every wrapped row under the value, past the label")
    func hangingIndent() {
        let rows = Paragraph.wrap("Note  one two three four five", width: 16, hangingIndent: 6)
        #expect(rows.map(\.plainText) == ["Note  one two", "      three", "      four five"])
        // Too narrow for the indent (fewer than 8 columns would be left): the rows use the whole width.
        #expect(Paragraph.wrap("Note  one two", width: 12, hangingIndent: 6).map(\.plainText) == ["Note  one", "two"])
    }

    @Test("Text with line breaks and tabs is one line per line, tabs as spaces")
    func linesOfText() {
        #expect(Line.lines(of: "a\n\tb\r\nc").map(\.plainText) == ["a", "    b", "c"])
        #expect(Line.lines(of: "").map(\.plainText) == [""])
    }
}
