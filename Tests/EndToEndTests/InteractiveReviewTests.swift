import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
@testable import LeetTrackScreen

/// Solves each problem `days` days before `interactiveTestDate`, rated good, as
/// `leettrack solve PROBLEM --date …` does: a solved record with its first review card.
func solve(_ solves: [(slug: String, daysAgo: Int)], in store: Store) throws {
    let repository = ProgressRepository(store: store, clock: .system)
    for (slug, days) in solves {
        try repository.update([slug]) { _, record in
            record.recordSolve(at: interactiveTestDate.addingTimeInterval(Double(-days) * 86_400), rating: .good, scheduler: ReviewScheduler())
        }
    }
}

/// Two Sum 3 days overdue (with a note), Add Two Numbers due today, problem 3 due tomorrow.
func reviewStore() throws -> Store {
    let store = Store.memory()
    try solve([("two-sum", 5), ("add-two-numbers", 2), ("longest-substring-without-repeating-characters", 1)], in: store)
    try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in record.note = "hash map of complements" }
    return store
}

/// The review queue's grid for each state, with no terminal.
@Suite("Interactive screen: review queue rendering")
struct InteractiveReviewRenderTests {
    @Test("r shows the most overdue problem with its facts, and each rating with its next date")
    func queueWithItems() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("r")
        #expect(Array(screen.lines[1...16]) == [
            "┌ Review · 1 of 2 due ─────────────────────────────────────────────────────────┐",
            "│ 1. Two Sum                                                                   │",
            "│ Difficulty  Easy                                                             │",
            "│ Tags        Array, Hash Table                                                │",
            "│ Due         2026-11-15, 3 days overdue                                       │",
            "│ Last review 2026-11-13, 5 days ago (good)                                    │",
            "│ Note        hash map of complements                                          │",
            "│                                                                              │",
            "│ How did it go?                                                               │",
            "│  1  again  tomorrow     Thu 2026-11-19                                       │",
            "│  2  hard   in 12 days   Mon 2026-11-30                                       │",
            "│  3  good   in 18 days   Sun 2026-12-06                                       │",
            "│  4  easy   in 32 days   Sun 2026-12-20                                       │",
            "│                                                                              │",
            "│ Next in the queue                                                            │",
            "│   2. Add Two Numbers  due today                                              │",
        ])
        #expect(screen.lines[23] == " 1-4 rate  ↑↓ skip  ⏎ details  ? keys  Esc back                             1/2")
    }

    @Test("The previews are the dates a rating stores")
    func previewsMatchTheScheduler() throws {
        let store = try reviewStore()
        var screen = try ScreenHarness(store: store)
        screen.type("r")
        let card = try #require(try ProgressRepository(store: store, clock: .system).progress(for: "two-sum").review)
        let due = try #require(ReviewScheduler().preview(card, at: interactiveTestDate)[.hard])
        #expect(screen.text.contains("Mon \(LocalDay(due, in: UniversalTime()))"))
    }

    @Test("After a rating the next problem shows, and the footer says when the rated one comes back")
    func afterRating() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("r3")
        #expect(screen.lines[1] == "┌ Review · 1 of 1 due ─────────────────────────────────────────────────────────┐")
        #expect(screen.lines[2] == "│ 2. Add Two Numbers                                                           │")
        #expect(screen.lines[5] == "│ Due         2026-11-18, due today                                            │")
        #expect(screen.lines[23] == " 1. Two Sum: good, next review on 2026-12-06 (in 18 days)")
    }

    @Test("Once all is rated, the queue says so and lists the coming days, with a problem rated again tomorrow")
    func allDone() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("r31")
        #expect(Array(screen.lines[1...8]) == [
            "┌ Review ──────────────────────────────────────────────────────────────────────┐",
            "│ All done: 2 problems reviewed. Nothing else is due today.                    │",
            "│                                                                              │",
            "│ Coming up in the next 7 days                                                 │",
            "│ Thu 2026-11-19  tomorrow                                                     │",
            "│   2. Add Two Numbers                                                         │",
            "│   3. Longest Substring Without Repeating Characters                          │",
            "│                                                                              │",
        ])
    }

    @Test("An empty queue says nothing is due and names the next problem beyond the week")
    func emptyQueueWithLaterCard() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in
            record.recordSolve(at: interactiveTestDate, rating: .easy, scheduler: ReviewScheduler())
        }
        var screen = try ScreenHarness(store: store)
        screen.type("r")
        #expect(screen.lines[2] == "│ Nothing to review today.                                                     │")
        #expect(screen.lines[4] == "│ Nothing falls due in the next 7 days.                                        │")
        #expect(screen.lines[5] == "│ Next: 1. Two Sum on 2026-11-26 (in 8 days).                                  │")
        #expect(screen.lines[23] == " Esc back to the list  ? keys")
    }

    @Test("Without any card, the queue says how to get one")
    func noCards() throws {
        var screen = try ScreenHarness()
        screen.type("r")
        #expect(screen.lines[2] == "│ No review cards yet.                                                         │")
        #expect(screen.text.contains("schedules its first"))
    }

    @Test("A 40x10 terminal shows the problem and the ratings on one line")
    func tinyTerminal() throws {
        var screen = try ScreenHarness(width: 40, height: 10, store: reviewStore())
        screen.type("r")
        #expect(screen.lines == [
            "  E ✓1 ~0 ♥0  M ✓2 ~0 ♥0  H ✓0 ~0 ♥0",
            "┌ Review · 1 of 2 due ─────────────────┐",
            "│ 1. Two Sum                           │",
            "│ Difficulty  Easy                     │",
            "│ Tags        Array, Hash Table        │",
            "│ Due         2026-11-15, 3 days       │",
            "│             overdue                  │",  // Under its field's value.
            "│ 1:1d 2:12d 3:18d 4:32d               │",
            "└──────────────────────────────────────┘",
            " 1-4 rate  ↑↓ skip  ⏎ details  ? keys  …",
        ])
    }

    @Test("The queue keeps the difficulty hidden when h hid it")
    func hiddenDifficulty() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("hr")
        #expect(screen.lines[3] == "│ Difficulty  hidden (h shows it)                                              │")
        #expect(!screen.lines[1...22].joined().contains("Easy"))
    }

    @Test("Enter and o show the details of the problem shown, Esc goes back to the queue")
    func details() throws {
        var screen = try ScreenHarness(store: reviewStore())
        screen.type("rj")
        screen.press(.enter)
        #expect(screen.lines[1].hasPrefix("┌ 2. Add Two Numbers "))
        #expect(screen.lines[23] == " 1-4 rate  PgUp PgDn scroll  Esc back to the queue")
        screen.press(.escape)
        #expect(screen.lines[1].hasPrefix("┌ Review · 2 of 2 due "))
        screen.type("o")
        #expect(screen.lines[1].hasPrefix("┌ 2. Add Two Numbers "))
    }

    @Test("The help and the list's footer name the review queue")
    func helpAndFooter() throws {
        var screen = try ScreenHarness()
        #expect(screen.lines[23].contains("r review"))
        screen.type("?")
        #expect(screen.text.contains("│ r              review queue"))
        #expect(screen.text.contains("│ 1 2 3 4        rate: again hard good easy"))
    }

    @Test("The queue draws at tiny and odd sizes without trapping", arguments: [(0, 0), (1, 1), (3, 2), (10, 3), (20, 5), (39, 9)])
    func tinySizes(width: Int, height: Int) throws {
        for keys in ["r", "r\r", "rj3", "r333", "r?"] {
            var screen = try ScreenHarness(width: width, height: height, store: reviewStore())
            for character in keys {
                if character == "\r" { screen.press(.enter) } else { screen.type(String(character)) }
            }
            #expect(screen.runtime.snapshot().buffer.size == Size(width: width, height: height))
        }
    }
}
