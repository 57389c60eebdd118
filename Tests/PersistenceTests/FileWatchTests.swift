import Foundation
import Persistence
import Testing

/// A store whose file is moved away under it refuses writes: they would land where nobody reads.
/// (Deleted and replaced files are in DurabilityTests; those are refused at once on every system.)
@Suite("A store moved away while open")
struct FileWatchTests {
    /// Linux 6.13 and later give a file whose times were read fine-grained change times (ext4, XFS,
    /// Btrfs, tmpfs), so a rename right after a write shows at the next write.
    static var hasFineGrainedChangeTimes: Bool {
        var name = utsname()
        guard uname(&name) == 0 else { return false }
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(separator: ".").prefix(2).compactMap { Int($0.prefix { $0.isNumber }) }
        guard numbers.count == 2 else { return false }
        return (numbers[0], numbers[1]) >= (6, 13)
    }

    /// On Linux the process's inotify watch sees a rename at once (IN_MOVE_SELF), whatever the
    /// kernel's time stamps; elsewhere the `fstat` of the file needs fine-grained change times.
    static var seesRenamesAtOnce: Bool {
        #if os(Linux)
        true
        #else
        hasFineGrainedChangeTimes
        #endif
    }

    @Test("A store file renamed while open refuses the next write and leaves the moved file alone",
          .enabled(if: seesRenamesAtOnce, "needs inotify or fine-grained file change times (Linux 6.13 or later)"))
    func renamedFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("kept", default: 0))
        let moved = directory.file("moved.sqlite")
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        let before = try Data(contentsOf: URL(fileURLWithPath: moved))
        let error = #expect(throws: PersistenceError.self) { try store.set(2, for: Key<Int>("lost", default: 0)) }
        #expect(error?.description.contains("was deleted") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == before)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A store whose directory was renamed while open refuses writes once the full check is due")
    func renamedDirectory() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("inner/store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("kept", default: 0))
        try FileManager.default.moveItem(atPath: directory.file("inner"), toPath: directory.file("renamed"))
        // Only the path walk sees a renamed directory; it runs at least every 100 ms of writing.
        Thread.sleep(forTimeInterval: 0.15)
        let error = #expect(throws: PersistenceError.self) { try store.set(2, for: Key<Int>("lost", default: 0)) }
        #expect(error?.description.contains("was deleted") == true)
        let reopened = try Store.sqlite(path: directory.file("renamed/store.sqlite"), access: .readOnly)
        #expect(try reopened.value(for: Key<Int>("lost", default: 0)) == 0)
        #expect(try reopened.value(for: Key<Int>("kept", default: 0)) == 1)
    }

    @Test("Two stores of one file each refuse writes once it is deleted, after a third store was closed")
    func sharedWatchOutlivesOneStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let first = try Store.sqlite(path: path)
        let second = try Store.sqlite(path: path)
        do {
            // A third store of the same file shares the kernel's watch; closing it must not drop it.
            let third = try Store.sqlite(path: path)
            try third.set(3, for: Key<Int>("third", default: 0))
        }
        try first.set(1, for: Key<Int>("first", default: 0))
        try second.set(2, for: Key<Int>("second", default: 0))
        try FileManager.default.removeItem(atPath: path)
        for store in [first, second] {
            let error = #expect(throws: PersistenceError.self) { try store.set(9, for: Key<Int>("lost", default: 0)) }
            #expect(error?.description.contains("was deleted") == true)
        }
    }

    @Test("Another store's file deleted does not stop this store's writes")
    func otherStoresEventsRefuseNothing() throws {
        let directory = try TemporaryDirectory()
        let kept = try Store.sqlite(path: directory.file("kept.sqlite"))
        let doomed = try Store.sqlite(path: directory.file("doomed.sqlite"))
        try kept.set(1, for: Key<Int>("count", default: 0))
        try doomed.set(1, for: Key<Int>("count", default: 0))
        try FileManager.default.removeItem(atPath: directory.file("doomed.sqlite"))
        try kept.set(2, for: Key<Int>("count", default: 0))
        #expect(throws: PersistenceError.self) { try doomed.set(2, for: Key<Int>("count", default: 0)) }
        try kept.set(3, for: Key<Int>("count", default: 0))
        let reopened = try Store.sqlite(path: directory.file("kept.sqlite"), access: .readOnly)
        #expect(try reopened.value(for: Key<Int>("count", default: 0)) == 3)
    }
}
