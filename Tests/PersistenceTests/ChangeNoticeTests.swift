import Foundation
import Persistence
import Synchronization
import Testing

/// Notices say which keys changed, in commit order, once each, and who changed them.
@Suite("Notices carry the changed keys", .timeLimit(.minutes(1)))
struct ChangeNoticeTests {
    @Test("This store's commits arrive as one notice each, with their keys, in commit order",
          arguments: BackendKind.allCases)
    func ownCommits(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let heard = Mutex<[StoreChange]>([])
        let token = store.observeChanges { (change: StoreChange) in heard.withLock { $0.append(change) } }
        store[Key<Int>("a", default: 0)] = 1
        store[Key<Int>("b", default: 0)] = 2
        try store.transaction { transaction in
            transaction[Key<Int>("c", default: 0)] = 3
            transaction[Key<Int>("d", default: 0)] = 4
        }
        store.removeObject(forKey: "a")
        withExtendedLifetime(token) {}
        #expect(heard.withLock { $0 } == [
            StoreChange(keys: ["a"], origin: .thisStore), StoreChange(keys: ["b"], origin: .thisStore),
            StoreChange(keys: ["c", "d"], origin: .thisStore), StoreChange(keys: ["a"], origin: .thisStore),
        ])
    }

    @Test("Another process's commits arrive with their keys, in commit order, once each, from outside")
    func otherProcess() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let changes = store.changes()
        #expect(try runProbe(["write", path, "p.", "50"]).status == 0)
        let heard = await Self.collect(changes, keys: 50)
        #expect(heard.allSatisfy { $0.origin == .outside && $0.isComplete })
        #expect(heard.flatMap(\.keys) == (0..<50).map { "p.\($0)" })
    }

    @Test("Writes of this store and another process's, interleaved, are each told once, with their true origin")
    func interleaved() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let changes = store.changes()
        let process = Process()
        process.executableURL = probeURL()
        process.arguments = ["write", path, "p.", "300"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for index in 0..<300 { try store.set(index, for: Key<Int>("o.\(index)", default: 0)) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let heard = await Self.collect(changes, keys: 600)
        let own = heard.filter { $0.origin == .thisStore }.flatMap(\.keys)
        let outside = heard.filter { $0.origin == .outside }.flatMap(\.keys)
        #expect(own == (0..<300).map { "o.\($0)" })
        #expect(outside == (0..<300).map { "p.\($0)" })
        #expect(heard.allSatisfy { $0.isComplete })
    }

    @Test("A write by the sqlite3 shell is told with its key, and read")
    func shellWrite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let changes = store.changes()
        let shell = try System.run("/usr/bin/sqlite3", [path, "INSERT INTO entries(key, value) VALUES('shell.key', '42')"])
        #expect(shell.status == 0, "\(shell.error)")
        let heard = await Self.collect(changes, keys: 1)
        #expect(heard == [StoreChange(keys: ["shell.key"], origin: .outside)])
        #expect(store[Key<Int>("shell.key", default: 0)] == 42)
    }

    @Test("A transaction rolled back after it logged its first change leaves no notice behind, and the next write is told alone")
    func rolledBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        store[Key<Int>("before", default: 0)] = 1
        // Refuses one key after the change before it was applied (and logged) in the same transaction:
        // a unique index over one value that `before` and `refused` would share. (Not a trigger: this
        // library's writes leave the schema's triggers out.)
        let shell = try System.run("/usr/bin/sqlite3", [
            path, "CREATE UNIQUE INDEX refuse ON entries(substr(key, 1, 0)) WHERE key IN ('before', 'refused')",
        ])
        #expect(shell.status == 0, "\(shell.error)")
        let heard = Mutex<[StoreChange]>([])
        let token = store.observeChanges { (change: StoreChange) in heard.withLock { $0.append(change) } }
        #expect(throws: PersistenceError.self) {
            try store.transaction { transaction in
                transaction[Key<Int>("first", default: 0)] = 1
                transaction[Key<Int>("refused", default: 0)] = 2
            }
        }
        store[Key<Int>("after", default: 0)] = 3
        withExtendedLifetime(token) {}
        #expect(heard.withLock { $0 } == [StoreChange(keys: ["after"], origin: .thisStore)])
        #expect(store[Key<Int>("first", default: 0)] == 0)
    }

    @Test("When the ring of this library's writes no longer reaches back, the notice says anything may have changed")
    func overrunRing() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try Store.sqlite(path: path)
        // More keys than the ring holds, before `store` looks: 3,000 keys of 100 bytes.
        try other.transaction { transaction in
            for index in 0..<3_000 {
                transaction[Key<Int>("early." + String(repeating: "k", count: 90) + "\(index)", default: 0)] = index
            }
        }
        var changes = store.changes().makeAsyncIterator()
        other[Key<Int>("last", default: 0)] = 3
        let notice = await changes.next()
        #expect(notice?.isComplete == false)
        #expect(notice?.origin == .outside)
        #expect(store[Key<Int>("last", default: 0)] == 3)
    }

    @Test("When the log of other programs' writes no longer reaches back, the notice says anything may have changed")
    func prunedLog() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        for key in ["early", "later"] {  // Not yet looked for by `store`.
            let shell = try System.run("/usr/bin/sqlite3", [path, "INSERT INTO entries(key, value) VALUES('\(key)', '1')"])
            #expect(shell.status == 0, "\(shell.error)")
        }
        let prune = try System.run("/usr/bin/sqlite3", [path, "DELETE FROM changes WHERE seq < (SELECT max(seq) FROM changes)"])
        #expect(prune.status == 0, "\(prune.error)")
        var changes = store.changes().makeAsyncIterator()
        let last = try System.run("/usr/bin/sqlite3", [path, "INSERT INTO entries(key, value) VALUES('last', '3')"])
        #expect(last.status == 0, "\(last.error)")
        let notice = await changes.next()
        #expect(notice?.isComplete == false)
        #expect(notice?.origin == .outside)
        #expect(store[Key<Int>("early", default: 0)] == 1)
    }

    @Test("This library's writes leave no row in the log table and no outside count: they are in the ring")
    func ownWritesStayOutOfTheTable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        #expect(try runProbe(["set", path, "probe.key", "7"]).status == 0)
        store[Key<Int>("own.key", default: 0)] = 1
        try store.transaction { $0[Key<Int>("own.other", default: 0)] = 2 }
        let rows = try System.run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM changes; SELECT count(*) FROM write_counts"])
        #expect(rows.output == "0\n0\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path + "-changes")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("This library's writes run no trigger on the entries (the ring logs them); another program's run every one")
    func ownWritesRunNoTrigger() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        // A trigger of the user's own, which notes every insert and update (added while the store is
        // open: an open refuses a store with triggers it did not make).
        let setUp = try System.run("/usr/bin/sqlite3", [path, """
            CREATE TABLE seen(key TEXT NOT NULL);
            CREATE TRIGGER note_insert AFTER INSERT ON entries BEGIN INSERT INTO seen(key) VALUES (NEW.key); END;
            CREATE TRIGGER note_update AFTER UPDATE ON entries BEGIN INSERT INTO seen(key) VALUES (NEW.key); END;
            """])
        #expect(setUp.status == 0, "\(setUp.error)")
        store[Key<Int>("own.key", default: 0)] = 1
        try store.transaction { $0[Key<Int>("own.key", default: 0)] = 2 }
        let shell = try System.run("/usr/bin/sqlite3", [path, "INSERT INTO entries(key, value) VALUES('shell.key', '1')"])
        #expect(shell.status == 0, "\(shell.error)")
        let seen = try System.run("/usr/bin/sqlite3", [path, "SELECT key FROM seen ORDER BY rowid; SELECT count(*) FROM changes"])
        #expect(seen.output == "shell.key\n1\n")
        #expect(store[Key<Int>("own.key", default: 0)] == 2)
    }

    @Test("The ring is made readable by whoever may read the store, as SQLite makes its -wal and -shm")
    func ringFollowsTheStoresMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store.sqlite(path: path)
        try FileManager.default.removeItem(atPath: path + "-changes")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let store = try Store.sqlite(path: path)
        store[Key<Int>("shared", default: 0)] = 1
        let mode = try FileManager.default.attributesOfItem(atPath: path + "-changes")[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test("A read that meets another store's change first does not keep it from observers")
    func readFirst() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try Store.sqlite(path: path)
        let changes = store.changes()
        other[Key<Int>("x", default: 0)] = 5
        #expect(store[Key<Int>("x", default: 0)] == 5)  // The read finds the change before the watch does.
        let heard = await Self.collect(changes, keys: 1)
        #expect(heard == [StoreChange(keys: ["x"], origin: .outside)])
    }

    @Test("Another store's commit while this store's transaction tells its observers is told before the transaction returns, after it")
    func outsideCommitWhileTelling() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let other = try Store.sqlite(path: path)
        let heard = Mutex<[StoreChange]>([])
        let token = store.observeChanges { (change: StoreChange) in
            heard.withLock { $0.append(change) }
            guard change.origin == .thisStore else { return }
            // The file watch's signal for this commit comes while the transaction is still telling
            // its own change: the watch leaves the look to it.
            other[Key<Int>("theirs", default: 0)] = 2
            Thread.sleep(forTimeInterval: 0.2)
        }
        try store.transaction { $0[Key<Int>("mine", default: 0)] = 1 }
        let told = heard.withLock { $0 }
        withExtendedLifetime(token) {}
        #expect(told == [StoreChange(keys: ["mine"], origin: .thisStore), StoreChange(keys: ["theirs"], origin: .outside)])
    }

    @Test("Another store on the same file or database is told which keys it changed",
          arguments: BackendKind.allCases.filter { $0 != .memory && $0 != .example })
    func otherStore(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let other = try #require(try kind.reopen(in: directory))
        other[Key<Int>("kept", default: 0)] = 1
        _ = store[Key<Int>("kept", default: 0)]
        let changes = store.changes()
        try other.transaction { transaction in
            transaction[Key<Int>("changed", default: 0)] = 2
            transaction[Key<Int>("a:b", default: 0)] = 3  // A key with the notice's separator in it.
        }
        let heard = await Self.collect(changes, keys: 2)
        #expect(heard.flatMap(\.keys).sorted() == ["a:b", "changed"])
        #expect(heard.allSatisfy { $0.origin == .outside && $0.isComplete })
    }

    @Test("A store made before the change log gets it at its next open for writing, and notices carry keys again")
    func upgradesOldTriggers() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store.sqlite(path: path)
        // The triggers as the build before the log made them: write counts only.
        let downgrade = try System.run("/usr/bin/sqlite3", [path, """
            DROP TRIGGER write_counts_after_insert; DROP TABLE changes;
            CREATE TRIGGER write_counts_after_insert AFTER INSERT ON entries BEGIN
                INSERT INTO write_counts(namespace, count) SELECT substr(NEW.key, 1, instr(NEW.key, '.')), 1
                WHERE true ON CONFLICT(namespace) DO UPDATE SET count = count + 1;
            END;
            """])
        #expect(downgrade.status == 0, "\(downgrade.error)")
        let store = try Store.sqlite(path: path)
        let changes = store.changes()
        #expect(try runProbe(["set", path, "after.upgrade", "7"]).status == 0)
        let heard = await Self.collect(changes, keys: 1)
        #expect(heard == [StoreChange(keys: ["after.upgrade"], origin: .outside)])
        #expect(try store.outsideWriteCount(forNamespace: "after.") == 0)
    }

    @Test("A store whose triggers log every writer (the build before the ring) gets triggers that skip this library's writes")
    func upgradesLoggingTriggers() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store.sqlite(path: path)
        // The insert trigger as the previous build made it: counting and logging every writer.
        let downgrade = try System.run("/usr/bin/sqlite3", [path, """
            DROP TRIGGER write_counts_after_insert;
            CREATE TRIGGER write_counts_after_insert AFTER INSERT ON entries BEGIN
                INSERT INTO write_counts(namespace, count) SELECT substr(NEW.key, 1, instr(NEW.key, '.')), 1
                WHERE true ON CONFLICT(namespace) DO UPDATE SET count = count + 1;
                INSERT INTO changes(key) SELECT NEW.key WHERE true;
            END;
            """])
        #expect(downgrade.status == 0, "\(downgrade.error)")
        let store = try Store.sqlite(path: path)
        let changes = store.changes()
        #expect(try runProbe(["set", path, "after.upgrade", "7"]).status == 0)
        let heard = await Self.collect(changes, keys: 1)
        #expect(heard == [StoreChange(keys: ["after.upgrade"], origin: .outside)])
        let rows = try System.run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM changes"])
        #expect(rows.output == "0\n")
        // Replaced by the open for writing: the trigger skips this library's writes by itself too,
        // should a connection not turn the triggers off.
        let trigger = try System.run("/usr/bin/sqlite3", [path, "SELECT sql FROM sqlite_master WHERE name = 'write_counts_after_insert'"])
        #expect(trigger.output.contains("WHEN last_insert_rowid() IS NOT"), "\(trigger.output)")
        let shell = try System.run("/usr/bin/sqlite3", [path, "INSERT INTO entries(key, value) VALUES('after.shell', '1')"])
        #expect(shell.status == 0, "\(shell.error)")
        #expect(try store.outsideWriteCount(forNamespace: "after.") == 1)
    }

    /// The notices of `changes` until they name `keys` keys (or one says anything may have changed).
    static func collect(_ changes: AsyncStream<StoreChange>, keys: Int) async -> [StoreChange] {
        var heard: [StoreChange] = []
        for await change in changes {
            heard.append(change)
            if heard.reduce(0, { $0 + $1.keys.count }) >= keys || !change.isComplete { break }
        }
        return heard
    }
}
