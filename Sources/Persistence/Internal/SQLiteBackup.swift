import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies an open store into a new file with SQLite's online backup API, which reads one
/// consistent snapshot (log included) while other processes keep writing.
enum SQLiteBackup {
    /// Copies `source` into a new file at `path` (0600; an existing file is never overwritten).
    static func copy(from source: SQLiteConnection, to path: String) throws {
        try SQLiteFileCheck.ensureDirectory(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == EEXIST
                ? "a file already exists there; choose a new path (a backup never overwrites a file)"
                : "cannot create it: \(SQLiteFileCheck.describe(code))"
            throw PersistenceError.cannotOpen(path: path, reason: reason)
        }
        close(descriptor)
        do {
            let destination = try SQLiteConnection(path: path, mode: .readWrite)
            try run(from: source, to: destination)
        } catch {
            unlink(path)  // Ours, created above: a half-made copy must not pass for a backup.
            unlink(path + "-wal")
            unlink(path + "-shm")
            throw error
        }
    }

    private static func run(from source: SQLiteConnection, to destination: SQLiteConnection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw destination.error(code: sqlite3_errcode(destination.handle), sql: "sqlite3_backup_init")
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(20) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finish = sqlite3_backup_finish(backup)
        if code != SQLITE_DONE { throw source.error(code: code, sql: "sqlite3_backup_step") }
        try destination.check(finish, "sqlite3_backup_finish")
        // The copy is a store of its own: checked by SQLite before it is called a backup.
        let verdict = try destination.strings("PRAGMA quick_check")
        guard verdict == ["ok"] else {
            throw PersistenceError.damaged(path: destination.path, reason: verdict.prefix(3).joined(separator: "; "))
        }
    }
}
