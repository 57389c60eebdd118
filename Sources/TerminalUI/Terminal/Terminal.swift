#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal in full-screen mode: raw input (no echo, no line editing, Ctrl-C as a
/// key), the alternate screen, a hidden cursor, no autowrap and bracketed paste.
///
/// `open()` enters the mode and `close()` leaves it; the terminal is also restored if the process
/// exits, is interrupted or terminated, or crashes on a Swift trap (see `TerminalRestoration`).
public final class Terminal {
    /// The descriptor keys are read from.
    public let inputDescriptor: Int32
    /// The descriptor frames are written to.
    public let outputDescriptor: Int32
    private var isOpen = false

    /// Sequences written on entering the full-screen mode.
    static let enterSequence = ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableAutowrap
        + ANSI.enableBracketedPaste + ANSI.clearScreen
    /// Sequences written on leaving it, in the reverse order. The alternate screen is cleared
    /// first: a terminal that grew while it was shown (tmux does this) otherwise brings its rows
    /// back onto the shell's screen when it is left.
    static let leaveSequence = ANSI.resetStyle + ANSI.clearScreen + ANSI.disableBracketedPaste + ANSI.enableAutowrap
        + ANSI.showCursor + ANSI.leaveAlternateScreen

    private init(input: Int32, output: Int32) {
        inputDescriptor = input
        outputDescriptor = output
    }

    /// Whether both descriptors are terminals, so the full-screen mode can work.
    public static func isTerminal(input: Int32 = 0, output: Int32 = 1) -> Bool {
        #if canImport(Glibc)
        return isatty(input) == 1 && isatty(output) == 1
        #else
        return false
        #endif
    }

    /// Enters the full-screen mode on standard input and output.
    /// - Throws: `TerminalError.notATerminal` when either is not a terminal; `.systemCall` if the
    ///   terminal refuses raw mode; `.unsupportedPlatform` without Glibc.
    public static func open(input: Int32 = 0, output: Int32 = 1) throws -> Terminal {
        #if canImport(Glibc)
        guard isTerminal(input: input, output: output) else { throw TerminalError.notATerminal }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError.systemCall("tcgetattr", errno: errno) }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { throw TerminalError.systemCall("tcsetattr", errno: errno) }
        let terminal = Terminal(input: input, output: output)
        terminal.isOpen = true
        do {
            try TerminalRestoration.activate(
                saved: saved, raw: raw, input: input, output: output, enter: enterSequence, restore: leaveSequence)
            try FileDescriptorOutput.write(enterSequence, to: output)
        } catch {
            terminal.close()
            throw error
        }
        return terminal
        #else
        throw TerminalError.unsupportedPlatform
        #endif
    }

    /// The terminal's size now (80x24 if it cannot be asked), at most ``Size/largestScreen``.
    public func size() -> Size {
        Self.size(of: outputDescriptor) ?? Size(width: 80, height: 24)
    }

    /// The size of the terminal `descriptor` is open on, without taking it over (a command that
    /// wraps its output to the width); `nil` when it is no terminal (a file, a pipe). A size over
    /// ``Size/largestScreen`` (a window set to 20,000 x 20,000) is cut to it: everything drawn
    /// or wrapped for the terminal is sized from here.
    public static func size(of descriptor: Int32) -> Size? {
        #if canImport(Glibc)
        var window = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return Size(width: Int(window.ws_col), height: Int(window.ws_row)).clamped(to: .largestScreen)
        }
        #endif
        return nil
    }

    /// Writes `bytes` completely (see `FileDescriptorOutput.write`).
    public func write(_ bytes: [UInt8]) throws {
        #if canImport(Glibc)
        try FileDescriptorOutput.write(bytes, to: outputDescriptor)
        #endif
    }

    /// Stops the process as Ctrl-Z does in a shell: the terminal is restored first, and when the
    /// shell resumes the process (`fg`) the full-screen mode comes back and the event loop redraws
    /// everything.
    public func suspend() {
        #if canImport(Glibc)
        guard isOpen else { return }
        raise(SIGTSTP)
        // Here the process was stopped and continued, or never stopped (see `resumeIfSuspended`).
        TerminalRestoration.resumeIfSuspended()
        #endif
    }

    /// Runs `body` with the terminal as it was before ``open(input:output:)`` (an editor takes it
    /// over), then enters the full-screen mode again and has the event loop redraw everything.
    /// The restoring handlers stay installed throughout, so a signal meanwhile still leaves the
    /// terminal as it was.
    public func runOutside<T>(_ body: () throws -> T) rethrows -> T {
        #if canImport(Glibc)
        guard isOpen else { return try body() }
        TerminalRestoration.restore()
        defer { TerminalRestoration.comeBack() }
        #endif
        return try body()
    }

    /// Leaves the full-screen mode and restores the terminal's settings. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        #if canImport(Glibc)
        TerminalRestoration.deactivate()
        #endif
    }

    deinit { close() }
}
