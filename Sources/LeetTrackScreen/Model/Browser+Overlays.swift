import LeetTrackCore
import TerminalUI

extension Browser {
    /// Keys while something is open over the screen.
    mutating func handleOverlayKey(_ key: KeyEvent) -> UpdateResult {
        guard let overlay else { return .running }
        switch overlay {
        case .search(var editor, let previous):
            switch key {
            case KeyEvent(.enter):
                self.overlay = nil
            case KeyEvent(.escape):
                self.overlay = nil
                setSearch(previous)
            case KeyEvent(.up), KeyEvent(.down), KeyEvent(.pageUp), KeyEvent(.pageDown):
                _ = handleMovement(key)
            default:
                if editor.handle(key) {
                    self.overlay = .search(editor, previous: previous)
                    setSearch(editor.text)
                }
            }
        case .note(var editor, let position, let closesDetails, let original):
            switch key {
            case KeyEvent(.enter):
                switch saveNote(editor.text, at: position, expecting: original) {
                case .finished:
                    self.overlay = nil
                    if closesDetails { screen = .list }
                case .changedElsewhere(let theirs):
                    // Another process changed the note: the edit stays open, and Enter again overwrites it.
                    self.overlay = .note(editor, position: position, closesDetails: closesDetails, original: theirs)
                case .refused:
                    // The text breaks the note rule, or the store could not write it: it stays in
                    // the editor (the overlay is unchanged), to be shortened or tried again, and Esc
                    // leaves the stored note as it was.
                    break
                }
            case KeyEvent(.escape):
                self.overlay = nil
                message = Message(text: "Note not changed")
                if closesDetails { screen = .list }
            default:
                // A note may have several lines: Alt-Enter or Ctrl-J starts one, Up and Down move between them.
                switch key {
                case KeyEvent(.enter, modifiers: .alt), .control("j"): editor.insertLineBreak()
                case KeyEvent(.up): editor.moveUp()
                case KeyEvent(.down): editor.moveDown()
                default: guard editor.handle(key) else { return .running }
                }
                self.overlay = .note(editor, position: position, closesDetails: closesDetails, original: original)
            }
        case .listPicker(let lists, var state):
            state.resize(count: lists.count + 1, visibleRows: pickerRows)
            if let choice = handlePicker(key, state: &state) {
                self.overlay = nil
                if let choice { setList(choice == 0 ? nil : lists[choice - 1]) }
            } else {
                self.overlay = .listPicker(lists, state)
            }
        case .tagPicker(var editor, var state):
            if editor.handle(key) {
                state = ScrollState(count: tagChoices(editor.text).count, visibleRows: pickerRows)
                self.overlay = .tagPicker(editor, state)
                return .running
            }
            let choices = tagChoices(editor.text)
            state.resize(count: choices.count, visibleRows: pickerRows)
            if let choice = handlePicker(key, state: &state, lettersMove: false) {
                self.overlay = nil
                if let choice, choices.indices.contains(choice) { setTag(choices[choice]) }
            } else {
                self.overlay = .tagPicker(editor, state)
            }
        case .favorites(var favorites, var state):
            state.resize(count: favorites.count, visibleRows: pickerRows)
            switch key {
            case .character("f"), .character(" "):
                if favorites.indices.contains(state.selected) {
                    let position = favorites[state.selected]
                    toggleFavorite(position)
                    if !marks[position].favorite {
                        favorites.remove(at: state.selected)
                        state.resize(count: favorites.count, visibleRows: pickerRows)
                    }
                }
                self.overlay = .favorites(favorites, state)
            default:
                if let choice = handlePicker(key, state: &state) {
                    self.overlay = nil
                    if let choice, favorites.indices.contains(choice) { reveal(favorites[choice]) }
                } else {
                    self.overlay = .favorites(favorites, state)
                }
            }
        case .help(let offset):
            switch key {
            case KeyEvent(.escape), .character("q"), .character("?"), KeyEvent(.enter): self.overlay = nil
            case KeyEvent(.down), .character("j"), KeyEvent(.pageDown): self.overlay = .help(offset: min(offset + 1, Self.helpKeys.count - 1))
            case KeyEvent(.up), .character("k"), KeyEvent(.pageUp): self.overlay = .help(offset: max(0, offset - 1))
            default: break
            }
        case .rateSolve(let position):
            handleRatingKey(key, position: position)
        case .addToList(let lists, var state, let position):
            state.resize(count: lists.count + 1, visibleRows: pickerRows)
            if let choice = handlePicker(key, state: &state) {
                self.overlay = nil
                if choice == 0 {
                    self.overlay = .newList(LineEditor(), position: position)
                } else if let choice, lists.indices.contains(choice - 1) {
                    add(position, to: lists[choice - 1])
                }
            } else {
                self.overlay = .addToList(lists, state, position: position)
            }
        case .newList(var editor, let position):
            switch key {
            case KeyEvent(.enter):
                if createList(editor.text, with: position) { self.overlay = nil }
            case KeyEvent(.escape):
                self.overlay = nil
                message = Message(text: "Nothing changed")
            default:
                if editor.handle(key) { self.overlay = .newList(editor, position: position) }
            }
        case .confirmReset(let position):
            switch key {
            case .character("y"), .character("Y"), KeyEvent(.enter):
                self.overlay = nil
                resetToTodo(position)
            case .character("n"), .character("N"), KeyEvent(.escape), .character("q"):
                self.overlay = nil
                message = Message(text: "Nothing changed")
            default:
                break
            }
        }
        return .running
    }

    /// Keeps a popup list's selection visible after the screen changed size.
    mutating func fitOverlayToSize() {
        switch overlay {
        case .listPicker(let lists, var state):
            state.resize(count: state.count, visibleRows: pickerRows)
            overlay = .listPicker(lists, state)
        case .tagPicker(let editor, var state):
            state.resize(count: state.count, visibleRows: pickerRows)
            overlay = .tagPicker(editor, state)
        case .favorites(let favorites, var state):
            state.resize(count: state.count, visibleRows: pickerRows)
            overlay = .favorites(favorites, state)
        case .addToList(let lists, var state, let position):
            state.resize(count: lists.count + 1, visibleRows: pickerRows)
            overlay = .addToList(lists, state, position: position)
        default:
            break
        }
    }

    /// Moves in a popup list. Returns `nil` to stay open, `.some(nil)` when cancelled (Esc or q)
    /// and `.some(index)` when a row was chosen with Enter.
    private func handlePicker(_ key: KeyEvent, state: inout ScrollState, lettersMove: Bool = true) -> Int?? {
        switch key {
        case KeyEvent(.up): state.move(by: -1)
        case KeyEvent(.down): state.move(by: 1)
        case .character("k") where lettersMove: state.move(by: -1)
        case .character("j") where lettersMove: state.move(by: 1)
        case KeyEvent(.pageUp): state.pageUp()
        case KeyEvent(.pageDown): state.pageDown()
        case KeyEvent(.home): state.home()
        case KeyEvent(.end): state.end()
        case KeyEvent(.escape): return .some(nil)
        case .character("q") where lettersMove: return .some(nil)
        case KeyEvent(.enter): return state.count == 0 ? .some(nil) : .some(state.selected)
        default: break
        }
        return nil
    }

    /// The tag picker's rows for the typed text: "any tag" (`nil`) first, then matching tags.
    func tagChoices(_ text: String) -> [String?] {
        let wanted = text.lowercased()
        let tags = catalog.tagNames.filter { wanted.isEmpty || $0.lowercased().contains(wanted) }
        return (wanted.isEmpty ? [nil] : []) + tags.map { Optional($0) }
    }

    /// Pasted text goes into the open text field, if any; elsewhere it is ignored rather than
    /// taken as a burst of commands.
    mutating func handlePaste(_ text: String) {
        switch overlay {
        case .search(var editor, let previous):
            editor.insert(text)
            overlay = .search(editor, previous: previous)
            setSearch(editor.text)
        case .note(var editor, let position, let closesDetails, let original):
            editor.insert(text, keepingLineBreaks: true)
            overlay = .note(editor, position: position, closesDetails: closesDetails, original: original)
        case .tagPicker(var editor, _):
            editor.insert(text)
            overlay = .tagPicker(editor, ScrollState(count: tagChoices(editor.text).count, visibleRows: pickerRows))
        default:
            break
        }
    }
}
