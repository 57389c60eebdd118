import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the store's change handler which changes the screen made itself.
///
/// `Store.observeChanges` calls its handler for this process's writes too, synchronously on the
/// writing thread. The screen already shows its own changes, and reloading every record after each
/// toggle would be O(records) work per key, so writes are made inside `perform` and the handler
/// ignores calls that come from the thread doing one. A change from another process arrives on the
/// store's poller thread and is never mistaken for ours, even during one of our writes.
public final class OwnWrites: Sendable {
    private let writer = Mutex<UInt?>(nil)

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Runs `body` (which writes to the store) marked as the screen's own write.
    public func perform<T>(_ body: () throws -> T) rethrows -> T {
        writer.withLock { $0 = Self.currentThread }
        defer { writer.withLock { $0 = nil } }
        return try body()
    }

    /// Whether the calling thread is inside `perform`.
    public var isWritingOnThisThread: Bool {
        let current = Self.currentThread
        return writer.withLock { $0 == current }
    }
}
