import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the terminal's echo off on standard input (for a secret typed at a prompt) and puts it
/// back on every way out that can run code: ``restore()``, and the signals that end the process
/// (SIGINT from Ctrl-C, SIGTERM, SIGHUP, SIGQUIT). Without the handlers, Ctrl-C at the prompt
/// would leave the shell typing blind.
///
/// A signal handler may only make async-signal-safe calls, so the saved termios is stored before
/// the handlers are installed; the handler restores it, puts back the handler that was there
/// before and raises the signal again, so the process ends as it would have.
final class EchoOff {
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false
    nonisolated(unsafe) private static let previousActions: UnsafeMutableBufferPointer<sigaction> = {
        let buffer = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction())
        return buffer
    }()
    /// The signal mask before the handlers were installed, put back by ``restore()``.
    nonisolated(unsafe) private static var previousMask = sigset_t()
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Turns echo off when standard input is a terminal; does nothing otherwise.
    init() {
        var attributes = termios()
        guard tcgetattr(0, &attributes) == 0 else { return }
        Self.saved = attributes
        Self.install()
        Self.active = true
        var silent = attributes
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSAFLUSH, &silent)
    }

    deinit {
        restore()
    }

    /// Puts the echo back and takes the handlers away (once).
    func restore() {
        guard Self.active else { return }
        Self.active = false
        tcsetattr(0, TCSAFLUSH, &Self.saved)
        pthread_sigmask(SIG_SETMASK, &Self.previousMask, nil)
        for signal in Self.signals {
            sigaction(signal, &Self.previousActions[Int(signal)], nil)
        }
    }

    private static func install() {
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)  // The handler's field is spelled differently on Darwin.
            action.__sigaction_handler.sa_handler = { signal in EchoOff.handle(signal) }
            #else
            action.__sigaction_u.__sa_handler = { signal in EchoOff.handle(signal) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
        // A parent may start us with these signals blocked (a program's worker thread blocks them,
        // and a child inherits that mask): Ctrl-C would then wait for the read to end. This thread,
        // the one reading the secret, takes them while the prompt is up.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
    }

    /// Restores the echo, ends the prompt's line, and lets the signal do what it would have done.
    private static func handle(_ signal: Int32) {
        if active {
            tcsetattr(0, TCSANOW, &saved)
            var newline = UInt8(ascii: "\n")
            _ = write(2, &newline, 1)
        }
        sigaction(signal, &previousActions[Int(signal)], nil)
        raise(signal)
    }
}
