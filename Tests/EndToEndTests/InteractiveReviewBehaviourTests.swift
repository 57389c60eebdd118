import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
import TestSupport
@testable import LeetTrackScreen

/// What the review queue's keys do to the state and the store, with no terminal.
@Suite("Interactive screen: review queue behaviour")
struct InteractiveReviewBehaviourTests {
    @Test("A rating key writes the reviewed event and the card the scheduler computes")
    func ratingWritesTheCard() throws {
        let store = try reviewStore()
        let before = try #require(try ProgressRepository(store: store, clock: .system).progress(for: "two-sum").review)
        var screen = try ScreenHarness(store: store)
        screen.type("r2")
        let record = try screen.record("two-sum")
        #expect(record.events.last == ProgressEvent(kind: .reviewed, date: interactiveTestDate, rating: "hard"))
        #expect(record.review == ReviewScheduler().review(before, rating: .hard, at: interactiveTestDate))
        #expect(record.status == .solved)
        #expect(record.note == "hash map of complements")
    }

    @Test("Each rating moves to the next problem; the other problems are not written")
    func ratingMovesOn() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("r4")
        #expect(screen.browser.review?.current?.problem.slug == "add-two-numbers")
        #expect(try screen.record("add-two-numbers").events.map(\.kind) == [.solved])
        screen.type("1")
        #expect(screen.browser.review?.due.isEmpty == true)
        #expect(try screen.record("add-two-numbers").events.last?.rating == "again")
    }

    @Test("Up and Down skip through the queue without writing anything")
    func skipping() throws {
        let store = try reviewStore()
        let before = try ProgressRepository(store: store, clock: .system).allProgress()
        var screen = try ScreenHarness(store: store)
        screen.type("rj")
        #expect(screen.browser.review?.current?.problem.slug == "add-two-numbers")
        screen.press(.down)
        #expect(screen.browser.review?.current?.problem.slug == "two-sum")
        screen.type("k5x")
        #expect(try ProgressRepository(store: store, clock: .system).allProgress() == before)
    }

    @Test("Esc and q close the queue to the list without quitting")
    func closing() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("r")
        screen.press(.escape)
        #expect(screen.browser.screen == .list)
        #expect(screen.browser.review == nil)
        screen.type("r")
        let running = screen.send(.character("q"))
        #expect(running)
        #expect(screen.browser.screen == .list)
    }

    @Test("A redo recorded by another process leaves the queue after the wake")
    func externalRating() throws {
        let folder = try TemporaryFolder("leettrack-tui")
        defer { withExtendedLifetime(folder) {} }  // Removed when the test ends, not after its last mention.
        let directory = folder.url
        let path = directory.appendingPathComponent("store.sqlite").path
        try solve([("two-sum", 5), ("add-two-numbers", 2)], in: .sqlite(path: path))
        var screen = try ScreenHarness(store: .sqlite(path: path))
        screen.type("rj")
        _ = try ReviewBook(store: .sqlite(path: path), clock: .system, timeZone: SystemTimeZone()).rate(try Catalog.builtIn.resolve("1"), .good, at: interactiveTestDate)
        let told = screen.awaitExternalChange()
        #expect(told)
        #expect(screen.browser.review?.due.map(\.problem.slug) == ["add-two-numbers"])
        #expect(screen.browser.review?.current?.problem.slug == "add-two-numbers")
        #expect(screen.lines[1].hasPrefix("┌ Review · 1 of 1 due "))
    }

    @Test("A rating that cannot be saved says why, and the problem stays in the queue")
    func failedRating() throws {
        let folder = try TemporaryFolder("leettrack-tui")
        defer { withExtendedLifetime(folder) {} }  // Removed when the test ends, not after its last mention.
        let directory = folder.url
        let path = directory.appendingPathComponent("store.sqlite").path
        try solve([("two-sum", 5)], in: .sqlite(path: path))
        var screen = try ScreenHarness(store: .sqlite(path: path))
        screen.type("r")
        // Set back to todo elsewhere, before this screen heard of it: the card is gone.
        try ProgressRepository(store: .sqlite(path: path), clock: .system).update(["two-sum"]) { _, record in record.reset(at: interactiveTestDate, forgetHistory: false) }
        screen.type("3")
        #expect(screen.lines[23].hasPrefix(" Not saved: "))
        #expect(screen.browser.review?.current?.problem.slug == "two-sum")
        #expect(try screen.record("two-sum").events.map(\.kind) == [.solved, .reset])
    }

    @Test("Open past midnight, the queue is rebuilt for the new day at the next key")
    func pastMidnight() throws {
        let clock = TestClock()
        var screen = try ScreenHarness(store: reviewStore(), now: { clock.now })
        screen.type("r")
        #expect(screen.browser.review?.due.count == 2)
        clock.advance(by: 86_400)
        screen.press(.down)
        #expect(screen.browser.review?.due.map(\.problem.id) == [1, 2, 3])
        // The problem shown stays shown; Down then moves one on.
        #expect(screen.lines[1].hasPrefix("┌ Review · 2 of 3 due "))
    }
}
