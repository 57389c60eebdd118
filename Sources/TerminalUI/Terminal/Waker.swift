#if canImport(Glibc)
import Glibc
#endif

/// Wakes a running `Program` from any thread, so it can redraw after something outside the
/// terminal changed (another process wrote the store, a timer fired).
///
/// It is a self-pipe: `wake()` writes a byte, the event loop polls the read end together with the
/// terminal and delivers one `Event.wake` however many wakes arrived since the last one.
public final class Waker: Sendable {
    /// The end the event loop polls (-1 where pipes are not supported).
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// A new waker.
    /// - Throws: `TerminalError.systemCall` if the pipe cannot be made.
    public init() throws {
        #if canImport(Glibc)
        (readDescriptor, writeDescriptor) = try makeNonBlockingPipe()
        #else
        readDescriptor = -1
        writeDescriptor = -1
        #endif
    }

    /// Asks the event loop to deliver `Event.wake` soon. Safe from any thread; never blocks.
    public func wake() {
        #if canImport(Glibc)
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already holds a pending wake, so a failed write loses nothing.
        _ = Glibc.write(writeDescriptor, &byte, 1)
        #endif
    }

    /// Empties the pipe; returns whether it held any wake.
    func drain() -> Bool {
        #if canImport(Glibc)
        var buffer = [UInt8](repeating: 0, count: 64)
        var woke = false
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            if count > 0 { woke = true; continue }
            if count < 0 && errno == EINTR { continue }
            return woke
        }
        #else
        return false
        #endif
    }

    deinit {
        #if canImport(Glibc)
        close(readDescriptor)
        close(writeDescriptor)
        #endif
    }
}
