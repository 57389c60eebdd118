import Foundation
import LeetTrackCore
import LeetTrackText
import Persistence
import TerminalUI
import Testing
import TestSupport
@testable import LeetTrackScreen

/// What the interactive screen's keys do to the state and the store, with no terminal.
@Suite("Interactive screen: behaviour")
struct InteractiveBehaviourTests {
    @Test("f hearts the selected problem and saves it at once")
    func heartIsSaved() throws {
        var screen = try ScreenHarness()
        screen.type("jf")
        #expect(try screen.record("add-two-numbers").favorite)
        #expect(screen.lines[3].hasPrefix("  ♥    2 Add Two Numbers"))
        #expect(screen.lines[0].contains("Medium ✓0/2103 ~0 ♥1"))
    }

    @Test("Space toggles the heart off again, and the record keeps only when it was taken off")
    func spaceTogglesHeart() throws {
        var screen = try ScreenHarness()
        screen.type("  ")
        #expect(try screen.record("two-sum") == ProblemProgress(favoriteUpdated: interactiveTestDate))
        #expect(screen.lines[2].hasPrefix("  ♡    1 Two Sum"))
    }

    @Test("x then Enter records a solve rated good with its date and shows the mark")
    func solveIsRecorded() throws {
        var screen = try ScreenHarness()
        screen.type("x")
        screen.press(.enter)
        let record = try screen.record("two-sum")
        #expect(record.status == .solved)
        #expect(record.events == [ProgressEvent(kind: .solved, date: interactiveTestDate, rating: "good")])
        #expect(screen.lines[2].hasPrefix("✓ ♡    1 Two Sum"))
    }

    @Test("x creates the problem's review card, as leettrack solve does, and says when the first redo is")
    func solveCreatesCard() throws {
        var screen = try ScreenHarness()
        screen.type("x3")
        #expect(try screen.record("two-sum").review == ReviewScheduler().newCard(rating: .good, at: interactiveTestDate))
        #expect(screen.lines[23] == " ✓ Two Sum solved (good), next review on 2026-11-20 (in 2 days)")
    }

    @Test("a records an attempt")
    func attemptIsRecorded() throws {
        var screen = try ScreenHarness()
        screen.type("a")
        #expect(try screen.record("two-sum").status == .attempted)
        #expect(screen.lines[2].hasPrefix("~ ♡    1 Two Sum"))
    }

    @Test("u asks first, and n keeps the problem solved")
    func resetAsksFirst() throws {
        var screen = try ScreenHarness()
        screen.type("x3u")
        #expect(screen.text.contains("│ Set 1. Two Sum back to todo? Its history is  │"))
        screen.type("n")
        #expect(try screen.record("two-sum").status == .solved)
    }

    @Test("u then y sets the problem back to todo, keeping its history")
    func resetConfirmed() throws {
        var screen = try ScreenHarness()
        screen.type("x3uy")
        let record = try screen.record("two-sum")
        #expect(record.status == .todo)
        #expect(record.events.map(\.kind) == [.solved, .reset])
    }

    @Test("Enter in the note editor saves the note; Esc leaves it unchanged")
    func noteSavedOrCancelled() throws {
        var screen = try ScreenHarness()
        screen.type("n笔记 hash map")
        screen.press(.enter)
        #expect(try screen.record("two-sum").note == "笔记 hash map")
        #expect(screen.browser.screen == .list)
        screen.type("nxyz")
        screen.press(.escape)
        #expect(try screen.record("two-sum").note == "笔记 hash map")
    }

    @Test("The note editor moves by graphemes: Left then Backspace deletes the character before the cursor")
    func noteEditorCursorKeys() throws {
        var screen = try ScreenHarness()
        screen.type("n中文🙂")
        screen.press(.left, .backspace, .home, .delete, .end)
        screen.type("!")
        screen.press(.enter)
        #expect(try screen.record("two-sum").note == "🙂!")
    }

    @Test("A note over 65,536 bytes is not saved: the editor stays open with the text, and the footer says why")
    func longNoteIsRefused() throws {
        var screen = try ScreenHarness()
        let pasted = String(repeating: "x", count: 70_000)
        screen.type("n")
        screen.runtime.send(.paste(pasted))
        screen.press(.enter)
        #expect(try !screen.store.containsValue(forKey: "progress.two-sum"))
        #expect(screen.lines[23] == " Not saved: the note is longer than 65536 bytes (it has 70000); Esc cancels")
        guard case .note(let editor, _, _, _)? = screen.browser.overlay else {
            Issue.record("the note editor closed")
            return
        }
        #expect(editor.text == pasted)
        screen.press(.escape)
        #expect(screen.lines[23].contains("Note not changed"))
        #expect(try !screen.store.containsValue(forKey: "progress.two-sum"))
    }

    @Test("A note the store cannot write stays in the open editor with its text, and the footer says why")
    func unwritableNoteStaysInTheEditor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-note-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/store.sqlite"
        try Store.sqlite(path: path).set(true, for: Key<Bool>("made", default: false))
        var screen = try ScreenHarness(store: try Store.sqlite(path: path, access: .readOnly))
        screen.type("n")
        screen.runtime.send(.paste("typed with care"))
        screen.press(.enter)
        guard case .note(let editor, _, _, _)? = screen.browser.overlay else {
            Issue.record("the note editor closed, and the typed text with it")
            return
        }
        #expect(editor.text == "typed with care")
        #expect(screen.lines[23].hasPrefix(" Not saved (Enter tries again, Esc cancels): "), "\(screen.lines[23])")
        screen.press(.escape)
        #expect(screen.browser.overlay == nil)
    }

    @Test("A refused note is saved once it is cut to the largest size")
    func refusedNoteSavesOnceShortened() throws {
        var screen = try ScreenHarness()
        screen.type("n")
        screen.runtime.send(.paste(String(repeating: "x", count: InputRules.maximumNoteLength + 1)))
        screen.press(.enter)
        #expect(try screen.record("two-sum").note.isEmpty)
        screen.press(.backspace, .enter)
        #expect(try screen.record("two-sum").note == String(repeating: "x", count: InputRules.maximumNoteLength))
        #expect(screen.browser.overlay == nil)
        #expect(screen.lines[23].contains("Note of Two Sum saved"))
    }

    @Test("Search matches id, title words and slug; Esc restores the previous search")
    func searchKinds() throws {
        var screen = try ScreenHarness()
        screen.type("/167")
        #expect(screen.browser.rows.first == Catalog.builtIn.position(ofID: 167))
        screen.send(.control("u"))
        screen.type("two-sum-iv")
        #expect(screen.browser.rows == [Catalog.builtIn.position(ofSlug: "two-sum-iv-input-is-a-bst")])
        screen.press(.escape)
        #expect(screen.browser.filters.search.isEmpty)
        #expect(screen.browser.rows.count == 4029)
    }

    @Test("Enter keeps the search as a filter and returns the keys to the list")
    func searchEnterKeeps() throws {
        var screen = try ScreenHarness()
        screen.type("/two sum")
        screen.press(.enter)
        screen.type("jf")
        #expect(try screen.record("two-sum-ii-input-array-is-sorted").favorite)
        #expect(screen.browser.filters.search == "two sum")
    }

    @Test("d and s cycle the difficulty and status filters, and Esc clears them")
    func cyclingFilters() throws {
        var screen = try ScreenHarness()
        screen.type("ddd")
        #expect(screen.browser.filters.difficulty == .hard)
        screen.type("sss")
        #expect(screen.browser.filters.status == .solved)
        #expect(screen.browser.rows.isEmpty)
        #expect(screen.text.contains("No problem matches the filters (Esc clears them)."))
        screen.press(.escape)
        #expect(screen.browser.filters.isEmpty)
        #expect(screen.browser.rows.count == 4029)
    }

    @Test("A problem solved under the todo filter leaves the list at once")
    func statusFilterFollowsChanges() throws {
        var screen = try ScreenHarness()
        screen.type("sx3")
        #expect(screen.browser.rows.first == 1)
        #expect(screen.browser.rows.count == 4028)
    }

    @Test("l picks a study list, shown in its own order")
    func listPicker() throws {
        var screen = try ScreenHarness()
        screen.type("l")
        #expect(screen.text.contains("All problems"))
        screen.type("j")
        screen.press(.enter)
        let list = try #require(Catalog.builtIn.studyLists.first)
        #expect(screen.browser.filters.list == list)
        #expect(screen.browser.problemRowCount == list.slugs.count)
        #expect(screen.lines[23].contains(list.name))
    }

    @Test("t picks a tag, filtered by typing")
    func tagPicker() throws {
        var screen = try ScreenHarness()
        screen.type("ttrie")
        #expect(screen.text.contains("│ Trie"))
        screen.press(.enter)
        #expect(screen.browser.filters.tag == "Trie")
        #expect(screen.lines[23].contains("#Trie"))
        #expect(screen.browser.rows.allSatisfy { Catalog.builtIn.problem(at: $0).tags.contains("Trie") })
    }

    @Test("In the favorites sheet, f unhearts and Enter goes to the problem in the list")
    func favoritesSheetActions() throws {
        var screen = try ScreenHarness()
        screen.type("fjjfv")
        screen.type("f")
        #expect(try !screen.record("two-sum").favorite)
        #expect(screen.text.contains("Favorites (1)"))
        screen.press(.enter)
        #expect(screen.browser.overlay == nil)
        #expect(screen.browser.selectedPosition == 2)
    }

    @Test("Esc and q close the favorites sheet without quitting")
    func favoritesSheetCloses() throws {
        var screen = try ScreenHarness()
        screen.type("v")
        screen.press(.escape)
        #expect(screen.browser.overlay == nil)
        screen.type("v")
        let running = screen.send(.character("q"))
        #expect(running)
        #expect(screen.browser.overlay == nil)
    }

    @Test("h hides the difficulty and the choice is remembered")
    func hideIsRemembered() throws {
        var screen = try ScreenHarness()
        screen.type("h")
        let again = try ScreenHarness(store: screen.store)
        #expect(again.browser.hidesDifficulty)
        #expect(again.lines[2] == "  ♡    1 Two Sum")
    }

    @Test("q quits from the list, and Ctrl-C quits from anywhere")
    func quitting() throws {
        var screen = try ScreenHarness()
        let runsAfterQ = screen.send(.character("q"))
        #expect(!runsAfterQ)
        var editing = try ScreenHarness()
        editing.type("n")
        let runsAfterInterrupt = editing.send(.control("c"))
        #expect(!runsAfterInterrupt)
    }

    @Test("End and Home jump to the last and first problems; PgDn moves a page")
    func jumps() throws {
        var screen = try ScreenHarness()
        screen.type("G")
        #expect(screen.browser.scroll.selected == 4028)
        screen.type("g")
        #expect(screen.browser.scroll.selected == 0)
        screen.press(.pageDown)
        // 21 rows are visible at 80x24; a page keeps one row of context.
        #expect(screen.browser.scroll.selected == 20)
    }

    @Test("Up and Down in the details go to the previous and next problem")
    func detailsNavigation() throws {
        var screen = try ScreenHarness()
        screen.press(.enter, .down)
        #expect(screen.lines[1].hasPrefix("┌ 2. Add Two Numbers "))
    }

    @Test("An Esc sent together with a letter is taken as Esc, then the letter")
    func altLetterIsEscapeThenLetter() throws {
        var screen = try ScreenHarness()
        screen.press(.enter)
        screen.send(KeyEvent(.character("v"), modifiers: .alt))
        #expect(screen.browser.screen == .list)
        #expect(screen.text.contains("Favorites (0)"))
    }

    @Test("Pasted text goes into the search field, not into commands")
    func pasteIntoSearch() throws {
        var screen = try ScreenHarness()
        screen.type("/")
        screen.runtime.send(.paste("two sum"))
        #expect(screen.browser.filters.search == "two sum")
        screen.press(.escape)
        screen.runtime.send(.paste("q"))
        #expect(screen.browser.filters.search.isEmpty)
    }

    @Test("A change made through another store on the same file shows after the wake")
    func externalChangeShows() throws {
        let folder = try TemporaryFolder("leettrack-tui")
        defer { withExtendedLifetime(folder) {} }  // Removed when the test ends, not after its last mention.
        let directory = folder.url
        let path = directory.appendingPathComponent("store.sqlite").path
        var screen = try ScreenHarness(store: .sqlite(path: path))
        let other = try Store.sqlite(path: path)
        try ProgressRepository(store: other, clock: .system).update(["add-two-numbers"]) { _, record in record.favorite = true }
        let told = screen.awaitExternalChange()
        #expect(told)
        #expect(screen.lines[3].hasPrefix("  ♥    2 Add Two Numbers"))
        #expect(screen.lines[0].contains("♥1"))
    }
}

@Suite("Interactive screen: formatting")
struct InteractiveFormattingTests {
    @Test("History dates read as year-month-day hours:minutes in the local time zone")
    func historyDate() {
        let text = LocalDay.minute(of: interactiveTestDate, in: SystemTimeZone())
        #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/) != nil)
        let components = Calendar(identifier: .gregorian).dateComponents(in: .current, from: interactiveTestDate)
        #expect(text.hasSuffix(String(format: "%02d:%02d", components.hour ?? -1, components.minute ?? -1)))
    }

    @Test("Acceptance shows one decimal and a percent sign")
    func percentage() {
        #expect(Format.percent(58.04) == "58.0%")
        #expect(Format.percent(100) == "100.0%")
        #expect(Format.percent(0.05) == "0.1%")
    }
}

@Suite("Interactive screen: damaged data")
struct InteractiveDamagedDataTests {
    @Test("A record that does not decode leaves the rest on screen under a banner naming it, and is left as it was")
    func undecodableRecord() throws {
        let store = Store.memory()
        store.set("not a record", forKey: "progress.two-sum")
        try ProgressRepository(store: store, clock: .system).update(["add-two-numbers"]) { _, record in record.favorite = true }
        var screen = try ScreenHarness(store: store)
        #expect(screen.lines[1].contains("Cannot read the record of two-sum"))
        #expect(screen.browser.progress["add-two-numbers"]?.favorite == true)
        screen.press(.character("f"))  // On the first row, Two Sum: the change is refused.
        #expect(store.string(forKey: "progress.two-sum") == "not a record")
    }
}

@Suite("Interactive screen: search index")
struct InteractiveSearchIndexTests {
    private let index = SearchIndex(catalog: .builtIn)

    private func matches(_ id: Int, _ text: String) throws -> Bool {
        let position = try #require(Catalog.builtIn.position(ofID: id))
        return index.matches(position, SearchIndex.Query(text))
    }

    @Test("Words match anywhere in the title or the slug, in any case and order")
    func wordsMatch() throws {
        #expect(try matches(3, "REPEATING longest"))
        #expect(try matches(3, "characters"))
        #expect(try matches(1, "two-sum"))
        #expect(try !matches(1, "two three"))
    }

    @Test("A word is found after a false start on its first letters")
    func falseStarts() throws {
        // "Container With Most Water": "wat" follows "wit" and "with".
        #expect(try matches(11, "wat"))
        #expect(try matches(11, "water"))
        #expect(try !matches(11, "waters"))
    }

    @Test("The whole query as a number matches that id")
    func idMatches() throws {
        #expect(try matches(167, "167"))
        #expect(try !matches(12, "1"))
    }

    @Test("Filtering keeps the candidates' order")
    func filterKeepsOrder() {
        let rows = index.filter(Array((0..<Catalog.builtIn.count).reversed()), SearchIndex.Query("two sum"))
        #expect(rows == rows.sorted(by: >))
        #expect(rows.count == 19)
    }
}

@Suite("Interactive screen: damaged preference")
struct InteractiveDamagedPreferenceTests {
    @Test("An undecodable hide-difficulty setting opens the list anyway, says so, and keeps the bytes")
    func damagedPreference() throws {
        let store = Store.memory()
        store.set("sometimes", forKey: "interactive.hidesDifficulty")
        let screen = try ScreenHarness(store: store)
        #expect(screen.lines[2].hasSuffix("Easy    58.0%"))
        #expect(screen.lines[23].contains("Could not read the hide-difficulty setting"))
        #expect(store.string(forKey: "interactive.hidesDifficulty") == "sometimes")
    }
}
