import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The view of a store inside ``Store/transaction(_:)``: reads see the transaction's own writes,
/// and all writes are applied together when the body returns, or none if it throws.
public final class Transaction {
    private let store: Store
    private let reader: any BackendReader
    private var pending: [String: PendingChange] = [:]
    private var order: [String] = []
    /// The outside write counts, read once each: no other writer runs while this one does.
    private var startCounts: [String: Int?] = [:]
    /// The first error met by the non-throwing subscript; it fails the whole transaction.
    private(set) var failure: PersistenceError?
    /// Work for after the commit, outside the store's lock: arming the tracking of `@Observable`
    /// objects written here, so that their later changes are saved.
    private(set) var afterCommit: [String: () -> Void] = [:]
    /// The keys used here: their defaults become visible to the string-key API (Store+Defaults).
    private(set) var usedKeys: [String: Keys] = [:]
    /// The values of ``once(_:_:)``, by name.
    private var onceValues: [String: Any] = [:]
    /// False once the body returned: a transaction kept past its body must not touch the
    /// connection, which is only safe under the store's lock.
    var isOpen = true

    init(store: Store, reader: any BackendReader) {
        self.store = store
        self.reader = reader
    }

    var changes: [PendingChange] {
        order.compactMap { pending[$0] }
    }

    /// The value under `key` as this transaction sees it.
    public func value<Value>(for key: Key<Value>) throws -> Value {
        try checkOpen()
        usedKeys[key.name] = usedKeys[key.name] ?? key
        if let pendingChange = pending[key.name] {
            let (change, decoded) = (pendingChange.change, pendingChange.decoded)
            if let box = decoded, let value = box.value as? Value { return value }
            guard let raw = change.value else { return key.makeDefault() }
            return try store.decode(raw, for: key)
        }
        guard let raw = try reader.read(key.name) else { return key.makeDefault() }
        return try store.decode(raw, for: key)
    }

    /// The value `compute` gives, computed once per transaction under `name`: for the checks that
    /// every write of a kind makes first (a derived index's stamp, say), which a transaction of
    /// many such writes needs only once. Nothing is kept when `compute` throws.
    ///
    /// ```swift
    /// let stamp = try transaction.once("index.stamp") { try transaction.value(for: .indexStamp) }
    /// ```
    public func once<Value>(_ name: String, _ compute: () throws -> Value) rethrows -> Value {
        if let known = onceValues[name] as? Value { return known }
        let value = try compute()
        onceValues[name] = value
        return value
    }

    /// Stores `value` under `key` when the transaction commits.
    public func set<Value>(_ value: Value, for key: Key<Value>) throws {
        try checkOpen()
        usedKeys[key.name] = usedKeys[key.name] ?? key
        record(Change(key: key.name, value: try store.encode(value, for: key)), Store.cacheable(value))
        if Store.isObservableObject(value) {
            let store = self.store
            afterCommit[key.name] = { store.trackIfObservable(value, for: key) }
        } else {
            afterCommit[key.name] = nil
        }
    }

    private func checkOpen() throws {
        guard isOpen else {
            throw PersistenceError.cannotOpen(path: store.path ?? "memory store", reason: "a transaction was used after its body returned")
        }
    }

    /// Removes `key` when the transaction commits.
    public func removeValue<Value>(for key: Key<Value>) {
        guard isOpen else {
            fail(.cannotOpen(path: store.path ?? "memory store", reason: "a transaction was used after its body returned"))
            return
        }
        record(Change(key: key.name, value: nil), nil)
        afterCommit[key.name] = nil
    }

    /// The outside write count of `namespace` (see ``Store/outsideWriteCount(forNamespace:)``), as
    /// this transaction sees it: no other writer runs while it does, and its own writes do not
    /// count. `nil` when the backend cannot count outside writes.
    ///
    /// - Throws: ``PersistenceError/invalidKey(key:reason:)`` when `namespace` is no key's namespace.
    public func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
        try checkOpen()
        try Namespace.validate(namespace)
        if let known = startCounts[namespace] { return known }
        let count = try reader.outsideWriteCount(forNamespace: namespace)
        startCounts[namespace] = count
        return count
    }

    /// Entries whose key starts with `prefix`, as this transaction sees them, sorted by key.
    public func values<Value: Decodable>(withKeyPrefix prefix: String, as type: Value.Type = Value.self) throws
        -> [(key: String, value: Value)]
    {
        try checkOpen()
        var entries = Dictionary(try reader.read(keysWithPrefix: prefix).map { ($0.key, $0.value) }) { $1 }
        for (key, pending) in pending where key.hasPrefix(prefix) {
            entries[key] = pending.change.value
        }
        let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return try store.decodeEntries(sorted.map { (key: $0.key, value: $0.value) }, as: type)
    }

    /// Entries whose key starts with `prefix`, as this transaction sees them, as their stored bytes
    /// (UTF-8 JSON text), sorted by key: for callers that decode many records with their own
    /// reader, or compare bytes (see ``Store/rawValues(withKeyPrefix:)``).
    public func rawValues(withKeyPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try checkOpen()
        let matching = pending.filter { $0.key.hasPrefix(prefix) }
        if matching.isEmpty { return try reader.read(keysWithPrefix: prefix) }
        var entries = Dictionary(try reader.read(keysWithPrefix: prefix).map { ($0.key, Optional($0.value)) }) { $1 }
        for (key, pending) in matching { entries[key] = pending.change.value }
        return entries.compactMap { key, value in value.map { (key: key, value: $0) } }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// Reads and writes like ``Store``'s subscript. A read or write error fails the transaction:
    /// ``Store/transaction(_:)`` then throws it and applies nothing.
    public subscript<Value>(key: Key<Value>) -> Value {
        get {
            do {
                return try value(for: key)
            } catch {
                fail(Store.persistenceError(error, key: key.name))
                return key.makeDefault()
            }
        }
        set {
            do {
                try set(newValue, for: key)
            } catch {
                fail(Store.persistenceError(error, key: key.name))
            }
        }
    }

    private func fail(_ error: PersistenceError) {
        if failure == nil { failure = error }
    }

    private func record(_ change: Change, _ decoded: UncheckedBox<Any>?) {
        let previous = pending[change.key]
        if previous == nil { order.append(change.key) }
        pending[change.key] = PendingChange(change, decoded)
    }
}

extension Store {
    /// Runs `body` as one atomic transaction: no other writer (in this process or another) runs
    /// meanwhile, and its writes are all applied, durably, or none are if it throws.
    ///
    /// Use only the ``Transaction`` inside `body`; calling the store itself there would deadlock.
    public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        try asWriter { try transactionAsWriter(body) }
    }

    private func transactionAsWriter<T>(_ body: (Transaction) throws -> T) throws -> T {
        let (result, deliveries, afterCommit) = try Self.insideTransaction(of: self) {
            try state.withLock { state in
                try absorbChangesByOthers(in: &state)
                let (result, changes, afterCommit, usedKeys) = try backend.transaction { reader in
                    let transaction = Transaction(store: self, reader: reader)
                    defer { transaction.isOpen = false }
                    let result = try body(transaction)
                    if let failure = transaction.failure { throw failure }
                    let changes = transaction.changes
                    return (
                        result: UncheckedBox((result, changes, Array(transaction.afterCommit.values), transaction.usedKeys)),
                        changes: changes.map(\.change))
                }.value
                for key in usedKeys.values { state.noteDefault(of: key) }
                return UncheckedBox((result, applyCommitted(changes, to: &state), afterCommit))
            }.value
        }
        for delivery in deliveries { delivery.value() }
        for work in afterCommit { work() }
        return result
    }

    /// The stores whose transaction body runs on this thread. A change to a tracked `@Observable`
    /// object made inside a body cannot save at once (the store's lock is held); it is saved as
    /// soon as the transaction ends (see Store+ObservableObjects).
    static func insideTransaction<T>(of store: Store, _ body: () throws -> T) rethrows -> T {
        let running = TransactionsOnThisThread.current
        let id = ObjectIdentifier(store)
        let inserted = !running.stores.contains(id)
        if inserted { running.stores.append(id) }
        defer { if inserted { running.stores.removeAll { $0 == id } } }
        return try body()
    }

    static func isInsideTransaction(of store: Store) -> Bool {
        TransactionsOnThisThread.current.stores.contains(ObjectIdentifier(store))
    }
}

/// The stores whose transaction body runs on the current thread, in the thread's own slot
/// (`pthread_setspecific`). Foundation's `threadDictionary` cost a command about two million
/// instructions: its values are bridged through `NSDictionary`, and the casts look up protocol
/// conformances across every loaded image.
private final class TransactionsOnThisThread {
    /// An array: a thread is inside one or two stores' transactions at most, and a `Set`'s generic
    /// instantiation searched every protocol conformance in the process at a command's first write.
    var stores: [ObjectIdentifier] = []

    /// The slot's key; the destructor releases a thread's set when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<TransactionsOnThisThread>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<TransactionsOnThisThread>.fromOpaque(pointer).release() }
        }
        #endif
        return key
    }()

    /// This thread's set, made on first use. Only its own thread ever touches it.
    static var current: TransactionsOnThisThread {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<TransactionsOnThisThread>.fromOpaque(pointer).takeUnretainedValue()
        }
        let running = TransactionsOnThisThread()
        pthread_setspecific(key, Unmanaged.passRetained(running).toOpaque())
        return running
    }
}
