import Foundation
import Observation
import Persistence
import Synchronization
import Testing

/// A view model that keeps its settings in `@Stored` properties. `@ObservationIgnored` is required
/// by Swift (the macro's `_count` and the wrapper's `_count` clash); `@Stored` observes itself.
@Observable
final class SettingsModel {
    @ObservationIgnored @Stored var count: Int
    @ObservationIgnored @Stored var theme: String
    var draft = ""

    init(store: Store) {
        _count = Stored(.count, store: store)
        _theme = Stored(wrappedValue: "light", "theme", store: store)
    }
}

/// Runs `read` under `withObservationTracking`, then `change`, and answers once the tracking fired.
private func trackingFires(read: @escaping () -> Void, after change: () throws -> Void) async rethrows {
    let fired = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let happened = Mutex(false)
    withObservationTracking(read) {
        happened.withLock { $0 = true }
        fired.withLock { $0?.resume(); $0 = nil }
    }
    try change()
    await withCheckedContinuation { continuation in
        let already = happened.withLock { $0 }
        if already {
            continuation.resume()
        } else {
            fired.withLock { $0 = continuation }
            // The tracking may have fired between the check and the hand-over.
            if happened.withLock({ $0 }) { fired.withLock { $0?.resume(); $0 = nil } }
        }
    }
}

@Suite("@Stored in an @Observable class takes part in Observation", .timeLimit(.minutes(1)))
struct ObservableStoredTests {
    @Test("Writing a @Stored property fires withObservationTracking", arguments: BackendKind.allCases)
    func ownWrite(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let model = SettingsModel(store: try kind.makeStore(in: directory))
        await trackingFires(read: { _ = model.count }, after: { model.count = 5 })
        #expect(model.count == 5)
    }

    @Test("A write to the key through the store itself fires it", arguments: BackendKind.allCases)
    func storeWrite(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let model = SettingsModel(store: store)
        await trackingFires(read: { _ = model.theme }, after: { store[Key<String>("theme", default: "")] = "dark" })
        #expect(model.theme == "dark")
    }

    @Test("Another store's write on the same file fires it", arguments: BackendKind.allCases)
    func otherStoreWrite(kind: BackendKind) async throws {
        let directory = try TemporaryDirectory()
        let model = SettingsModel(store: try kind.makeStore(in: directory))
        guard let other = try kind.reopen(in: directory) else { return }
        await trackingFires(read: { _ = model.count }, after: { other[.count] = 12 })
        #expect(model.count == 12)
    }

    @Test("Another process's write fires it")
    func otherProcessWrite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let model = SettingsModel(store: try .sqlite(path: path))
        try await trackingFires(read: { _ = model.count }, after: {
            let status = try runProbe(["set", path, "count", "42"]).status
            #expect(status == 0)
        })
        #expect(model.count == 42)
    }

    @Test("Two models on one store hear each other's writes")
    func twoModelsShareAKey() async throws {
        let store = Store.memory()
        let first = SettingsModel(store: store), second = SettingsModel(store: store)
        await trackingFires(read: { _ = first.count }, after: { second.count = 3 })
        await trackingFires(read: { _ = second.count }, after: { first.count = 4 })
        #expect(first.count == 4 && second.count == 4)
    }

    @Test("A write to another key does not fire it")
    func otherKeyDoesNotFire() throws {
        let store = Store.memory()
        let model = SettingsModel(store: store)
        let fired = Mutex(false)
        withObservationTracking({ _ = model.count }, onChange: { fired.withLock { $0 = true } })
        model.theme = "dark"
        store[.name] = "Ada"
        #expect(fired.withLock { $0 } == false)
        model.count = 1
        #expect(fired.withLock { $0 })
    }

    @Test("Reading a @Stored default does not write it")
    func defaultNotWritten() throws {
        let store = Store.memory()
        let model = SettingsModel(store: store)
        #expect(model.theme == "light")
        #expect(try store.containsValue(forKey: "theme") == false)
        #expect(store.string(forKey: "theme") == "light")  // Yet the string API knows the default.
    }
}
