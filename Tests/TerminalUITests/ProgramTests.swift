#if canImport(Glibc)
import Foundation
import Glibc
import Testing
@testable import TerminalUI

/// Counts `+` presses and wakes; quits on `q`.
private struct Tally: Application {
    var presses = 0
    var wakes = 0
    var escapes = 0

    mutating func update(_ event: Event) -> UpdateResult {
        switch event {
        case .key(.character("+")): presses += 1
        case .key(.character("q")): return .quit
        case .key(let key) where key.isInterrupt: return .quit
        case .key(KeyEvent(.escape)): escapes += 1
        case .wake: wakes += 1
        default: break
        }
        return .running
    }

    func view(_ frame: inout Frame) {
        frame.buffer.write("presses=\(presses) wakes=\(wakes) size=\(frame.area.width)x\(frame.area.height)", x: 0, y: 0)
        // Capital letters appear nowhere else, so the bytes written show each counter's change.
        frame.buffer.write(String(repeating: "P", count: presses), x: 0, y: 1)
        frame.buffer.write(String(repeating: "W", count: wakes), x: 0, y: 2)
        frame.buffer.write(String(repeating: "E", count: escapes), x: 0, y: 3)
    }
}

/// These tests use a real pseudo-terminal; the terminal mode is process-wide, so they run one at a time.
@Suite("Program in a pseudo-terminal", .serialized)
struct ProgramTests {
    /// Runs `Tally` on `terminal`'s child end in a thread; the handoff receives its final state.
    private func start(on terminal: PseudoTerminal, waker: Waker? = nil) -> Handoff<Tally> {
        let result = Handoff<Tally>()
        let child = terminal.child
        let thread = Thread {
            do {
                let screen = try Terminal.open(input: child, output: child)
                var program = Program(Tally(), terminal: screen, waker: waker)
                let final = try program.run()
                screen.close()
                result.put(final)
            } catch {
                Issue.record("program failed: \(error)")
            }
        }
        thread.start()
        return result
    }

    @Test("Keys reach the application and the screen shows the new state")
    func keysUpdateTheScreen() throws {
        let terminal = try PseudoTerminal(size: Size(width: 40, height: 10))
        let result = start(on: terminal)
        #expect(terminal.read(until: "presses=0").contains("size=40x10"))
        terminal.type("++")
        #expect(terminal.read(until: "PP").contains("PP"))
        terminal.type("q")
        #expect(result.take()?.presses == 2)
    }

    @Test("The terminal is in raw mode while running and restored after quitting")
    func rawModeIsRestored() throws {
        let terminal = try PseudoTerminal(size: Size(width: 40, height: 10))
        let before = terminal.attributes()
        let result = start(on: terminal)
        _ = terminal.read(until: "presses=0")
        #expect(terminal.attributes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
        terminal.type("q")
        _ = result.take()
        let output = terminal.read(until: "\u{1B}[?1049l")
        #expect(output.contains("\u{1B}[?1049l"))
        #expect(output.contains("\u{1B}[?25h"))
        let after = terminal.attributes()
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
    }

    @Test("Ctrl-C is delivered as a key, not as a signal")
    func controlCIsAKey() throws {
        let terminal = try PseudoTerminal(size: Size(width: 40, height: 10))
        let result = start(on: terminal)
        _ = terminal.read(until: "presses=0")
        terminal.type("+\u{3}")
        #expect(result.take()?.presses == 1)
    }

    @Test("A waker makes the running program redraw")
    func wakerRedraws() throws {
        let terminal = try PseudoTerminal(size: Size(width: 40, height: 10))
        let waker = try Waker()
        let result = start(on: terminal, waker: waker)
        _ = terminal.read(until: "presses=0")
        waker.wake()
        #expect(terminal.read(until: "W").contains("W"))
        terminal.type("q")
        #expect(result.take()?.wakes == 1)
    }

    @Test("A lone Esc is delivered after a short wait instead of being held forever")
    func loneEscapeArrives() throws {
        let terminal = try PseudoTerminal(size: Size(width: 40, height: 10))
        let result = start(on: terminal)
        _ = terminal.read(until: "presses=0")
        terminal.type("\u{1B}")
        #expect(terminal.read(until: "E").contains("E"))
        terminal.type("q")
        #expect(result.take()?.escapes == 1)
    }

    @Test("In a terminal that says it is 20000x20000 the program draws 1000x1000 and runs on")
    func hugeTerminalIsDrawnAtTheLargestScreen() throws {
        let terminal = try PseudoTerminal(size: Size(width: 20_000, height: 20_000))
        let result = start(on: terminal)
        #expect(terminal.read(until: "presses=0").contains("size=1000x1000"))
        terminal.type("+")
        #expect(terminal.read(until: "P").contains("P"))
        terminal.type("q")
        #expect(result.take()?.presses == 1)
    }
}
#endif
