import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, turned into a call of `stop` on a queue, without losing one.
///
/// Why not `DispatchSource.makeSignalSource`: on Linux libdispatch reads signals through a
/// `signalfd` that only sees a signal still pending, and the habit of pairing it with
/// `signal(SIGTERM, SIG_IGN)` makes the kernel drop the signal whenever it picks, as the thread
/// to deliver it to, one that does not block it (an event loop, a pool thread, the main thread):
/// about one `kill` in ten was lost and the server kept serving. Here the disposition is a real
/// handler, which runs on whichever thread the kernel picks and writes one byte to a pipe (the
/// only thing it does, and async-signal-safe); a read source on the pipe calls `stop`. And the
/// signals are unblocked on the thread that installs the handler (see ``init(_:)``).
final class StopSignals {
    /// The pipe's write end, read by the handler; set once, before the handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    private let source: any DispatchSourceRead

    /// Installs the handler for SIGINT and SIGTERM; `stop` runs on a private queue after either.
    /// - Throws: `SignalSetupError` when the pipe cannot be made.
    init(_ stop: @escaping @Sendable () -> Void) throws(SignalSetupError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SignalSetupError(errno: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A full pipe already says "stop": the handler must never block.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        Self.writeEnd = ends[1]
        let readEnd = ends[0]
        source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "leettrack.serve.signals"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(readEnd, &buffer, buffer.count)
            stop()
        }
        source.resume()
        // A process inherits its parent's signal mask through exec: started from a thread that
        // blocks them (any libdispatch worker does), SIGINT and SIGTERM would stay pending for
        // ever. Unblocked on this thread (the main one, which waits until the server stops), the
        // handler always has a thread to run on.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = stopSignalHandler
            #else
            action.__sigaction_u.__sa_handler = stopSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Puts back the default dispositions: a second Ctrl-C while the server stops ends it at once.
    /// The pipe stays open (two descriptors): a handler already running on another thread may
    /// still write to it, and a closed or reused descriptor would take that byte.
    func cancel() {
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
        source.cancel()
    }

    /// Called by the handler only.
    fileprivate static func notify() {
        let saved = errno
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
        errno = saved
    }
}

/// The pipe for the signals could not be made (no descriptors left).
struct SignalSetupError: Error {
    let errno: Int32
}

private func stopSignalHandler(_ number: Int32) {
    StopSignals.notify()
}
