import FoundationEssentials

extension Store {
    /// The files an SQLite store at `path` is kept in: the store, SQLite's log, index and journal
    /// (`-wal`, `-shm`, `-journal`) and this library's ring of changed keys (`-changes`), all named
    /// beside the file the path leads to (its links resolved, as SQLite resolves them), whether
    /// they exist or not. A program that writes files of its own refuses these paths: writing over
    /// one loses the store's data, or (the ring) the next write takes it back.
    public static func sqliteFiles(ofStoreAt path: String) -> [String] {
        let file = FilePaths.resolvingLinks(path)
        return [file] + ["-wal", "-shm", "-journal", ChangeRing.fileSuffix].map { file + $0 }
    }

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
