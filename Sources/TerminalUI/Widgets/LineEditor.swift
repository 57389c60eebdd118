/// The state of a text editor: its text as grapheme clusters and a cursor between them.
///
/// The cursor moves by whole graphemes, so `é` written as `e` + combining accent, a CJK character
/// or a ZWJ emoji family is one step for arrows, Backspace and Delete, as a user expects.
///
/// The text is one line unless the caller adds line breaks (``insertLineBreak()``, or
/// ``insert(_:keepingLineBreaks:)`` for pasted text): a note editor does, a search field does not.
/// Home, End, Ctrl-U and Ctrl-K work on the cursor's line; ``moveUp()`` and ``moveDown()`` move
/// between lines.
public struct LineEditor: Hashable, Sendable {
    /// The graphemes of the text.
    public private(set) var characters: [Character]
    /// The cursor, as the number of graphemes before it (0 ... `characters.count`).
    public private(set) var cursor: Int

    /// An editor holding `text`, with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    public var text: String { String(characters) }

    /// Inserts `text` at the cursor and moves the cursor after it. Control characters become
    /// spaces; so do line breaks, unless `keepingLineBreaks` (then each, `\r\n` included, is one `\n`).
    public mutating func insert(_ text: String, keepingLineBreaks: Bool = false) {
        let cleaned = text.map { character -> Character in
            if keepingLineBreaks, character.isNewline { return "\n" }
            return character.unicodeScalars.first?.properties.generalCategory == .control ? " " : character
        }
        guard !cleaned.isEmpty else { return }
        let before = String(characters[..<cursor]) + String(cleaned)
        let combined = before + String(characters[cursor...])
        // Re-segment: a combining mark or a ZWJ may join the grapheme next to it; the cursor goes
        // after the grapheme that holds the end of the inserted text.
        let boundary = before.utf8.count
        var count = 0
        var index = combined.startIndex
        while index < combined.endIndex, combined.utf8.distance(from: combined.startIndex, to: index) < boundary {
            combined.formIndex(after: &index)
            count += 1
        }
        characters = Array(combined)
        cursor = count
    }

    /// Inserts a line break at the cursor (Alt-Enter or Ctrl-J in a note).
    public mutating func insertLineBreak() {
        characters.insert("\n", at: cursor)
        cursor += 1
    }

    /// The number of lines of the text (1 for text without a line break).
    public var lineCount: Int { characters.count(where: \.isNewline) + 1 }

    /// Where the line holding `position` starts.
    private func lineStart(_ position: Int) -> Int {
        var start = position
        while start > 0, !characters[start - 1].isNewline { start -= 1 }
        return start
    }

    /// Where the line holding `position` ends (at its line break, or the end of the text).
    private func lineEnd(_ position: Int) -> Int {
        var end = position
        while end < characters.count, !characters[end].isNewline { end += 1 }
        return end
    }

    /// Deletes the grapheme before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Deletes the grapheme after the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Deletes from the start of the cursor's line to the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        let start = lineStart(cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Deletes from the cursor to the end of its line (Ctrl-K).
    public mutating func deleteToEnd() {
        characters.removeSubrange(cursor..<lineEnd(cursor))
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W); at the start of a
    /// line, the line break before it.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " ", !characters[start - 1].isNewline { start -= 1 }
        if start == cursor, start > 0 { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Moves the cursor one grapheme left.
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves the cursor one grapheme right.
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    /// Moves the cursor to the start of its line.
    public mutating func moveHome() { cursor = lineStart(cursor) }
    /// Moves the cursor to the end of its line.
    public mutating func moveEnd() { cursor = lineEnd(cursor) }

    /// Moves the cursor to the line above, at the same grapheme of the line or its end; returns
    /// whether there was a line above.
    @discardableResult
    public mutating func moveUp() -> Bool {
        let start = lineStart(cursor)
        guard start > 0 else { return false }
        let above = lineStart(start - 1)
        cursor = min(above + (cursor - start), start - 1)
        return true
    }

    /// Moves the cursor to the line below, at the same grapheme of the line or its end; returns
    /// whether there was a line below.
    @discardableResult
    public mutating func moveDown() -> Bool {
        let end = lineEnd(cursor)
        guard end < characters.count else { return false }
        let column = cursor - lineStart(cursor)
        cursor = min(end + 1 + column, lineEnd(end + 1))
        return true
    }

    /// Applies an editing key (text, arrows, Home/End, Backspace, Delete, Ctrl-A/E/U/K/W) and
    /// returns whether it was one; Enter, Esc and others are left to the caller.
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> Bool {
        switch (key.key, key.modifiers) {
        case (.character(let character), let modifiers) where modifiers.isDisjoint(with: [.control, .alt]):
            insert(String(character))
        case (.character("a"), .control), (.home, _): moveHome()
        case (.character("e"), .control), (.end, _): moveEnd()
        case (.character("b"), .control), (.left, _): moveLeft()
        case (.character("f"), .control), (.right, _): moveRight()
        case (.character("u"), .control): deleteToStart()
        case (.character("k"), .control): deleteToEnd()
        case (.character("w"), .control), (.backspace, .alt): deleteWordBackward()
        case (.backspace, _), (.character("h"), .control): deleteBackward()
        case (.delete, _), (.character("d"), .control): deleteForward()
        default: return false
        }
        return true
    }
}

/// Draws a `LineEditor` on one row, scrolled sideways so the cursor is always visible, and
/// reports where the terminal's cursor should be shown.
public struct TextField: Widget {
    /// The editor to draw.
    public var editor: LineEditor
    /// The text's style.
    public var style: Style
    /// Shown dimmed while the text is empty.
    public var placeholder: String

    /// A field showing `editor`.
    public init(_ editor: LineEditor, style: Style = .plain, placeholder: String = "") {
        self.editor = editor
        self.style = style
        self.placeholder = placeholder
    }

    /// The first grapheme drawn at `width` columns: the smallest that leaves the cursor visible.
    func firstVisible(width: Int) -> Int {
        guard width > 0 else { return editor.cursor }
        var start = editor.cursor
        var used = 1  // the cursor's own cell
        while start > 0 {
            let next = DisplayWidth.drawn(editor.characters[start - 1])
            if used + next > width { break }
            used += next
            start -= 1
        }
        return start
    }

    /// Where the cursor sits when drawn in `area`.
    public func cursorPosition(in area: Rect) -> Point {
        let start = firstVisible(width: area.width)
        var x = area.x
        for character in editor.characters[start..<editor.cursor] { x += DisplayWidth.drawn(character) }
        return Point(x: min(x, max(area.x, area.maxX - 1)), y: area.y)
    }

    /// Draws the visible part of the text (or the placeholder) in the first row of `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        let row = area.row(0)
        guard !row.isEmpty else { return }
        buffer.fill(row, with: .blank(style))
        if editor.characters.isEmpty {
            buffer.draw(Line(placeholder, style: style.adding(.dim)), in: row)
            return
        }
        let start = firstVisible(width: row.width)
        var x = row.x
        for character in editor.characters[start...] {
            let width = buffer.put(character, x: x, y: row.y, style: style, limit: row.maxX)
            if width == 0 && DisplayWidth.drawn(character) > 0 { break }
            x += width
        }
    }
}
