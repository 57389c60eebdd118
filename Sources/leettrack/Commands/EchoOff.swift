import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the terminal's echo off on standard input (for a secret typed at a prompt) and puts it
/// back on every way out that can run code: ``restore()``, and the signals that end the process
/// (SIGINT from Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, through ``EndingSignals``). Without that,
/// Ctrl-C at the prompt would leave the shell typing blind.
final class EchoOff {
    /// The settings to put back, stored before the handlers are installed (the handler may only
    /// make async-signal-safe calls).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false

    /// Turns echo off when standard input is a terminal; does nothing otherwise. With
    /// `readingKeys`, each key is read as it is pressed (no line editing) and Ctrl-C and Ctrl-\
    /// arrive as bytes rather than signals (the timer stops on them).
    init(readingKeys: Bool = false) {
        var attributes = termios()
        guard tcgetattr(0, &attributes) == 0 else { return }
        Self.saved = attributes
        Self.active = true
        EndingSignals.install([SIGINT, SIGTERM, SIGHUP, SIGQUIT]) { EchoOff.restoreOnSignal() }
        var silent = attributes
        silent.c_lflag &= ~tcflag_t(ECHO)
        if readingKeys {
            silent.c_lflag &= ~tcflag_t(ICANON | ISIG)
            withUnsafeMutableBytes(of: &silent.c_cc) { characters in
                characters[Int(VMIN)] = 1
                characters[Int(VTIME)] = 0
            }
        }
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
        EndingSignals.uninstall()
    }

    /// Restores the echo and ends the prompt's line.
    private static func restoreOnSignal() {
        guard active else { return }
        tcsetattr(0, TCSANOW, &saved)
        var newline = UInt8(ascii: "\n")
        _ = write(2, &newline, 1)
    }
}
