import Foundation
import Persistence
import Testing

/// Opening for reading never creates or changes a file; what the user can read but not write is
/// still readable; what is not a store is refused and left as it was.
@Suite("Reading a store changes nothing")
struct ReadOnlyTests {
    /// A store at `path` holding `count` integers under `k0`, `k1`, …, released before returning.
    private func makeStore(at path: String, count: Int = 3) throws {
        let store = try Store.sqlite(path: path)
        try store.transaction { transaction in
            for index in 0..<count { try transaction.set(index, for: Key<Int>("k\(index)", default: 0)) }
        }
    }

    @Test("Opening a missing store for reading fails and creates nothing")
    func missingStoreForReading() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sub/store.sqlite")
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: path, access: .readOnly) }
        #expect(error?.description.contains(path) == true)
        #expect(try System.listing(directory.path).isEmpty)
    }

    @Test("Reading a store leaves the same files with the same bytes")
    func readingLeavesFilesAsTheyWere() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStore(at: path)
        let listing = try System.listing(directory.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let store = try Store.sqlite(path: path, access: .readOnly)
            #expect(try store.value(for: Key<Int>("k2", default: 0)) == 2)
        }
        #expect(try System.listing(directory.path) == listing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("A store opened for reading refuses writes with a message that says it is read-only")
    func writesToReadOnlyStoreAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStore(at: path)
        let store = try Store.sqlite(path: path, access: .readOnly)
        let error = #expect(throws: PersistenceError.self) { try store.set(9, for: Key<Int>("k0", default: 0)) }
        #expect(error?.description.contains("read-only") == true)
        #expect(try store.value(for: Key<Int>("k0", default: 0)) == 0)
    }

    @Test("On a store opened for reading, a transaction that only reads works and one that writes is refused whole")
    func readOnlyTransactions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try makeStore(at: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try Store.sqlite(path: path, access: .readOnly)
        let sum = try store.transaction { transaction in
            try (0..<3).reduce(0) { $0 + (try transaction.value(for: Key<Int>("k\($1)", default: 0))) }
        }
        #expect(sum == 3)
        let error = #expect(throws: PersistenceError.self) {
            try store.transaction { transaction in
                try transaction.set(7, for: Key<Int>("k1", default: 0))
                try transaction.set(8, for: Key<Int>("k2", default: 0))
            }
        }
        #expect(error?.description.contains("read-only") == true)
        #expect(try store.value(for: Key<Int>("k1", default: 0)) == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("/dev/null is refused for reading and writing, and no file appears beside it")
    func devNull() throws {
        for access in [StoreAccess.readOnly, .readWrite] {
            let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: "/dev/null", access: access) }
            #expect(error?.description.contains("not a regular file") == true)
        }
        for suffix in ["-journal", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: "/dev/null" + suffix))
        }
    }

    @Test("An empty file read as a store is refused and stays empty")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try Data().write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: path, access: .readOnly) }
        #expect(error?.description.contains("empty") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(try System.listing(directory.path) == ["store.sqlite"])
    }

    @Test("A directory is refused as a store", arguments: [StoreAccess.readOnly, .readWrite])
    func directory(access: StoreAccess) throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: directory.path, access: access) }
        #expect(error?.description.contains("directory") == true)
        #expect(try System.listing(directory.path).isEmpty)
    }

    @Test("A new store is private: the file 0600, the directories it made 0700")
    func newStorePermissions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a/b/store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("k", default: 0))
        #expect(try System.mode(of: path) == 0o600)
        #expect(try System.mode(of: path + "-wal") == 0o600)
        #expect(try System.mode(of: directory.file("a")) == 0o700)
        #expect(try System.mode(of: directory.file("a/b")) == 0o700)
    }

    @Test("A new file store and its lock file are private (0600)")
    func newFileStorePermissions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.json")
        let store = try Store.file(path: path)
        try store.set(1, for: Key<Int>("k", default: 0))
        #expect(try System.mode(of: path) == 0o600)
        #expect(try System.mode(of: path + ".lock") == 0o600)
        #expect(try System.listing(directory.path) == ["store.json", "store.json.lock"])
    }
}

/// Another user who may read but not write a store (run with `runuser -u nobody`, which needs root).
@Suite("A store the user cannot write")
struct OtherUserTests {
    /// A store owned by `nobody`, with `prepare` run on its directory, or `nil` when not root.
    private func storeOwnedByNobody(_ prepare: String) throws -> (TemporaryDirectory, String)? {
        guard System.isRoot else {
            print("Skipped: acting as another user needs root (CI runs the tests as root).")
            return nil
        }
        let directory = try TemporaryDirectory()
        let store = directory.file("data/store.sqlite")
        do {
            let writer = try Store.sqlite(path: store)
            try writer.set("light", for: Key<String>("theme", default: ""))
        }
        let data = directory.file("data")
        try System.shell("chmod 755 '\(directory.path)' && chown -R nobody '\(data)' && \(prepare)")
        return (directory, store)
    }

    private func probeAsNobody(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try System.run("/usr/sbin/runuser", ["-u", "nobody", "--", probeURL().path] + arguments)
    }

    @Test("A store file of mode 0444 is readable, refuses writes as read-only, and gains no file")
    func readOnlyFile() throws {
        guard let (directory, store) = try storeOwnedByNobody("true") else { return }
        try System.shell("chmod 444 '\(store)'")
        let listing = try System.listing(directory.file("data"))
        let read = try probeAsNobody(["read", store, "theme"])
        #expect(read.output == "value \"light\"\n", "\(read.error)")
        let write = try probeAsNobody(["set", store, "count", "1"])
        #expect(write.status == 1)
        #expect(write.error.contains("read-only"))
        #expect(try System.listing(directory.file("data")) == listing)
    }

    @Test("A store in a read-only directory is readable and refuses writes as read-only")
    func readOnlyDirectory() throws {
        guard let (directory, store) = try storeOwnedByNobody("true") else { return }
        try System.shell("chmod 555 '\(directory.file("data"))'")
        let listing = try System.listing(directory.file("data"))
        let read = try probeAsNobody(["read", store, "theme"])
        #expect(read.output == "value \"light\"\n", "\(read.error)")
        let write = try probeAsNobody(["set", store, "count", "1"])
        #expect(write.status == 1)
        #expect(write.error.contains("read-only"))
        #expect(try System.listing(directory.file("data")) == listing)
    }

    @Test("An observer that may only read a store without a log (opened immutable) hears its owner's writes")
    func readerOfImmutableStoreHearsWrites() throws {
        guard let (directory, store) = try storeOwnedByNobody("true") else { return }
        defer { withExtendedLifetime(directory) {} }
        try System.shell("chmod 444 '\(store)'")
        let reader = try ProbeWatcher(store: store, key: "count", as: getpwnam("nobody")!.pointee)
        #expect(reader.nextLine() == "ready")
        let start = Date()
        try Store.sqlite(path: store).set(7, for: Key<Int>("count", default: 0))  // As the owner (root), then closed.
        #expect(reader.nextLine() == "value 7")
        #expect(Date().timeIntervalSince(start) < 2)
        try Store.sqlite(path: store).set(8, for: Key<Int>("count", default: 0))
        #expect(reader.nextLine() == "value 8")
    }

    @Test("A log without its index in a read-only directory is reported naming both files")
    func logWithoutIndexInReadOnlyDirectory() throws {
        guard System.isRoot else {
            print("Skipped: acting as another user needs root (CI runs the tests as root).")
            return
        }
        let directory = try TemporaryDirectory()
        let copy = directory.file("copy")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let writer = try Store.sqlite(path: directory.file("store.sqlite"))
        try writer.set("light", for: Key<String>("theme", default: ""))
        // Copied while open: the latest write is in the log only, and the index is left behind.
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: directory.file("store.sqlite" + suffix), toPath: copy + "/store.sqlite" + suffix)
        }
        try System.shell("chmod 755 '\(directory.path)' && chown -R nobody '\(copy)' && chmod 555 '\(copy)'")
        let read = try System.run("/usr/sbin/runuser", ["-u", "nobody", "--", probeURL().path, "read", copy + "/store.sqlite", "theme"])
        #expect(read.status == 1)
        #expect(read.error.contains("store.sqlite-shm"))
        #expect(try System.listing(copy) == ["store.sqlite", "store.sqlite-wal"])
        withExtendedLifetime(writer) {}
    }

    @Test("A store on a read-only mount is readable")
    func readOnlyMount() throws {
        guard let (directory, store) = try storeOwnedByNobody("true") else { return }
        let mounted = directory.file("mounted")
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        let script = """
            mount --bind '\(directory.file("data"))' '\(mounted)' && mount -o remount,ro,bind '\(mounted)' || exit 90
            '\(probeURL().path)' read '\(mounted)/store.sqlite' theme
            """
        let result = try System.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script])
        try #require(result.status != 90, "cannot bind-mount: \(result.error)")
        #expect(result.output == "value \"light\"\n", "\(result.error)")
        _ = store
    }
}

@Suite("The file store's temporary files")
struct FileStoreTemporaryFileTests {
    @Test("Opening a file store removes a temporary file left by a writer that was killed")
    func staleTemporaryFileRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.json")
        _ = try Store.file(path: path)
        // The id of no running process, as a killed writer's would be.
        var ended: Int32 = 0
        repeat { ended = Int32.random(in: 400_000...4_000_000) } while kill(ended, 0) == 0 || errno != ESRCH
        let stale = path + ".tmp-\(ended)"
        let live = path + ".tmp-\(getpid())"
        try Data("half a write".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("a write in progress".utf8).write(to: URL(fileURLWithPath: live))
        _ = try Store.file(path: path)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}

@Suite("The file store's path")
struct FileStorePathTests {
    @Test("A file store reached through a symbolic link writes the linked file and keeps the link")
    func symbolicLinkIsFollowed() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("dotfiles/store.json")
        let link = directory.file("store.json")
        try FileManager.default.createDirectory(atPath: directory.file("dotfiles"), withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let store = try Store.file(path: link)
        try store.set(5, for: Key<Int>("n", default: 0))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"n\" : 5"))
    }

    @Test("A directory or a device is refused as a file store", arguments: ["DIR", "/dev/null"])
    func notARegularFile(path: String) throws {
        let directory = try TemporaryDirectory()
        let location = path == "DIR" ? directory.path : path
        let error = #expect(throws: PersistenceError.self) { try Store.file(path: location) }
        #expect(error?.description.contains("not a store") == true)
        #expect(!FileManager.default.fileExists(atPath: location + ".lock"))
    }
}
