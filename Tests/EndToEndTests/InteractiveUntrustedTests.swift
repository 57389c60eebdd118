import Foundation
import LeetTrackCore
import LeetTrackText
import Persistence
import Testing
@testable import LeetTrackScreen

/// Issue 12, point 9: the screen's list picker, a note changed elsewhere while it is edited.
@Suite("Interactive screen: own lists and concurrent notes")
struct InteractiveUntrustedTests {
    @Test("l offers the user's own lists after the built-in ones, and picks one")
    func pickerHasOwnLists() throws {
        let store = Store.memory()
        _ = try OwnLists(store: store, clock: .system).create("My Graphs", in: .builtIn, at: interactiveTestDate)
        _ = try OwnLists(store: store, clock: .system).add(["lru-cache", "two-sum"], to: "My Graphs", in: .builtIn)
        var screen = try ScreenHarness(store: store)
        screen.type("l")
        #expect(screen.text.contains("My Graphs"))
        for _ in 0...Catalog.builtIn.studyLists.count { screen.type("j") }
        screen.press(.enter)
        #expect(screen.browser.filters.list?.key == "my-graphs")
        #expect(screen.browser.rows.count == 2)
    }

    @Test("a note changed by another process while it is edited is not overwritten without a second Enter")
    func noteConflictAsks() throws {
        var screen = try ScreenHarness()
        screen.type("n")
        screen.type("mine")
        try ProgressRepository(store: screen.store, clock: .system).update(["two-sum"]) { _, record in record.note = "theirs" }
        screen.press(.enter)
        #expect(try screen.record("two-sum").note == "theirs")
        #expect(screen.text.contains("Another process changed this note"))
        screen.press(.enter)
        #expect(try screen.record("two-sum").note == "mine")
    }
}

@Suite(
    "Interactive screen in tmux: leaving a grown window",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
struct InteractiveGrowTests {
    @Test("after the window grows and the screen quits, none of its rows stay on the shell's screen")
    func grownWindowLeavesNoRows() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("Two Sum"))
        try tmux.resize(width: 120, height: 40)
        #expect(try tmux.waitFor("Median of Two Sorted Arrays"))
        try tmux.send("q")
        #expect(try tmux.waitFor("LEETTRACK-EXITED"))
        let screen = try tmux.screen()
        #expect(!screen.contains("Two Sum"), "\(screen)")
        #expect(!screen.contains("Add Two Numbers"), "\(screen)")
    }
}

@Suite("Rows of the command line")
struct FormatRowTests {
    @Test("a row makes its title safe and pads it by display width")
    func hostileAndWideTitles() {
        let hostile = Problem(
            id: 9, slug: "x", title: "x\u{1B}]0;pwned\u{07}\u{202E}", difficulty: .easy, paidOnly: false, category: "Algorithms",
            tags: [], acceptance: 1e18)
        let row = Format.row(hostile, ProblemProgress(status: .attempted, favorite: true), TextStyle(enabled: false))
        #expect(!row.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
        #expect(row.contains("attempted ♥"))
        let wide = Problem(id: 10, slug: "y", title: "图论", difficulty: .easy, paidOnly: false, category: "Algorithms", tags: [], acceptance: 50)
        let ascii = Problem(id: 11, slug: "z", title: "abcd", difficulty: .easy, paidOnly: false, category: "Algorithms", tags: [], acceptance: 50)
        let wideRow = Format.row(wide, nil, TextStyle(enabled: false))
        let asciiRow = Format.row(ascii, nil, TextStyle(enabled: false))
        #expect(wideRow.range(of: "Easy").map { wideRow[..<$0.lowerBound].count + 2 } == asciiRow.range(of: "Easy").map { asciiRow[..<$0.lowerBound].count })
    }
}

@Suite(
    "Colour on a terminal: outside text cannot use the program's own colours",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
struct OwnColourForgeryTests {
    @Test("a stored note, event note and list name holding exactly our colour codes show them inert on a colour terminal")
    func forgedColoursAreInert() throws {
        let red = "\u{1B}[31mRED\u{1B}[0m"
        // NO_COLOR empty: colour on, as on a user's terminal (the test runner's environment may set it).
        let tmux = try InteractiveTmux(arguments: ["show", "1"], width: 120, height: 30, environment: ["NO_COLOR": ""]) { storePath in
            // Written straight into the store, as a hand-edited or damaged store would hold it.
            let store = try Store.sqlite(path: storePath)
            try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in
                record.note = "note \(red)"
                record.events = [ProgressEvent(kind: .attempted, date: Date(timeIntervalSince1970: 1_764_000_000), note: "event \(red)")]
            }
        }
        #expect(try tmux.waitFor("LEETTRACK-EXITED"))
        let screen = try tmux.screen(escapes: true)
        #expect(screen.contains("note \u{FFFD}[31mRED"), "\(screen)")
        #expect(screen.contains("event \u{FFFD}[31mRED"), "\(screen)")
        #expect(!screen.contains("\u{1B}[31mRED"), "\(screen)")
        #expect(screen.contains("\u{1B}[32mEasy"), "colour is on: \(screen)")
    }
}
