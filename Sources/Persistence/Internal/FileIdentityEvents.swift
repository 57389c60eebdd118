#if canImport(Glibc)
import Glibc
import Synchronization

/// What tells a store's writes, on Linux, that its file may no longer be the one it opened: one
/// inotify instance for the whole process, with a watch on each open store's file (the inode
/// itself, reached through the store's `O_PATH` descriptor).
///
/// Why not `fstat` before each write: it cost 0.39 µs a write, a twelfth of a raw SQLite upsert;
/// a read of an empty inotify queue costs 0.18 µs (both measured in C on this machine). The kernel
/// queues the event inside the system call that changes the file, so a write that looks after
/// that call returned finds it, exactly as `fstat` would have:
/// - deleting the file, or moving or restoring another file over the path, changes its link count
///   (`IN_ATTRIB`);
/// - moving the file itself away is `IN_MOVE_SELF`, on every kernel (the change time `fstat` compared
///   is fine-grained only on Linux 6.13 and later).
/// Any event, for any store of the process, sends every store to its full check (a `stat` of the
/// path) once: they are rare (a store's own writes and checkpoints queue none of these kinds).
///
/// One instance rather than one per store: a user has 128 inotify instances in all (the default
/// `max_user_instances`), which a process with many stores, or many processes, could use up, and
/// the stores' change watches (FileChangeWatch) need them too.
final class FileIdentityEvents: Sendable {
    /// The process's instance; `nil` when inotify cannot be had (every check is then the fstat one).
    static let shared: FileIdentityEvents? = {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        return descriptor >= 0 ? FileIdentityEvents(descriptor: descriptor) : nil
    }()

    /// What a store holds: the number of its file's watch.
    struct Watch {
        fileprivate let number: Int32
    }

    private struct State {
        /// Bumped whenever events were read (or lost): every store then makes its full check.
        var generation: UInt64 = 0
        /// How many stores use each watch: two stores of one file share the kernel's watch.
        var users: [Int32: Int] = [:]
        var buffer = [UInt8](repeating: 0, count: 4096)
    }

    private static let mask = UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)

    private let descriptor: Int32
    private let state: Mutex<State>

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        state = Mutex(State())
    }

    /// Watches the file that `pathDescriptor` (an `O_PATH` descriptor) names: the inode opened, not
    /// whatever the path names by now. `nil` when the kernel refuses (no watches left).
    func watch(pathDescriptor: Int32) -> Watch? {
        state.withLock { state in
            let number = inotify_add_watch(descriptor, "/proc/self/fd/\(pathDescriptor)", Self.mask)
            guard number >= 0 else { return nil }
            state.users[number, default: 0] += 1
            return Watch(number: number)
        }
    }

    /// Drops a store's use of `watch`; the kernel's watch goes with its last user.
    func remove(_ watch: Watch) {
        state.withLock { state in
            guard let users = state.users[watch.number] else { return }  // The kernel dropped it already.
            if users > 1 {
                state.users[watch.number] = users - 1
            } else {
                state.users[watch.number] = nil
                _ = inotify_rm_watch(descriptor, watch.number)
            }
        }
    }

    /// The count of event batches read so far, after reading what is queued: a store that saw the
    /// same count at its last full check knows that none of the files changed identity since.
    /// - Complexity: one `ioctl(FIONREAD)` that finds the queue empty, under an uncontended lock.
    func generation() -> UInt64 {
        state.withLock { state in
            // Under the lock: a store that finds an empty queue after another emptied it finds
            // the count that other already bumped. Asking the queue's length costs a bare system
            // call (0.25 µs here); a `read` that finds it empty costs a third more. A failed
            // ask reads, as before.
            var queued: Int32 = 0
            if ioctl(descriptor, UInt(FIONREAD), &queued) == 0, queued == 0 { return state.generation }
            while true {
                let count = state.buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return state.generation }  // EAGAIN: nothing (more) queued.
                state.generation &+= 1
                forgetDroppedWatches(in: &state, count: count)
            }
        }
    }

    /// Forgets the watches the kernel dropped (`IN_IGNORED`: their file is gone), so that their
    /// numbers, which it may give out again, are not removed for a later store.
    private func forgetDroppedWatches(in state: inout State, count: Int) {
        var dropped: [Int32] = []
        state.buffer.withUnsafeBytes { bytes in
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
            while offset + 16 <= count {
                let number = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                if mask & UInt32(IN_IGNORED) != 0 { dropped.append(number) }
                offset += 16 + Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            }
        }
        for number in dropped { state.users[number] = nil }
    }
}
#endif
