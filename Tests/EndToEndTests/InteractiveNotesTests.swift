import Foundation
import LeetTrackCore
import Persistence
import Testing

/// Notes on the real screen in tmux: a note of several lines shows as written, the editor takes
/// several lines, and the help fits the usual terminal sizes.
@Suite(
    "Interactive notes and help in tmux",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"),
    .serialized)
struct InteractiveNotesTests {
    static let note = "hash map: value -> index\n\tone pass\n\nthe complement is looked up before the number is stored, so a number never pairs with itself"

    @Test("A note of several lines shows each line under its label, its wrapped rows indented, and no U+FFFD")
    func multilineNoteShows() throws {
        let tmux = try InteractiveTmux(width: 80, height: 24) { (store: String) throws in
            #expect(try runLeettrackForInteractiveTests(["note", "1", Self.note], store: store).code == 0)
        }
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("Enter")
        let screen = try tmux.waitForScreen { $0.contains("Note        hash map") }
        let rows = screen.components(separatedBy: "\n")
        let note = try #require(rows.firstIndex { $0.contains("Note        hash map: value -> index") })
        #expect(rows[note + 1].hasPrefix("│                 one pass"), "\(screen)")
        #expect(rows[note + 2].trimmingCharacters(in: .whitespaces).dropFirst().dropLast().allSatisfy { $0 == " " }, "the empty line stays:\n\(screen)")
        #expect(rows[note + 3].hasPrefix("│             the complement is looked up"), "\(screen)")
        #expect(rows[note + 4].hasPrefix("│             "), "the wrapped row starts under the value:\n\(screen)")
        #expect(rows[note + 4].contains("itself"), "\(screen)")
        #expect(rows[note + 5].hasPrefix("│ Tags"), "\(screen)")
        #expect(!screen.contains("\u{FFFD}"))
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }

    @Test("In the note editor Alt-Enter and Ctrl-J start new lines, Up moves between them, and Enter saves all of them")
    func editorTakesSeveralLines() throws {
        let tmux = try InteractiveTmux(width: 80, height: 24)
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("Enter")
        #expect(try tmux.waitFor("none (n writes one)"))
        try tmux.send("n")
        #expect(try tmux.waitFor("Alt-Enter or Ctrl-J new line"))
        try tmux.type("first")
        try tmux.send("M-Enter")
        try tmux.type("second")
        try tmux.send("C-j")
        try tmux.type("third")
        // Shown on three rows while it is edited.
        let editing = try tmux.waitForScreen { $0.contains("│             third") }
        #expect(editing.contains("│ Note        first"), "\(editing)")
        #expect(editing.contains("│             second"), "\(editing)")
        try tmux.send("Up")  // To the same grapheme of "second": after "secon".
        try tmux.type("-")
        try tmux.send("End")
        try tmux.type(" line")
        try tmux.send("Enter")
        let saved = try tmux.waitForScreen { $0.contains("Note of Two Sum saved") }
        #expect(saved.contains("│             secon-d line"), "\(saved)")
        #expect(!saved.contains("\u{FFFD}"))
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
        let stored = try ProgressRepository(store: .sqlite(path: tmux.storePath), clock: .system).progress(for: "two-sum").note
        #expect(stored == "first\nsecon-d line\nthird")
    }

    @Test("A pasted note over 65,536 bytes is refused as `note` refuses it: the editor stays open with it, the footer says why, and the store keeps no note")
    func pastedNoteOverTheLimitIsRefused() throws {
        let tmux = try InteractiveTmux(width: 80, height: 24)
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("n")
        #expect(try tmux.waitFor("Alt-Enter or Ctrl-J new line"))
        try tmux.paste(String(repeating: "x", count: 70_000))
        #expect(try tmux.waitFor("│             " + String(repeating: "x", count: 60), timeout: 10))
        try tmux.send("Enter")
        let refused = try tmux.waitForScreen { $0.contains("Not saved") }
        #expect(refused.contains(" Not saved: the note is longer than 65536 bytes (it has 70000); Esc cancels"), "\(refused)")
        #expect(!refused.contains("Note of Two Sum saved"), "\(refused)")
        // Still in the editor, with the text: the next key brings its hints back.
        try tmux.send("End")
        let editing = try tmux.waitForScreen { $0.contains("Enter saves the note") }
        #expect(editing.contains("│             " + String(repeating: "x", count: 60)), "\(editing)")
        try tmux.send("Escape")
        #expect(try tmux.waitFor("Note not changed"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
        #expect(try ProgressRepository(store: .sqlite(path: tmux.storePath), clock: .system).progress(for: "two-sum").note.isEmpty)
    }

    @Test("The ? help shows every key and its meaning whole, inside the screen, at 80 and 120 columns", arguments: [(80, 24), (120, 40)])
    func helpFits(width: Int, height: Int) throws {
        let tmux = try InteractiveTmux(width: width, height: height)
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("?")
        let screen = try tmux.waitForScreen { $0.contains("Keys") && $0.contains("quit (Ctrl-C too)") }
        for meaning in [
            "solved (asks 1-4), attempted", "edit code, add to list, undo", "open page (queue: details)",
            "rate: again hard good easy", "difficulty, status filters", "quit (Ctrl-C too)", "move", "this help",
        ] {
            #expect(screen.contains(meaning), "at \(width) columns, '\(meaning)' is cut:\n\(screen)")
        }
        let rows = screen.components(separatedBy: "\n").map { Array($0) }
        let top = try #require(rows.firstIndex { String($0).contains("┌ Keys") })
        let column = try #require(String(rows[top]).range(of: "┌ Keys").map { String(rows[top])[..<$0.lowerBound].count })
        let bottom = try #require(rows.indices.first { $0 > top && rows[$0].count > column && rows[$0][column] == "└" })
        #expect(bottom - top + 1 == 23, "every key on a row of its own, in the box:\n\(screen)")
        #expect(!rows[top...bottom].contains { $0.contains("…") }, "\(screen)")
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }

    @Test("The review card shows a note of several lines under its label, and the queue's plural says 1 day")
    func reviewCardNote() throws {
        let store = try reviewStore()
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in record.note = "hash map\n\tcomplement first" }
        var screen = try ScreenHarness(store: store)
        screen.type("r")
        #expect(screen.lines[7] == "│ Note        hash map                                                         │")
        #expect(screen.lines[8] == "│                 complement first                                             │")
        #expect(!screen.text.contains("\u{FFFD}"))
        var dayLater = try ScreenHarness(store: store, now: { interactiveTestDate.addingTimeInterval(-2 * 86_400) })
        dayLater.type("r")
        #expect(dayLater.text.contains("2026-11-15, 1 day overdue"), "\(dayLater.text)")
    }
}
