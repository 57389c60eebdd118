import Foundation
import Observation
import Persistence
import Testing

/// Edge cases found in review: each one lost a change or crashed before it was fixed.
@Suite("Changes are neither missed nor lost at the edges")
struct ReviewedEdgeCaseTests {
    static let a = Key<Int>("a", default: 0)
    static let b = Key<Int>("b", default: 0)
    static let preferences = Key<Preferences>("preferences", default: Preferences())

    @Test("A store sees another's write to a cached key even after writing a key of its own",
          arguments: [BackendKind.sqlite, .json, .propertyList])
    func seesOthersAfterOwnWrite(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let first = try kind.makeStore(in: directory)
        let second = try #require(try kind.reopen(in: directory))
        first[Self.a] = 1
        #expect(first[Self.a] == 1)  // Cached.
        second[Self.a] = 2
        first[Self.b] = 3            // Its own write must not hide the other's.
        #expect(first[Self.a] == 2)
    }

    @Test("An observer hears another store's write even when a read noticed it first",
          arguments: [BackendKind.sqlite, .json])
    func observerHearsChangeAbsorbedByARead(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let first = try kind.makeStore(in: directory)
        let second = try #require(try kind.reopen(in: directory))
        var updates = first.updates(for: Self.a).makeAsyncIterator()
        #expect(await updates.next() == 0)
        second[Self.a] = 7
        _ = first[Self.b]  // A read that notices the change before the poller does.
        #expect(await updates.next() == 7)
    }

    @Test("An @Observable object stored in a transaction saves its later changes, and the one it replaced does not")
    func observableObjectFromTransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let old = store[Self.preferences]
        let new = Preferences()
        new.theme = "blue"
        try store.transaction { $0[Self.preferences] = new }
        new.theme = "dark"
        old.theme = "stale"
        #expect(try Store.sqlite(path: path).value(for: Self.preferences).theme == "dark")
    }

    @Test("An @Observable object the app holds keeps saving after another store wrote an unrelated key")
    func heldObjectSurvivesUnrelatedExternalWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let held = store[Self.preferences]
        held.theme = "one"
        try Store.sqlite(path: path).set(5, for: Self.a)
        _ = store[Self.preferences]
        held.theme = "two"
        #expect(try Store.sqlite(path: path).value(for: Self.preferences).theme == "two")
    }

    @Test("Changing a tracked object inside a transaction body saves it after the transaction, without a crash")
    func objectChangedInsideTransaction() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let held = store[Self.preferences]
        try store.transaction { transaction in
            transaction[Self.a] = 1
            held.fontSize = 30
        }
        let reader = try Store.sqlite(path: path)
        for _ in 0..<100 where try reader.value(for: Self.preferences).fontSize != 30 {
            try await Task.sleep(for: .milliseconds(20))  // The save runs just after the lock is released.
        }
        #expect(try reader.value(for: Self.preferences).fontSize == 30)
    }

    @Test("A transaction kept past its body refuses to be used")
    func escapedTransaction() throws {
        let store = Store.memory()
        var kept: Transaction?
        try store.transaction { kept = $0 }
        #expect(throws: PersistenceError.self) { try kept?.value(for: Self.a) }
    }
}
