import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before each write, that the file at a store's path is still the file its connection
/// opened: a write to a file that was deleted, replaced or moved away would land where nobody reads.
///
/// The full check is a `stat` of the path, the only call that sees every change of what the path
/// names, at the cost of a path walk (about 1 µs, an eighth of a write). Most writes need less.
/// On Linux the file is also held by an `O_PATH` descriptor (closing one never drops the POSIX
/// locks SQLite holds on the file, unlike closing any other descriptor), and a write first asks
/// `fstat` of it (about 0.4 µs) for the file's link count and change time:
/// - deleting the file, or moving or restoring another file over the path, unlinks this file:
///   its link count changes, so the full check runs and refuses the write, always at once;
/// - moving the file itself away (a rename) sets its change time: on kernels that give a file
///   whose times were read fine-grained times (Linux 6.13 and later with ext4, XFS, Btrfs or tmpfs)
///   the next write sees it at once;
/// - what `fstat` cannot see (a directory above the file renamed, or a rename within the same
///   clock tick as the file's last change on kernels with coarse times) is caught by a full check
///   made at least every ``fullCheckInterval``, and before the first write.
///
/// Any difference (a checkpoint's write also sets the change time) leads to a full check, never
/// to a refusal by itself. Elsewhere (no `O_PATH`) every check is the full one.
///
/// Where the process's inotify instance has a watch on the file (``FileIdentityEvents``), a write
/// asks it instead of `fstat`: an empty queue read costs half the `fstat`, and a rename of the file
/// itself shows at once on every kernel. The `fstat` stays as the way when no watch could be had.
final class StoreFileWatch {
    /// The longest time between two full checks while writes go on: 100 ms.
    static let fullCheckInterval: UInt64 = 100_000_000

    private let path: String
    private let identity: FileIdentity
    /// The `O_PATH` descriptor of the opened file, or -1 (every check is then a `stat` of the path).
    private let descriptor: Int32
    /// What `fstat` of the descriptor said just before the last full check found the file in place.
    private var verified: Snapshot?
    /// When that full check ran (coarse monotonic clock, nanoseconds).
    private var verifiedAt: UInt64 = 0
    #if canImport(Glibc)
    /// The inotify watch on the opened file, when the kernel gave one.
    private let events: (source: FileIdentityEvents, watch: FileIdentityEvents.Watch)?
    /// The events' count read just before the last full check found the file in place.
    private var verifiedGeneration: UInt64 = 0
    #endif

    private struct Snapshot: Equatable {
        let device: UInt64
        let inode: UInt64
        let links: UInt64
        let changeSeconds: Int
        let changeNanoseconds: Int
    }

    /// Watches the file at `path`, which the caller found to be `identity` after opening it.
    init(path: String, identity: FileIdentity) {
        self.path = path
        self.identity = identity
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
        // Glibc's module leaves O_PATH out (it needs _GNU_SOURCE); this is its value on these
        // architectures (asm-generic/fcntl.h).
        let openPathOnly: Int32 = 0o10_000_000
        descriptor = open(path, openPathOnly | O_CLOEXEC)
        #else
        descriptor = -1
        #endif
        #if canImport(Glibc)
        let opened = descriptor
        if opened >= 0, let source = FileIdentityEvents.shared, let watch = source.watch(pathDescriptor: opened) {
            events = (source, watch)
        } else {
            events = nil
        }
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if let events { events.source.remove(events.watch) }
        #endif
        if descriptor >= 0 { close(descriptor) }
    }

    /// Throws ``PersistenceError/replaced(path:reason:)`` when the file at the path is not the one
    /// opened. Called under the backend's lock, before each write.
    func check() throws {
        let now = Self.coarseNow()
        #if canImport(Glibc)
        if let events {
            // Read before the path is checked: a change after this point queues an event.
            let generation = events.source.generation()
            if verified != nil, now &- verifiedAt < Self.fullCheckInterval, generation == verifiedGeneration { return }
            verifiedGeneration = generation
        } else if let verified, now &- verifiedAt < Self.fullCheckInterval, snapshot() == verified {
            return
        }
        #else
        if let verified, now &- verifiedAt < Self.fullCheckInterval, snapshot() == verified { return }
        #endif
        // Taken before the path is checked: a change after this point shows in the next snapshot.
        let before = snapshot()
        guard let current = try SQLiteFileCheck.identity(of: path) else {
            throw PersistenceError.replaced(path: path, reason: "was deleted")
        }
        guard current == identity else {
            throw PersistenceError.replaced(path: path, reason: "was replaced by another file")
        }
        if let before, before.device == identity.device, before.inode == identity.inode {
            verified = before
            verifiedAt = now
        } else {
            verified = nil  // The descriptor does not name the opened file: keep to full checks.
        }
    }

    private func snapshot() -> Snapshot? {
        #if canImport(Glibc)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Snapshot(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), links: UInt64(info.st_nlink),
            changeSeconds: Int(info.st_ctim.tv_sec), changeNanoseconds: Int(info.st_ctim.tv_nsec))
        #else
        return nil
        #endif
    }

    private static func coarseNow() -> UInt64 {
        #if canImport(Glibc)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
        #else
        return 0
        #endif
    }
}
