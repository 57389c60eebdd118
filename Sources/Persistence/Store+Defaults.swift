import FoundationEssentials

// Defaults visible everywhere: a typed key's default is what the string-key API answers for its
// name, once the key has been used with the store (read or written) or registered with
// `register(_:)`. Nothing is written: like SwiftUI's `@AppStorage` (and unlike swift-sharing's
// `@Shared`), reading a default, through a key or `@Stored`, never stores it.

extension Store {
    /// Makes the defaults of `keys` what the string-key API (`integer(forKey:)`, `object(forKey:)`,
    /// `dictionaryRepresentation()`…) answers for their names while nothing is stored, before the
    /// keys are first used. Nothing is written. Defaults given to ``register(defaults:)`` win.
    public func register(_ keys: Keys...) {
        register(keys)
    }

    /// Registers the defaults of `keys`; see ``register(_:)-(Keys...)``.
    public func register(_ keys: [Keys]) {
        state.withLock { state in
            for key in keys {
                state.noteDefault(of: key)
            }
        }
    }

    /// Removes every stored value, in one transaction: every key reads its default again.
    /// Registered defaults stay registered.
    ///
    /// - Complexity: O(n) in the number of stored keys.
    public func removeAll() throws {
        let names = try keys(withPrefix: "")
        try commit(names.map { PendingChange(Change(key: $0, value: nil), nil) })
    }

    /// Removes the stored values of `keys` in one transaction: they read their defaults again.
    public func reset(_ keys: Keys...) throws {
        try reset(keys)
    }

    /// Removes the stored values of `keys` in one transaction.
    public func reset(_ keys: [Keys]) throws {
        var seen: Set<String> = []
        try commit(keys.filter { seen.insert($0.name).inserted }.map { PendingChange(Change(key: $0.name, value: nil), nil) })
    }

    /// Whether `key` reads its default: nothing is stored, or the stored value equals the default.
    /// A stored value that does not decode is not the default (and the error is kept in ``lastError``).
    public func isDefault<Value: Equatable>(_ key: Key<Value>) -> Bool {
        do {
            return try value(for: key) == key.makeDefault()
        } catch {
            record(Self.persistenceError(error, key: key.name))
            return false
        }
    }

    /// The stored bytes of `key`'s default, or `nil` (a `nil` default, or one that does not
    /// encode, recorded in ``lastError``).
    func encodedDefault(of key: Keys) -> Data? {
        do {
            return try key.encodedDefault()
        } catch {
            record(.unencodable(key: key.name, underlying: Self.describe(error)))
            return nil
        }
    }
}

extension StoreState {
    /// Remembers `key` for the string-key API, once per name (the first key of a name wins). Its
    /// default is encoded only when that API asks. The key then remembers this store, so using it
    /// again costs an atomic load, not a lookup in a dictionary as large as the store (a cache miss
    /// per write at 10,000 keys). Entries are never removed, so what a key remembers stays true.
    mutating func noteDefault(of key: Keys) {
        if key.notedBy.load(ordering: .relaxed) == serial { return }
        if keyDefaults[key.name] == nil { keyDefaults[key.name] = key }
        key.notedBy.store(serial, ordering: .relaxed)
    }
}
