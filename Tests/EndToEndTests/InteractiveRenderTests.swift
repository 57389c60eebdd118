import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
@testable import LeetTrackScreen

/// The text of the interactive screen's grid for each screen and state, with no terminal.
@Suite("Interactive screen: rendering")
struct InteractiveRenderTests {
    @Test("The list shows the header counts, the columns, the first problems and the key hints")
    func list() throws {
        let screen = try ScreenHarness()
        let lines = screen.lines
        #expect(lines[0] == " LeetTrack  Easy ✓0/960 ~0 ♥0  Medium ✓0/2103 ~0 ♥0  Hard ✓0/966 ~0 ♥0")
        #expect(lines[1] == "  ♥    # Title                                                     Level  Accept")
        #expect(lines[2] == "  ♡    1 Two Sum                                                   Easy    58.0%")
        #expect(lines[4] == "  ♡    3 Longest Substring Without Repeating Characters            Medium  39.8%")
        #expect(lines[23] == " ↑↓ move  ⏎ open  f ♥  x solved  / search  r review  ? keys  q quit   4029/4029")
    }

    @Test("The selected row is drawn reversed")
    func selectionIsReversed() throws {
        var screen = try ScreenHarness()
        screen.press(.down)
        let buffer = screen.runtime.snapshot().buffer
        #expect(buffer[10, 3].style.attributes.contains(.reverse))
        #expect(!buffer[10, 2].style.attributes.contains(.reverse))
    }

    @Test("A filtered list shows only matches and names the filters in the footer")
    func filteredList() throws {
        var screen = try ScreenHarness()
        screen.type("dd")
        let lines = screen.lines
        #expect(lines[2] == "  ♡    2 Add Two Numbers                                           Medium  49.2%")
        #expect(lines[3] == "  ♡    3 Longest Substring Without Repeating Characters            Medium  39.8%")
        #expect(lines[23] == " Medium  (Esc clears)                                                 2103/4029")
    }

    @Test("Searching shows the field with the cursor, and the matches as you type")
    func searchAsYouType() throws {
        var screen = try ScreenHarness()
        screen.type("/two sum")
        let frame = screen.runtime.snapshot()
        #expect(frame.buffer.line(2) == "  ♡    1 Two Sum                                                   Easy    58.0%")
        #expect(frame.buffer.line(3) == "  ♡  167 Two Sum II - Input Array Is Sorted                        Medium  65.7%")
        #expect(frame.buffer.line(23) == "/two sum                                                                19 found")
        #expect(frame.cursor == Point(x: 8, y: 23))
    }

    @Test("The details show the catalog's facts, the status, the note and the history")
    func details() throws {
        var screen = try ScreenHarness()
        screen.type("x3f")
        screen.press(.enter)
        let lines = screen.lines
        #expect(lines[1] == "┌ 1. Two Sum ──────────────────────────────────────────────────────────────────┐")
        #expect(lines[2] == "│ Status      ✓ solved                                                         │")
        #expect(lines[3] == "│ Favorite    ♥ yes                                                            │")
        #expect(lines[4] == "│ Difficulty  Easy                                                             │")
        #expect(lines[5] == "│ Acceptance  58.0%                                                            │")
        #expect(lines[6] == "│ Note        none (n writes one)                                              │")
        #expect(lines[7] == "│ Tags        Array, Hash Table                                                │")
        #expect(lines[8] == "│ Category    Algorithms                                                       │")
        #expect(lines[9].hasPrefix("│ Lists       Blind 75, "))
        #expect(lines[10].hasPrefix("│             NeetCode All"))  // Seven lists wrap onto a second line, under the first.
        #expect(lines[11] == "│ URL         https://leetcode.com/problems/two-sum/                           │")
        #expect(lines[13] == "│ History                                                                      │")
        #expect(lines[14].contains("  solved"))
    }

    @Test("The favorites sheet lists the hearted problems over the list")
    func favoritesSheet() throws {
        var screen = try ScreenHarness()
        screen.type("fjjf")
        screen.type("v")
        let text = screen.text
        #expect(text.contains("┌ ♥ Favorites (2) "))
        #expect(text.contains("│ ♥   1. Two Sum"))
        #expect(text.contains("│ ♥   3. Longest Substring Without Repeating Characters"))
        #expect(text.contains("⏎ go to  f unheart  Esc close"))
    }

    @Test("The note editor shows CJK and emoji text in place with the cursor after it")
    func noteEditorWithCJK() throws {
        var screen = try ScreenHarness()
        screen.type("n笔记 🙂")
        let frame = screen.runtime.snapshot()
        #expect(frame.buffer.line(6) == "│ Note        笔记 🙂                                                          │")
        #expect(frame.buffer.line(23) == " Enter saves the note  Alt-Enter or Ctrl-J new line  Esc cancels")
        // "│ Note        " is 14 columns; 笔记 takes 4, the space 1, 🙂 2.
        #expect(frame.cursor == Point(x: 21, y: 6))
    }

    @Test("The help lists every key")
    func help() throws {
        var screen = try ScreenHarness()
        screen.type("?")
        let text = screen.text
        #expect(text.contains("┌ Keys "))
        #expect(text.contains("│ f  Space       heart / unheart"))
        #expect(text.contains("│ q              quit (Ctrl-C too)"))
    }

    @Test("A 40x10 terminal still shows the list, with fewer columns and a compact header")
    func tinyTerminal() throws {
        let screen = try ScreenHarness(width: 40, height: 10)
        #expect(screen.lines == [
            "  E ✓0 ~0 ♥0  M ✓0 ~0 ♥0  H ✓0 ~0 ♥0",
            "  ♥    # Title             Level  Accept",
            "  ♡    1 Two Sum           Easy    58.0%",
            "  ♡    2 Add Two Numbers   Medium  49.2%",
            "  ♡    3 Longest Substrin… Medium  39.8%",
            "  ♡    4 Median of Two So… Hard    47.4%",
            "  ♡    5 Longest Palindro… Medium  38.5%",
            "  ♡    6 Zigzag Conversion Medium  54.9%",
            "  ♡    7 Reverse Integer   Medium  32.4%",
            " ↑↓ move  ⏎ open  f ♥  x solved  / sear…",
        ])
    }

    @Test("A 40x10 terminal keeps the note editor visible in the details")
    func tinyTerminalNoteEditor() throws {
        var screen = try ScreenHarness(width: 40, height: 10)
        screen.type("nok")
        #expect(screen.lines[6] == "│ Note        ok                       │")
    }

    @Test("A very large terminal fills its width and height")
    func largeTerminal() throws {
        let screen = try ScreenHarness(width: 300, height: 120)
        let lines = screen.lines
        #expect(lines[119].hasSuffix("4029/4029"))
        #expect(lines[118].contains("117 Populating Next Right Pointers in Each Node II"))
    }

    @Test("Hiding the difficulty removes the level and acceptance columns")
    func hiddenDifficulty() throws {
        var screen = try ScreenHarness()
        screen.type("h")
        #expect(screen.lines[1] == "  ♥    # Title")
        #expect(screen.lines[2] == "  ♡    1 Two Sum")
    }
}

/// Every screen and popup drawn at sizes down to nothing, so no layout arithmetic can trap.
@Suite("Interactive screen: extreme sizes")
struct InteractiveExtremeSizeTests {
    @Test(
        "Every screen draws at tiny and odd sizes without trapping",
        arguments: [(0, 0), (1, 1), (3, 2), (10, 3), (20, 5), (39, 9), (41, 11)])
    func tinySizes(width: Int, height: Int) throws {
        let keySequences = ["", "\r", "n笔记", "/two", "v", "?", "l", "tha", "xu", "d s"]
        for keys in keySequences {
            var screen = try ScreenHarness(width: width, height: height)
            screen.type("f")
            for character in keys {
                if character == "\r" { screen.press(.enter) } else { screen.type(String(character)) }
            }
            let frame = screen.runtime.snapshot()
            #expect(frame.buffer.size == Size(width: width, height: height))
            _ = screen.runtime.render()
        }
    }
}

@Suite("Interactive screen: more states")
struct InteractiveMoreRenderTests {
    @Test("The details say the difficulty is hidden when h hid it")
    func detailsWithHiddenDifficulty() throws {
        var screen = try ScreenHarness()
        screen.type("h")
        screen.press(.enter)
        #expect(screen.lines[4] == "│ Difficulty  hidden (h shows it)                                              │")
        #expect(!screen.text.contains("58.0%"))
    }

    @Test("The help scrolls on a short screen")
    func helpScrollsOnShortScreen() throws {
        var screen = try ScreenHarness(width: 40, height: 10)
        screen.type("?")
        #expect(screen.text.contains("↓ more"))
        #expect(!screen.text.contains("quit (Ctrl-C too)"))
        for _ in 0..<20 { screen.press(.down) }
        #expect(screen.text.contains("quit (Ctrl-C too)"))
    }

    @Test("The tag picker shows the typed filter and the matching tags")
    func tagPicker() throws {
        var screen = try ScreenHarness()
        screen.type("thash")
        let text = screen.text
        #expect(text.contains("┌ Tag "))
        #expect(text.contains("│ hash "))
        #expect(text.contains("│ Hash Function"))
        #expect(text.contains("│ Hash Table"))
        #expect(text.contains("│ Rolling Hash"))
    }

    @Test("A popup list keeps its selection visible when the screen shrinks")
    func popupFollowsResize() throws {
        var screen = try ScreenHarness()
        screen.type("t")
        screen.press(.end)
        screen.runtime.send(.resize(Size(width: 40, height: 10)))
        let state = try #require({ () -> ScrollState? in
            if case .tagPicker(_, let state) = screen.browser.overlay { return state }
            return nil
        }())
        #expect(state.visibleRange.contains(state.selected))
        #expect(state.visibleRows == screen.browser.pickerRows)
    }
}
