import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// `@Observable` objects whose encoding reads no observed property (see
// `encodeTrackingIfObservable`): Observation cannot tell the store when they change, so the store
// compares their encoding with the stored bytes at the next read of their key, when the store is
// released, and when the process exits, and saves them when they differ.

/// An untracked object and how to save it.
struct UntrackedObject: @unchecked Sendable {
    // @unchecked: the closures capture the store weakly and the object in an `UncheckedBox`; they
    // run on the thread that reads the key (the one that uses the object) or at exit, as tracked
    // objects' saves run on the thread that changes them.
    let identifier: ObjectIdentifier
    /// The bytes last stored for it.
    var raw: Data?
    /// Encodes the object; `nil` when it cannot be encoded (the error is recorded in the store).
    let encode: (Store) -> Data?
    /// Stores the object again in the store (a normal `set`, through the store's usual path).
    /// The store is passed in, not captured: a store saving in its `deinit` has no weak references.
    let save: (Store) throws -> Void
}

extension Store {
    func noteUntracked<Value>(_ object: UncheckedBox<Value>, identifier: ObjectIdentifier, raw: Data?, key: Key<Value>) {
        let typeName = String(reflecting: Value.self)
        let entry = UntrackedObject(
            identifier: identifier, raw: raw,
            encode: { store in
                do {
                    return try key.coder.encode(object.value)
                } catch {
                    store.record(Self.persistenceError(error, key: key.name))
                    return nil
                }
            },
            save: { store in try store.set(object.value, for: key) })
        let isFirst = state.withLock { state in
            state.untrackedObjects[key.name] = entry
            return state.reportedUntrackedTypes.insert(typeName).inserted
        }
        if isFirst {
            record(.untrackedChanges(key: key.name, type: typeName))
        }
        UntrackedObjectsAtExit.register(self)
    }

    /// Saves the untracked object under `name` if it changed in place since it was stored.
    func saveUntrackedChanges(forKey name: String) {
        guard let entry = state.withLock({ $0.untrackedObjects[name] }) else { return }
        saveIfChanged(entry, name: name)
    }

    /// Saves every untracked object that changed in place (at release and at exit).
    func saveAllUntrackedChanges() {
        // `exit()` called inside a transaction body: this thread holds the store's lock, and
        // saving would wait for it forever. The transaction's own writes are not committed either.
        guard !Self.isInsideTransaction(of: self) else { return }
        let entries = state.withLock { $0.untrackedObjects }
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            saveIfChanged(entry, name: name)
        }
    }

    private func saveIfChanged(_ entry: UntrackedObject, name: String) {
        // Only the object currently stored under the key may save itself.
        let isCurrent = state.withLock { $0.trackedObjects[name] == entry.identifier }
        guard isCurrent else {
            state.withLock { $0.untrackedObjects[name] = nil }
            return
        }
        guard let encoded = entry.encode(self), encoded != entry.raw else { return }
        do {
            try entry.save(self)
        } catch {
            record(Self.persistenceError(error, key: name))
        }
    }
}

/// Saves the untracked objects of every live store when the process exits normally: a store held
/// by a global is never released, and a change made just before exit would otherwise be lost.
enum UntrackedObjectsAtExit {
    private struct WeakStore: @unchecked Sendable {
        // @unchecked: a weak reference to a `Sendable` store, read under the registry's mutex.
        weak var store: Store?
    }

    private static let stores = Mutex<[ObjectIdentifier: WeakStore]>([:])
    private static let installHandler: Void = {
        atexit { UntrackedObjectsAtExit.saveAll() }
    }()

    static func register(_ store: Store) {
        _ = installHandler
        stores.withLock { $0[ObjectIdentifier(store)] = WeakStore(store: store) }
    }

    private static func saveAll() {
        let live = stores.withLock { $0.values.compactMap(\.store) }
        for store in live {
            store.saveAllUntrackedChanges()
        }
    }
}
