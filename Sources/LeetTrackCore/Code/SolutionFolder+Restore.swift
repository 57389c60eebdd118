import FoundationEssentials
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SolutionFolder {
    /// What restoring one file did (or, in a dry run, would do).
    public enum Restored: Sendable, Equatable {
        /// The file was missing and was written.
        case written(path: String)
        /// The file was there with the same content: left as it is.
        case identical(path: String)
        /// The file was there with other content: it was left as it is and the copy was written
        /// beside it at `copy` (or an identical copy was already there).
        case keptBoth(path: String, copy: String)
        /// Sync only: the file had not changed here since the last sync, and took the newer version.
        case updated(path: String)
        /// The file was not written (a link or a special file in the way, a write that failed).
        case refused(path: String, reason: String)
    }

    /// Restores `copy` (already checked with ``SolutionCopy/check(at:now:)``) into `directory`,
    /// which ``prepareFolder(_:)`` made sure of. A missing file is written (0600, atomically: whole
    /// or not at all, and never over a file that appeared meanwhile). An existing file is never
    /// overwritten: when its content differs, the copy goes beside it as
    /// `<id>.<slug>.<tag>.<ext>` (`1.two-sum.imported.py`), else `<tag>-2`, `-3`… A symbolic link
    /// or a special file at the name is refused: a file from outside is not written through a link
    /// that may point anywhere. With `dryRun` nothing is written.
    public static func restore(_ copy: SolutionCopy, in directory: String, tag: String, dryRun: Bool) -> Restored {
        let path = join(directory, copy.name)
        let bytes = Array(copy.content.utf8)
        switch place(path, holds: bytes) {
        case .missing:
            if dryRun { return .written(path: path) }
            switch writeNew(bytes, to: path, in: directory, modified: copy.modifiedDate) {
            case .success(true): return .written(path: path)
            case .success(false): return restore(copy, in: directory, tag: tag, dryRun: dryRun)  // Made meanwhile: looked at again.
            case .failure(let error): return .refused(path: path, reason: error.text)
            }
        case .same:
            return .identical(path: path)
        case .refused(let reason):
            return .refused(path: path, reason: reason)
        case .different:
            return keepBeside(copy, bytes, original: path, in: directory, tag: tag, dryRun: dryRun)
        }
    }

    /// Writes the copy beside `original` under the first free (or identical) `tag` name.
    private static func keepBeside(
        _ copy: SolutionCopy, _ bytes: [UInt8], original: String, in directory: String, tag: String, dryRun: Bool
    ) -> Restored {
        guard let parsed = parse(copy.name) else { return .refused(path: original, reason: "it is not a solution file's name") }
        for number in 1...100 {
            let name = "\(parsed.id).\(parsed.slug).\(tag)\(number == 1 ? "" : "-\(number)").\(parsed.language.fileExtension)"
            let path = join(directory, name)
            switch place(path, holds: bytes) {
            case .same:
                return .keptBoth(path: original, copy: path)
            case .missing:
                if dryRun { return .keptBoth(path: original, copy: path) }
                switch writeNew(bytes, to: path, in: directory, modified: copy.modifiedDate) {
                case .success(true): return .keptBoth(path: original, copy: path)
                case .success(false): continue
                case .failure(let error): return .refused(path: original, reason: "its copy \(path) cannot be written: \(error.text)")
                }
            case .different, .refused:
                continue
            }
        }
        return .refused(path: original, reason: "100 copies beside it are taken; tidy the folder and try again")
    }

    /// What is at a name, measured against the bytes to restore.
    enum Place {
        case missing, same, different
        case refused(String)
    }

    /// What is at `path`: nothing, a regular file with `bytes` or other content (an unreadable
    /// file counts as other), or something a restore must not touch.
    static func place(_ path: String, holds bytes: [UInt8]) -> Place {
        var status = stat()
        if lstat(path, &status) != 0 {
            return errno == ENOENT ? .missing : .refused(FileErrorReason.system(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard case .success(let (existing, _)) = readBytes(path) else { return .different }
            return existing == bytes ? .same : .different
        case S_IFLNK:
            return .refused("it is a symbolic link, and a file from outside is not written through a link (it may point "
                + "anywhere); move the link away to restore the file")
        default:
            return .refused("it is not a regular file (a folder, a FIFO or a device?); move it away to restore the file")
        }
    }

    /// Makes sure the code folder can take restored files (the rules of `leettrack code`).
    public static func prepareFolder(_ directory: String) throws(LeetTrackError) {
        try SolutionFile.ensureDirectory(directory)
    }

    /// Writes `bytes` to a new file `path` (0600), whole or not at all: into a temporary file of
    /// the folder, flushed, then linked to its name, which fails when the name exists (so nothing is
    /// overwritten, even a file made a moment ago). Returns `false` when the name existed.
    static func writeNew(_ bytes: [UInt8], to path: String, in directory: String, modified: Date?) -> Result<Bool, Unreadable> {
        let temporary: String
        switch writeTemporary(bytes, in: directory, modified: modified) {
        case .success(let path): temporary = path
        case .failure(let error): return .failure(error)
        }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let code = errno
            return code == EEXIST ? .success(false) : .failure(Unreadable(text: FileErrorReason.system(code)))
        }
        return .success(true)
    }

    /// Replaces the regular file at `path`, whose content hashed to `expected` when the sync looked,
    /// by `bytes`, atomically (a rename over it). Refused when the file changed meanwhile (an
    /// editor saved it), or is no longer a regular file.
    static func replace(_ path: String, expected: String, by bytes: [UInt8], in directory: String, modified: Date?) -> Result<Void, Unreadable> {
        let temporary: String
        switch writeTemporary(bytes, in: directory, modified: modified) {
        case .success(let path): temporary = path
        case .failure(let error): return .failure(error)
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            unlink(temporary)
            return .failure(Unreadable(text: "it is a symbolic link or not a regular file, and a pulled file does not replace "
                + "or go through one; make it a plain file to take the other machine's version"))
        }
        guard case .success(let (current, _)) = readBytes(path), ContentHash.sha256(current) == expected else {
            unlink(temporary)
            return .failure(Unreadable(text: "it changed while the sync ran; sync again"))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return .failure(Unreadable(text: FileErrorReason.system(code)))
        }
        return .success(())
    }

    /// A new temporary file in `directory` holding `bytes` (0600, flushed, dated `modified`).
    private static func writeTemporary(_ bytes: [UInt8], in directory: String, modified: Date?) -> Result<String, Unreadable> {
        let temporary = join(directory, ".leettrack-\(UUID().uuidString).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failure(Unreadable(text: FileErrorReason.system(errno))) }
        var failure = writeFully(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = FileErrorReason.system(errno) }
        if failure == nil, let modified {
            let seconds = modified.timeIntervalSince1970.rounded(.down)
            let time = timespec(tv_sec: Int(seconds), tv_nsec: 0)
            _ = [time, time].withUnsafeBufferPointer { futimens(descriptor, $0.baseAddress) }  // A date only: the content matters.
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            return .failure(Unreadable(text: failure))
        }
        return .success(temporary)
    }
}
