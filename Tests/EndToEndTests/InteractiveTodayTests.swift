import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
@testable import LeetTrackScreen

@Suite("The interactive screen's start view, section headers and paid marker")
struct InteractiveTodayTests {
    /// A store with two solves (one due for review on the tests' day), the followed list and a goal.
    static func practisedStore() throws -> Store {
        let store = Store.memory()
        let tracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(interactiveTestDate), timeZone: UniversalTime())
        let earlier = interactiveTestDate.addingTimeInterval(-5 * 86_400)
        try tracker.progress.update(["contains-duplicate"]) { _, record in record.recordSolve(at: earlier, rating: .good, scheduler: ReviewScheduler()) }
        try tracker.progress.update(["valid-anagram"]) { _, record in record.recordSolve(at: interactiveTestDate, rating: .good, scheduler: ReviewScheduler()) }
        try tracker.practice.update { settings in
            settings.followedList = "neetcode-150"
            settings.dailyGoal = 2
        }
        return store
    }

    @Test("the screen can open on today's plan: reviews due, the next problem, the streak and the goal")
    func startViewShowsThePlan() throws {
        let screen = try ScreenHarness(store: try Self.practisedStore(), opensOnToday: true)
        let text = screen.text
        #expect(text.contains("Today · Wed 2026-11-18"))
        #expect(text.contains("Reviews     1 due"))
        #expect(text.contains("217. Contains Duplicate"))
        #expect(text.contains("Next        1. Two Sum  Easy  2 of 150 solved in NeetCode 150"))
        #expect(text.contains("Arrays & Hashing"))
        #expect(text.contains("Goal        1 / 2 today"))
    }

    @Test("T opens the start view from the list, and T or Esc goes back")
    func keyTOpensToday() throws {
        var screen = try ScreenHarness(store: try Self.practisedStore())
        #expect(!screen.text.contains("Today ·"))
        screen.type("T")
        #expect(screen.text.contains("Today ·"))
        screen.type("T")
        #expect(!screen.text.contains("Today ·"))
        screen.type("T")
        screen.press(.escape)
        #expect(screen.browser.screen == .list)
    }

    @Test("Enter on the start view opens the next problem's details")
    func enterOpensNext() throws {
        var screen = try ScreenHarness(store: try Self.practisedStore(), opensOnToday: true)
        screen.press(.enter)
        #expect(screen.browser.screen == .details)
        #expect(screen.browser.selectedPosition == Catalog.builtIn.position(ofSlug: "two-sum"))
    }

    @Test("a list key on the start view goes to the list and acts there")
    func listKeyLeavesToday() throws {
        var screen = try ScreenHarness(store: try Self.practisedStore(), opensOnToday: true)
        screen.type("/")
        #expect(screen.browser.screen == .list)
        if case .search = screen.browser.overlay {} else { Issue.record("search did not open") }
    }

    @Test("a sectioned list is shown with a header row before each section, and moving skips headers")
    func sectionHeaders() throws {
        var screen = try ScreenHarness(height: 30)
        screen.type("l")
        screen.type("jj")  // blind-75, then neetcode-150
        screen.press(.enter)
        #expect(screen.browser.filters.list?.key == "neetcode-150")
        #expect(screen.browser.problemRowCount == 150)
        #expect(screen.browser.sectionHeaders.count == 18)
        let lines = screen.lines
        let header = try #require(lines.firstIndex { $0.contains("Arrays & Hashing  0/9 solved") })
        #expect(lines[header + 1].contains("Contains Duplicate"))
        #expect(lines.contains { $0.contains("Two Pointers  0/5 solved") })
        #expect(screen.browser.selectedPosition == Catalog.builtIn.position(ofSlug: "contains-duplicate"))
        for _ in 0..<9 { screen.type("j") }  // past the last of Arrays & Hashing, over the next header
        #expect(screen.browser.selectedPosition == Catalog.builtIn.position(ofSlug: "valid-palindrome"))
        screen.type("k")
        #expect(screen.browser.selectedPosition == Catalog.builtIn.position(ofSlug: "longest-consecutive-sequence"))
        #expect(screen.lines.last?.contains("150/") == true)
    }

    @Test("a paid-only problem's row says paid")
    func paidMarker() throws {
        var screen = try ScreenHarness(width: 100)
        screen.type("/")
        screen.type("binary tree upside down")
        screen.press(.enter)
        #expect(screen.text.contains("Binary Tree Upside Down paid"))
    }
}

@Suite(
    "The interactive screen's start view on the real binary",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
struct InteractiveTodayTmuxTests {
    @Test("leettrack tui opens on today's plan with the followed list's next problem; T shows the list")
    func tuiOpensOnToday() throws {
        let tmux = try InteractiveTmux(arguments: ["tui"]) { storePath in
            let tracker = Tracker(store: try Store.sqlite(path: storePath), catalog: .builtIn, clock: .system, timeZone: SystemTimeZone())
            try tracker.practice.update { $0.followedList = "blind-75" }
        }
        #expect(try tmux.waitFor("Next        217. Contains Duplicate"))
        try tmux.send("T")
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }
}
