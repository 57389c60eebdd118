import Testing
@testable import TerminalUI

@Suite("Line editor")
struct LineEditorTests {
    @Test("Typed text is inserted at the cursor")
    func insertAtCursor() {
        var editor = LineEditor("ac")
        editor.moveLeft()
        editor.insert("b")
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
    }

    @Test("Arrows, Backspace and Delete step over whole CJK and emoji graphemes")
    func graphemeSteps() {
        var editor = LineEditor("a中👨‍👩‍👧b")
        editor.handle(KeyEvent(.left))
        editor.handle(KeyEvent(.backspace))
        #expect(editor.text == "a中b")
        editor.handle(KeyEvent(.home))
        editor.handle(KeyEvent(.right))
        editor.handle(KeyEvent(.delete))
        #expect(editor.text == "ab")
        #expect(editor.cursor == 1)
    }

    @Test("A combining mark typed after a letter joins it into one grapheme")
    func combiningMarkJoins() {
        var editor = LineEditor("e")
        editor.insert("\u{301}")
        #expect(editor.characters.count == 1)
        #expect(editor.cursor == 1)
        editor.handle(KeyEvent(.backspace))
        #expect(editor.text.isEmpty)
    }

    @Test("Home and End move to the ends; Ctrl-A and Ctrl-E do too")
    func homeAndEnd() {
        var editor = LineEditor("hello")
        editor.handle(KeyEvent(.home))
        #expect(editor.cursor == 0)
        editor.handle(KeyEvent(.end))
        #expect(editor.cursor == 5)
        editor.handle(.control("a"))
        #expect(editor.cursor == 0)
        editor.handle(.control("e"))
        #expect(editor.cursor == 5)
    }

    @Test("Backspace at the start and Delete at the end do nothing")
    func editsAtTheEdges() {
        var editor = LineEditor("ab")
        editor.handle(KeyEvent(.delete))
        editor.moveHome()
        editor.handle(KeyEvent(.backspace))
        #expect(editor.text == "ab")
    }

    @Test("Ctrl-W deletes the word before the cursor")
    func deleteWord() {
        var editor = LineEditor("two pointers  ")
        editor.handle(.control("w"))
        #expect(editor.text == "two ")
    }

    @Test("Pasted newlines become spaces")
    func newlinesBecomeSpaces() {
        var editor = LineEditor()
        editor.insert("a\nb")
        #expect(editor.text == "a b")
    }

    @Test("Enter and Escape are left to the caller")
    func enterIsNotHandled() {
        var editor = LineEditor("x")
        let handledEnter = editor.handle(KeyEvent(.enter))
        let handledEscape = editor.handle(KeyEvent(.escape))
        #expect(!handledEnter)
        #expect(!handledEscape)
        #expect(editor.text == "x")
    }

    @Test("A text field shows CJK text and puts the cursor after it")
    func textFieldWithCJK() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        let field = TextField(LineEditor("笔记abc"))
        buffer.render(field, in: buffer.area)
        #expect(buffer.line(0) == "笔记abc")
        #expect(field.cursorPosition(in: buffer.area) == Point(x: 7, y: 0))
    }

    @Test("A text field scrolls sideways to keep the cursor visible")
    func textFieldScrolls() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        let field = TextField(LineEditor("abcdefgh"))
        buffer.render(field, in: buffer.area)
        #expect(buffer.line(0) == "efgh")
        #expect(field.cursorPosition(in: buffer.area) == Point(x: 4, y: 0))
    }

    @Test("An empty text field shows its placeholder dimmed")
    func placeholder() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        buffer.render(TextField(LineEditor(), placeholder: "search"), in: buffer.area)
        #expect(buffer.line(0) == "search")
        #expect(buffer[0, 0].style.attributes.contains(.dim))
    }
}
