import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("leettrack timer, end to end", .serialized)
struct TimerEndToEndTests {
    @Test("the stopwatch counts at a terminal, Enter stops it, and the answer records a rated solve with its time")
    func timedSolve() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let tmux = try InteractiveTmux(arguments: ["timer", "two sum"])
        #expect(try tmux.waitFor("⏱ 0:0"))
        #expect(try tmux.screen().contains("1. Two Sum  (Enter, q or Ctrl-C stops)"))
        try tmux.send("Enter")
        #expect(try tmux.waitFor("How did it go?"))
        try tmux.type("4")
        try tmux.send("Enter")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
        #expect(try tmux.screen().contains("(easy) in "))
        #expect(try tmux.terminalSettingsRestored())
        let show = try runLeettrackForInteractiveTests(["show", "1", "--json"], store: tmux.storePath)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let event = try #require((json["history"] as? [[String: Any]])?.first)
        #expect(event["rating"] as? String == "easy")
        let seconds = try #require(event["seconds"] as? Int)
        #expect(seconds >= 1)
    }

    @Test("Ctrl-C stops the stopwatch without ending the program; an attempt is recorded with its note")
    func controlCThenAttempt() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let tmux = try InteractiveTmux(arguments: ["timer", "4"])
        #expect(try tmux.waitFor("⏱ 0:0"))
        try tmux.send("C-c")
        #expect(try tmux.waitFor("How did it go?"))
        try tmux.type("a")
        try tmux.send("Enter")
        #expect(try tmux.waitFor("A note about this attempt"))
        try tmux.type("off by one")
        try tmux.send("Enter")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
        #expect(try tmux.terminalSettingsRestored())
        let show = try runLeettrackForInteractiveTests(["show", "4"], store: tmux.storePath)
        #expect(show.output.contains("attempted in ") && show.output.contains(": off by one"), "\(show.output)")
    }

    @Test("d discards: nothing is written")
    func discard() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let tmux = try InteractiveTmux(arguments: ["timer", "1"])
        #expect(try tmux.waitFor("⏱ 0:0"))
        try tmux.send("q")
        #expect(try tmux.waitFor("How did it go?"))
        try tmux.type("d")
        try tmux.send("Enter")
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
        #expect(try tmux.waitFor("Nothing recorded."))
        #expect(!FileManager.default.fileExists(atPath: tmux.storePath))
    }

    @Test("a signal that ends the timer leaves the terminal as it was and records nothing")
    func signalRestoresTerminal() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let tmux = try InteractiveTmux(arguments: ["timer", "1"])
        #expect(try tmux.waitFor("⏱ 0:0"))
        let pid = try #require(try tmux.programProcessID())
        #expect(kill(pid, SIGTERM) == 0)
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() != nil }))
        #expect(try tmux.terminalSettingsRestored())
        #expect(!FileManager.default.fileExists(atPath: tmux.storePath))
    }

    @Test("without a terminal the timer refuses with a message that says what to do instead")
    func refusesWithoutTerminal() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("timer", "1")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the timer needs a terminal") && result.stderr.contains("leettrack solve 1 --time 25m"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }
}
