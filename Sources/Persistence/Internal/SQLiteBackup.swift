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
    /// Why a backup is refused a path that exists.
    private static let existingFile = "a file already exists there; choose a new path (a backup never overwrites a file)"

    /// Copies `source` into a new file at `path` (0600; an existing file is never overwritten).
    ///
    /// The copy is made in a temporary file beside `path`, checked, and only then linked to
    /// `path`: a backup killed halfway leaves no file under the chosen name that passes for a
    /// backup (or blocks the retry), only a hidden `.NAME.backup-XXXXXX` beside it.
    static func copy(from source: SQLiteConnection, to path: String) throws {
        let folder = FilePaths.directory(of: path)
        var info = stat()
        if lstat(path, &info) == 0 {
            throw PersistenceError.cannotOpen(path: path, reason: existingFile)
        }
        try SQLiteFileCheck.ensureDirectory(for: path)
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(FilePaths.lastComponent(of: path)).backup-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw PersistenceError.cannotOpen(path: path, reason: "cannot create it: \(FileErrorReason.system(errno))")
        }
        close(descriptor)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            // The temporary name goes in every case; once linked, the backup has its own name.
            for file in Store.sqliteFiles(ofStoreAt: temporary) { unlink(file) }
        }
        do {
            // Closed (its log checkpointed into the file) before the file is given its name.
            try run(from: source, to: try SQLiteConnection(path: temporary, mode: .readWrite))
        }
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST {
                throw PersistenceError.cannotOpen(path: path, reason: existingFile)
            }
            // A file system without hard links (FAT, some network shares): renamed instead, the
            // name checked just before.
            guard code == EPERM || code == EOPNOTSUPP || code == ENOSYS, lstat(path, &info) != 0, rename(temporary, path) == 0 else {
                throw PersistenceError.cannotOpen(path: path, reason: "cannot create it: \(FileErrorReason.system(code))")
            }
            return
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
        // The step's error is the copy's (a full disk where it is written), read from its handle.
        if code != SQLITE_DONE { throw destination.error(code: code, sql: "sqlite3_backup_step") }
        try destination.check(finish, "sqlite3_backup_finish")
        // The copy is a store of its own: checked by SQLite before it is called a backup.
        let verdict = try destination.strings("PRAGMA quick_check")
        guard verdict == ["ok"] else {
            throw PersistenceError.damaged(path: destination.path, reason: SQLiteConnection.damageReason(checkFound: verdict))
        }
    }
}
