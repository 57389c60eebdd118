import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a cleanup when a signal ends the process, then lets the signal do what it would have done:
/// the one mechanism behind the cookie prompt's echo (``EchoOff``) and the note editor's temporary
/// file (``EditorTemporaryFile``). One cleanup is installed at a time.
///
/// A signal handler may only make async-signal-safe calls, so the cleanup is a C function that
/// touches state prepared beforehand. The handler runs it, puts back the handler that was there
/// before and raises the signal again. While installed, the signals are unblocked on the calling
/// thread: a parent may start us with them blocked (a program's worker thread blocks them, and a
/// child inherits that mask), and they would then wait for the prompt or the editor to end.
enum EndingSignals {
    /// What runs in the handler: async-signal-safe calls only.
    typealias Cleanup = @convention(c) () -> Void

    nonisolated(unsafe) private static var cleanup: Cleanup?
    nonisolated(unsafe) private static var installed: [Int32] = []
    nonisolated(unsafe) private static let previousActions: UnsafeMutableBufferPointer<sigaction> = {
        let buffer = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction())
        return buffer
    }()
    nonisolated(unsafe) private static var previousMask = sigset_t()

    /// Installs `cleanup` for `signals` (replacing any cleanup installed before).
    static func install(_ signals: [Int32], cleanup: Cleanup) {
        uninstall()
        self.cleanup = cleanup
        installed = signals
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)  // The handler's field is spelled differently on Darwin.
            action.__sigaction_handler.sa_handler = { signal in EndingSignals.handle(signal) }
            #else
            action.__sigaction_u.__sa_handler = { signal in EndingSignals.handle(signal) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
    }

    /// Puts back the signal mask and the handlers that were there before ``install(_:cleanup:)``.
    static func uninstall() {
        guard cleanup != nil else { return }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for signal in installed {
            sigaction(signal, &previousActions[Int(signal)], nil)
        }
        cleanup = nil
        installed = []
    }

    private static func handle(_ signal: Int32) {
        cleanup?()
        sigaction(signal, &previousActions[Int(signal)], nil)
        raise(signal)
    }
}
