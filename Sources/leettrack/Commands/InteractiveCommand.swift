import ArgumentParser
import FoundationEssentials
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
    @Option(help: .endpoint) var endpoint: String?
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writingWhereAllowed }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        try InteractiveSession.run(context, opensOnToday: !list, endpoint: endpoint)
    }
}

/// Opens the screen: checks for a terminal before touching the store, loads the records, watches
/// the store for other processes' changes, and runs the event loop until `q`.
enum InteractiveSession {
    static func run(_ context: CommandContext, opensOnToday: Bool = true, endpoint: String? = nil) throws {
        guard TerminalUI.Terminal.isTerminal() else { throw TerminalError.notATerminal }
        let session = try LeetCodeSession(context, endpoint: endpoint, command: InteractiveCommand.self)
        // A store the user may only read opens for looking: every change then says it was not saved.
        let tracker = try context.tracker()
        if opensOnToday {
            // The start view names LeetCode's daily question: read once a day when signed in, kept
            // in the store (a failure only leaves it out; the screen never waits long for it).
            _ = session.refreshDailyIfSignedIn(stored: try tracker.store.value(for: LeetCodeDaily.key))
        }
        var browser = try Browser(tracker: tracker, opensOnToday: opensOnToday)
        let waker = try Waker()
        let observation = browser.observeExternalChanges { waker.wake() }
        defer { observation.cancel() }
        if let readOnly = context.readOnlyReason { browser.noteReadOnly(readOnly) }
        let terminal = try TerminalUI.Terminal.open()
        defer { terminal.close() }
        browser.actions = ScreenActions(
            open: { problem in openPage(problem) },
            editCode: { problem in
                editCode(problem, tracker: tracker, environment: context.environment, terminal: terminal)
            })
        let colors = (context.environment["NO_COLOR"] ?? "").isEmpty
        var program = Program(browser, terminal: terminal, waker: waker, colors: colors)
        // Solves made on the website, read off the main path: the screen shows them when they land.
        session.captureInBackground()
        _ = try program.run()
    }

    /// `o`: as `leettrack open` does it (detached, so nothing garbles the screen).
    static func openPage(_ problem: Problem) -> ScreenActions.Outcome {
        switch BrowserOpener.open(url: problem.url, environment: Terminal.environment(["BROWSER"])) {
        case .opened(let command): ScreenActions.Outcome("Opened \(problem.url) with \(command)")
        case .failed: ScreenActions.Outcome("No browser could be started; the URL: \(problem.url)", isError: true)
        }
    }

    /// `e`: as `leettrack code` does it, with the screen put aside while the editor runs.
    static func editCode(
        _ problem: Problem, tracker: Tracker, environment: [String: String], terminal: TerminalUI.Terminal
    ) -> ScreenActions.Outcome {
        do {
            // The file's path is a write of the screen's own store: its watch does not read it back.
            let file = try CodeSolution.prepare(problem, language: nil, tracker: tracker, environment: environment)
            let editor = Editor(environment: environment)
            guard let command = editor.command else {
                return ScreenActions.Outcome("\(file.created ? "Created" : "Kept") \(file.path); set $VISUAL or $EDITOR to edit it from here")
            }
            try terminal.runOutside { try editor.open(file.path, command: command, unchanged: "the file stays at \(file.path).") }
            return ScreenActions.Outcome("Edited \(file.path)")
        } catch let error as CLIError {
            return ScreenActions.Outcome(ErrorReport(error, storePath: nil).message.trimmedOfWhitespace, isError: true)
        } catch {
            return ScreenActions.Outcome("Could not edit the solution: \(error)", isError: true)
        }
    }
}
