import CSQLite
import Dispatch
import FoundationEssentials
import Synchronization

/// Copies a store's committed writes from its log into its main file soon after they are made, on
/// a connection of its own, off the writers' path.
///
/// SQLite copies the log (a checkpoint) when it passes ``SQLiteBackend/walCheckpointPages`` pages,
/// and when the last connection closes. While a long-lived process (a server, an open screen) holds
/// the store, neither happens for a long time, and a copy of the main file alone (`cp`, a file
/// backup, a sync folder) missed every write still in the log, while looking complete. So every
/// commit of this process, and every commit of another process that this one notices, asks for a
/// checkpoint within ``delay``: the main file then holds every write a couple of seconds old.
///
/// The checkpoint is `PASSIVE`: it never waits for a lock, never blocks a reader or a writer (in
/// WAL mode a checkpoint runs beside them), and copies what no reader still needs. Readers hold no
/// snapshot between statements (the backend steps and resets each statement under its lock), so
/// only a read in progress can hold it back; what it could not copy is tried again
/// ``retryDelay`` later. Commits close together share one checkpoint, so a stream of writes pays for
/// at most one per ``delay``, on another thread; a write itself only reads an atomic flag.
///
/// The connection opens at the first checkpoint, never at start-up: a command that writes and exits
/// at once leaves its writes to the checkpoint at close or exit (see ``SQLiteExitCheckpoint``).
final class SQLiteCheckpointer: Sendable {
    /// How long after a commit its checkpoint starts: commits within it share the checkpoint.
    static let delay: DispatchTimeInterval = .milliseconds(500)
    /// How long after a checkpoint that could not copy everything (another process's read or
    /// checkpoint in progress) it is tried again.
    static let retryDelay: DispatchTimeInterval = .milliseconds(200)
    /// Retries after which the checkpointer waits for the next commit: a reader in another process
    /// that holds a snapshot for longer than this is not chased forever.
    static let maximumRetries = 50

    private struct State: @unchecked Sendable {
        // @unchecked: the connection is only used under the checkpointer's mutex.
        var connection: SQLiteConnection?
        var isClosed = false
        /// Whether the file at the path could not be opened as the store's (moved, replaced):
        /// checkpoints stop, the store's own writes report the change.
        var isLost = false
    }

    private let path: String
    /// The file the store's connection opened: a checkpoint never opens another file at the path.
    private let identity: FileIdentity
    /// Whether a checkpoint is scheduled and has not started yet.
    private let isScheduled = Atomic<Bool>(false)
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "Persistence.SQLiteCheckpointer", qos: .utility)

    init(path: String, identity: FileIdentity) {
        self.path = path
        self.identity = identity
    }

    /// Asks for a checkpoint within ``delay``, unless one is already waiting to start.
    /// - Complexity: O(1), one atomic exchange; the first call of a burst schedules a work item.
    func commitMade() {
        guard !isScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        schedule(after: Self.delay, retries: 0)
    }

    /// Stops checkpointing and closes the connection (waiting for a checkpoint under way). Called
    /// before the store's own connection closes, so that the store's is the last to close and
    /// SQLite copies and removes the log, as it does for the last connection.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.connection = nil
        }
    }

    private func schedule(after delay: DispatchTimeInterval, retries: Int) {
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.run(retries: retries)
        }
    }

    private func run(retries: Int) {
        // Cleared before the checkpoint starts: a commit made while it copies schedules the next.
        if retries == 0 { isScheduled.store(false, ordering: .releasing) }
        let complete = state.withLock { state -> Bool in
            guard !state.isClosed, !state.isLost else { return true }
            guard let connection = connection(in: &state) else { return true }
            var logFrames: Int32 = 0
            var copiedFrames: Int32 = 0
            let code = sqlite3_wal_checkpoint_v2(connection.handle, "main", SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
            // SQLITE_BUSY: another connection's checkpoint is under way; try again after it.
            // Any other failure has nobody to tell: the log still holds every write, the store's
            // next write reports a real problem with the file, and the next commit tries again.
            if code == SQLITE_BUSY { return false }
            Self.pruneChangeLog(on: connection)
            return code != SQLITE_OK || copiedFrames >= logFrames
        }
        if !complete && retries < Self.maximumRetries {
            schedule(after: Self.retryDelay, retries: retries + 1)
        }
    }

    /// Keeps the change log bounded (``SQLiteBackend/pruneSQL``), off the writers' path. It writes
    /// only when the log has grown past its limit. A failure (another writer holds the lock, a
    /// store made before the log) has nobody to tell and loses nothing: the next checkpoint tries again.
    private static func pruneChangeLog(on connection: SQLiteConnection) {
        do {
            try connection.execute(SQLiteBackend.pruneSQL)
        } catch {
            return
        }
    }

    /// The checkpointer's connection, opened at the first checkpoint; `nil` when the file at the
    /// path is no longer the store's.
    private func connection(in state: inout State) -> SQLiteConnection? {
        if let connection = state.connection { return connection }
        do {
            guard try SQLiteFileCheck.identity(of: path) == identity else {
                state.isLost = true
                return nil
            }
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            // Checked again once open: the file opened is the store's, not one moved there meanwhile.
            guard try SQLiteFileCheck.identity(of: path) == identity else {
                state.isLost = true
                return nil
            }
            // A new connection knows the file is in WAL mode only once it has read it: before that,
            // a checkpoint does nothing and reports no log at all.
            _ = try connection.integer("PRAGMA schema_version")
            state.connection = connection
            return connection
        } catch {
            // Not opened (no room for a descriptor, permissions changed): the next commit tries again.
            return nil
        }
    }
}
