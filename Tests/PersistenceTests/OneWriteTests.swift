import Dispatch
import Foundation
import Persistence
import Synchronization
import Testing

/// A single `set` on SQLite commits as one statement, doing the ring's work in SQLite's commit
/// hook, and falls back to a full transaction when another connection committed since its last
/// look. Both paths must keep what every write promises: the key told once, in commit order, with
/// others' earlier commits told before it.
@Suite("One set, one statement", .timeLimit(.minutes(1)))
struct OneWriteTests {
    @Test("Two stores on one file setting in turn each hear every key of the other once, in order, from outside")
    func alternatingStores() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let first = try Store.sqlite(path: path)
        let second = try Store.sqlite(path: path)
        let heardByFirst = first.changes()
        let heardBySecond = second.changes()
        for index in 0..<20 {
            first[Key<Int>("first.\(index)", default: 0)] = index
            second[Key<Int>("second.\(index)", default: 0)] = index
        }
        // A read looks at the other's commits that no write has met yet (the last ones).
        #expect(first[Key<Int>("second.19", default: 0)] == 19)
        #expect(second[Key<Int>("first.19", default: 0)] == 19)
        let toFirst = await ChangeNoticeTests.collect(heardByFirst, keys: 40)
        let toSecond = await ChangeNoticeTests.collect(heardBySecond, keys: 40)
        #expect(Self.keys(toFirst, .outside) == (0..<20).map { "second.\($0)" })
        #expect(Self.keys(toSecond, .outside) == (0..<20).map { "first.\($0)" })
        #expect(Self.keys(toFirst, .thisStore) == (0..<20).map { "first.\($0)" })
        #expect(toFirst.allSatisfy { $0.isComplete })
        // The other's earlier commit is told before this store's next one.
        let order = toFirst.flatMap(\.keys)
        for index in 1..<20 {
            let own = try #require(order.firstIndex(of: "first.\(index)"))
            let other = try #require(order.firstIndex(of: "second.\(index - 1)"))
            #expect(other < own)
        }
    }

    @Test("A set of a Codable value keeps the value, not its bytes: the bytes, the name read as another type, and observers see exactly what was written")
    func lentBytes() throws {
        struct Card: Codable, Equatable, Sendable { var title: String; var due: Int }
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        let key = Key<Card>("card.1", default: Card(title: "", due: 0))
        let heard = Mutex<[KeyChange<Card>]>([])
        let token = store.observe(key, initial: false) { change in heard.withLock { $0.append(change) } }
        defer { token.cancel() }
        try store.set(Card(title: "Two \"Sum\"", due: 3), for: key)
        try store.set(Card(title: "Valid Anagram", due: 4), for: key)
        #expect(try store.value(for: key) == Card(title: "Valid Anagram", due: 4))
        // The bytes are read back from the file: the cache did not keep them.
        #expect(try store.rawValue(forKey: "card.1") == Data(#"{"title":"Valid Anagram","due":4}"#.utf8))
        #expect(try store.containsValue(forKey: "card.1"))
        // Another type under the same name decodes the bytes, which the cache did not keep.
        struct Title: Codable, Equatable { var title: String }
        #expect(try store.value(for: Key<Title>("card.1", default: Title(title: ""))) == Title(title: "Valid Anagram"))
        #expect(try store.value(for: Key<Card?>("card.1")) == Card(title: "Valid Anagram", due: 4))
        #expect(heard.withLock { $0.map(\.newValue) } == [Card(title: "Two \"Sum\"", due: 3), Card(title: "Valid Anagram", due: 4)])
        #expect(heard.withLock { $0.map(\.oldValue) } == [Card(title: "", due: 0), Card(title: "Two \"Sum\"", due: 3)])
        // Another store of the file reads the same bytes.
        let other = try Store.sqlite(path: directory.file("store.sqlite"))
        #expect(try other.value(for: key) == Card(title: "Valid Anagram", due: 4))
    }

    @Test("Two stores taking turns with one struct key: lent bytes written through the fallback transaction, and each store sees the other's value and removal")
    func lentBytesAcrossStores() throws {
        struct Card: Codable, Equatable, Sendable { var title: String; var due: Int }
        let directory = try TemporaryDirectory()
        let first = try Store.sqlite(path: directory.file("store.sqlite"))
        let second = try Store.sqlite(path: directory.file("store.sqlite"))
        let key = Key<Card?>("card")
        for index in 0..<10 {
            // After the other store's commit, a set takes the transaction that reads the log.
            try first.set(Card(title: "first \(index)", due: index), for: key)
            #expect(try second.value(for: key) == Card(title: "first \(index)", due: index))
            try second.set(Card(title: "second \(index)", due: index), for: key)
            #expect(try first.value(for: key) == Card(title: "second \(index)", due: index))
            #expect(try first.rawValue(forKey: "card") == Data(#"{"title":"second \#(index)","due":\#(index)}"#.utf8))
        }
        try second.set(nil, for: key)
        #expect(try first.value(for: key) == nil)
        #expect(try !first.containsValue(forKey: "card"))
    }

    @Test("A lent set to nil removes the key and tells observers; a value that cannot be encoded is an encoding error, a refused write the backend's, and neither changes anything")
    func lentRemovalAndErrors() throws {
        struct Price: Codable, Equatable, Sendable { var amount: Decimal }
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        let key = Key<Price?>("price")
        let heard = Mutex<[KeyChange<Price?>]>([])
        let token = store.observe(key, initial: false) { change in heard.withLock { $0.append(change) } }
        defer { token.cancel() }
        try store.set(Price(amount: 5), for: key)
        try store.set(nil, for: key)
        #expect(try store.rawValue(forKey: "price") == nil)
        #expect(heard.withLock { $0.map(\.oldValue) } == [nil, Price(amount: 5)])
        #expect(heard.withLock { $0.map(\.newValue) } == [Price(amount: 5), nil])

        try store.set(Price(amount: 7), for: key)
        do {
            try store.set(Price(amount: .nan), for: key)
            Issue.record("a NaN decimal was stored")
        } catch let error as PersistenceError {
            guard case .unencodable(key: "price", _) = error else { throw error }
        }
        #expect(try store.value(for: key) == Price(amount: 7))
        #expect(try store.rawValue(forKey: "price") == Data(#"{"amount":7}"#.utf8))

        let reader = try Store.sqlite(path: directory.file("store.sqlite"), access: .readOnly)
        do {
            try reader.set(Price(amount: 9), for: key)
            Issue.record("a read-only store wrote")
        } catch let error as PersistenceError {
            guard case .readOnly = error else { throw error }
        }
        #expect(try reader.value(for: key) == Price(amount: 7))
        #expect(heard.withLock { $0.count } == 3)
    }

    @Test("Two stores setting at once from two threads lose no write and tell each key once")
    func concurrentStores() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let stores = [try Store.sqlite(path: path), try Store.sqlite(path: path)]
        let heard = stores[0].changes()
        let writes = 100
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<writes {
                stores[writer][Key<Int>("writer\(writer).\(index)", default: -1)] = index
            }
        }
        #expect(stores[0].lastError == nil)
        #expect(stores[1].lastError == nil)
        _ = stores[0][Key<Int>("writer1.0", default: -1)]  // Looks at the last commits now.
        let told = await ChangeNoticeTests.collect(heard, keys: 2 * writes)
        #expect(Self.keys(told, .outside) == (0..<writes).map { "writer1.\($0)" })
        #expect(Self.keys(told, .thisStore) == (0..<writes).map { "writer0.\($0)" })
        let reopened = try Store.sqlite(path: path)
        for writer in 0..<2 {
            for index in 0..<writes {
                #expect(try reopened.value(for: Key<Int>("writer\(writer).\(index)", default: -1)) == index)
            }
        }
    }

    @Test("A removal of one key commits alone and is told once")
    func removal() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        let key = Key<String?>("note", default: nil)
        store[key] = "kept"
        let heard = Mutex<[StoreChange]>([])
        let token = store.observeChanges { (change: StoreChange) in heard.withLock { $0.append(change) } }
        try store.removeValue(for: key)
        withExtendedLifetime(token) {}
        #expect(heard.withLock { $0 } == [StoreChange(keys: ["note"], origin: .thisStore)])
        #expect(try Store.sqlite(path: directory.file("store.sqlite")).rawValue(forKey: "note") == nil)
    }

    /// The keys of the notices from `origin`, in the order told.
    static func keys(_ changes: [StoreChange], _ origin: StoreChange.Origin) -> [String] {
        changes.filter { $0.origin == origin }.flatMap(\.keys)
    }
}
