import FoundationEssentials
import Dispatch
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

/// One observer of one key: what it last saw, and where its changes queue up.
struct KeyObserver {
    let name: String
    /// The stored bytes the observer last heard of (`nil`: nothing stored).
    var lastRaw: Data?
    let queue: DeliveryQueue
    /// Hands the observer a change: the value's bytes before and after (a registered default's
    /// bytes where nothing is stored; `nil` for the key's own default).
    let deliver: @Sendable (_ old: Data?, _ new: Data?) -> Void
}

/// A change of one key's value, as observers receive it.
public struct KeyChange<Value> {
    /// The value before the change (the default if nothing was stored).
    public let oldValue: Value
    /// The value after the change (the default if the key was removed).
    public let newValue: Value
}

extension KeyChange: Sendable where Value: Sendable {}

/// One observer's changes in commit order. Changes are queued under the store's lock, so the
/// queue's order is the order in which they were committed; whichever thread finds the queue idle
/// delivers everything queued, one change at a time, so that two threads writing one key cannot
/// hand an observer the older value last, and no change is delivered twice or concurrently.
final class DeliveryQueue: Sendable {
    private struct State {
        var pending: [UncheckedBox<() -> Void>] = []
        var isDelivering = false
    }

    private let state = Mutex(State())

    /// Queues a delivery. Call it under the store's lock, then ``drain()`` after releasing it.
    func enqueue(_ delivery: @escaping () -> Void) {
        state.withLock { $0.pending.append(UncheckedBox(delivery)) }
    }

    /// Delivers the queued changes, unless another thread is already doing so (it delivers them).
    func drain() {
        let claimed = state.withLock { state -> Bool in
            guard !state.isDelivering, !state.pending.isEmpty else { return false }
            state.isDelivering = true
            return true
        }
        guard claimed else { return }
        while let next = state.withLock({ state -> UncheckedBox<() -> Void>? in
            guard !state.pending.isEmpty else {
                state.isDelivering = false
                return nil
            }
            return state.pending.removeFirst()
        }) {
            next.value()
        }
    }
}

extension Store {
    /// How often the store polls a backend with no file-system signal (PostgreSQL) for other
    /// writers' commits while someone observes it.
    static let pollInterval: DispatchTimeInterval = .milliseconds(200)

    /// Calls `handler` with the new value whenever `key` changes, in this process (after the write)
    /// or in another process (within milliseconds, on a background queue).
    /// The observation lasts until the token is cancelled or released.
    public func observe<Value>(_ key: Key<Value>, _ handler: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        observe(key, initial: false) { handler($0.newValue) }
    }

    /// Calls `handler` with the old and the new value whenever `key` changes, and first with the
    /// current value (as both) when `initial` is true.
    ///
    /// Changes arrive in the order they were committed, each once, even when several threads write
    /// the key: a change made in this process is delivered on the writing thread before its write
    /// returns, unless another delivery to this observer is under way, in which case that thread
    /// delivers it right after the earlier ones. Another process's change arrives soon after its
    /// commit on a background queue (see ``observeChanges(_:)-(@Sendable(StoreChange)->Void)``);
    /// several commits another process makes between two looks
    /// arrive as one change, from the value last delivered to the latest one (the store sees states,
    /// not each of another process's commits). A value that does not decode is not delivered; the error
    /// is kept in ``lastError`` (an old value that does not decode is given as the default).
    public func observe<Value>(
        _ key: Key<Value>, initial: Bool, _ handler: @escaping @Sendable (KeyChange<Value>) -> Void
    ) -> ObservationToken {
        let deliver: @Sendable (Data?, Data?) -> Void = { [weak self] old, new in
            guard let self else { return }
            let newValue: Value
            do {
                newValue = try new.map { try self.decode($0, for: key) } ?? key.makeDefault()
            } catch {
                self.record(Self.persistenceError(error, key: key.name))
                return
            }
            var oldValue = key.makeDefault()
            if let old {
                do {
                    oldValue = try self.decode(old, for: key)
                } catch {
                    self.record(Self.persistenceError(error, key: key.name))
                }
            }
            handler(KeyChange(oldValue: oldValue, newValue: newValue))
        }
        return addKeyObservers(names: [key.name], initial: initial) { _ in deliver }
    }

    /// Calls `handler` with the key whenever one of `keys` changes (and first once for each key,
    /// in order, when `initial` is true), with the guarantees of ``observe(_:initial:_:)``: one
    /// observer hears all the keys' changes in the order they were committed.
    public func observe(
        _ keys: [Keys], initial: Bool = false, _ handler: @escaping @Sendable (Keys) -> Void
    ) -> ObservationToken {
        let byName = Dictionary(keys.map { ($0.name, $0) }) { first, _ in first }
        var seen: Set<String> = []
        let names = keys.map(\.name).filter { seen.insert($0).inserted }
        return addKeyObservers(names: names, initial: initial) { name in
            let key = byName[name] ?? Keys(name: name)
            return { _, _ in handler(key) }
        }
    }

    /// The values of `key`: the current one first (unless `initial` is false), then each new one,
    /// from this process or another, in the order they were committed.
    public func updates<Value: Sendable>(for key: Key<Value>, initial: Bool = true) -> AsyncStream<Value> {
        AsyncStream { continuation in
            let token = observe(key, initial: initial) { continuation.yield($0.newValue) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// The changes of `key`, old and new value, in the order they were committed.
    public func changes<Value: Sendable>(of key: Key<Value>, initial: Bool = false) -> AsyncStream<KeyChange<Value>> {
        AsyncStream { continuation in
            let token = observe(key, initial: initial) { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// The keys among `keys` that change, as they change (each key once first when `initial`).
    public func updates(for keys: [Keys], initial: Bool = false) -> AsyncStream<Keys> {
        AsyncStream { continuation in
            let token = observe(keys, initial: initial) { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// Registers one observer per name, sharing one delivery queue, and delivers the initial values.
    private func addKeyObservers(
        names: [String], initial: Bool, deliverer: (String) -> @Sendable (Data?, Data?) -> Void
    ) -> ObservationToken {
        let queue = DeliveryQueue()
        let delivers = names.map { (name: $0, deliver: deliverer($0)) }
        let ids = state.withLock { state in
            delivers.map { name, deliver in
                var raw: Data?
                do {
                    raw = try currentEntry(for: name, in: &state).raw
                } catch {
                    // Still observe: the next change is delivered, or the watch records the read error.
                    state.lastError = Self.persistenceError(error, key: name)
                }
                if initial {
                    let current = raw ?? state.registered[name]
                    queue.enqueue { deliver(current, current) }
                }
                return addObserver(to: &state) { state, id in
                    state.keyObservers[id] = KeyObserver(name: name, lastRaw: raw, queue: queue, deliver: deliver)
                }
            }
        }
        queue.drain()
        return ObservationToken { [weak self] in
            for id in ids { self?.removeObserver(id) }
        }
    }

    /// Calls `handler` after any change to the store, by this process or another.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> ObservationToken {
        observeChanges { (_: StoreChange) in handler() }
    }

    /// Calls `handler` with each change to the store: the keys it changed, and whether this store
    /// or someone outside made it.
    ///
    /// A change of this store arrives once per commit, on the writing thread before the write
    /// returns (unless another delivery to this observer is under way: that thread delivers it
    /// right after the earlier ones). Changes from outside arrive on a background thread soon after
    /// their commit: for SQLite and file stores the file system says when (inotify on Linux, a
    /// dispatch source elsewhere), within milliseconds; PostgreSQL stores are polled every
    /// ``pollInterval``. Several outside commits between two looks arrive as one notice. Every
    /// change arrives once, in commit order; when the store cannot say which keys changed, the
    /// notice says so (``StoreChange/isComplete`` is false), it never stays silent.
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
        let observer = ChangeObserver(queue: DeliveryQueue(), deliver: handler)
        let id = state.withLock { state in
            addObserver(to: &state) { state, id in state.changeObservers[id] = observer }
        }
        return ObservationToken { [weak self] in self?.removeObserver(id) }
    }

    /// The store's changes (see ``observeChanges(_:)-(@Sendable(StoreChange)->Void)``), as they come.
    public func changes() -> AsyncStream<StoreChange> {
        AsyncStream { continuation in
            let token = observeChanges { (change: StoreChange) in continuation.yield(change) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    private func addObserver(to state: inout StoreState, _ add: (inout StoreState, UInt64) -> Void) -> UInt64 {
        state.nextObserverID += 1
        let id = state.nextObserverID
        add(&state, id)
        if state.watch == nil {
            state.watch = backend.watchChangesByOthers { [weak self] in self?.deliverChangesByOthers() }
            if state.watch == nil, backend.isShared { state.watch = makePoller() }
        }
        return id
    }

    /// A timer that asks the backend for others' changes every ``pollInterval``: for backends
    /// without a signal of their own (PostgreSQL).
    private func makePoller() -> ObservationToken {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Persistence.Store.poller"))
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.deliverChangesByOthers() }
        timer.resume()
        let box = UncheckedBox(timer)  // Dispatch sources are safe to cancel from any thread.
        return ObservationToken { box.value.cancel() }
    }

    private func removeObserver(_ id: UInt64) {
        // The removed observer leaves the lock with the watch: its handler is the user's closure,
        // and releasing it may release the last reference to whatever it captured, whose deinit
        // may cancel another observation of this store and so take the lock again.
        let (removed, watch) = state.withLock { state -> ((KeyObserver?, ChangeObserver?), ObservationToken?) in
            let removed = (state.keyObservers.removeValue(forKey: id), state.changeObservers.removeValue(forKey: id))
            guard state.keyObservers.isEmpty && state.changeObservers.isEmpty else { return (removed, nil) }
            defer { state.watch = nil }
            return (removed, state.watch)
        }
        watch?.cancel()  // Outside the lock: cancelling waits for a delivery under way.
        withExtendedLifetime(removed) {}
    }

    /// Asks the backend for other writers' commits and tells the observers: each change observer
    /// once, and the observers of the keys whose value moved. While this store is writing, the
    /// look is left to the writer (see ``OutsideLookGate``).
    func deliverChangesByOthers() {
        outsideLook.wanted.store(true, ordering: .sequentiallyConsistent)
        guard outsideLook.writers.load(ordering: .sequentiallyConsistent) == 0 else { return }
        takeWantedOutsideLook()
    }

    /// Runs `write` (a transaction with its observers' calls) as one of this store's writers: the
    /// last writer to finish takes the look at others' commits that the file watch asked for
    /// meanwhile, after its own observers were told (commit order).
    func asWriter<T>(_ write: () throws -> T) rethrows -> T {
        outsideLook.writers.add(1, ordering: .sequentiallyConsistent)
        defer {
            if outsideLook.writers.subtract(1, ordering: .sequentiallyConsistent).newValue == 0,
               outsideLook.wanted.load(ordering: .sequentiallyConsistent) {
                takeWantedOutsideLook()
            }
        }
        return try write()
    }

    private func takeWantedOutsideLook() {
        guard outsideLook.wanted.exchange(false, ordering: .sequentiallyConsistent) else { return }  // Taken already.
        let deliveries = state.withLock { state -> [UncheckedBox<() -> Void>] in
            var deliveries: [UncheckedBox<() -> Void>] = []
            do {
                try absorbChangesByOthers(in: &state)
            } catch {
                // Nothing is lost: the backend did not move past what it could not read, and the
                // next signal (or read) asks again.
                state.lastError = Self.persistenceError(error, key: "")
                return []
            }
            queueUnsentOutsideChange(in: &state, to: &deliveries)
            return deliveries
        }
        for delivery in deliveries { delivery.value() }
    }

    /// Asks the backend for others' commits, and forgets what they changed.
    func absorbChangesByOthers(in state: inout StoreState) throws {
        if let change = try backend.changesByOthers() { state.forget(change) }
    }

    /// Queues the outside changes observers have not heard of yet (under the store's lock, before
    /// any later change of this store is queued: commit order). Right after a write of this store,
    /// the observers of the keys it wrote are left to its own change, which takes them from the
    /// value they last heard to the one just written (the backend already holds it).
    func queueUnsentOutsideChange(
        in state: inout StoreState, to deliveries: inout [UncheckedBox<() -> Void>], writtenNow: (String) -> Bool = { _ in false }
    ) {
        guard let change = state.unsentOutsideChange else { return }
        state.unsentOutsideChange = nil
        appendChangeObservers(of: state, change, to: &deliveries)
        let keys = change.isComplete ? Set(change.keys) : []
        for (id, observer) in state.keyObservers.sorted(by: { $0.key < $1.key })
        where (!change.isComplete || keys.contains(observer.name)) && !writtenNow(observer.name) {
            let raw: Data?
            do {
                raw = try backend.read(observer.name)
            } catch {
                state.lastError = Self.persistenceError(error, key: observer.name)
                continue
            }
            guard raw != observer.lastRaw else { continue }
            state.keyObservers[id]?.lastRaw = raw
            deliveries.append(state.queueChange(for: observer, from: observer.lastRaw, to: raw))
        }
    }

    /// Queues `change` for every change observer.
    func appendChangeObservers(of state: StoreState, _ change: StoreChange, to deliveries: inout [UncheckedBox<() -> Void>]) {
        for (_, observer) in state.changeObservers.sorted(by: { $0.key < $1.key }) {
            observer.queue.enqueue { observer.deliver(change) }
            let queue = observer.queue
            deliveries.append(UncheckedBox({ queue.drain() }))
        }
    }
}

/// One observer of every change: where its notices queue up.
struct ChangeObserver {
    let queue: DeliveryQueue
    let deliver: @Sendable (StoreChange) -> Void
}

extension StoreState {
    /// Queues `observer`'s change (under the store's lock, which fixes its place in the commit
    /// order) and returns the call that delivers it once the lock is released.
    func queueChange(for observer: KeyObserver, from old: Data?, to new: Data?) -> UncheckedBox<() -> Void> {
        let deliver = observer.deliver
        let before = old ?? registered[observer.name]
        let after = new ?? registered[observer.name]
        observer.queue.enqueue { deliver(before, after) }
        let queue = observer.queue
        return UncheckedBox({ queue.drain() })
    }
}

/// Lets the file watch go on without waiting for the store's lock while the store writes.
///
/// Why: the watch's signal comes mostly from the store's own commits (inotify cannot tell whose
/// write it saw), and it came while the commit still held the lock. Waiting for a transaction of
/// a group of edits made the watch's thread spin in the mutex: in `serve` with 50 clients
/// toggling hearts, more CPU than the look itself.
///
/// How nothing is missed: the watch first says it wants a look, then reads the writers' count; a
/// writer lowers the count, then reads the wish. Both orders are sequentially consistent, so
/// either the watch sees no writer and looks itself, or the last writer sees the wish and looks.
/// Both may look: a second look finds nothing new.
final class OutsideLookGate: Sendable {
    /// The store's writers under way (``Store/asWriter(_:)``).
    let writers = Atomic<Int>(0)
    /// Whether the watch asked for a look that nobody has taken yet.
    let wanted = Atomic<Bool>(false)
}
