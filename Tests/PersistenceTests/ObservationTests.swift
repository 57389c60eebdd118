import Foundation
import Persistence
import Synchronization
import Testing

/// Observation with the change (old and new value), of one key or several, in commit order.
@Suite("Every backend tells observers what changed, in commit order", .timeLimit(.minutes(1)))
struct ObservationTests {
    @Test("An observer receives the old and the new value", arguments: BackendKind.allCases)
    func oldAndNewValue(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let received = Mutex<[String]>([])
        let token = store.observe(.count, initial: false) { change in
            received.withLock { $0.append("\(change.oldValue)->\(change.newValue)") }
        }
        store[.count] = 3
        store[.count] += 2
        try store.removeValue(for: .count)
        #expect(received.withLock { $0 } == ["0->3", "3->5", "5->0"])
        token.cancel()
        store[.count] = 9
        #expect(received.withLock { $0.count } == 3)
    }

    @Test("With initial: true the current value comes first", arguments: BackendKind.allCases)
    func initialValue(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.name] = "Ada"
        let received = Mutex<[String]>([])
        let token = store.observe(.name, initial: true) { change in
            received.withLock { $0.append("\(change.oldValue)->\(change.newValue)") }
        }
        store[.name] = "Grace"
        #expect(received.withLock { $0 } == ["Ada->Ada", "Ada->Grace"])
        withExtendedLifetime(token) {}
    }

    @Test("updates(for:initial: false) yields only new values", arguments: BackendKind.allCases)
    func updatesWithoutInitial(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 1
        var updates = store.updates(for: .count, initial: false).makeAsyncIterator()
        store[.count] = 2
        #expect(await updates.next() == 2)
        var changes = store.changes(of: .count).makeAsyncIterator()
        store[.count] = 5
        let change = await changes.next()
        #expect(change?.oldValue == 2 && change?.newValue == 5)
    }

    @Test("One observer hears several keys, and only those", arguments: BackendKind.allCases)
    func severalKeys(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let received = Mutex<[String]>([])
        let token = store.observe([Keys.count, Keys.name], initial: true) { key in
            // `key.name` would find the test's `Keys.name` key: compare keys instead.
            received.withLock { $0.append(key == Keys.count ? "count" : key == Keys.name ? "name" : "other") }
        }
        store[.count] = 1
        store[.favorites] = ["two-sum"]
        try store.transaction { transaction in
            transaction[.name] = "Ada"
            transaction[.count] = 2
        }
        #expect(received.withLock { $0 } == ["count", "name", "count", "name", "count"])
        withExtendedLifetime(token) {}
    }

    @Test("A stream of several keys yields each key as it changes", arguments: BackendKind.allCases)
    func severalKeysStream(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        var keys = store.updates(for: [Keys.count, Keys.name]).makeAsyncIterator()
        store[.name] = "Ada"
        store[.count] = 1
        #expect(await keys.next() == Keys.name)
        #expect(await keys.next() == Keys.count)
    }

    @Test("Two threads writing one key: every change arrives once, in commit order", arguments: BackendKind.allCases)
    func orderedDeliveryFromTwoThreads(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let received = Mutex<[KeyChange<Int>]>([])
        let token = store.observe(.count, initial: false) { change in
            received.withLock { $0.append(change) }
        }
        let writes = kind == .postgres || kind == .json || kind == .propertyList ? 60 : 300
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 1...writes {
                store[.count] = thread * 100_000 + index  // Every write a value of its own.
            }
        }
        let changes = received.withLock { $0 }
        #expect(changes.count == 2 * writes)
        // In commit order, each change starts from the value the previous one ended at.
        var previous = 0
        for change in changes {
            #expect(change.oldValue == previous)
            previous = change.newValue
        }
        #expect(previous == store[.count])
        #expect(Set(changes.map(\.newValue)).count == 2 * writes)
        withExtendedLifetime(token) {}
    }

    @Test("Another store's write reaches an observer with the old and the new value", arguments: BackendKind.allCases)
    func otherStoreChange(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        guard let other = try kind.reopen(in: directory) else { return }
        store[.count] = 1
        var changes = store.changes(of: .count).makeAsyncIterator()
        other[.count] = 8
        let change = await changes.next()
        #expect(change?.oldValue == 1 && change?.newValue == 8)
    }
}
