import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at the store's path before SQLite opens it, so that nothing that is not a store is ever
/// created, opened for writing or changed: a device (`/dev/null`), a directory, an empty file read
/// as a store, a file the user cannot write. Whether an existing database is *damaged* is never
/// decided here (a header compared with the file's size races with a checkpoint): only SQLite says
/// so, when it reads (see ``SQLiteConnection/error(code:sql:)``).
enum SQLiteFileCheck {
    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// How SQLite is to open the file.
    enum OpenMode: Equatable {
        /// Reads and writes (the file exists now: it was created 0600 if it was missing).
        case readWrite
        /// Reads only, on a connection that could write: as the last connection to close, it
        /// checkpoints and removes the log files, so reading leaves no file behind.
        case readWithCleanup
        /// Reads only, through SQLite's read-only mode (the file or its directory is not writable).
        case readOnly
        /// Reads a file that nobody can change while it is read (not writable, no log beside it):
        /// SQLite's `immutable`, which needs no `-shm` file in a directory that cannot hold one.
        case immutable

        var canWrite: Bool { self == .readWrite }
    }

    /// Checks the path and decides how to open it; for ``StoreAccess/readWrite``, creates the
    /// file (mode 0600) and its missing directories (mode 0700) first.
    static func prepare(path: String, access: StoreAccess) throws -> OpenMode {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw PersistenceError.cannotOpen(path: path, reason: FileErrorReason.system(code)) }
            guard access == .readWrite else {
                throw PersistenceError.cannotOpen(path: path, reason: "no store exists there")
            }
            try create(path)
            guard stat(path, &info) == 0 else { throw PersistenceError.cannotOpen(path: path, reason: FileErrorReason.system(errno)) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw PersistenceError.notADatabase(path: path, reason: "it is a directory")
        default: throw PersistenceError.notADatabase(path: path, reason: "it is not a regular file (a device, pipe or socket)")
        }
        if access == .readOnly && info.st_size == 0 {
            throw PersistenceError.notADatabase(path: path, reason: "it is empty (0 bytes): no store was ever written there")
        }
        let directory = FilePaths.folder(of: path)
        let fileProblem = isWritable(path) ? nil : "the file is not writable: \(FileErrorReason.system(errno))"
        let directoryProblem = isWritable(directory)
            ? nil : "its directory \(directory) is not writable (\(FileErrorReason.system(errno))), and SQLite keeps its log there"
        switch access {
        case .readWrite:
            if let problem = fileProblem ?? directoryProblem { throw PersistenceError.readOnly(path: path, reason: problem) }
            // An existing empty file that becomes the store is made private, as a store created here is.
            if info.st_size == 0, info.st_uid == getuid(), info.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 {
                throw PersistenceError.cannotOpen(path: path, reason: "cannot make the empty file private (mode 600): \(FileErrorReason.system(errno))")
            }
            return .readWrite
        case .readOnly:
            if fileProblem == nil && directoryProblem == nil { return .readWithCleanup }
            guard FileManager.default.fileExists(atPath: path + "-wal") else { return .immutable }
            if directoryProblem != nil && !FileManager.default.fileExists(atPath: path + "-shm") {
                throw PersistenceError.cannotOpen(
                    path: path, reason: "its log \(path)-wal needs an index, \(path)-shm, which cannot be created in"
                        + " its read-only directory; copy the store with its -wal file to a writable directory to read it")
            }
            return .readOnly
        }
    }

    /// Device, inode, size and modification time of a store and of its log (`-1` for a file that
    /// is not there): what tells that another process wrote, to a reader SQLite cannot tell.
    struct FilesSignature: Equatable, Sendable {
        private let fields: [Int]

        init(path: String) {
            fields = [path, path + "-wal"].flatMap { file -> [Int] in
                var info = stat()
                guard stat(file, &info) == 0 else { return [-1] }
                #if canImport(Darwin)
                let modified = info.st_mtimespec
                #else
                let modified = info.st_mtim
                #endif
                return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), modified.tv_sec, modified.tv_nsec]
            }
        }
    }

    /// Checks the first bytes SQLite's VFS read: a non-empty file must start with SQLite's magic.
    static func validate(size: Int64, header bytes: [UInt8], path: String) throws {
        if size == 0 { return }
        guard bytes.count >= 16, Array(bytes[0..<16]) == magic else {
            throw PersistenceError.notADatabase(path: path, reason: "it is not an SQLite database")
        }
    }

    /// Whether the header's page count (when valid) describes more bytes than the file has. Not a
    /// verdict: a checkpoint in another process can make it true for a moment. It only decides
    /// whether to ask SQLite (`PRAGMA quick_check`) before the first write.
    static func headerExceedsFile(size: Int64, header bytes: [UInt8]) -> Bool {
        guard bytes.count >= 100 else { return false }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pageCount = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
        // The in-header page count is valid only when "version-valid-for" matches the change counter.
        return bytes[24..<28].elementsEqual(bytes[92..<96]) && pageCount > 0 && Int64(pageCount * pageSize) > size
    }

    /// The device and inode of the file at `path`, or `nil` when nothing is there any more.
    static func identity(of path: String) throws -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw PersistenceError.cannotOpen(path: path, reason: FileErrorReason.system(errno))
        }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Creates a new, empty store file readable by its owner only. Another process may create it
    /// at the same moment: whoever comes second opens the file the first one made.
    private static func create(_ path: String) throws {
        try ensureDirectory(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            // No store is there to read: not "read-only", but a store that cannot be made there.
            let code = errno
            let why = code == EACCES || code == EPERM || code == EROFS
                ? "its folder \(FilePaths.folder(of: path)) does not let you create files (\(FileErrorReason.system(code)))" : FileErrorReason.system(code)
            throw PersistenceError.cannotOpen(path: path, reason: "no store exists there, and one cannot be created there: \(why)")
        }
    }

    /// Creates the directories that will hold the file at `path`, each readable by its owner only
    /// (the store holds the user's notes). Directories that exist are left as they are.
    static func ensureDirectory(for path: String) throws {
        let directory = FilePaths.folder(of: path)
        var missing: [String] = []
        var current = directory
        var isDirectory = false
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) {
            missing.append(current)
            current = FilePaths.directory(of: current)
        }
        if !current.isEmpty, current != "/", FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory),
           !isDirectory {
            throw PersistenceError.cannotOpen(path: path, reason: "\(current) is a file, not a folder")
        }
        for component in missing.reversed() where mkdir(component, 0o700) != 0 && errno != EEXIST {
            throw PersistenceError.cannotOpen(
                path: path, reason: "cannot create its directory \(component): \(FileErrorReason.system(errno))")
        }
    }
}

/// Whether this process may write `path` (its file mode, ownership and file system allow it).
private func isWritable(_ path: String) -> Bool {
    #if canImport(Glibc)
    Glibc.access(path, W_OK) == 0
    #else
    Darwin.access(path, W_OK) == 0
    #endif
}

/// A file's device and inode: a deleted or replaced file changes them.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
}
