import Testing
@testable import TerminalUI

/// A tiny application: a counter that `+` increments and `q` quits.
private struct Counter: Application {
    var count = 0
    var size = Size(width: 0, height: 0)
    var wakes = 0

    mutating func update(_ event: Event) -> UpdateResult {
        switch event {
        case .key(.character("+")): count += 1
        case .key(.character("q")): return .quit
        case .resize(let newSize): size = newSize
        case .wake: wakes += 1
        default: break
        }
        return .running
    }

    func view(_ frame: inout Frame) {
        frame.buffer.render(StatusBar(left: "count \(count)", right: "\(size)"), in: frame.area.row(0))
    }
}

@Suite("Runtime")
struct RuntimeTests {
    @Test("The application hears its size first")
    func initialResize() {
        let runtime = Runtime(Counter(), size: Size(width: 20, height: 3))
        #expect(runtime.app.size == Size(width: 20, height: 3))
    }

    @Test("A key changes the state and the next frame shows it")
    func keyUpdatesFrame() {
        var runtime = Runtime(Counter(), size: Size(width: 20, height: 3))
        _ = runtime.render()
        let running = runtime.send(.key(.character("+")))
        #expect(running)
        #expect(runtime.snapshot().buffer.line(0) == "count 1         20x3")
        let bytes = runtime.render()
        #expect(String(decoding: bytes, as: UTF8.self).contains("1"))
        #expect(bytes.count < 20)
    }

    @Test("Quitting ends the run")
    func quitStops() {
        var runtime = Runtime(Counter(), size: Size(width: 20, height: 3))
        let running = runtime.send(.key(.character("q")))
        #expect(!running)
    }

    @Test("A resize redraws the whole screen at the new size")
    func resizeRedraws() {
        var runtime = Runtime(Counter(), size: Size(width: 20, height: 3))
        _ = runtime.render()
        _ = runtime.send(.resize(Size(width: 30, height: 5)))
        let output = String(decoding: runtime.render(), as: UTF8.self)
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(runtime.snapshot().buffer.line(0).hasSuffix("30x5"))
    }

    @Test("A screen larger than the largest is drawn at the largest, and the application hears that size")
    func hugeSizeIsCut() {
        let runtime = Runtime(Counter(), size: Size(width: 20_000, height: 20_000))
        #expect(runtime.size == Size.largestScreen)
        #expect(runtime.app.size == Size.largestScreen)
        #expect(runtime.snapshot().buffer.size == Size.largestScreen)
    }

    @Test("A resize larger than the largest screen is cut to it side by side")
    func hugeResizeIsCut() {
        var runtime = Runtime(Counter(), size: Size(width: 20, height: 3))
        _ = runtime.render()
        _ = runtime.send(.resize(Size(width: 20_000, height: 40)))
        #expect(runtime.size == Size(width: Size.largestScreen.width, height: 40))
        #expect(runtime.app.size == runtime.size)
        #expect(runtime.snapshot().buffer.size == runtime.size)
    }
}
