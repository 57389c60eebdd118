import Foundation
import LeetTrackCore
import Persistence
import Testing

/// The review queue in the real binary, in tmux.
@Suite(
    "Interactive review queue in tmux",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"),
    .serialized)
struct InteractiveReviewEndToEndTests {
    @Test("Solve a problem dated 5 days ago with the CLI, open the screen, press r, rate it good, quit: the store holds the review")
    func rateFromTheQueue() throws {
        let solvedOn = LocalDay(Date(), in: TimeZone.current).adding(days: -5)
        let tmux = try InteractiveTmux(width: 100, height: 30) { store in
            let result = try runLeettrackForInteractiveTests(["solve", "1", "--date", solvedOn.description], store: store)
            #expect(result.code == 0, "\(result.error)")
        }
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("r")
        let queue = try tmux.waitForScreen { $0.contains("Review · 1 of 1 due") }
        #expect(queue.contains("3 days overdue"))
        #expect(queue.contains("3  good"))
        try tmux.send("3")
        #expect(try tmux.waitFor("1. Two Sum: good, next review on "))
        #expect(try tmux.waitFor("All done: 1 problem reviewed."))
        try tmux.send("Escape")
        #expect(try tmux.waitFor("r review"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)

        let record = try ProgressRepository(store: .sqlite(path: tmux.storePath), clock: .system).progress(for: "two-sum")
        #expect(record.events.map(\.kind) == [.solved, .reviewed])
        #expect(record.events.last?.rating == "good")
        let card = try #require(record.review)
        #expect(card.reps == 2)
        #expect(LocalDay(card.due, in: TimeZone.current) > LocalDay(Date(), in: TimeZone.current))
    }
}
