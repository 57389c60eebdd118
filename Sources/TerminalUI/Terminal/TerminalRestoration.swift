#if canImport(Glibc)
import Glibc

/// Puts the terminal back the way it was on every way out of the process: a normal return (the
/// `Terminal` is closed), `exit()` (an `atexit` hook), SIGINT, SIGTERM, SIGHUP, SIGQUIT, and the
/// crash signals a Swift trap raises (SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE).
///
/// A signal handler may only make async-signal-safe calls, so everything it needs is prepared
/// before the handlers are installed: the saved termios, the descriptors and the restore bytes.
/// The handler restores the terminal, puts back the handler that was there before (Swift's crash
/// backtracer, or the default action) and raises the signal again, so the process still dies
/// (or reports its crash) as it would have without us.
///
/// SIGTSTP (Ctrl-Z, or `kill -TSTP`) restores the terminal too before the process stops, and
/// SIGCONT puts it back into the full-screen mode and asks the event loop for a full redraw.
enum TerminalRestoration {
    // These are written only while no handler is installed (in `activate` before installing, in
    // `deactivate` after uninstalling) and read by the handlers; a signal handler cannot take a
    // lock, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) static var savedAttributes = termios()
    nonisolated(unsafe) static var inputDescriptor: Int32 = 0
    nonisolated(unsafe) static var outputDescriptor: Int32 = 1
    nonisolated(unsafe) static var active = false
    nonisolated(unsafe) static var restoreBytes: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 0)
    nonisolated(unsafe) static var enterBytes: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 0)
    nonisolated(unsafe) static var rawAttributes = termios()
    /// Set while the process is stopped by SIGTSTP with the terminal restored.
    nonisolated(unsafe) static var suspended = false
    /// The handlers that were installed before ours, indexed by signal number (a plain buffer,
    /// since a signal handler must not touch reference-counted collections).
    nonisolated(unsafe) static let previousActions: UnsafeMutableBufferPointer<sigaction> = {
        let buffer = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction())
        return buffer
    }()
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static var resizePipe: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) static var atexitInstalled = false

    static let fatalSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// `bytes` in a buffer of their own, which the signal handler can write without touching a
    /// Swift array.
    private static func copy(of bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        return copy
    }

    /// Remembers how to restore the terminal and installs the handlers. Called once the terminal is
    /// in raw mode and the alternate screen.
    static func activate(saved: termios, raw: termios, input: Int32, output: Int32, enter: [UInt8], restore: [UInt8]) throws {
        savedAttributes = saved
        rawAttributes = raw
        enterBytes.deallocate()
        enterBytes = copy(of: enter)
        inputDescriptor = input
        outputDescriptor = output
        restoreBytes.deallocate()
        restoreBytes = copy(of: restore)
        if resizePipe.read < 0 {
            resizePipe = try makeNonBlockingPipe()
        }
        active = true
        if !atexitInstalled {
            atexit { TerminalRestoration.restore() }
            atexitInstalled = true
        }
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in TerminalRestoration.handleFatal(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in TerminalRestoration.noteResize() }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &resize, &previousActions[Int(SIGWINCH)])
        installStopHandler(saving: true)
        var resume = sigaction()
        // After a stop: back to raw mode and the alternate screen, and a redraw of everything.
        resume.__sigaction_handler.sa_handler = { _ in TerminalRestoration.resumeIfSuspended() }
        sigemptyset(&resume.sa_mask)
        resume.sa_flags = SA_RESTART
        sigaction(SIGCONT, &resume, &previousActions[Int(SIGCONT)])
        installed = true
    }

    /// Restores the terminal (once) and puts the previous signal handlers back.
    static func deactivate() {
        if installed {
            for signal in fatalSignals + [SIGWINCH, SIGTSTP, SIGCONT] {
                sigaction(signal, &previousActions[Int(signal)], nil)
            }
            installed = false
        }
        restore()
    }

    /// Writes the restore bytes and the saved termios, once. Async-signal-safe.
    static func restore() {
        guard active else { return }
        active = false
        tcsetattr(inputDescriptor, TCSANOW, &savedAttributes)
        guard let base = restoreBytes.baseAddress else { return }
        var offset = 0
        while offset < restoreBytes.count {
            let written = write(outputDescriptor, base + offset, restoreBytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break  // the terminal is gone; nothing more can be done from here
            }
        }
    }

    private static func handleFatal(_ signal: Int32) {
        restore()
        sigaction(signal, &previousActions[Int(signal)], nil)
        raise(signal)
    }

    private static func noteResize() {
        var byte: UInt8 = 1
        _ = write(resizePipe.write, &byte, 1)
    }

    private static func installStopHandler(saving: Bool) {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = { _ in TerminalRestoration.handleStop() }
        sigemptyset(&stop.sa_mask)
        stop.sa_flags = SA_RESTART
        if saving {
            sigaction(SIGTSTP, &stop, &previousActions[Int(SIGTSTP)])
        } else {
            sigaction(SIGTSTP, &stop, nil)
        }
    }

    /// Restores the terminal, then stops the process with the default action.
    private static func handleStop() {
        guard active else { return }
        restore()
        suspended = true
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGTSTP, &defaultAction, nil)
        raise(SIGTSTP)  // Pending until this handler returns; then the process stops.
    }

    /// Back from ``restore()`` for a program that took the terminal over for a while (see
    /// `Terminal.runOutside`): raw mode, the alternate screen, and a full redraw.
    static func comeBack() {
        suspended = true
        resumeIfSuspended()
    }

    /// Re-enters the full-screen mode if a SIGTSTP restored the terminal but the process did not
    /// stop (the kernel discards a stop for a process group without a job-control shell, an
    /// "orphaned" one), so the screen never stays half restored. Async-signal-safe.
    static func resumeIfSuspended() {
        guard suspended else { return }
        suspended = false
        installStopHandler(saving: false)
        tcsetattr(inputDescriptor, TCSANOW, &rawAttributes)
        if let base = enterBytes.baseAddress {
            var offset = 0
            while offset < enterBytes.count {
                let written = write(outputDescriptor, base + offset, enterBytes.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
            }
        }
        active = true
        noteResize()
    }
}
#endif
