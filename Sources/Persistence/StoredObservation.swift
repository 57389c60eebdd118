import Foundation
import Observation
import Synchronization

/// The Observation side of one ``Stored`` property: reading the property registers an access
/// here, and every change of the key (this process or another) is a mutation here, so
/// `withObservationTracking` and SwiftUI re-read the property when, and only when, its key changed.
///
/// The store observer behind it is armed at the first read, not at creation: a `@Stored` property
/// that is never read costs no observer and no polling.
final class StoredObservation: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let store: Store
    private let key: Keys
    private let isArmed = Atomic<Bool>(false)
    private let token = Mutex<ObservationToken?>(nil)

    init(store: Store, key: Keys) {
        self.store = store
        self.key = key
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
