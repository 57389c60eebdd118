import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys this library's writers change, in a ring of shared memory beside the store
/// (`<store>-changes`), so that other processes' observers learn which keys a commit changed
/// without a second table written in every transaction.
///
/// Why not a table: a row appended to a log table in the same transaction is a second page in the
/// write-ahead log for every commit, and it doubled the cost of a one-key write (measured with
/// the package's persistence benchmark; each extra table a trigger writes added 60–70% CPU). A copy into
/// mapped memory costs nanoseconds. Writes made by other programs (the `sqlite3` shell, an older
/// build) still reach the log table through the triggers, which skip this library's own writes.
///
/// **Protocol.** The header holds `head` (bytes ever appended) and `committed` (the head up to
/// which every transaction is over). A writer appends its keys while it holds SQLite's write lock
/// (inside `BEGIN IMMEDIATE`, or in the commit hook of a single statement), so appends follow
/// commit order, then publishes `committed` after its `COMMIT`. A reader hands out only keys below `committed`: their transactions are over, so a read
/// of the keys sees what they wrote. A writer that died between its commit and publishing leaves
/// `committed` behind `head`; the next writer, which holds the lock, publishes for it. A rolled
/// back transaction's keys are told as changed although nothing changed (harmless: their values
/// are read again and found the same); a change is never left out.
///
/// **Untrusted.** The file is re-validated at every read: a length that runs past what was
/// appended, bytes that are not UTF-8, an epoch that changed (the ring was reset) or a reader that
/// fell more than a ring behind all make the read "incomplete", which the store turns into "anything
/// may have changed". Nothing in it can crash the reader or make it read outside the mapping.
final class ChangeRing: @unchecked Sendable {
    // @unchecked: the mapping is shared memory, written by one writer at a time (SQLite's write lock)
    // through atomic stores, and read through atomic loads; the instance itself is used under the
    // backend's mutex.

    /// Where a reader stands: the ring's epoch and the head it has read up to.
    struct Position: Equatable {
        var epoch: UInt64
        var head: UInt64
    }

    /// Keys read from the ring.
    struct Read {
        var keys: [String]
        /// False when some keys may be missing: the reader fell behind, the ring was reset or damaged.
        var isComplete: Bool
        var end: Position
    }

    /// 256 KiB in all: about 8,000 changes of 30-byte keys before a reader that never looks falls
    /// behind (and is then told that anything may have changed).
    static let fileSize = 256 * 1024
    private static let headerSize = 64
    static let capacity = UInt64(fileSize - headerSize)
    private static let magic: UInt64 = 0x4C54_726B_5269_6E67  // "LTrkRing"
    /// A key longer than this is logged as "something changed" instead: it could not fit beside others.
    private static let longestKey = 4096
    private static let unknownMarker: UInt32 = .max

    private let base: UnsafeMutableRawPointer
    private let isWritable: Bool

    private init(base: UnsafeMutableRawPointer, isWritable: Bool) {
        self.base = base
        self.isWritable = isWritable
    }

    deinit {
        munmap(base, Self.fileSize)
    }

    /// What the ring's file adds to the store's path: `<store>-changes`.
    static let fileSuffix = "-changes"

    /// The ring of the store at `storePath` (its links resolved), created (0600) when `writable`
    /// and it is missing, and made again when it is a ring of another size or one whose making was
    /// cut short (all zeros); `nil` when it cannot be used (a reader before any writer made it, a
    /// file that is not a regular file or has another size, a disk with no room for its blocks).
    /// Observers then learn of a change without its keys, never miss one.
    ///
    /// A file there that this library did not make (a backup named `<store>-changes` by mistake)
    /// is never written: the store goes without a ring rather than truncate someone's data.
    ///
    /// Only a file whose every block is allocated is mapped. A page of a mapping with no block
    /// behind it gets one at its first touch (a read too, on tmpfs), and where the disk has none to
    /// give, the kernel kills the process with SIGBUS instead of returning an error: every command,
    /// even one that only reads, died on a nearly full disk. So a writer allocates the blocks
    /// before mapping, and a full disk is a store without a ring, like any other ring that cannot
    /// be used; SQLite reports the disk full itself when a write needs room. A reader cannot
    /// allocate, and goes without the ring until a writer has.
    static func attach(storePath: String, writable: Bool) -> ChangeRing? {
        let path = storePath + fileSuffix
        let descriptor = open(path, (writable ? O_RDWR | O_CREAT : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        if writable && !isReady(info) {
            // Two writers opening at once: one makes it, the other finds it made.
            guard flock(descriptor, LOCK_EX) == 0 else { return nil }
            defer { flock(descriptor, LOCK_UN) }
            guard fstat(descriptor, &info) == 0 else { return nil }
            if Int(info.st_size) != fileSize {
                // Empty, or a ring of another build's size: made again at this build's.
                guard info.st_size == 0 || firstWord(descriptor) == magic else { return nil }
                guard ftruncate(descriptor, 0) == 0 else { return nil }
                guard allocateEmpty(descriptor) else {
                    // Ours and empty before: what a failed allocation took is given back, and the
                    // next writer tries again.
                    _ = ftruncate(descriptor, 0)
                    return nil
                }
                // Readable by whoever may read the store, as SQLite makes its -wal and -shm files: a
                // reader that cannot open the ring learns of every change without its keys.
                var store = stat()
                if stat(storePath, &store) == 0 { _ = fchmod(descriptor, store.st_mode & 0o666) }
            } else if !isAllocated(info) {
                // A ring an older build made sparse, or one whose blocks were taken back: given
                // its blocks in place, since other processes may have it mapped (so it is never
                // truncated here). Someone's file of the ring's size is left as it is. Darwin has no
                // call that allocates without writing, and zeros written could undo another
                // process's append: there such a ring goes unused.
                let first = firstWord(descriptor)
                guard first == magic || first == 0,
                      csqlite_allocate_in_place(descriptor, Int64(fileSize)) == 0 else { return nil }
            }
        } else if !isReady(info) {
            return nil
        }
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        guard let mapped = mmap(nil, fileSize, protection, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        let ring = ChangeRing(base: mapped, isWritable: writable)
        if writable && ring.load(at: 0) != magic {
            guard flock(descriptor, LOCK_EX) == 0 else { return nil }
            defer { flock(descriptor, LOCK_UN) }
            if ring.load(at: 0) != magic {
                // A ring whose making was cut short is zeros; any other header is someone's file.
                guard ring.load(at: 0) == 0 else { return nil }
                ring.reset()
            }
        }
        return ring
    }

    /// Whether the file `info` describes can be mapped as it is: the ring's size, every block allocated.
    private static func isReady(_ info: stat) -> Bool {
        Int(info.st_size) == fileSize && isAllocated(info)
    }

    /// Whether every byte of the file `info` describes has its block (`st_blocks` counts 512-byte
    /// units, on Linux and Darwin alike).
    private static func isAllocated(_ info: stat) -> Bool {
        Int(info.st_blocks) * 512 >= Int(info.st_size)
    }

    /// Makes the empty file at `descriptor` the ring's size with every block allocated; `false`
    /// when the disk has no room (or no more for this user, or the file may not grow).
    private static func allocateEmpty(_ descriptor: Int32) -> Bool {
        #if canImport(Glibc)
        // Its fallback where the file system lacks fallocate writes zeros: harmless in a file
        // nobody has mapped yet.
        var result = posix_fallocate(descriptor, 0, off_t(fileSize))
        while result == EINTR { result = posix_fallocate(descriptor, 0, off_t(fileSize)) }
        return result == 0
        #else
        // Darwin has no posix_fallocate, and a size set with ftruncate leaves APFS's blocks
        // unallocated: zeros are written instead.
        let zeros = [UInt8](repeating: 0, count: fileSize)
        var done = 0
        while done < fileSize {
            let count = zeros.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, fileSize - done, off_t(done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
        #endif
    }

    /// The file's first 8 bytes, as `store` writes them (in the machine's order); `nil` when it
    /// has fewer. Read with `pread`, which never needs a block: safe on a full disk.
    private static func firstWord(_ descriptor: Int32) -> UInt64? {
        var first: UInt64 = 0
        return pread(descriptor, &first, 8, 0) == 8 ? first : nil
    }

    /// Where the ring ends now, for a reader that starts here (it is told of later changes only).
    var end: Position {
        Position(epoch: load(at: 8), head: load(at: 24))
    }

    /// Whether every appended key is published: no commit is under way, or a writer died before it
    /// could publish (the next writer publishes for it).
    var isSettled: Bool {
        load(at: 16) == load(at: 24)
    }

    /// Whether keys were published after `position`: two loads, for a look that finds nothing new.
    func hasNews(after position: Position) -> Bool {
        load(at: 24) != position.head || load(at: 8) != position.epoch
    }

    /// The keys appended after `position` by transactions that are over; read without locks.
    func read(after position: Position) -> Read {
        let epoch = load(at: 8)
        let committed = load(at: 24)
        let end = Position(epoch: epoch, head: committed)
        guard load(at: 0) == Self.magic, epoch == position.epoch, committed >= position.head,
              committed - position.head <= Self.capacity else {
            return Read(keys: [], isComplete: false, end: end)
        }
        var bytes = [UInt8](repeating: 0, count: Int(committed - position.head))
        copy(from: position.head, into: &bytes)
        // Overwritten while copied: a writer went more than a ring past `position` meanwhile.
        let head = load(at: 16)
        guard load(at: 8) == epoch, head >= position.head, head - position.head <= Self.capacity else {
            return Read(keys: [], isComplete: false, end: end)
        }
        var keys: [String] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 4 else { return Read(keys: keys, isComplete: false, end: end) }
            let length = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
            offset += 4
            guard length != Self.unknownMarker, Int(length) <= bytes.count - offset,
                  let key = String(validating: bytes[offset..<offset + Int(length)], as: UTF8.self) else {
                return Read(keys: keys, isComplete: false, end: end)
            }
            keys.append(key)
            offset += Int(length)
        }
        return Read(keys: keys, isComplete: true, end: end)
    }

    /// Under SQLite's write lock, where every transaction that appended is over: publishes what a
    /// writer that died between its commit and its publishing left behind.
    func publishLeftBehind() {
        let head = load(at: 16)
        if load(at: 24) != head { publish(head) }
    }

    /// Under SQLite's write lock, before `COMMIT`: appends `keys`; they are told once
    /// ``publish(_:)`` runs after the commit.
    /// - Returns: the head after them.
    func append(_ keys: some Sequence<String>) -> UInt64 {
        var head = load(at: 16)
        for key in keys {
            var key = key
            key.withUTF8 { utf8 in
                var length = UInt32(utf8.count)
                if utf8.count > Self.longestKey { length = Self.unknownMarker }
                withUnsafeBytes(of: length.littleEndian) { write($0, at: head) }
                head += 4
                if length != Self.unknownMarker {
                    write(UnsafeRawBufferPointer(utf8), at: head)
                    head += UInt64(utf8.count)
                }
            }
        }
        store(head, at: 16)
        return head
    }

    /// After `COMMIT` (or its failure): the transactions up to `head` are over.
    func publish(_ head: UInt64) {
        precondition(isWritable, "a reader's mapping is read only")
        csqlite_raise_release(base + 24, head)  // Never back: a later writer may have published past it.
    }

    /// A new epoch with nothing in it: readers that stood anywhere are told that anything may have changed.
    private func reset() {
        var random = SystemRandomNumberGenerator()
        store(0, at: 16)
        store(0, at: 24)
        store(random.next(), at: 8)
        store(Self.magic, at: 0)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at position: UInt64) {
        guard let source = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let offset = Int((position + UInt64(done)) % Self.capacity)
            let count = min(bytes.count - done, Int(Self.capacity) - offset)
            (base + Self.headerSize + offset).copyMemory(from: source + done, byteCount: count)
            done += count
        }
    }

    private func copy(from position: UInt64, into bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { target in
            guard let start = target.baseAddress else { return }
            var done = 0
            while done < target.count {
                let offset = Int((position + UInt64(done)) % Self.capacity)
                let count = min(target.count - done, Int(Self.capacity) - offset)
                (start + done).copyMemory(from: base + Self.headerSize + offset, byteCount: count)
                done += count
            }
        }
    }

    private func load(at offset: Int) -> UInt64 {
        csqlite_load_acquire(base + offset)
    }

    private func store(_ value: UInt64, at offset: Int) {
        precondition(isWritable, "a reader's mapping is read only")
        csqlite_store_release(base + offset, value)
    }
}
