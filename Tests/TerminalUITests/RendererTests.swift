import Testing
@testable import TerminalUI

@Suite("Renderer")
struct RendererTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func screen(_ rows: [String], width: Int = 10) -> Buffer {
        var buffer = Buffer(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { buffer.write(row, x: 0, y: y) }
        return buffer
    }

    @Test("The first frame clears the screen and writes only the non-blank cells")
    func firstFrameIsFull() {
        var renderer = Renderer()
        let output = text(renderer.render(screen(["ab", "", "c"])))
        #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[3;1Hc")
    }

    @Test("An unchanged frame writes nothing")
    func unchangedFrameWritesNothing() {
        var renderer = Renderer()
        _ = renderer.render(screen(["hello", "world"]))
        #expect(renderer.render(screen(["hello", "world"])).isEmpty)
    }

    @Test("A one-cell change writes a cursor move and one character")
    func oneCellChange() {
        var renderer = Renderer()
        _ = renderer.render(screen(["hello", "world"], width: 80))
        let bytes = renderer.render(screen(["hello", "wOrld"], width: 80))
        #expect(text(bytes) == "\u{1B}[2;2HO")
        #expect(bytes.count <= 8)
    }

    @Test("Adjacent changed cells need no cursor move between them")
    func adjacentCellsShareAMove() {
        var renderer = Renderer()
        _ = renderer.render(screen(["abcd"]))
        #expect(text(renderer.render(screen(["aXYd"]))) == "\u{1B}[1;2HXY")
    }

    @Test("A style change is written as SGR once for a run of cells")
    func styleChange() {
        var renderer = Renderer()
        _ = renderer.render(screen(["abc"]))
        var next = screen(["abc"])
        next.patchStyle(Rect(x: 0, y: 0, width: 2, height: 1), with: Style(foreground: .red, attributes: .bold))
        #expect(text(renderer.render(next)) == "\u{1B}[1;1H\u{1B}[0;1;31mab")
    }

    @Test("Colours are encoded as 16-colour, 256-colour and RGB SGR")
    func colourEncodings() {
        var bytes: [UInt8] = []
        ANSI.setStyle(Style(foreground: .brightGreen, background: .indexed(236)), to: &bytes)
        #expect(text(bytes) == "\u{1B}[0;92;48;5;236m")
        bytes = []
        ANSI.setStyle(Style(foreground: .rgb(1, 2, 3), attributes: [.dim, .reverse, .underline]), to: &bytes)
        #expect(text(bytes) == "\u{1B}[0;2;4;7;38;2;1;2;3m")
    }

    @Test("After a wide grapheme the next cell is placed with an explicit move")
    func wideGraphemeResyncs() {
        var renderer = Renderer()
        _ = renderer.render(screen([""]))
        #expect(text(renderer.render(screen(["中a"]))) == "\u{1B}[1;1H中\u{1B}[1;3Ha")
    }

    @Test("Replacing a wide grapheme by two narrow ones writes both")
    func wideToNarrow() {
        var renderer = Renderer()
        _ = renderer.render(screen(["中"]))
        #expect(text(renderer.render(screen(["ab"]))) == "\u{1B}[1;1Hab")
    }

    @Test("A frame of another size clears and redraws")
    func resizeRedraws() {
        var renderer = Renderer()
        _ = renderer.render(screen(["ab"], width: 10))
        #expect(text(renderer.render(screen(["ab"], width: 12))) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab")
    }

    @Test("Invalidating forces a full redraw of the same frame")
    func invalidateRedraws() {
        var renderer = Renderer()
        _ = renderer.render(screen(["ab"]))
        renderer.invalidate()
        #expect(text(renderer.render(screen(["ab"]))) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab")
    }

    @Test("A cursor is moved to and shown, then hidden when no longer wanted")
    func cursorShownAndHidden() {
        var renderer = Renderer()
        _ = renderer.render(screen([""]))
        #expect(text(renderer.render(screen([""]), cursor: Point(x: 3, y: 0))) == "\u{1B}[1;4H\u{1B}[?25h")
        #expect(text(renderer.render(screen([""]), cursor: nil)) == "\u{1B}[?25l")
    }

    @Test("Scrolling a full screen by one row costs far less than redrawing it")
    func scrollStepIsCheap() {
        let rows = (0..<40).map { "row \($0) of a list with some text" }
        var renderer = Renderer()
        let first = renderer.render(screen(rows, width: 80))
        let scrolled = renderer.render(screen(Array(rows.dropFirst()) + ["row 40 of a list with some text"], width: 80))
        #expect(scrolled.count < first.count)
    }
}

@Suite("Renderer without colours")
struct RendererWithoutColorsTests {
    @Test("With colours off, SGR carries the attributes but no colour")
    func noColors() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("ab", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: .bold))
        var renderer = Renderer(colors: false)
        let output = String(decoding: renderer.render(buffer), as: UTF8.self)
        #expect(output.contains("\u{1B}[0;1mab"))
        #expect(!output.contains("31"))
        #expect(!output.contains("44"))
    }
}
