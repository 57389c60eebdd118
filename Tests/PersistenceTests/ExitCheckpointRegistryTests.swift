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
