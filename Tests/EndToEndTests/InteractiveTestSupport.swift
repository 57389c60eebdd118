import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Synchronization
import Testing
@testable import LeetTrackScreen

/// A fixed instant for the events the screen records in tests.
let interactiveTestDate = Date(timeIntervalSince1970: 1_795_000_000)

/// The interactive screen on a store, driven by keys without a terminal.
struct ScreenHarness {
    var runtime: Runtime<Browser>
    let store: Store
    /// The screen's watch of the store, as the program keeps it.
    private let observation: ObservationToken
    /// Signalled when the watch would wake the program: another writer's change waits for a frame.
    private let woken = DispatchSemaphore(value: 0)

    /// A screen of `size` on `store` (a fresh memory store by default), whose clock reads
    /// `interactiveTestDate` (or `now`) and whose days are UTC days.
    init(
        width: Int = 80, height: Int = 24, store: Store = .memory(), now: @escaping @Sendable () -> Date = { interactiveTestDate },
        opensOnToday: Bool = false
    ) throws {
        self.store = store
        let browser = try Browser(
            tracker: Tracker(store: store, catalog: .builtIn, clock: Clock(now), timeZone: UniversalTime()), opensOnToday: opensOnToday)
        runtime = Runtime(browser, size: Size(width: width, height: height))
        observation = browser.observeExternalChanges { [woken] in woken.signal() }
    }

    /// Waits (5 s at most) until the store tells the screen of another writer's change, then
    /// wakes the screen as the program does. Returns whether the change was told.
    mutating func awaitExternalChange() -> Bool {
        guard woken.wait(timeout: .now() + 5) == .success else { return false }
        runtime.send(.wake)
        return true
    }

    /// Types each character of `text` as a key.
    mutating func type(_ text: String) {
        for character in text { runtime.send(.key(.character(character))) }
    }

    /// Sends special keys.
    mutating func press(_ keys: KeyCode...) {
        for key in keys { runtime.send(.key(KeyEvent(key))) }
    }

    /// Sends one key event; returns whether the screen is still running.
    @discardableResult
    mutating func send(_ key: KeyEvent) -> Bool { runtime.send(.key(key)) }

    /// The screen's text, row by row.
    var lines: [String] { runtime.snapshot().buffer.lines }

    /// The whole screen as one string (for `contains` checks).
    var text: String { lines.joined(separator: "\n") }

    /// The state.
    var browser: Browser { runtime.app }

    /// The stored record of a problem.
    func record(_ slug: String) throws -> ProblemProgress {
        try ProgressRepository(store: store, clock: .system).progress(for: slug)
    }
}

/// A clock a test moves on.
final class TestClock: Sendable {
    private let date = Mutex(interactiveTestDate)

    /// The time now.
    var now: Date { date.withLock { $0 } }

    /// Moves the clock on by `seconds`.
    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

