import FoundationEssentials
import Observation
import Synchronization

/// The Observation side of one ``Stored`` property: reading the property registers an access
/// here, and every change of the key (this process or another) is a mutation here, so
/// `withObservationTracking` and SwiftUI re-read the property when, and only when, its key changed.
///
/// The store observer behind it is armed at the first read, not at creation: a `@Stored` property
/// that is never read costs no observer and no polling. All `@Stored` properties of one key in one
/// store share one observation while any of them lives.
final class StoredObservation: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let store: Store
    private let key: Keys
    private let isArmed = Atomic<Bool>(false)
    private let token = Mutex<ObservationToken?>(nil)

    private init(store: Store, key: Keys) {
        self.store = store
        self.key = key
    }

    private struct RegistryKey: Hashable {
        let store: ObjectIdentifier
        let name: String
    }

    private struct WeakObservation {
        weak var observation: StoredObservation?
    }

    /// The live observations, one per store and key, so that `@Stored` properties re-created often
    /// (views, value types copied around) share one store observer instead of arming their own.
    /// A live observation holds its store, so a store's identifier cannot be reused meanwhile.
    private static let registry = Mutex<[RegistryKey: WeakObservation]>([:])

    /// The observation of `key` in `store`, shared by every `@Stored` property of that key.
    static func shared(store: Store, key: Keys) -> StoredObservation {
        let registryKey = RegistryKey(store: ObjectIdentifier(store), name: key.name)
        // The live observations met while sweeping, released after the lock: releasing one whose
        // last other reference went meanwhile runs its deinit, which must not run under the lock.
        var met: [StoredObservation] = []
        let observation = registry.withLock { registry in
            if let existing = registry[registryKey]?.observation { return existing }
            if registry.count >= 64 {
                for (name, entry) in registry {
                    if let live = entry.observation { met.append(live) } else { registry[name] = nil }
                }
            }
            let observation = StoredObservation(store: store, key: key)
            registry[registryKey] = WeakObservation(observation: observation)
            return observation
        }
        met.removeAll()
        return observation
    }

    /// What observers track; its value carries no meaning.
    var changes: Int { 0 }

    func access() {
        if !isArmed.load(ordering: .acquiring) { arm() }
        registrar.access(self, keyPath: \.changes)
    }

    private func arm() {
        token.withLock { token in
            guard token == nil else { return }
            token = store.observe([key]) { [weak self] _ in self?.keyDidChange() }
            isArmed.store(true, ordering: .releasing)
        }
    }

    private func keyDidChange() {
        registrar.withMutation(of: self, keyPath: \.changes) {}
    }
}
