import Foundation
import Persistence
import Testing

extension Keys {
    static let count = Key<Int>("count", default: 0)
    static let name = Key<String>("name", default: "John Doe")
    static let favorites = Key<Set<String>>("favorites", default: [])
    static let profile = Key<Profile>("profile", default: Profile(name: "", solved: 0, tags: []))
}

/// The same contract, checked against every backend.
@Suite("Every backend keeps the store's contract")
struct ConformanceTests {
    @Test("A key reads its default until something is stored", arguments: BackendKind.allCases)
    func defaultValue(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        #expect(store[.count] == 0)
        #expect(store[.name] == "John Doe")
        #expect(try store.containsValue(forKey: "count") == false)
    }

    @Test("Every value type reads back exactly as it was written", arguments: BackendKind.allCases)
    func roundTrips(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let date = Date(timeIntervalSince1970: 1_764_000_000.123)
        let uuid = UUID()
        try expectRoundTrip(store, true)
        try expectRoundTrip(store, Int.min)
        try expectRoundTrip(store, Int8(-8))
        try expectRoundTrip(store, UInt64.max)
        try expectRoundTrip(store, 3.141_592_653_589_793)
        try expectRoundTrip(store, Float(2.5))
        try expectRoundTrip(store, "quote \" backslash \\ newline \n 漢字 🎉")
        try expectRoundTrip(store, URL(string: "https://example.com/x?y=1")!)
        try expectRoundTrip(store, Data([0, 1, 2, 255]))
        try expectRoundTrip(store, date)
        try expectRoundTrip(store, uuid)
        try expectRoundTrip(store, Optional("here"))
        try expectRoundTrip(store, [1, 2, 3])
        try expectRoundTrip(store, Set(["a", "b"]))
        try expectRoundTrip(store, ["a": 1, "b": 2])
        try expectRoundTrip(store, Profile(name: "Ada", solved: 3, tags: ["Array"]))
        try expectRoundTrip(store, Theme.dark)
        if let other = try kind.reopen(in: directory) {
            #expect(try other.value(for: Key<URL>("value.URL", default: URL(fileURLWithPath: "/"))).absoluteString
                == "https://example.com/x?y=1")
            #expect(try other.value(for: Key<Date>("value.Date", default: .distantPast)) == date)
        }
    }

    private func expectRoundTrip<Value: Codable & Equatable>(_ store: Store, _ value: Value) throws {
        let key = Key<Value>("value.\(Value.self)", default: value)
        try store.set(value, for: key)
        #expect(try store.value(for: key) == value)
        let fresh = Key<Value>("value.\(Value.self)", default: value)
        #expect(try store.value(for: fresh) == value)
    }

    @Test("A RawRepresentable value is stored as its raw value", arguments: BackendKind.allCases)
    func rawRepresentable(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let level = Key<Level>("level", default: .low)
        try store.set(.high, for: level)
        #expect(store[level] == .high)
        #expect(store.integer(forKey: "level") == 2)
        try store.set(.dark, for: Key<Theme>("theme", default: .light))
        #expect(store.string(forKey: "theme") == "dark")
    }

    @Test("Storing nil in an optional key removes it", arguments: BackendKind.allCases)
    func optionalNilRemoves(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let avatar = Key<Data?>("avatar")
        try store.set(Data([1]), for: avatar)
        #expect(try store.containsValue(forKey: "avatar"))
        try store.set(nil, for: avatar)
        #expect(try store.containsValue(forKey: "avatar") == false)
        #expect(store[avatar] == nil)
    }

    @Test("Removing a key brings its default back", arguments: BackendKind.allCases)
    func remove(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 5
        try store.removeValue(for: .count)
        #expect(store[.count] == 0)
        #expect(try kind.reopen(in: directory)?.value(for: .count) ?? 0 == 0)
    }

    @Test("In-place changes through the subscript are stored", arguments: BackendKind.allCases)
    func inPlaceChange(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.favorites].insert("two-sum")
        store[.favorites].insert("3sum")
        store[.count] += 2
        #expect(store[.favorites] == ["two-sum", "3sum"])
        if let other = try kind.reopen(in: directory) {
            #expect(other[.favorites] == ["two-sum", "3sum"])
            #expect(other[.count] == 2)
        }
    }

    @Test("Prefix queries return the matching entries sorted by key", arguments: BackendKind.allCases)
    func prefixQuery(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for name in ["p.b", "p.a", "q.a", "p", "p.c"] {
            try store.set(name.count, for: Key<Int>(name, default: 0))
        }
        let values = try store.values(withKeyPrefix: "p.", as: Int.self)
        #expect(values.map(\.key) == ["p.a", "p.b", "p.c"])
        #expect(try store.keys(withPrefix: "q").count == 1)
        #expect(try store.keys(withPrefix: "").count == 5)
    }

    @Test("Entries lent in place are the prefix query's, byte for byte and in key order", arguments: BackendKind.allCases)
    func lentEntries(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for (name, text) in [("p.b", "b"), ("p.é", "accented ✓"), ("p.a", ""), ("q.a", "other"), ("p", "bare")] {
            try store.set(text, for: Key<String>(name, default: "-"))
        }
        for prefix in ["p.", "", "q.", "z."] {
            var lent: [(key: String, value: Data)] = []
            try store.forEachRawValue(withKeyPrefix: prefix) { key, value in
                lent.append((String(decoding: key, as: UTF8.self), Data(value)))
            }
            let queried = try store.rawValues(withKeyPrefix: prefix)
            #expect(lent.map(\.key) == queried.map(\.key), "prefix \(prefix)")
            #expect(lent.map(\.value) == queried.map(\.value), "prefix \(prefix)")
        }
        var keys: [String] = []
        try store.forEachRawValue(withKeyPrefix: "p.") { key, _ in keys.append(String(decoding: key, as: UTF8.self)) }
        #expect(keys == ["p.a", "p.b", "p.é"])
        // A failure inside the visit reaches the caller, and the store goes on working.
        struct Stop: Error {}
        #expect(throws: Stop.self) { try store.forEachRawValue(withKeyPrefix: "p.") { _, _ in throw Stop() } }
        try store.set("c", for: Key<String>("p.c", default: "-"))
        #expect(try store.rawValues(withKeyPrefix: "p.").count == 4)
        #expect(throws: PersistenceError.self) { try store.forEachRawValue(withKeyPrefix: "bad\u{0}key") { _, _ in } }
    }

    @Test("A visit stops at the first entry its body declines, and the store goes on working", arguments: BackendKind.allCases)
    func visitStops(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for name in ["p.d", "p.b", "p.a", "q.a", "p.c"] {
            try store.set(name, for: Key<String>(name, default: "-"))
        }
        for limit in 0...5 {
            var lent: [String] = []
            try store.visitRawValues(withKeyPrefix: "p.") { key, value in
                lent.append(String(decoding: key, as: UTF8.self))
                #expect(String(decoding: value, as: UTF8.self) == "\"\(lent.last ?? "")\"")
                return lent.count < limit
            }
            #expect(lent == Array(["p.a", "p.b", "p.c", "p.d"].prefix(max(1, limit))), "limit \(limit)")
        }
        // A visit stopped early leaves nothing open: the next write and the next full visit work.
        try store.set("e", for: Key<String>("p.e", default: "-"))
        var all = 0
        try store.visitRawValues(withKeyPrefix: "p.") { _, _ in
            all += 1
            return true
        }
        #expect(all == 5)
    }

    @Test("A transaction applies all its writes together", arguments: BackendKind.allCases)
    func transactionCommits(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let total = try store.transaction { transaction in
            transaction[.count] = 7
            transaction[.name] = "Ada"
            #expect(transaction[.count] == 7)
            return transaction[.count] * 2
        }
        #expect(total == 14)
        #expect(store[.count] == 7)
        #expect(store[.name] == "Ada")
        #expect(try kind.reopen(in: directory)?.value(for: .name) ?? "Ada" == "Ada")
    }

    @Test("A key read again in a transaction reads its stored value, then the transaction's own write and removal",
          arguments: BackendKind.allCases)
    func transactionRereads(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 3
        try store.transaction { transaction in
            #expect(transaction[.count] == 3)
            #expect(transaction[.count] == 3)  // Read again: the bytes read once.
            #expect(transaction[.name] == "John Doe")
            transaction[.count] = 5
            #expect(transaction[.count] == 5)
            transaction.removeValue(for: .count)
            #expect(transaction[.count] == 0)
            transaction[.name] = "Ada"
            #expect(transaction[.name] == "Ada")
        }
        #expect(store[.count] == 0)
        #expect(store[.name] == "Ada")
        try store.transaction { transaction in
            // A new transaction reads what the last one committed, not what an earlier one read.
            #expect(transaction[.name] == "Ada")
            #expect(transaction[.count] == 0)
        }
    }

    @Test("A value asked of a transaction `once` is computed once in it, again in the next, and not kept when it throws",
          arguments: BackendKind.allCases)
    func transactionOnce(kind: BackendKind) throws {
        struct Refused: Error {}
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        var computed = 0
        try store.transaction { transaction in
            #expect(throws: Refused.self) { try transaction.once("check") { () throws -> Int in throw Refused() } }
            #expect(transaction.once("check") { computed += 1; return 7 } == 7)
            #expect(transaction.once("check") { computed += 1; return 8 } == 7)
            #expect(transaction.once("other") { computed += 1; return "x" } == "x")
        }
        #expect(computed == 2)
        try store.transaction { transaction in
            #expect(transaction.once("check") { computed += 1; return 9 } == 9)
        }
        #expect(computed == 3)
    }

    @Test("A transaction that throws applies nothing", arguments: BackendKind.allCases)
    func transactionRollsBack(kind: BackendKind) throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 1
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                transaction[.count] = 2
                transaction[.name] = "never"
                throw Abort()
            }
        }
        #expect(store[.count] == 1)
        #expect(store[.name] == "John Doe")
        #expect(try kind.reopen(in: directory)?.value(for: .count) ?? 1 == 1)
    }

    @Test("Another store on the same file sees a write at its next read", arguments: BackendKind.allCases)
    func seesOtherWriters(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        guard let other = try kind.reopen(in: directory) else { return }
        #expect(store[.count] == 0)  // Cached now.
        other[.count] = 42
        #expect(store[.count] == 42)
        store[.count] = 43
        #expect(other[.count] == 43)
    }

    @Test("A value that no longer decodes is reported and left untouched", arguments: BackendKind.allCases)
    func undecodable(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store.set("not a number", forKey: "count")
        let original = try store.rawValue(forKey: "count")
        #expect(throws: PersistenceError.self) { try store.value(for: .count) }
        #expect(store[.count] == 0)
        #expect(store.lastError != nil)
        store[.count] += 1  // A read-modify-write must not replace what could not be read.
        #expect(try store.rawValue(forKey: "count") == original)
        store[.count] = 5   // A plain assignment overwrites on purpose.
        #expect(store[.count] == 5)
    }

    @Test("Observers hear this process's writes", arguments: BackendKind.allCases)
    func observesOwnWrites(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        var updates = store.updates(for: .count).makeAsyncIterator()
        #expect(await updates.next() == 0)
        store[.count] = 3
        #expect(await updates.next() == 3)
        try store.transaction { $0[.count] = 4 }
        #expect(await updates.next() == 4)
    }
}
