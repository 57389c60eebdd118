#if canImport(Glibc)
import Glibc
#endif

/// Runs an `Application` in the terminal until it quits: the event loop.
///
/// It waits (with `poll`) on three things at once: the terminal's input, the resize signal and an
/// optional `Waker` for events from outside. Every batch of events is followed by one frame, of
/// which only the changed cells are written. A lone Esc is told from the start of an escape
/// sequence by waiting `escapeDelay` milliseconds for more bytes.
public struct Program<App: Application> {
    private var runtime: Runtime<App>
    private let terminal: Terminal
    private let waker: Waker?
    private var decoder = InputDecoder()
    /// How long to wait after an Esc for the rest of a sequence, in milliseconds.
    public var escapeDelay: Int32 = 25
    /// Whether Ctrl-Z suspends the program as in a shell (the application never sees it).
    public var suspendsOnControlZ = true

    /// A program that runs `app` in `terminal`, woken by `waker` when given; without `colors`
    /// (the user set `NO_COLOR`), only attributes are written.
    public init(_ app: App, terminal: Terminal, waker: Waker? = nil, colors: Bool = true) {
        self.terminal = terminal
        self.waker = waker
        runtime = Runtime(app, size: terminal.size(), colors: colors)
    }

    /// Runs until the application quits or the terminal's input closes, and returns the
    /// application's final state. The caller closes the terminal (a `defer` does it on errors too).
    /// - Throws: `TerminalError` when the terminal cannot be read or written.
    public mutating func run() throws -> App {
        #if canImport(Glibc)
        try terminal.write(runtime.render())
        var input = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: TerminalRestoration.resizePipe.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waker?.readDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.hasPending ? escapeDelay : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError.systemCall("poll", errno: errno)
            }
            var events: [Event] = []
            var needsRedraw = false
            if TerminalRestoration.suspended {
                // A SIGTSTP from outside that did not stop the process: take the screen back.
                TerminalRestoration.resumeIfSuspended()
            }
            if ready == 0 { events += decoder.flush() }
            if descriptors[1].revents != 0 {
                // A resize, or a return from a suspension: either way the screen is redrawn whole.
                drain(TerminalRestoration.resizePipe.read)
                needsRedraw = true
                if let resize = forgetScreen() { events.append(resize) }
            }
            if descriptors[2].revents != 0, waker?.drain() == true { events.append(.wake) }
            if descriptors[0].revents != 0 {
                let count = read(terminal.inputDescriptor, &input, input.count)
                if count > 0 {
                    events += decoder.feed(input[0..<count])
                } else if count == 0 {
                    return runtime.app  // the terminal went away
                } else if errno != EINTR && errno != EAGAIN {
                    throw TerminalError.systemCall("read", errno: errno)
                }  // (interrupted: the events gathered above are still handled)
            }
            for event in events {
                if suspendsOnControlZ, event == .key(.control("z")) {
                    terminal.suspend()
                    continue
                }
                if !runtime.send(event) { return runtime.app }
            }
            if !events.isEmpty, redrawRequested() {
                // An event ran something outside the screen (an editor): the screen came back
                // cleared, so this frame is drawn whole, not as the changes to the old one.
                needsRedraw = true
                if let resize = forgetScreen(), !runtime.send(resize) { return runtime.app }
            }
            if !events.isEmpty || needsRedraw { try terminal.write(runtime.render()) }
        }
        #else
        throw TerminalError.unsupportedPlatform
        #endif
    }

    #if canImport(Glibc)
    /// Forgets what the screen shows, so the next frame is drawn whole; returns the resize to
    /// deliver when the terminal's size changed meanwhile.
    private mutating func forgetScreen() -> Event? {
        let size = terminal.size()
        runtime.invalidate()
        return size != runtime.size ? .resize(size) : nil
    }

    /// Whether a resize or a return to the screen is waiting in the resize pipe (drained if so).
    private func redrawRequested() -> Bool {
        var descriptor = pollfd(fd: TerminalRestoration.resizePipe.read, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0, descriptor.revents != 0 else { return false }
        drain(TerminalRestoration.resizePipe.read)
        return true
    }

    private func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
    #endif
}
