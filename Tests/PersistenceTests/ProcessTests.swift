import CSQLite
import Foundation
import Persistence
import TestSupport
import Testing

/// Several processes on one SQLite store: nothing lost, nothing torn, changes seen.
@Suite("Several processes share one store")
struct ProcessTests {
    @Test("Four processes writing 500 distinct keys each end with exactly 2,000 keys")
    func concurrentWriters() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store.sqlite(path: path)  // Create it first, so the writers race on writes, not set-up.
        let writers = try (0..<4).map { index -> Process in
            let process = Process()
            process.executableURL = probeURL()
            process.arguments = ["write", path, "writer\(index).", "500"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let store = try Store.sqlite(path: path)
        #expect(try store.keys(withPrefix: "writer").count == 2_000)
        for index in 0..<4 {
            let values = try store.values(withKeyPrefix: "writer\(index).", as: Int.self)
            #expect(Set(values.map(\.value)) == Set(0..<500))
        }
    }

    @Test("A writer killed at random moments loses no acknowledged write", arguments: 1...5)
    func killedWriter(round: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let process = Process()
        process.executableURL = probeURL()
        process.arguments = ["write", path, "key", "100000"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let reader = LineReader(pipe.fileHandleForReading)
        // Let it run for a random number of acknowledged writes, then kill it mid-stream.
        let target = Int.random(in: 50...3_000)
        var acknowledged = -1
        while acknowledged < target, let line = reader.nextLine() {
            acknowledged = Int(line.dropFirst(3)) ?? acknowledged
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Writes acknowledged after we stopped reading but before the kill count too.
        while let line = reader.nextLine() {
            acknowledged = Int(line.dropFirst(3)) ?? acknowledged
        }
        #expect(acknowledged >= target)

        let store = try Store.sqlite(path: path)
        let values = Dictionary(uniqueKeysWithValues: try store.values(withKeyPrefix: "key", as: Int.self))
        for index in 0...acknowledged {
            #expect(values["key\(index)"] == index, "acknowledged write \(index) is missing")
        }
        #expect(try integrityCheck(path) == "ok")
    }

    @Test("A store sees another process's write at its next read")
    func seesOtherProcess() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let key = Key<Int>("shared", default: 0)
        #expect(store[key] == 0)
        #expect(try runProbe(["set", path, "shared", "17"]).status == 0)
        #expect(store[key] == 17)
    }

    @Test("An observer in another process is told of a change within a second")
    func crossProcessObserver() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let key = Key<Int>("watched", default: 0)
        let reader = try ProbeWatcher(store: path, key: "watched")
        #expect(reader.nextLine() == "ready")
        let start = Date()
        try store.set(99, for: key)
        #expect(reader.nextLine() == "value 99")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test("An observer in this process hears another process's write")
    func observerHearsOtherProcess() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        var updates = store.updates(for: Key<Int>("watched", default: 0)).makeAsyncIterator()
        #expect(await updates.next() == 0)
        #expect(try runProbe(["set", path, "watched", "5"]).status == 0)
        #expect(await updates.next() == 5)
    }

    private func integrityCheck(_ path: String) throws -> String {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
            return "cannot open"
        }
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "PRAGMA integrity_check", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return "no result" }
        return String(cString: text)
    }
}
