import CSQLite
import Foundation
import Synchronization

/// Copies the log of every open store into its main file when the process exits.
///
/// Closing the last connection checkpoints the log (SQLite's default, which the backend keeps), but
/// a store held by a global or a `static` is never deinitialised: Swift does not run deinitialisers
/// at exit. Without this, a program that writes and exits would leave its writes in `-wal` only,
/// and a copy of the main file alone would miss them.
enum SQLiteExitCheckpoint {
    private static let registry = Mutex<[ObjectIdentifier: WeakConnection]>([:])
    private static let installHandler: Void = {
        atexit { SQLiteExitCheckpoint.checkpointAll() }
    }()

    private struct WeakConnection: @unchecked Sendable {
        // @unchecked: only `checkpointAll()` touches the connection, under its owner's mutex.
        weak var owner: AnyObject?
        let checkpoint: @Sendable () -> Void
    }

    /// Registers a writable backend; `checkpoint` runs at exit if the backend is still alive.
    static func register(_ owner: AnyObject, checkpoint: @escaping @Sendable () -> Void) {
        _ = installHandler
        registry.withLock { $0[ObjectIdentifier(owner)] = WeakConnection(owner: owner, checkpoint: checkpoint) }
    }

    static func unregister(_ owner: AnyObject) {
        registry.withLock { $0[ObjectIdentifier(owner)] = nil }
    }

    private static func checkpointAll() {
        let entries = registry.withLock { Array($0.values) }
        for entry in entries where entry.owner != nil {
            entry.checkpoint()
        }
    }
}
