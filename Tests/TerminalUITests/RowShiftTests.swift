import Testing
import TestSupport
@testable import TerminalUI

@Suite("Scrolling optimisation and screen fidelity")
struct RowShiftTests {
    private func screen(_ rows: [String], width: Int = 20) -> Buffer {
        var buffer = Buffer(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { buffer.write(row, x: 0, y: y) }
        return buffer
    }

    private func list(from first: Int, height: Int = 10) -> Buffer {
        var rows = ["header"]
        rows += (first..<(first + height - 2)).map { "item \($0) text" }
        rows.append("footer")
        return screen(rows)
    }

    @Test("A list scrolled by one row is found as a one-row shift of the band between header and footer")
    func detectsOneRowScroll() {
        #expect(RowShift.detect(from: list(from: 0), to: list(from: 1)) == RowShift(top: 1, bottom: 8, amount: 1))
        #expect(RowShift.detect(from: list(from: 1), to: list(from: 0)) == RowShift(top: 1, bottom: 8, amount: -1))
    }

    @Test("A change of a few rows is not taken for a scroll")
    func noShiftForSmallChanges() {
        var changed = list(from: 0)
        changed.write("X", x: 0, y: 3)
        #expect(RowShift.detect(from: list(from: 0), to: changed) == nil)
    }

    @Test("A scroll step writes the scroll sequences and the new row only")
    func scrollStepIsSmall() {
        var renderer = Renderer()
        _ = renderer.render(list(from: 0))
        let bytes = String(decoding: renderer.render(list(from: 1)), as: UTF8.self)
        #expect(bytes == "\u{1B}[2;9r\u{1B}[1S\u{1B}[r\u{1B}[9;1Hitem 8 text")
    }

    @Test("The bytes written turn each frame into the next on a terminal, scrolls and wide graphemes included")
    func bytesReproduceFrames() {
        var frames: [Buffer] = [list(from: 0), list(from: 1), list(from: 3), list(from: 2), list(from: 2)]
        var wide = list(from: 2)
        wide.write("中文 emoji 🙂 ok", x: 2, y: 4)
        frames.append(wide)
        var scrolledWide = list(from: 3)
        scrolledWide.write("中文 emoji 🙂 ok", x: 2, y: 3)
        frames.append(scrolledWide)
        var styled = scrolledWide
        styled.patchStyle(Rect(x: 0, y: 5, width: 20, height: 1), with: .reverse)
        frames.append(styled)
        frames.append(list(from: 40))
        frames.append(list(from: 41))
        var terminal = VirtualTerminal(width: 20, height: 10)
        var renderer = Renderer()
        for frame in frames {
            terminal.feed(renderer.render(frame))
            #expect(terminal.lines == frame.lines)
        }
    }

    @Test("Random edits to random frames always leave the terminal showing the frame")
    func randomFramesReproduce() {
        var generator = SplitMix(seed: 42)
        let words = ["a", "bc", "中", "🙂", "def", "é", "  ", "xyz", "文字"]
        var terminal = VirtualTerminal(width: 16, height: 8)
        var renderer = Renderer()
        var frame = Buffer(size: Size(width: 16, height: 8))
        for _ in 0..<300 {
            switch generator.next() % 4 {
            case 0:
                // Scroll the middle rows by one or two, as a list does.
                var next = frame
                let amount = Int(generator.next() % 2) + 1
                for y in 1..<(7 - amount) { next.copyRow(from: frame, row: y + amount, to: y) }
                next.fill(Rect(x: 0, y: 7 - amount, width: 16, height: amount))
                frame = next
            default:
                let word = words[Int(generator.next() % UInt64(words.count))]
                frame.write(word, x: Int(generator.next() % 16), y: Int(generator.next() % 8))
            }
            terminal.feed(renderer.render(frame))
            #expect(terminal.lines == frame.lines)
        }
    }
}

/// A small deterministic random generator (SplitMix64, from TestSupport), so a failure can be replayed.
typealias SplitMix = SeededRandom
