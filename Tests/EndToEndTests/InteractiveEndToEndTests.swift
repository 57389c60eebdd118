import Foundation
import LeetTrackCore
import Persistence
import Testing
import TestSupport

/// The real binary in tmux: keys in, screen out, the store checked afterwards.
@Suite(
    "Interactive screen in tmux",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"),
    .serialized)
struct InteractiveEndToEndTests {
    @Test("Search for two sum, heart it, see it in the favorites sheet, close it, quit: the store holds the favorite")
    func heartThroughSearchAndFavorites() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("/")
        try tmux.type("two sum")
        #expect(try tmux.waitFor("19 found"))
        try tmux.send("Enter")
        try tmux.send("f")
        #expect(try tmux.waitFor("♥ Two Sum"))
        try tmux.send("v")
        let sheet = try tmux.waitForScreen { $0.contains("Favorites (1)") }
        #expect(sheet.contains("♥   1. Two Sum"))
        try tmux.send("Escape")
        #expect(try tmux.waitForScreen { !$0.contains("Favorites (1)") }.contains("Two Sum"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
        let favorite = try ProgressRepository(store: .sqlite(path: tmux.storePath), clock: .system).progress(for: "two-sum").favorite
        #expect(favorite)
    }

    @Test("On a store the user may only read, the screen opens, says so, refuses a heart writing nothing, and shows the owner's changes")
    func readOnlyStoreOpensForLooking() throws {
        guard getuid() == 0 else {
            print("Skipped: acting as another user needs root (CI runs the tests as root).")
            return
        }
        // A checkout under a private directory (such as /root) keeps `nobody` from the binary.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        probe.arguments = ["-u", "nobody", "--", "/usr/bin/test", "-x", InteractiveTmux.leettrack.path]
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            print("Skipped: the user nobody cannot run \(InteractiveTmux.leettrack.path) (a directory on its path is private).")
            return
        }
        let tmux = try InteractiveTmux(width: 120, runAs: "nobody") { (store: String) throws in
            let created = try runLeettrackForInteractiveTests(["fav", "1"], store: store)
            #expect(created.code == 0)
            // Readable by everyone, writable by its owner (root) only.
            chmod(URL(fileURLWithPath: store).deletingLastPathComponent().path, 0o755)
            chmod(store, 0o644)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: tmux.storePath))
        #expect(try tmux.waitFor("Read-only store"))
        #expect(try tmux.screen().contains("♥    1 Two Sum"))
        try tmux.send("j")
        try tmux.send("f")
        #expect(try tmux.waitFor("Not saved: the store at"))
        #expect(try tmux.screen().contains("♡    2 Add Two Numbers"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmux.storePath)) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: tmux.directory.path)
        // The screen made no file: the one beside the store is the ring of its owner's writes.
        #expect(files.filter { $0.hasPrefix("store.sqlite-") } == ["store.sqlite-changes"], "\(files)")
        // The store's owner changes it: the screen shows the change, as it does on a store it writes.
        #expect(try runLeettrackForInteractiveTests(["fav", "2"], store: tmux.storePath).code == 0)
        #expect(try tmux.waitFor("♥    2 Add Two Numbers", timeout: 3))
        #expect(try runLeettrackForInteractiveTests(["unfav", "1"], store: tmux.storePath).code == 0)
        #expect(try tmux.waitFor("♡    1 Two Sum", timeout: 3))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }

    @Test("A heart added by another leettrack process shows up within a second")
    func externalChangeShowsUp() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("2 Add Two Numbers"))
        let result = try runLeettrackForInteractiveTests(["fav", "2"], store: tmux.storePath)
        #expect(result.code == 0)
        let screen = try tmux.waitForScreen(timeout: 1.5) { $0.contains("♥    2 Add Two Numbers") }
        #expect(screen.contains("♥    2 Add Two Numbers"))
        try tmux.send("q")
    }

    @Test("q restores the terminal: normal screen, cursor shown, settings as before, exit code 0")
    func quitRestores() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("Two Sum"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
        #expect(try tmux.terminalSettingsRestored())
        #expect(try tmux.screenModesRestored())
    }

    @Test("Ctrl-C restores the terminal and exits")
    func controlCRestores() throws {
        let tmux = try InteractiveTmux()
        #expect(try tmux.waitFor("Two Sum"))
        try tmux.send("n")
        try tmux.send("C-c")
        #expect(try tmux.exitCode() == 0)
        #expect(try tmux.terminalSettingsRestored())
        #expect(try tmux.screenModesRestored())
    }

    @Test("SIGTERM, SIGINT, SIGHUP and SIGQUIT restore the terminal before the process dies", arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func signalsRestore(_ signal: Int32) throws {
        // Without Swift's backtracer (it also catches SIGQUIT), which would wait for the user on a terminal.
        let tmux = try InteractiveTmux(environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(try tmux.waitFor("Two Sum"))
        let pid = try #require(try tmux.programProcessID())
        kill(pid, signal)
        #expect(try tmux.exitCode() == 128 + signal)
        #expect(try tmux.terminalSettingsRestored())
        #expect(try tmux.screenModesRestored())
    }

    @Test("A crash signal (SIGABRT, as a failed precondition raises) restores the terminal before the process dies")
    func crashRestores() throws {
        // Without Swift's backtracer, which would otherwise wait for the user on a terminal.
        let tmux = try InteractiveTmux(environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(try tmux.waitFor("Two Sum"))
        let pid = try #require(try tmux.programProcessID())
        kill(pid, SIGABRT)
        #expect(try tmux.exitCode() == 128 + SIGABRT)
        #expect(try tmux.terminalSettingsRestored())
        #expect(try tmux.screenModesRestored())
    }

    @Test("Ctrl-Z in a shell restores the terminal and stops; fg brings the screen back whole")
    func suspendAndResume() throws {
        let tmux = try InteractiveTmux(jobControl: true)
        #expect(try tmux.waitFor("1 Two Sum"))
        let pid = try #require(try tmux.programProcessID())
        try tmux.send("C-z")
        #expect(try tmux.waitUntil(condition: { try tmux.processState(pid) == "T" }))
        #expect(try tmux.waitUntil(condition: { try tmux.screenModesRestored() }))
        try tmux.type("fg")
        try tmux.send("Enter")
        #expect(try tmux.waitUntil(condition: { try !tmux.screenModesRestored() }))
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("f")
        #expect(try tmux.waitFor("♥ Two Sum"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
        #expect(try tmux.terminalSettingsRestored())
    }

    @Test("A resize redraws the screen at the new size")
    func resizeRedraws() throws {
        let tmux = try InteractiveTmux(width: 100, height: 30)
        #expect(try tmux.waitFor(" LeetTrack "))
        try tmux.resize(width: 40, height: 10)
        let screen = try tmux.waitForScreen { $0.contains("E ✓0 ~0 ♥0") }
        #expect(screen.split(separator: "\n").first == "  E ✓0 ~0 ♥0  M ✓0 ~0 ♥0  H ✓0 ~0 ♥0")
        try tmux.send("q")
    }

    @Test("Difficulties are coloured, and NO_COLOR turns colours off but keeps the selection visible")
    func noColor() throws {
        let coloured = try InteractiveTmux(environment: ["NO_COLOR": ""])
        #expect(try coloured.waitFor("1 Two Sum"))
        #expect(try coloured.screen(escapes: true).contains("\u{1B}[36mEasy"))
        let plain = try InteractiveTmux(environment: ["NO_COLOR": "1"])
        #expect(try plain.waitFor("1 Two Sum"))
        let screen = try plain.screen(escapes: true)
        #expect(!screen.contains("\u{1B}[36m"))
        #expect(!screen.contains("\u{1B}[31m"))
        #expect(screen.contains("\u{1B}[7m"))
        try coloured.send("q")
        try plain.send("q")
    }

    @Test("With no arguments on a terminal, leettrack opens the interactive screen on today's plan, and T shows the list")
    func noArgumentsOpensScreen() throws {
        let tmux = try InteractiveTmux(arguments: [])
        #expect(try tmux.waitFor("Today · "))
        try tmux.send("T")
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }

    @Test("Without a terminal, leettrack tui says so and exits 1, creating no store")
    func noTerminal() throws {
        let folder = try TemporaryFolder("leettrack-tui")
        defer { withExtendedLifetime(folder) {} }  // Removed when the test ends, not after its last mention.
        let directory = folder.url
        let store = directory.appendingPathComponent("store.sqlite").path
        let result = try runLeettrackForInteractiveTests(["tui"], store: store)
        #expect(result.code == 1)
        #expect(result.error.contains("needs a terminal"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}
