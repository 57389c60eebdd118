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
        // The running timer's record is gone with it; no problem has a history.
        let show = try runLeettrackForInteractiveTests(["show", "1", "--json"], store: tmux.storePath)
        #expect(try history(show.output).isEmpty, "\(show.output)")
        #expect(try timerRecords(tmux.storePath) == 0)
    }

    /// The events of `show --json`'s output.
    private func history(_ output: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(json["history"] as? [[String: Any]])
    }

    /// How many running-timer records the store holds (the `sqlite3` shell reads them).
    private func timerRecords(_ store: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store, "SELECT count(*) FROM entries WHERE key LIKE 'timer.%'"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("an accepted leetcode submit while the timer runs records the solve with the timer's time, and the timer stops")
    func submitWhileTheTimerRuns() throws {
        guard InteractiveTmux.executable != nil else {
            print("Skipped: tmux is not installed.")
            return
        }
        let server = try LeetCodeTestServer("normal")
        let tmux = try InteractiveTmux(arguments: ["timer", "1"])
        #expect(try tmux.waitFor("⏱ 0:02"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("timer-\(UUID().uuidString)-1.two-sum.py").path
        try Data("# right\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let submit = try runLeettrackForInteractiveTests(
            ["leetcode", "submit", "1", file, "--endpoint", server.endpoint], store: tmux.storePath, environment: LeetTrackRunner.signedIn)
        #expect(submit.code == 0, "\(submit.output)\(submit.error)")
        #expect(submit.output.contains("Accepted"), "\(submit.output)")
        // The stopwatch sees its record taken and stops by itself, asking nothing.
        #expect(try tmux.waitUntil(condition: { try tmux.exitCode() == 0 }))
        let screen = try tmux.screen()
        #expect(screen.contains("Solved with `leetcode submit`, with this timer's time; the timer stopped."), "\(screen)")
        #expect(try tmux.terminalSettingsRestored())
        let show = try runLeettrackForInteractiveTests(["show", "1", "--json"], store: tmux.storePath)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let events = try #require(json["history"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["kind"] as? String == "solved")
        #expect((events.first?["seconds"] as? Int ?? 0) >= 2, "\(events)")
        #expect(try timerRecords(tmux.storePath) == 0)
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
        // Only the running timer's record is left, naming a process that is gone: no history.
        let show = try runLeettrackForInteractiveTests(["show", "1", "--json"], store: tmux.storePath)
        #expect(try history(show.output).isEmpty, "\(show.output)")
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
