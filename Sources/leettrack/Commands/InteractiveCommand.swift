import ArgumentParser
import Foundation
import LeetTrackCore
import LeetTrackScreen
import Persistence
import TerminalUI

/// `leettrack tui` (and `leettrack` with no arguments on a terminal): the interactive screen.
struct InteractiveCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive screen (also what 'leettrack' alone does on a terminal).",
        discussion: paragraphs("""
            It opens on today's plan (T: reviews due, the next problem of the followed list, the streak and
            the daily goal); any list key steps to the problem list with a heart on each row, details, notes,
            search as you type, filters, the favorites sheet and the review queue (r: rate what is due with 1-4). Every change is saved the
            moment it is made, and changes made by another leettrack process appear within a second.
            Press ? inside for the keys.
            """))

    @Flag(help: "Open on the problem list rather than today's plan.") var list = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext) throws {
        try InteractiveSession.run(context, opensOnToday: !list)
    }
}

/// Opens the screen: checks for a terminal before touching the store, loads the records, watches
/// the store for other processes' changes, and runs the event loop until `q`.
enum InteractiveSession {
    static func run(_ context: CommandContext, opensOnToday: Bool = true) throws {
        guard TerminalUI.Terminal.isTerminal() else { throw TerminalError.notATerminal }
        let tracker = try context.tracker()
        let browser = try Browser(tracker: tracker, opensOnToday: opensOnToday)
        let waker = try Waker()
        let ownWrites = browser.ownWrites
        let observation = tracker.store.observeChanges {
            if !ownWrites.isWritingOnThisThread { waker.wake() }
        }
        defer { observation.cancel() }
        let terminal = try TerminalUI.Terminal.open()
        defer { terminal.close() }
        let colors = (context.environment["NO_COLOR"] ?? "").isEmpty
        var program = Program(browser, terminal: terminal, waker: waker, colors: colors)
        _ = try program.run()
    }
}
