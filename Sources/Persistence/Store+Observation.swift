import Foundation
import Synchronization

/// Stops an observation when cancelled or deinitialised.
public final class ObservationToken: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}

/// One observer of one key: what it last saw, and how to hand it new bytes.
struct KeyObserver {
    let name: String
    var lastRaw: Data?
    let deliver: @Sendable (Data?) -> Void
}

extension Store {
    /// How often the store looks for other processes' writes while someone observes it.
    static let pollInterval: DispatchTimeInterval = .milliseconds(200)

    /// Calls `handler` with the new value whenever `key` changes, in this process (synchronously,
    /// after the write) or in another process (within a fraction of a second, on a background queue).
    /// The observation lasts until the token is cancelled or released.
    public func observe<Value>(_ key: Key<Value>, _ handler: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        let deliver: @Sendable (Data?) -> Void = { [weak self] raw in
            guard let self else { return }
            do {
                handler(try raw.map { try self.decode($0, for: key) } ?? self.value(for: key))
            } catch {
                self.record(Self.persistenceError(error, key: key.name))
            }
        }
        let id = state.withLock { state in
            var raw: Data?
            do {
                raw = try currentEntry(for: key.name, in: &state).raw
            } catch {
                // Still observe: the next change is delivered, or the poller records the read error.
                state.lastError = Self.persistenceError(error, key: key.name)
            }
            return addObserver(to: &state) { state, id in
                state.keyObservers[id] = KeyObserver(name: key.name, lastRaw: raw, deliver: deliver)
            }
        }
        return ObservationToken { [weak self] in self?.removeObserver(id) }
    }

    /// The values of `key`: first the current one, then each new one, from this process or another.
    public func updates<Value: Sendable>(for key: Key<Value>) -> AsyncStream<Value> {
        AsyncStream { continuation in
            // Observe first, then read: a change in between is delivered (perhaps next to the same
            // value read here) rather than missed.
            let token = observe(key) { continuation.yield($0) }
            continuation.yield(self[key])
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// Calls `handler` after any change to the store, by this process or another.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> ObservationToken {
        let id = state.withLock { state in
            addObserver(to: &state) { state, id in state.changeObservers[id] = handler }
        }
        return ObservationToken { [weak self] in self?.removeObserver(id) }
    }

    private func addObserver(to state: inout StoreState, _ add: (inout StoreState, UInt64) -> Void) -> UInt64 {
        state.nextObserverID += 1
        let id = state.nextObserverID
        add(&state, id)
        if state.poller == nil, backend.isShared {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Persistence.Store.poller"))
            timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval, leeway: .milliseconds(50))
            timer.setEventHandler { [weak self] in self?.pollForExternalChanges() }
            timer.resume()
            state.poller = timer
        }
        return id
    }

    private func removeObserver(_ id: UInt64) {
        state.withLock { state in
            state.keyObservers[id] = nil
            state.changeObservers[id] = nil
            if state.keyObservers.isEmpty && state.changeObservers.isEmpty {
                state.poller?.cancel()
                state.poller = nil
            }
        }
    }

    /// Looks for commits by other processes and tells the observers whose keys changed.
    func pollForExternalChanges() {
        let deliveries = state.withLock { state -> [UncheckedBox<() -> Void>] in
            var deliveries: [UncheckedBox<() -> Void>] = []
            do {
                let changed = try backend.hasExternalChanges()
                guard changed || state.externalChangePending else { return [] }
                if changed { state.dropCacheAfterExternalChange() }
                state.externalChangePending = false
                for handler in state.changeObservers.values {
                    deliveries.append(UncheckedBox(handler))
                }
                for (id, observer) in state.keyObservers {
                    let raw = try backend.read(observer.name)
                    guard raw != observer.lastRaw else { continue }
                    state.keyObservers[id]?.lastRaw = raw
                    deliveries.append(UncheckedBox({ observer.deliver(raw) }))
                }
            } catch {
                // Deliver what was read: those observers' last values already moved on.
                state.lastError = Self.persistenceError(error, key: "")
                state.externalChangePending = true
            }
            return deliveries
        }
        for delivery in deliveries { delivery.value() }
    }
}
