import Dispatch
@testable import Persistence
import Synchronization
import Testing

/// Every writable SQLite backend registers for a checkpoint at exit and unregisters in its
/// `deinit`. Backends come and go on many threads at once (a server's requests, parallel tests), so
/// the registry must never run an owner's `deinit` while it holds its own lock.
@Suite("The exit checkpoint's registry", .timeLimit(.minutes(1)))
struct ExitCheckpointRegistryTests {
    /// Stands in for a backend: registers when made, unregisters when it goes, as SQLiteBackend does.
    private final class Owner: Sendable {
        init() { SQLiteExitCheckpoint.register(self) {} }
        deinit { SQLiteExitCheckpoint.unregister(self) }
    }

    @Test("Owners made and dropped on several threads at once never deinitialise under the registry's lock")
    func concurrentOwners() {
        // Before the fix, registering looked at every other entry's weak owner under the lock: when
        // another thread dropped that owner's last reference at the same moment, the look held the
        // last one, and the owner's deinit re-entered the lock and trapped. Several threads
        // registering while others drop their owners met it within a few thousand rounds.
        let made = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var kept: [Owner] = []
            for round in 0..<20_000 {
                kept.append(Owner())
                if round % 3 == 0 { kept.removeAll() }
                made.add(1, ordering: .relaxed)
            }
        }
        #expect(made.load(ordering: .relaxed) == 80_000)
    }
}

/// Cancelling an observation releases its handler, the user's closure. Whatever it captured may
/// go with it, and that object's deinit may cancel another observation of the same store.
@Suite("An observation cancelled from a deinit", .timeLimit(.minutes(1)))
struct ObserverReleaseTests {
    /// Holds a second observation and cancels it when it goes, as a view model does.
    private final class Holder: Sendable {
        let token: ObservationToken
        init(_ token: ObservationToken) { self.token = token }
        deinit { token.cancel() }
    }

    @Test("A handler whose captured object cancels another observation of the store when released")
    func handlerReleasingAnObserver() throws {
        let store = Store.memory()
        let key = Key<Int>("count", default: 0)
        let heard = Mutex<[Int]>([])
        let first = store.observe(key) { [holder = Holder(store.observe(key) { _ in })] value in
            withExtendedLifetime(holder) { heard.withLock { $0.append(value) } }
        }
        store[key] = 1
        // The handler is now the holder's only owner: cancelling `first` releases it, and its
        // deinit cancels the other observation. Before the fix that re-took the store's lock, and
        // trapped.
        first.cancel()
        store[key] = 2
        #expect(store[key] == 2)
        #expect(heard.withLock { !$0.contains(2) })
    }
}
