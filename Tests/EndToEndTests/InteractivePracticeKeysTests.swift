import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
@testable import LeetTrackScreen

/// The practice keys of the screen: x asks the rating, o opens, e edits, + adds to a list, U undoes.
@Suite("Interactive screen: practice keys and undo")
struct InteractivePracticeKeysTests {
    @Test("x asks how it went, and 1 to 4 record the solve with that rating")
    func ratingAsked() throws {
        var screen = try ScreenHarness()
        screen.type("x")
        #expect(screen.text.contains("How did 1. Two Sum go?"))
        #expect(try screen.record("two-sum").isEmpty)
        screen.type("1")
        #expect(try screen.record("two-sum").events == [ProgressEvent(kind: .solved, date: interactiveTestDate, rating: "again")])
        #expect(screen.lines[23].hasPrefix(" ✓ Two Sum solved (again)"))
    }

    @Test("Esc at the rating question records nothing")
    func ratingCancelled() throws {
        var screen = try ScreenHarness()
        screen.type("x")
        screen.press(.escape)
        #expect(try !screen.store.containsValue(forKey: "progress.two-sum"))
        #expect(screen.lines[23] == " Nothing changed")
    }

    @Test("U undoes several changes of any kind, newest first, each saved at once")
    func undoSeveral() throws {
        var screen = try ScreenHarness()
        screen.type("f")
        screen.type("x4")
        let solvedAndHearted = try screen.record("two-sum")
        screen.type("a")
        screen.type("U")
        #expect(try screen.record("two-sum") == solvedAndHearted)
        screen.type("U")
        #expect(try screen.record("two-sum") == ProblemProgress(favorite: true, favoriteUpdated: interactiveTestDate))
        #expect(screen.lines[2].hasPrefix("  ♥    1 Two Sum"))
        screen.type("U")
        #expect(try !screen.store.containsValue(forKey: "progress.two-sum"))
        screen.type("U")
        #expect(screen.lines[23] == " Nothing to undo")
    }

    @Test("U undoes a note, and on a store that syncs the undo is journalled like any change")
    func undoNote() throws {
        let store = Store.memory()
        let remote = Store.memory()
        let tracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(interactiveTestDate), timeZone: UniversalTime())
        _ = try tracker.sync(with: remote).run()
        var screen = try ScreenHarness(store: store)
        screen.type("nhash map")
        screen.press(.enter)
        #expect(try screen.record("two-sum").note == "hash map")
        _ = try tracker.sync(with: remote).run()
        #expect(try !store.containsValue(forKey: "sync.pending.two-sum"))
        screen.type("U")
        #expect(try screen.record("two-sum").note == "")
        #expect(try store.containsValue(forKey: "sync.pending.two-sum"))
    }

    @Test("U in the review queue takes back the last rating, card and all")
    func undoReview() throws {
        let store = try reviewStore()
        let before = try ProgressRepository(store: store, clock: .system).progress(for: "two-sum")
        var screen = try ScreenHarness(store: store)
        screen.type("r4")
        #expect(try screen.record("two-sum") != before)
        screen.type("U")
        #expect(try screen.record("two-sum") == before)
    }

    @Test("U leaves a record that another process changed since alone")
    func undoRefusesOverOtherChange() throws {
        let store = Store.memory()
        var screen = try ScreenHarness(store: store)
        screen.type("f")
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in record.note = "theirs" }
        screen.type("U")
        #expect(try screen.record("two-sum").favorite)
        #expect(screen.lines[23].contains("Not undone: Two Sum was changed elsewhere since"))
    }

    @Test("+ adds the problem to an own list chosen in a picker, and U takes it out again")
    func addToList() throws {
        let store = Store.memory()
        let tracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(interactiveTestDate), timeZone: UniversalTime())
        _ = try tracker.lists.create("Graphs", in: .builtIn, at: interactiveTestDate)
        _ = try tracker.lists.create("Later", in: .builtIn, at: interactiveTestDate.addingTimeInterval(1))
        var screen = try ScreenHarness(store: store)
        screen.type("+")
        #expect(screen.text.contains("Add 1. Two Sum to"))
        #expect(screen.text.contains("New list…"))
        screen.type("j")
        screen.press(.enter)
        #expect(try tracker.lists.list(named: "later", in: .builtIn).slugs == ["two-sum"])
        #expect(screen.lines[23] == " + Two Sum added to “Later”")
        screen.type("U")
        #expect(try tracker.lists.list(named: "later", in: .builtIn).slugs.isEmpty)
    }

    @Test("+ then New list… makes a list with the problem in it, and U deletes it again")
    func addToNewList() throws {
        let store = Store.memory()
        let lists = OwnLists(store: store, clock: .system)
        var screen = try ScreenHarness(store: store)
        screen.type("+")
        screen.press(.enter)
        #expect(screen.text.contains("New list for 1. Two Sum"))
        screen.type("Warm-up")
        screen.press(.enter)
        #expect(try lists.list(named: "warm-up", in: .builtIn).slugs == ["two-sum"])
        #expect(screen.lines[23] == " + Two Sum added to the new list “Warm-up”")
        screen.type("U")
        #expect(try lists.all().isEmpty)
    }

    @Test("a new list's name that is taken is refused, and the field stays open")
    func newListNameTaken() throws {
        let store = Store.memory()
        _ = try OwnLists(store: store, clock: .system).create("Warm-up", in: .builtIn, at: interactiveTestDate)
        var screen = try ScreenHarness(store: store)
        screen.type("+k")
        screen.press(.enter)
        screen.type("warm-up")
        screen.press(.enter)
        #expect(screen.lines[23].contains("already exists"))
        #expect(screen.text.contains("New list for 1. Two Sum"))
        #expect(try OwnLists(store: store, clock: .system).list(named: "warm-up", in: .builtIn).slugs.isEmpty)
    }

    @Test("o and e hand the selected problem to the program's actions and show their outcome")
    func openAndEdit() throws {
        var screen = try ScreenHarness()
        let asked = Asked()
        screen.runtime.app.actions = ScreenActions(
            open: { problem in asked.note("open \(problem.slug)"); return .init("Opened \(problem.url)") },
            editCode: { problem in asked.note("edit \(problem.slug)"); return .init("Edited it", isError: false) })
        screen.type("jo")
        #expect(screen.lines[23] == " Opened https://leetcode.com/problems/add-two-numbers/")
        screen.type("e")
        #expect(asked.calls == ["open add-two-numbers", "edit add-two-numbers"])
    }
}

/// What the stand-in actions were asked, in order.
final class Asked: @unchecked Sendable {
    // @unchecked: the screen runs on the test's thread only.
    private(set) var calls: [String] = []
    func note(_ call: String) { calls.append(call) }
}

@Suite("Interactive screen: time and note of events in the details")
struct InteractiveEventDetailsTests {
    @Test("the details' history shows each event's time and note on its line")
    func historyShowsTimeAndNote() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in
            record.recordAttempt(at: interactiveTestDate, seconds: 1500, note: "TLE on\ncase 57")
        }
        var screen = try ScreenHarness(store: store)
        screen.press(.enter)
        #expect(screen.text.contains("attempted in 25m: TLE on case 57"), "\(screen.text)")
    }
}
