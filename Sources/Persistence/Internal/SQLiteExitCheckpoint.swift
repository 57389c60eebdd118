import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Copies the log of every open store into its main file when the process exits.
///
/// Closing the last connection checkpoints the log (SQLite's default, which the backend keeps), but
/// a store held by a global or a `static` is never deinitialised: Swift does not run deinitialisers
/// at exit. Without this, a program that writes and exits would leave its writes in `-wal` only,
/// and a copy of the main file alone would miss them.
enum SQLiteExitCheckpoint {
    /// An array, not a dictionary by `ObjectIdentifier`: a process holds one or two stores, and
    /// the dictionary's generic instantiation searched every protocol conformance at each start.
    private static let registry = Mutex<[WeakConnection]>([])
    private static let installHandler: Void = {
        atexit { SQLiteExitCheckpoint.checkpointAll() }
    }()

    private struct WeakConnection: @unchecked Sendable {
        // @unchecked: only `checkpointAll()` touches the connection, under its owner's mutex.
        let id: ObjectIdentifier
        weak var owner: AnyObject?
        let checkpoint: @Sendable () -> Void
    }

    /// Registers a writable backend; `checkpoint` runs at exit if the backend is still alive.
    ///
    /// The owner must call ``unregister(_:)`` in its `deinit`, so no entry outlives its owner.
    /// Nothing here loads a weak `owner` under the lock: that load holds a reference, and when
    /// another thread drops the owner's last one meanwhile, releasing it would run the owner's
    /// `deinit`, and so `unregister`, inside the lock.
    static func register(_ owner: AnyObject, checkpoint: @escaping @Sendable () -> Void) {
        _ = installHandler
        let id = ObjectIdentifier(owner)
        registry.withLock { entries in
            entries.removeAll { $0.id == id }
            entries.append(WeakConnection(id: id, owner: owner, checkpoint: checkpoint))
        }
    }

    static func unregister(_ owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        registry.withLock { entries in entries.removeAll { $0.id == id } }
    }

    private static func checkpointAll() {
        let entries = registry.withLock { $0 }
        for entry in entries where entry.owner != nil {
            entry.checkpoint()
        }
    }
}
