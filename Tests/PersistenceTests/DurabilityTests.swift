import CSQLite
import Foundation
import Persistence
import TestSupport
import Testing

/// The main file alone holds every write once the store is closed; a full disk, many writers and
/// files pulled from under an open store lose nothing and confirm nothing that was not kept.
@Suite("Durability of the SQLite store's files")
struct DurabilityTests {
    @Test("A copy of the main file alone, taken after the store closed, holds every write")
    func copiedMainFileAfterClose() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try Store.sqlite(path: path)
            try store.transaction { transaction in
                for index in 0..<3_000 {
                    try transaction.set("record \(index)", for: Key<String>("k\(index)", default: ""))
                }
            }
        }
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let store = try Store.sqlite(path: copy, access: .readOnly)
        #expect(try store.keys(withPrefix: "k").count == 3_000)
        #expect(try store.value(for: Key<String>("k2999", default: "")) == "record 2999")
    }

    @Test("A process that exits without releasing its store leaves every write in the main file")
    func copiedMainFileAfterExit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let result = try runProbe(["write", path, "key", "300"])
        #expect(result.status == 0)
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let store = try Store.sqlite(path: copy, access: .readOnly)
        #expect(try store.keys(withPrefix: "key").count == 300)
    }

    @Test("A store kept open copies its log into the main file once the log passes 4 MiB")
    func checkpointsPastSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let value = String(repeating: "x", count: 4_000)
        for batch in 0..<20 {
            try store.transaction { transaction in
                for index in 0..<100 {
                    try transaction.set(value, for: Key<String>("k\(batch).\(index)", default: ""))
                }
            }
        }
        let mainSize = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(mainSize > 2_000_000)
        withExtendedLifetime(store) {}
    }

    @Test("While processes hold the store open, a copy of the main file alone holds every write 2.5 s old")
    func copiedMainFileWhileHeldOpen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        // A long-lived process of its own, with an observer (a screen, a server) and a reader.
        let store = try Store.sqlite(path: path)
        let token = store.observeChanges {}
        let reader = try Store.sqlite(path: path, access: .readOnly)
        // Short-lived processes first, as commands are: each copies the log as it closes, so
        // what is written after them shows whether the long-lived writers copy theirs.
        #expect(try runProbe(["write", path, "short", "30"]).status == 0)
        #expect(try runProbe(["mixed", path, "mixed.", "20"]).status == 0)
        // Another long-lived process, which writes and keeps the store open.
        let holder = Process()
        holder.executableURL = probeURL()
        holder.arguments = ["hold", path, "held", "40"]
        let input = Pipe()
        let output = Pipe()
        (holder.standardInput, holder.standardOutput) = (input, output)
        try holder.run()  // Ends when its input closes (below, or when the pipe is released).
        #expect(LineReader(output.fileHandleForReading).nextLine() == "written")
        for index in 0..<60 {
            try store.set(index, for: Key<Int>("own\(index)", default: 0))
            #expect(try reader.value(for: Key<Int>("own\(index)", default: -1)) == index)
        }
        try store.transaction { transaction in
            for index in 0..<60 { try transaction.set(index, for: Key<Int>("batch\(index)", default: 0)) }
        }
        Thread.sleep(forTimeInterval: 2.5)  // The bound under test: writes 2 s old are in the main file.

        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        let copied = try Store.sqlite(path: copy, access: .readOnly)
        #expect(try copied.keys(withPrefix: "own").count == 60)
        #expect(try copied.keys(withPrefix: "batch").count == 60)
        #expect(try copied.keys(withPrefix: "held").count == 40)
        #expect(try copied.keys(withPrefix: "short").count == 30)
        #expect(try copied.keys(withPrefix: "mixed.") == (try store.keys(withPrefix: "mixed.")))
        #expect(try copied.integrityCheck() == ["ok"])
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        withExtendedLifetime((token, reader)) {}
    }

    @Test("Eight processes making 200 mixed writes each, on a store none of them has created, all succeed")
    func eightMixedWriters() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("new/store.sqlite")
        let writers = try (0..<8).map { index -> (Process, Pipe) in
            let process = Process()
            process.executableURL = probeURL()
            process.arguments = ["mixed", path, "w\(index).", "200"]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        for (writer, errors) in writers {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
            #expect(message == "")
        }
        let store = try Store.sqlite(path: path, access: .readOnly)
        for index in 0..<8 {
            // Per writer: 50 strings and 50 two-key transactions stay; every integer was removed.
            #expect(try store.keys(withPrefix: "w\(index).").count == 150)
            #expect(try store.keys(withPrefix: "w\(index).int").isEmpty)
        }
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("A write to a store whose file was deleted while open fails and confirms nothing")
    func deletedUnderOpenStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("kept", default: 0))
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)  // -wal and -shm may not exist.
        }
        let error = #expect(throws: PersistenceError.self) { try store.set(2, for: Key<Int>("lost", default: 0)) }
        #expect(error?.description.contains("was deleted") == true)
        #expect(error?.description.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A write to a store whose file was replaced while open fails and leaves the new file alone")
    func replacedUnderOpenStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.set(1, for: Key<Int>("kept", default: 0))
        do {
            let other = try Store.sqlite(path: directory.file("other.sqlite"))
            try other.set(7, for: Key<Int>("other", default: 0))
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: directory.file("other.sqlite"), toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) {
            try store.transaction { try $0.set(2, for: Key<Int>("lost", default: 0)) }
        }
        #expect(error?.description.contains("was replaced") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("A backup taken while another process writes is a complete store of its own")
    func backupWhileWriting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.transaction { transaction in
            for index in 0..<1_000 { try transaction.set(index, for: Key<Int>("before\(index)", default: 0)) }
        }
        let writer = Process()
        writer.executableURL = probeURL()
        writer.arguments = ["write", path, "during", "2000"]
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        let backup = directory.file("backups/copy.sqlite")
        try store.backup(to: backup)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        let copy = try Store.sqlite(path: backup, access: .readOnly)
        #expect(try copy.keys(withPrefix: "before").count == 1_000)
        #expect(try copy.integrityCheck() == ["ok"])
        #expect(try System.mode(of: backup) == 0o600)
    }

    @Test("A backup never overwrites an existing file")
    func backupRefusesExistingFile() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        let existing = directory.file("precious.txt")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        let error = #expect(throws: PersistenceError.self) { try store.backup(to: existing) }
        #expect(error?.description.contains("already exists") == true)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
    }
}
