import FoundationEssentials
import Synchronization

extension Store {
    /// The value stored under `key`, or its default when nothing is stored.
    ///
    /// - Complexity: O(1) and no I/O when the value is cached and no other process wrote since.
    /// - Throws: ``PersistenceError/undecodable(key:underlying:)`` when the stored bytes do not
    ///   decode as `Value`; they are left untouched.
    public func value<Value>(for key: Key<Value>) throws -> Value {
        var hasUntracked = false
        let (box, isNew) = try state.withLock { state -> (UncheckedBox<Value>, Bool) in
            var entry = try currentEntry(for: key.name, in: &state, needsBytes: false)
            // Unwrap the box first: `nil as? Value` would succeed when Value is itself optional.
            if let box = entry.decoded, let decoded = box.value as? Value {
                hasUntracked = !state.untrackedObjects.isEmpty && state.untrackedObjects[key.name] != nil
                return (UncheckedBox(decoded), false)
            }
            // Another type's value under this name: its bytes are decoded as this one.
            if !entry.bytesKept { entry = try currentEntry(for: key.name, in: &state) }
            state.noteDefault(of: key)
            guard let raw = entry.raw ?? state.registered[key.name] else {
                let value = key.makeDefault()
                if Self.isObservableObject(value) {
                    state.cache[key.name] = CacheEntry(raw: nil, decoded: UncheckedBox(value))
                }
                return (UncheckedBox(value), true)
            }
            let value = try decode(raw, for: key)
            if entry.raw != nil {
                state.cache[key.name] = CacheEntry(raw: raw, decoded: Self.cacheable(value))
            }
            return (UncheckedBox(value), true)
        }
        if isNew { trackIfObservable(box.value, for: key) } else if hasUntracked { saveUntrackedChanges(forKey: key.name) }
        return box.value
    }

    /// Stores `value` under `key`. The value is on disk when this returns. Storing `nil` in an
    /// optional key removes it, so the key reads its default again (`nil` unless the key has another).
    public func set<Value>(_ value: Value, for key: Key<Value>) throws {
        if !key.valueIsClass {
            // The dynamic type of a value that is not a class is `Value` itself: no object to track.
            guard let lend = key.coder.lend, lendingBackend != nil else {
                return try commit(key.name, try encode(value, for: key), UncheckedBox(value), defaultOf: key)
            }
            // The encoder lends its bytes to the backend: no `Data` is made for them. The
            // observers are called once the bytes are given back (their own writes may encode).
            var deliveries: [UncheckedBox<() -> Void>] = []
            var encoded = false
            do {
                try lend(value) { bytes in
                    encoded = true
                    deliveries = try commitLocked(key.name, bytes.map(CommittedBytes.lent) ?? .removed, UncheckedBox(value), defaultOf: key)
                }
            } catch where !encoded {
                throw PersistenceError.unencodable(key: key.name, underlying: Self.describe(error))
            }
            for delivery in deliveries { delivery.value() }
            return
        }
        let data = try encodeTrackingIfObservable(value, for: key)
        try commit(key.name, data, Self.cacheable(value), defaultOf: key)
    }

    /// Removes the value stored under `key`; reads return the default again.
    public func removeValue<Value>(for key: Key<Value>) throws {
        try commit(key.name, nil, nil, defaultOf: key)
    }

    /// Whether a value is stored under `name` (registered defaults do not count).
    public func containsValue(forKey name: String) throws -> Bool {
        try state.withLock { try currentEntry(for: name, in: &$0).raw != nil }
    }

    /// The stored bytes (UTF-8 JSON text) under `name`, whether or not they decode: the way to
    /// recover a value that ``PersistenceError/undecodable(key:underlying:)`` reported.
    public func rawValue(forKey name: String) throws -> Data? {
        try state.withLock { try currentEntry(for: name, in: &$0).raw }
    }

    /// Every stored entry whose key starts with `prefix`, decoded as `Value`, sorted by key.
    ///
    /// - Complexity: one range query over the key index; O(k) for k matching entries.
    /// - Throws: ``PersistenceError/undecodable(key:underlying:)`` naming the first entry that does
    ///   not decode (nothing is skipped silently).
    public func values<Value: Decodable>(withKeyPrefix prefix: String, as type: Value.Type = Value.self) throws
        -> [(key: String, value: Value)]
    {
        try decodeEntries(try backend.read(keysWithPrefix: prefix), as: type)
    }

    /// Every stored entry whose key starts with `prefix`, as its stored bytes (UTF-8 JSON text),
    /// sorted by key: for callers that decode many records with their own, faster reader.
    ///
    /// - Complexity: one range query over the key index; O(k) for k matching entries.
    public func rawValues(withKeyPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try backend.read(keysWithPrefix: prefix)
    }

    /// Lends `body` every stored entry whose key starts with `prefix`, sorted by key, as the key's
    /// UTF-8 bytes and the value's stored bytes (UTF-8 JSON text), without copying them: for
    /// callers that read many entries and keep little of each. The bytes are valid only during
    /// the call that lends them.
    ///
    /// `body` must not use this store: it runs while the store reads (a SQLite store's connection
    /// stays busy), and a call back into the store would wait for itself.
    ///
    /// - Complexity: one range query over the key index; O(k) for k matching entries, with no
    ///   allocation per entry on SQLite.
    public func forEachRawValue(
        withKeyPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try backend.visit(keysWithPrefix: prefix) { key, value in
            try body(key, value)
            return true
        }
    }

    /// As ``forEachRawValue(withKeyPrefix:_:)``, while `body` returns true: the entries after
    /// the first for which it returns false are not read. For the first entries of an index whose
    /// keys sort as it is read (a queue of review cards by due time), without the rest of it.
    ///
    /// - Complexity: one range query over the key index, O(k) for the k entries lent.
    public func visitRawValues(
        withKeyPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try backend.visit(keysWithPrefix: prefix, body)
    }

    /// The keys that start with `prefix`, sorted.
    public func keys(withPrefix prefix: String) throws -> [String] {
        try backend.read(keysWithPrefix: prefix).map(\.key)
    }

    /// The value under `key`, or its default. A value that does not decode also gives the default,
    /// and the error is kept in ``lastError``; an in-place change (`store[.list].append(x)`) of a
    /// value that did not decode is refused (and recorded) so that it cannot overwrite the stored
    /// bytes. Assign a whole new value to overwrite them on purpose.
    public subscript<Value>(key: Key<Value>) -> Value {
        get {
            do {
                return try value(for: key)
            } catch {
                record(Self.persistenceError(error, key: key.name))
                return key.makeDefault()
            }
        }
        set {
            do {
                try set(newValue, for: key)
            } catch {
                record(Self.persistenceError(error, key: key.name))
            }
        }
        _modify {
            let current: Value
            var readFailed = false
            do {
                current = try value(for: key)
            } catch {
                record(Self.persistenceError(error, key: key.name))
                current = key.makeDefault()
                readFailed = true
            }
            var value = current
            yield &value
            if readFailed { return }
            do {
                try set(value, for: key)
            } catch {
                record(Self.persistenceError(error, key: key.name))
            }
        }
    }

    // MARK: - Internals shared by the typed, string-key and transaction APIs

    /// The cache entry for `name`, read from the backend when missing or stale, and with its bytes
    /// (read again if the entry kept only the value) unless the caller uses only a decoded value.
    func currentEntry(for name: String, in state: inout StoreState, needsBytes: Bool = true) throws -> CacheEntry {
        try absorbChangesByOthers(in: &state)
        if var entry = state.cache[name] {
            guard entry.needsCheck || (needsBytes && !entry.bytesKept) else { return entry }
            // One read serves both: the bytes of an entry that kept only its value, and the check of
            // one whose object must match the store's bytes (an entry without its bytes cannot show
            // that it does: its value is decoded afresh).
            let raw = try backend.read(name)
            if !entry.needsCheck {
                entry = CacheEntry(raw: raw, decoded: raw == nil ? nil : entry.decoded)
            } else if entry.bytesKept, raw == entry.raw {
                entry.needsCheck = false
            } else {
                entry = CacheEntry(raw: raw, decoded: nil)  // Changed elsewhere: a new object is decoded.
            }
            state.cache[name] = entry
            return entry
        }
        let entry = CacheEntry(raw: try backend.read(name), decoded: nil)
        state.cache[name] = entry
        return entry
    }

    /// The value to keep decoded in the cache, or `nil` to keep only its bytes. Values and
    /// `@Observable` objects (whose changes are saved) are kept; any other object is decoded afresh
    /// at each read, since a change made to it in place is not saved and must not show up in reads
    /// as if it were.
    static func cacheable<Value>(_ value: Value) -> UncheckedBox<Any>? {
        if type(of: value) is AnyObject.Type && !isObservableObject(value) { return nil }
        return UncheckedBox(value)
    }

    func decode<Value>(_ raw: Data, for key: Key<Value>) throws -> Value {
        do {
            return try key.coder.decode(raw)
        } catch {
            throw PersistenceError.undecodable(key: key.name, underlying: Self.describe(error))
        }
    }

    func encode<Value>(_ value: Value, for key: Key<Value>) throws -> Data? {
        do {
            return try key.coder.encode(value)
        } catch {
            throw PersistenceError.unencodable(key: key.name, underlying: Self.describe(error))
        }
    }

    /// Writes `changes` atomically, updates the cache, and tells this process's observers.
    func commit(_ changes: [PendingChange]) throws {
        let deliveries = try state.withLock { state -> [UncheckedBox<() -> Void>] in
            try backend.write(changes.map(\.change))
            return applyCommitted(changes, to: &state)
        }
        for delivery in deliveries { delivery.value() }
    }

    /// Writes one change, `value` under `name` with its `decoded` value for the cache:
    /// ``commit(_:)`` without its arrays, for a single `set`.
    private func commit(_ name: String, _ value: Data?, _ decoded: consuming UncheckedBox<Any>?, defaultOf key: Keys) throws {
        let deliveries = try commitLocked(name, CommittedBytes(value), decoded, defaultOf: key)
        for delivery in deliveries { delivery.value() }
    }

    /// Writes `bytes` under `name` and updates the cache, under the lock; returns the observer
    /// calls to make once the lock is released.
    private func commitLocked(
        _ name: String, _ bytes: CommittedBytes, _ decoded: consuming UncheckedBox<Any>?, defaultOf key: Keys
    ) throws -> [UncheckedBox<() -> Void>] {
        try state.withLock { state -> [UncheckedBox<() -> Void>] in
            state.noteDefault(of: key)
            switch bytes {
            case .lent(let lent):
                // `set` lends only to SQLite; were there none, the bytes would be written as a `Data`.
                if try lendingBackend?.write(key: name, bytes: lent) == nil {
                    try backend.write(Change(key: name, value: Data(lent)))
                }
            case .kept(let data): try backend.write(Change(key: name, value: data))
            case .removed: try backend.write(Change(key: name, value: nil))
            }
            var deliveries: [UncheckedBox<() -> Void>] = []
            queueChangesByOthersBeforeOwnWrite(in: &state, to: &deliveries) { $0 == name }
            // The decoded value moves on to the cache: a copy of it is slow (the runtime's generic
            // Optional copy) and the change has no other use for it.
            applyCommitted(name, bytes, decoded.take(), to: &state, deliveries: &deliveries)
            if !state.changeObservers.isEmpty {
                appendChangeObservers(of: state, StoreChange(keys: [name], origin: .thisStore), to: &deliveries)
            }
            return deliveries
        }
    }

    /// Updates the cache after `changes` were committed and returns the observer calls to make
    /// once the lock is released: first the outside changes committed before them, then theirs.
    func applyCommitted(
        _ changes: [PendingChange], to state: inout StoreState
    ) -> [UncheckedBox<() -> Void>] {
        var deliveries: [UncheckedBox<() -> Void>] = []
        queueChangesByOthersBeforeOwnWrite(in: &state, to: &deliveries) { key in changes.contains { $0.change.key == key } }
        for pending in changes {
            applyCommitted(pending.change.key, CommittedBytes(pending.change.value), pending.decoded, to: &state, deliveries: &deliveries)
        }
        if !changes.isEmpty && !state.changeObservers.isEmpty {
            appendChangeObservers(of: state, StoreChange(keys: changes.map(\.change.key), origin: .thisStore), to: &deliveries)
        }
        return deliveries
    }

    /// Other writers' commits that the backend met while writing (all before this store's own),
    /// and those a read found: queued before this store's change, in commit order.
    /// The write itself succeeded: a failure to read what others did is recorded, and everything
    /// is then taken as possibly changed, rather than reported as the write's failure.
    private func queueChangesByOthersBeforeOwnWrite(
        in state: inout StoreState, to deliveries: inout [UncheckedBox<() -> Void>], writtenNow: (String) -> Bool
    ) {
        do {
            if let earlier = try backend.changesByOthersBeforeLastWrite() { state.forget(earlier) }
        } catch {
            state.lastError = Self.persistenceError(error, key: "")
            state.forget(.unknownOutside)
        }
        queueUnsentOutsideChange(in: &state, to: &deliveries, writtenNow: writtenNow)
    }

    private func applyCommitted(
        _ name: String, _ bytes: CommittedBytes, _ decoded: consuming UncheckedBox<Any>?, to state: inout StoreState,
        deliveries: inout [UncheckedBox<() -> Void>]
    ) {
        // The object tracked for this key stays tracked only if it is the value just written;
        // an object that was replaced must no longer save itself over the new value.
        if !state.trackedObjects.isEmpty, let tracked = state.trackedObjects[name] {
            let written = decoded.map { $0.value as AnyObject }.map(ObjectIdentifier.init)
            let isObject = decoded.map { Self.isObservableObject($0.value) } ?? false
            if bytes.isRemoval || written != tracked || !isObject {
                state.trackedObjects[name] = nil
            }
        }
        // In registration order (ids grow), so that observers hear one commit in a stable order.
        // (`nil` rather than an empty array: the empty array's retain and release are slow calls.)
        let observers = state.keyObservers.isEmpty
            ? nil : state.keyObservers.filter({ $0.value.name == name }).sorted(by: { $0.key < $1.key })
        // Lent bytes are made into a `Data` only for observers, and then kept too.
        let raw = observers?.isEmpty == false ? bytes.data : nil
        // After its last other use, so that `decoded` moves into the cache rather than being copied.
        switch bytes {
        case .removed: state.cache[name] = CacheEntry(raw: nil, decoded: nil)
        case .kept(let data): state.cache[name] = CacheEntry(raw: data, decoded: decoded)
        // The value is kept; the bytes are read again if asked for.
        case .lent where raw == nil: state.cache[name] = CacheEntry(raw: nil, decoded: decoded, bytesKept: false)
        case .lent: state.cache[name] = CacheEntry(raw: raw, decoded: decoded)
        }
        guard let observers else { return }
        for (id, observer) in observers {
            state.keyObservers[id]?.lastRaw = raw
            deliveries.append(state.queueChange(for: observer, from: observer.lastRaw, to: raw))
        }
    }

    func decodeEntries<Value: Decodable>(_ entries: [(key: String, value: Data)], as type: Value.Type) throws
        -> [(key: String, value: Value)]
    {
        try entries.map { entry in
            do {
                return (key: entry.key, value: try JSONCoders.decoder.decode(Value.self, from: entry.value))
            } catch {
                throw PersistenceError.undecodable(key: entry.key, underlying: Self.describe(error))
            }
        }
    }

    static func persistenceError(_ error: any Error, key: String) -> PersistenceError {
        error as? PersistenceError ?? .undecodable(key: key, underlying: describe(error))
    }

    /// A short, readable account of a coding error (Foundation's descriptions run to paragraphs):
    /// `corrupted data at review.due: …`, `missing field 'status' at the top level`. It is the
    /// reason ``PersistenceError/undecodable(key:underlying:)`` gives, for a caller that decodes
    /// stored bytes itself and reports them alike.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.typeMismatch(type, context):
            return "expected \(kind(of: type)) at \(path(context.codingPath))" + ownDetail(context.debugDescription)
        case let DecodingError.valueNotFound(type, context):
            return "missing \(kind(of: type)) at \(path(context.codingPath))"
        case let DecodingError.keyNotFound(key, context):
            return "missing field '\(key.stringValue)' at \(path(context.codingPath))"
        case let DecodingError.dataCorrupted(context):
            if context.codingPath.isEmpty, context.debugDescription.hasPrefix("The given data was not valid JSON") {
                return "its bytes are not valid JSON"
            }
            let detail = ownDetail(context.debugDescription)
            return "corrupted data at \(path(context.codingPath))" + (detail.isEmpty ? ": the value is not in the expected form" : detail)
        case let EncodingError.invalidValue(_, context):
            let detail = ownDetail(context.debugDescription)
            return "invalid value at \(path(context.codingPath))" + (detail.isEmpty ? ": it has no stored form" : detail)
        default:
            return String(describing: error)
        }
    }

    /// `": " + detail` when `detail` is a message of ours (a type's own `init(from:)` says what is
    /// wrong, in lower case: "90000 is not a time in seconds…"), else nothing: Foundation's own
    /// texts ("Expected to decode Int but found a string instead.", "The given data was not valid
    /// JSON.") begin with a capital and repeat what the sentence already says, in its words.
    private static func ownDetail(_ detail: String) -> String {
        guard let first = detail.first, !first.isUppercase else { return "" }
        return ": " + detail
    }

    /// What a value of `type` is, in words: "a whole number" for `Int`, "text" for `String`.
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is any BinaryFloatingPoint.Type: "a number"
        case is String.Type, is Substring.Type, is Character.Type: "text"
        case is Bool.Type: "true or false"
        default:
            switch String(describing: type) {
            case let name where name.hasPrefix("Array<") || name.hasPrefix("["): "a list"
            case let name where name.hasPrefix("Dictionary<") || name.hasPrefix("Decodable") || name.hasPrefix("KeyedDecodingContainer"): "an object"
            case let name: "a \(name)"
            }
        }
    }

    /// `events[0].seconds`: members joined by dots, array places in brackets (a place's own
    /// name is "Index 0").
    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let place = key.intValue {
                text += "[\(place)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}

/// The bytes a single write commits: lent by the encoder for the call, kept in a `Data`, or none
/// (the key is removed).
enum CommittedBytes {
    case lent(UnsafeRawBufferPointer)
    case kept(Data)
    case removed

    /// Kept `data`, or a removal for `nil`.
    init(_ data: Data?) {
        self = data.map(CommittedBytes.kept) ?? .removed
    }

    var isRemoval: Bool {
        if case .removed = self { true } else { false }
    }

    /// The bytes as a `Data` (made afresh from lent ones), or `nil` for a removal.
    var data: Data? {
        switch self {
        case .lent(let bytes): Data(bytes)
        case .kept(let data): data
        case .removed: nil
        }
    }
}

/// A change about to be committed, with the decoded value to cache (a struct rather than a tuple:
/// arrays of tuples go through the runtime's generic tuple witnesses, slow on the write path).
struct PendingChange {
    let change: Change
    var decoded: UncheckedBox<Any>?

    init(_ change: Change, _ decoded: UncheckedBox<Any>?) {
        self.change = change
        self.decoded = decoded
    }
}
