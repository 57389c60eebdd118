import FoundationEssentials

extension Store {
    /// Copies the store into a new SQLite file at `path`: a consistent snapshot of every committed
    /// write, taken with SQLite's online backup API, so it is safe while this and other processes
    /// keep writing. The copy is a single file (0600) that opens as a store.
    ///
    /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` when `path` exists (it is never
    ///   overwritten) or cannot be created, or when this store is not an SQLite store.
    public func backup(to path: String) throws {
        guard let backend = backend as? SQLiteBackend else {
            throw PersistenceError.cannotOpen(
                path: path, reason: "only SQLite stores have an online backup; copy this store's file instead")
        }
        try backend.backup(to: path)
    }

    /// SQLite's `PRAGMA integrity_check` of the store's file: `["ok"]` when SQLite finds no damage,
    /// else its findings. Reads every page: for a health check, not for every start.
    ///
    /// - Throws: ``PersistenceError/damaged(path:reason:)`` when the check itself cannot run.
    public func integrityCheck() throws -> [String] {
        guard let backend = backend as? SQLiteBackend else { return ["ok"] }
        return try backend.integrityCheck()
    }
}
