@_spi(SwiftUI) import Observation
import FoundationEssentials
import Dispatch

// An `@Observable` object stored under a key is saved again whenever one of its properties
// changes. The store encodes the object inside `withObservationTracking`, so the encoding itself
// registers every stored property it reads; the `didSet` callback then fires once, on the
// mutating thread, after the mutation, and saves (which re-arms the tracking).
//
// The `didSet` flavour is SPI (SwiftUI's), but it is the only way to save the value *after* the
// change: the public `onChange` fires before it (willSet), when the new value is not readable yet.

extension Store {
    /// Generic rather than `Any`, so that asking about a struct neither boxes it nor looks up a
    /// protocol conformance: only class instances are asked whether they are `Observable`.
    static func isObservableObject<Value>(_ value: Value) -> Bool {
        type(of: value) is AnyObject.Type && value is any Observable
    }

    /// Encodes `value` for storage; when it is an `@Observable` object, the encoding also arms the
    /// tracking that saves it after its next change.
    ///
    /// An object whose encoding reads no observed property cannot be tracked: a synthesized
    /// `Codable` with `case _theme = "theme"` reads the macro's backing storage, which tells
    /// Observation nothing. Such an object is found here (the tracking closure is then retained by
    /// nobody), kept to be compared and saved at the next read of its key and at exit, and reported
    /// once per type in ``lastError`` as ``PersistenceError/untrackedChanges(key:type:)``.
    func encodeTrackingIfObservable<Value>(_ value: Value, for key: Key<Value>) throws -> Data? {
        guard Self.isObservableObject(value) else { return try encode(value, for: key) }
        let object = UncheckedBox(value)
        let identifier = ObjectIdentifier(value as AnyObject)
        state.withLock { $0.trackedObjects[key.name] = identifier }
        var result: Result<Data?, any Error> = .success(nil)
        weak var armed: TrackingSentinel?
        do {
            let sentinel = TrackingSentinel()
            armed = sentinel
            withObservationTracking({
                result = Result { try self.encode(object.value, for: key) }
            }, didSet: { [weak self] _ in
                withExtendedLifetime(sentinel) {}
                self?.objectDidChange(object, identifier: identifier, key: key)
            })
        }
        let data = try result.get()
        if armed == nil {
            noteUntracked(object, identifier: identifier, raw: data, key: key)
        } else {
            state.withLock { $0.untrackedObjects[key.name] = nil }
        }
        return data
    }

    /// Arms the tracking for an object that was just read (decoded or created as the default).
    func trackIfObservable<Value>(_ value: Value, for key: Key<Value>) {
        guard Self.isObservableObject(value) else { return }
        let alreadyTracked = state.withLock { $0.trackedObjects[key.name] == ObjectIdentifier(value as AnyObject) }
        if alreadyTracked { return }
        do {
            _ = try encodeTrackingIfObservable(value, for: key)
        } catch {
            record(Self.persistenceError(error, key: key.name))
        }
    }

    private func objectDidChange<Value>(_ object: UncheckedBox<Value>, identifier: ObjectIdentifier, key: Key<Value>) {
        if Self.isInsideTransaction(of: self) {
            // This thread holds the store's lock in a transaction body: save right after it ends.
            DispatchQueue.global().async { [weak self] in
                self?.objectDidChange(object, identifier: identifier, key: key)
            }
            return
        }
        // Another object may have been stored under the key since; this one is no longer saved.
        let isCurrent = state.withLock { $0.trackedObjects[key.name] == identifier }
        guard isCurrent else { return }
        do {
            try set(object.value, for: key)
        } catch {
            record(Self.persistenceError(error, key: key.name))
        }
    }
}

/// Held only by a tracking closure: alive after `withObservationTracking` returns exactly when
/// Observation registered the closure, that is, when the encoding read an observed property.
private final class TrackingSentinel: Sendable {}
