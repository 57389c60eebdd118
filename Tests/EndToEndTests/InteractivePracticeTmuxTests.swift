import Foundation
import Testing
import TestSupport

/// The screen's `o` and `e` with the real binary in tmux, with stand-in browser and editor scripts.
@Suite("Interactive screen: o and e, end to end", .serialized)
struct InteractivePracticeTmuxTests {
    @Test("e puts the screen aside, runs $EDITOR on the solution file in the terminal as it was, and comes back")
    func editsCode() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let homeFolder = try TemporaryFolder("leettrack-home")
        defer { withExtendedLifetime(homeFolder) {} }  // Removed when the test ends, not after its last mention.
        let home = homeFolder.url
        let settings = home.appendingPathComponent("stty-in-editor").path
        let editor = try StandInProgram(in: home, named: "editor", then: "stty -g > '\(settings)'")
        let tmux = try InteractiveTmux(environment: ["EDITOR": editor.path, "HOME": home.path])
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("e")
        let path = home.appendingPathComponent("leetcode/1.two-sum.py").path
        #expect(editor.arguments() == [path])
        #expect(try tmux.waitFor(" Edited /"))  // the path is cut at the footer's width
        #expect(try tmux.screen().contains("1 Two Sum"))
        // The editor had the terminal as the shell left it, not the screen's raw mode.
        let before = try String(contentsOfFile: tmux.path("stty-before"), encoding: .utf8)
        #expect(try String(contentsOfFile: settings, encoding: .utf8) == before)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# 1. Two Sum\n"))
        try tmux.send("q")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
        #expect(try tmux.terminalSettingsRestored())
    }

    @Test("o starts $BROWSER with the selected problem's URL and the screen stays as it was")
    func opensPage() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let temporary = try TemporaryFolder("leettrack-browser")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let folder = temporary.url
        let browser = try StandInProgram(in: folder, named: "browser", then: "echo GARBAGE; echo GARBAGE >&2")
        let tmux = try InteractiveTmux(environment: ["BROWSER": browser.path])
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("j")
        try tmux.send("o")
        #expect(browser.arguments() == ["https://leetcode.com/problems/add-two-numbers/"])
        #expect(try tmux.waitFor("Opened https://leetcode.com/problems/add-two-numbers/"))
        #expect(try !tmux.screen().contains("GARBAGE"))
        try tmux.send("q")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
    }
}
