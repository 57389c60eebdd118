import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The format of a file-backed store.
public enum FileFormat: String, Sendable, CaseIterable {
    /// A JSON object, one member per key on a line of its own, keys sorted.
    case json
    /// An XML property list dictionary, one entry per key (JSON `null` cannot be stored).
    case propertyList
}

/// A human-readable file store. Each write takes an exclusive `flock` on `<path>.lock`, reloads
/// the file if another process replaced it, applies the change, writes a temporary file, `fsync`s
/// it and renames it over the old one: readers never see half a file, and two processes writing
/// different keys lose nothing.
final class FileBackend: StorageBackend {
    private struct State {
        var entries: [String: Data] = [:]
        var signature: FileSignature?
        /// The keys another process changed, found by reloads since the last `changesByOthers()`:
        /// any read may absorb a change, and the store must still hear of it.
        var changedSinceCheck: [String] = []
    }

    /// Identifies one version of the file: a replacement by rename always changes the inode.
    private struct FileSignature: Equatable {
        let inode: UInt64
        let size: Int64
        let modified: timespec

        static func == (a: Self, b: Self) -> Bool {
            a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    let path: String?
    var isShared: Bool { true }
    private let filePath: String
    private let format: FileFormat
    private let lockDescriptor: Int32
    private let state = Mutex(State())

    init(path: String, format: FileFormat) throws {
        self.path = path
        // A symbolic link (a store kept with the user's dotfiles) is followed: the file it names is
        // the one replaced on each write, and the link stays a link.
        let filePath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        self.filePath = filePath
        self.format = format
        var info = stat()
        if stat(filePath, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            let what = info.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a regular file"
            throw PersistenceError.notADatabase(path: path, reason: what)
        }
        try SQLiteFileCheck.ensureDirectory(for: filePath)  // Missing directories are made 0700.
        lockDescriptor = open(filePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else {
            throw PersistenceError.cannotOpen(
                path: path, reason: "cannot create \(filePath).lock: \(FileErrorReason.system(errno))")
        }
        do {
            try state.withLock { state in
                try reloadIfChanged(&state)
                state.changedSinceCheck = []  // The first load is not somebody else's change.
            }
            try withExclusiveFileLock { removeTemporaryFilesOfEndedProcesses() }
        } catch {
            close(lockDescriptor)
            throw error
        }
    }

    deinit {
        close(lockDescriptor)
    }

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        return try state.withLock { state in
            try reloadIfChanged(&state)
            return state.entries[key]
        }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try state.withLock { state in
            try reloadIfChanged(&state)
            return try DictionaryReader(entries: state.entries).read(keysWithPrefix: prefix)
        }
    }

    func write(_ changes: [Change]) throws {
        try transaction { _ in ((), changes) }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try state.withLock { state in
            try withExclusiveFileLock {
                try reloadIfChanged(&state)
                let (result, changes) = try body(DictionaryReader(entries: state.entries))
                try KeyCheck.validate(changes)
                guard !changes.isEmpty else { return UncheckedBox(result) }
                var entries = state.entries
                for change in changes {
                    if let value = change.value { try FileDocument.checkJSON(value, key: change.key) }
                    entries[change.key] = change.value
                }
                try persist(entries)
                state.entries = entries
                state.signature = try currentSignature()
                return UncheckedBox(result)
            }
        }.value
    }

    func changesByOthers() throws -> StoreChange? {
        try state.withLock { state in
            try reloadIfChanged(&state)
            return Self.takeChanges(&state)
        }
    }

    /// A write reloads the file first: the changes it brought in came before the write.
    func changesByOthersBeforeLastWrite() throws -> StoreChange? {
        state.withLock { Self.takeChanges(&$0) }
    }

    private static func takeChanges(_ state: inout State) -> StoreChange? {
        defer { state.changedSinceCheck = [] }
        return state.changedSinceCheck.isEmpty ? nil : StoreChange(keys: state.changedSinceCheck, origin: .outside)
    }

    /// Watches the file's folder for the file being replaced or written (inotify on Linux).
    func watchChangesByOthers(_ handler: @escaping @Sendable () -> Void) -> ObservationToken? {
        FileChangeWatch.start(files: [filePath], handler)
    }

    // MARK: - File I/O

    /// Removes `<path>.tmp-<pid>` files whose process no longer runs: a writer killed between
    /// creating its temporary file and renaming it. Called under the writers' lock, so no live
    /// writer's file is touched (and a live process's file is never removed anyway).
    private func removeTemporaryFilesOfEndedProcesses() {
        let directory = FilePaths.folder(of: filePath)
        let prefix = FilePaths.lastComponent(of: filePath) + ".tmp-"
        // Best effort: a folder that cannot be listed fails the write itself, with its reason.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(directory + "/" + name)
            }
        }
    }

    private func withExclusiveFileLock<T>(_ body: () throws -> T) throws -> T {
        while flock(lockDescriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw PersistenceError.file(path: filePath, reason: "cannot lock: \(FileErrorReason.system(errno))")
            }
        }
        defer { flock(lockDescriptor, LOCK_UN) }
        return try body()
    }

    private func currentSignature() throws -> FileSignature? {
        var info = stat()
        guard stat(filePath, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw PersistenceError.file(path: filePath, reason: FileErrorReason.system(errno))
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileSignature(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified)
    }

    private func reloadIfChanged(_ state: inout State) throws {
        let signature = try currentSignature()
        guard signature != state.signature else { return }
        guard signature != nil else {
            state = State(changedSinceCheck: state.changedSinceCheck + state.entries.keys.sorted())
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: filePath))
        } catch {
            throw PersistenceError.file(path: filePath, reason: "cannot read: \(FileErrorReason.text(error))")
        }
        let entries = try FileDocument.decode(data, format: format, path: filePath)
        state.changedSinceCheck += Self.changedKeys(from: state.entries, to: entries)
        state.entries = entries
        state.signature = signature
    }

    /// The keys whose bytes differ between two documents, sorted (a file says nothing of the order).
    private static func changedKeys(from old: [String: Data], to new: [String: Data]) -> [String] {
        var keys = new.compactMap { key, value in old[key] == value ? nil : key }
        keys += old.keys.filter { new[$0] == nil }
        return keys.sorted()
    }

    private func persist(_ entries: [String: Data]) throws {
        let data = try FileDocument.encode(entries, format: format, path: filePath)
        let temporary = filePath + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PersistenceError.file(path: filePath, reason: "cannot write \(temporary): \(FileErrorReason.system(errno))")
        }
        var failure: String?
        // A new file is private; a replaced one keeps the mode its owner gave it.
        var existing = stat()
        if stat(filePath, &existing) == 0, fchmod(descriptor, existing.st_mode & 0o777) != 0 {
            failure = FileErrorReason.system(errno)
        }
        if failure == nil { failure = writeFully(data, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = FileErrorReason.system(errno) }
        close(descriptor)
        if failure == nil, rename(temporary, filePath) != 0 { failure = FileErrorReason.system(errno) }
        if let failure {
            unlink(temporary)
            throw PersistenceError.file(path: filePath, reason: "cannot write: \(failure); the previous file is unchanged")
        }
        // The rename is durable only once the directory entry is: without this a power loss could
        // bring back the previous file after the write was acknowledged.
        let directory = open(FilePaths.folder(of: filePath), O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
