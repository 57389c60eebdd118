import CSQLite
import Foundation
import Persistence
import Testing

/// Only SQLite decides that a store is damaged; the message keeps a store's files together; one
/// record that does not decode hides no other.
@Suite("Damage")
struct DamageTests {
    @Test("The damage message names the files that belong together and never advises moving the store alone")
    func damageMessageKeepsFilesTogether() {
        let path = "/data/store.sqlite"
        let text = PersistenceError.damaged(path: path, reason: "database disk image is malformed").description
        #expect(text.contains(path + "-wal"))
        #expect(text.contains(path + "-shm"))
        #expect(!text.lowercased().contains("move it aside"))
    }

    @Test("One corrupt record among 500 is reported by key while the other 499 read")
    func oneCorruptRecordAmong500() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        try store.transaction { transaction in
            for index in 0..<500 {
                try transaction.set(Profile(name: "p\(index)", solved: index, tags: []), for: Key<Profile>(
                    String(format: "profile.%03d", index), default: Profile(name: "", solved: 0, tags: [])))
            }
        }
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        try #require(sqlite3_exec(handle, "UPDATE entries SET value = '{\"name\": 12' WHERE key = 'profile.250'", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)

        let reader = try Store.sqlite(path: path, access: .readOnly)
        let result = try reader.readableValues(withKeyPrefix: "profile.", as: Profile.self)
        #expect(result.values.count == 499)
        #expect(result.undecodable.map(\.key) == ["profile.250"])
        #expect(result.undecodable.first?.raw == Data("{\"name\": 12".utf8))
        #expect(try reader.value(for: Key<Profile>("profile.251", default: Profile(name: "", solved: 0, tags: []))).solved == 251)
    }

    @Test("An entry that does not decode is listed apart from those that do", arguments: BackendKind.allCases)
    func readableValuesOnEveryBackend(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        try store.set(1, for: Key<Int>("n.a", default: 0))
        try store.set("not a number", for: Key<String>("n.b", default: ""))
        try store.set(3, for: Key<Int>("n.c", default: 0))
        let result = try store.readableValues(withKeyPrefix: "n.", as: Int.self)
        #expect(result.values.map(\.key) == ["n.a", "n.c"])
        #expect(result.values.map(\.value) == [1, 3])
        #expect(result.undecodable.map(\.key) == ["n.b"])
        #expect(result.undecodable.first?.raw == Data("\"not a number\"".utf8))
    }

    @Test("A truncated store opens, and its first read that meets the damage reports it and changes nothing")
    func truncatedStoreReportedBySQLite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try Store.sqlite(path: path)
            try store.transaction { transaction in
                for index in 0..<2_000 {
                    try transaction.set(String(repeating: "x", count: 100), for: Key<String>("k\(index)", default: ""))
                }
            }
        }
        let full = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncated = full.prefix(full.count / 2)
        try truncated.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PersistenceError.self) {
            let store = try Store.sqlite(path: path, access: .readOnly)
            _ = try store.keys(withPrefix: "")
        }
        guard case .damaged(let damagedPath, _)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(damagedPath == path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == truncated)
        // Opened for writing, SQLite's own check runs first, and nothing is written.
        #expect(throws: PersistenceError.self) { try Store.sqlite(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == truncated)
    }

    @Test("A store whose schema is not what its migrations recorded is refused as damaged, for writing and reading, unchanged",
          arguments: [
              ("DROP TABLE entries", "its table 'entries' is missing"),
              ("ALTER TABLE entries RENAME COLUMN value TO v", "its table 'entries' has the columns 'key', 'v' instead of 'key', 'value'"),
              ("DELETE FROM migrations", "it has the table 'entries', but its record of schema changes"),
              ("DROP TABLE migrations", "its record of schema changes (the table 'migrations') is missing"),
              ("CREATE TRIGGER t AFTER DELETE ON entries BEGIN SELECT 1; END", "it has a trigger 't' that this program did not make"),
          ])
    func changedSchemaIsDamage(edit: String, problem: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try Store.sqlite(path: path)
            try store.set(1, for: Key<Int>("n.a", default: 0))
        }
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        try #require(sqlite3_exec(handle, edit, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for access in [StoreAccess.readWrite, .readOnly] {
            let error = #expect(throws: PersistenceError.self) { _ = try Store.sqlite(path: path, access: access) }
            guard case .damaged(let damagedPath, let reason)? = error else {
                Issue.record("\(edit), \(access): expected damaged, got \(String(describing: error))")
                continue
            }
            #expect(damagedPath == path)
            #expect(reason.hasPrefix(problem), "\(edit): \(reason)")
            #expect(error?.description.contains("work on copies") == true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("SQLite's own text stays out of the description: the sentence for its result code, the detail in debugDescription")
    func sqliteErrorSentence() {
        let error = PersistenceError.sqlite(code: 1, message: "no such table: main.entries", sql: "SELECT value FROM entries", path: "/s.sqlite")
        #expect(error.description == "SQLite could not read or write the store at /s.sqlite: its tables are not as this program made them"
            + " (another program changed them while it was open).")
        #expect(error.debugDescription.contains("no such table: main.entries") && error.debugDescription.contains("SELECT value"))
        let busy = PersistenceError.sqlite(code: 5, message: "database is locked", sql: nil, path: nil)
        #expect(!busy.description.contains("database is locked"))
        #expect(busy.description.contains("another program kept it locked for too long"))
    }
}
