import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import Persistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes what a command makes to the path its `-o` names, the way a careful user expects:
///
/// - a regular file or a new path is replaced atomically (a temporary file beside it, synced, then
///   renamed over it), so an interrupted run never leaves half a file; a new file is private (0600),
///   an existing one keeps its permissions;
/// - a symbolic link stays a link: its target is what gets replaced (a report linked into a
///   synced folder stays linked);
/// - anything else (a device such as `/dev/null`, a FIFO, a socket) is written through: renaming
///   over it would turn `/dev/null` into a regular file and break the machine;
/// - a path that names an open descriptor (`/dev/stdout`, `/dev/fd/3`) is written at that
///   descriptor, at its offset and in its mode (a shell's `>>` appends).
///
/// It never writes over the store's own files (the store, its log, index, journal and ring of
/// changes, and the LeetCode session beside it), whatever path or link leads there, whether they
/// exist yet or not: `doctor --export-raw store.sqlite`, typed by someone whose store is already
/// damaged, replaced the whole store with a few lines of JSON.
///
/// `-o -` means standard output; callers handle it before coming here.
enum OutputFile {
    /// Why writing failed, in words with the path (no Foundation domain codes).
    struct Failure: Error {
        let path: String
        let reason: String
    }

    /// Writes `data` to `path` as described above, refusing when `path` is, or leads to, one of
    /// the files of the store at `storePath`; with `replacing` false, refusing an existing regular
    /// file too (a file of rescued bytes is never written over: it may be the only copy).
    /// `refusal`, when given, is asked before an existing regular file is replaced (after the
    /// store's files are refused) and returns why it must not be, if so.
    static func save(
        _ data: Data, to path: String, sparingStoreAt storePath: String, replacing: Bool = true, refusal: ((String) -> String?)? = nil
    ) throws(Failure) {
        var info = stat()
        if let descriptor = inheritedDescriptor(path) {
            guard fstat(descriptor, &info) == 0 else { throw Failure(path: path, reason: FileErrorReason.system(errno)) }
            if let reason = storeFileRefusal(path, info: info, storePath: storePath) { throw Failure(path: path, reason: reason) }
            return try writeAll(data, to: descriptor, path: path)
        }
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw Failure(path: path, reason: "it is a folder") }
            if let reason = storeFileRefusal(path, info: info, storePath: storePath) { throw Failure(path: path, reason: reason) }
            if type == S_IFREG && !replacing { throw Failure(path: path, reason: "it already exists; choose a new file") }
            if type == S_IFREG, let reason = refusal?(path) { throw Failure(path: path, reason: reason) }
            if type != S_IFREG { return try writeThrough(data, to: path) }
            return try replace(data, at: try resolvedTarget(of: path), keeping: (info.st_mode & 0o7777, info.st_uid, info.st_gid))
        }
        let code = errno
        guard code == ENOENT else { throw Failure(path: path, reason: FileErrorReason.system(code)) }
        if let reason = storeFileRefusal(path, storePath: storePath) { throw Failure(path: path, reason: reason) }
        // A new path, or a link whose target does not exist yet: the target is created.
        try replace(data, at: try resolvedTarget(of: path), keeping: nil)
    }

    /// The open descriptor `path` names (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`), which is written where it stands. Opened again by its name, it would
    /// start at offset 0 without the shell's `O_APPEND`: `export -o /dev/stdout >> log.txt`
    /// wrote over the start of the log.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let descriptor = Int32(number) else { return nil }
            return descriptor
        }
        return nil
    }

    /// The files that belong to the store at `storePath`: its own (``Store/sqliteFiles(ofStoreAt:)``)
    /// and the LeetCode session kept beside it, links resolved.
    static func storeFiles(of storePath: String) -> [String] {
        Store.sqliteFiles(ofStoreAt: storePath) + [FilePaths.resolvingLinks(LeetCodeCookies.file(besideStore: storePath))]
    }

    /// Why `path` must not be written, when it leads to one of the files of the store at
    /// `storePath` (``storeFiles(of:)``): by its path, existing or not (`backup
    /// store.sqlite-changes` made a file that the store's next write took for its ring of changes
    /// and emptied), and, given what `stat` found there, by device and inode (a hard link, or a
    /// descriptor open on it).
    static func storeFileRefusal(_ path: String, info: stat? = nil, storePath: String) -> String? {
        let files = storeFiles(of: storePath)
        let resolved = FilePaths.resolvingLinks(path)
        let found = files.first { file in
            if file == resolved { return true }
            var storeInfo = stat()
            guard let info, stat(file, &storeInfo) == 0 else { return false }
            return storeInfo.st_dev == info.st_dev && storeInfo.st_ino == info.st_ino
        }
        return found.map { "it is \($0 == files[0] ? "the store itself" : "a file of the store (\($0))"); choose another file" }
    }

    /// The path a chain of symbolic links ends at (`path` itself when it is no link). Only the last
    /// component is followed, as `open(2)` would; the target's folder must exist.
    private static func resolvedTarget(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw Failure(path: current, reason: FileErrorReason.system(errno)) }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = FilePaths.directory(of: current)
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        throw Failure(path: path, reason: FileErrorReason.system(ELOOP))
    }

    /// Opens an existing non-regular file for writing and writes all of `data` to it.
    private static func writeThrough(_ data: Data, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, reason: FileErrorReason.system(errno)) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    /// Writes `data` to a temporary file in `target`'s folder, syncs it and renames it over `target`.
    private static func replace(_ data: Data, at target: String, keeping original: (mode: mode_t, owner: uid_t, group: gid_t)?) throws(Failure) {
        let folder = FilePaths.directory(of: target)
        var template = Array(((folder.isEmpty ? "." : folder) + "/.leettrack-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            // ENOENT from a folder that exists (a file system such as /proc, where nothing can be
            // created) is not a missing folder.
            let reason = code == ENOENT && !FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder)
                ? "the folder \(folder) does not exist"
                : code == ENOENT ? "the folder \(folder) does not let files be created in it" : FileErrorReason.system(code)
            throw Failure(path: target, reason: reason)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            // mkstemp creates the file 0600; an existing file keeps the permissions its owner chose,
            // and, when root replaces it, its owner (a user's report must not become root's).
            if let original {
                if fchmod(descriptor, original.mode) != 0 { throw Failure(path: target, reason: FileErrorReason.system(errno)) }
                if getuid() == 0, fchown(descriptor, original.owner, original.group) != 0 {
                    throw Failure(path: target, reason: FileErrorReason.system(errno))
                }
            }
            try writeAll(data, to: descriptor, path: target)
            guard fsync(descriptor) == 0 else { throw Failure(path: target, reason: FileErrorReason.system(errno)) }
        }
        guard rename(temporary, target) == 0 else { throw Failure(path: target, reason: FileErrorReason.system(errno)) }
        renamed = true
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(Failure) {
        if let reason = writeFully(data, to: descriptor) { throw Failure(path: path, reason: reason) }
    }
}
