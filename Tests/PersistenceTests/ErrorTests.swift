import CSQLite
import Foundation
import Persistence
import Testing

/// Damaged, foreign and unwritable stores are reported with their path and never changed.
@Suite("Errors are reported, never swallowed")
struct ErrorTests {
    static let damagedContents: [(name: String, bytes: [UInt8])] = [
        ("random bytes", (0..<4096).map { _ in UInt8.random(in: 0...255) }),
        ("a text file", Array("favorites: two-sum, 3sum\nthis is my todo list\n".utf8)),
        ("a header only", Array("SQLite format 3\u{0}".utf8)),
    ]

    @Test("A file that is not a database is reported with its path and left unchanged",
          arguments: damagedContents.map(\.name))
    func notADatabase(name: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let bytes = Data(Self.damagedContents.first { $0.name == name }!.bytes)
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: path) }
        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("Another program's SQLite database is reported as foreign and left unchanged")
    func foreignDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("other.sqlite")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3; c = sqlite3.connect('\(path)'); c.execute('create table t(x)'); c.commit()"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: path) }
        #expect(error?.description.contains("another program") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("An unwritable location is reported with its path")
    func unwritableLocation() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("not-a-directory")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let path = blocker + "/store.sqlite"
        let error = #expect(throws: PersistenceError.self) { try Store.sqlite(path: path) }
        #expect(error?.description.contains(path) == true)
        let fileError = #expect(throws: PersistenceError.self) { try Store.file(path: blocker + "/store.json") }
        #expect(fileError?.description.contains(blocker) == true)
    }

    @Test("A file store that is not valid JSON is reported and left unchanged")
    func invalidJSONFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.json")
        let bytes = Data("{ \"favorites\": [\"two-sum\", ".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) { try Store.file(path: path) }
        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("Undecodable bytes stay readable for recovery")
    func rawBytesStayReadable() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        store.set(["name": "Ada"], forKey: "profile")
        let key = Key<Profile>("profile", default: Profile(name: "", solved: 0, tags: []))
        let error = #expect(throws: PersistenceError.self) { try store.value(for: key) }
        #expect(error?.description.contains("profile") == true)
        let raw = try #require(try store.rawValue(forKey: "profile"))
        #expect(String(decoding: raw, as: UTF8.self) == #"{"name":"Ada"}"#)
        #expect(store[key].name == "")  // The convenience getter answers the default…
        #expect(store.lastError != nil)  // …and records why.
    }
}
