/// What an application tells the event loop after handling an event.
public enum UpdateResult: Sendable {
    /// Keep running (and redraw; only the changed cells are written).
    case running
    /// Stop the loop and restore the terminal.
    case quit
}

/// One frame being drawn: the cell grid and where to show the terminal's cursor, if anywhere.
public struct Frame: Sendable {
    /// The grid to draw into; its size is the terminal's.
    public var buffer: Buffer
    /// Where the cursor is shown (a text field being edited), or `nil` to keep it hidden.
    public var cursor: Point?

    /// An empty frame of `size`.
    public init(size: Size) {
        buffer = Buffer(size: size)
        cursor = nil
    }

    /// The whole screen.
    public var area: Rect { buffer.area }
}

/// An interactive application in the Elm / Bubble Tea style: state that changes only in
/// `update`, and a `view` that is a pure function from that state to a frame.
///
/// Because `view` is pure, tests build a state, call `view` and assert the grid's text, with no
/// terminal; and the renderer can redraw after every event at the cost of the changed cells.
public protocol Application {
    /// Handles one event; returns `.quit` to stop.
    mutating func update(_ event: Event) -> UpdateResult
    /// Draws the current state into `frame`.
    func view(_ frame: inout Frame)
}

/// Runs an `Application` without a terminal: feeds it events and turns its frames into bytes.
///
/// `Program` drives one from a real terminal; tests and benchmarks drive one directly, so what
/// they measure is exactly the work done between a key and the written frame.
public struct Runtime<App: Application> {
    /// The application.
    public var app: App
    /// The screen size the application draws for, at most ``Size/largestScreen``.
    public private(set) var size: Size
    private var renderer: Renderer

    /// A runtime for `app` on a screen of `size`; the application receives `.resize(size)` first.
    /// Without `colors`, frames are written without colours (see `Renderer.writesColors`).
    ///
    /// A size over ``Size/largestScreen`` is cut to it, here as in ``Terminal/size(of:)``: this
    /// is where the frames' grids are made, whatever gave the size.
    public init(_ app: App, size: Size, colors: Bool = true) {
        self.app = app
        self.size = size.clamped(to: .largestScreen)
        renderer = Renderer(colors: colors)
        _ = self.app.update(.resize(self.size))
    }

    /// Delivers `event`; returns `false` once the application asked to quit. A resize over
    /// ``Size/largestScreen`` is delivered cut to it.
    @discardableResult
    public mutating func send(_ event: Event) -> Bool {
        if case .resize(let newSize) = event {
            size = newSize.clamped(to: .largestScreen)
            renderer.invalidate()
            return app.update(.resize(size)) != .quit
        }
        return app.update(event) != .quit
    }

    /// Draws the application's current state and returns the bytes that update the screen.
    public mutating func render() -> [UInt8] {
        let frame = snapshot()
        return renderer.render(frame.buffer, cursor: frame.cursor)
    }

    /// Draws the application's current state into a fresh frame, without writing anything.
    public func snapshot() -> Frame {
        var frame = Frame(size: size)
        app.view(&frame)
        return frame
    }

    /// Forgets what the screen shows, so the next `render()` redraws it all.
    public mutating func invalidate() { renderer.invalidate() }
}
