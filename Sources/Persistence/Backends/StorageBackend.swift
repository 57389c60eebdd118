import FoundationEssentials

/// One change of a key: new bytes, or `nil` to remove it.
public struct Change: Sendable {
    /// The key's name.
    public let key: String
    /// The stored bytes (UTF-8 JSON text), or `nil` when the key is removed.
    public let value: Data?

    /// A change of `key` to `value` (`nil` removes it).
    public init(key: String, value: Data?) {
        self.key = key
        self.value = value
    }
}

extension Change {
    /// Lends `body` the new bytes (`nil` for a removal) in place.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        guard let value else { return try body(nil) }
        return try value.withUnsafeBytes { try body($0) }
    }
}

/// Reads inside a backend transaction, which sees the transaction's own state.
public protocol BackendReader {
    /// The bytes stored under `key`, or `nil`.
    func read(_ key: String) throws -> Data?
    /// All entries whose key starts with `prefix` (all entries for `""`), sorted by key as bytes.
    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)]
    /// Calls `body` with each entry whose key starts with `prefix`, sorted by key, as borrowed
    /// bytes (valid only during the call), until it returns false; `body` must not call the backend.
    func visit(
        keysWithPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws
    /// How many writes `namespace` has had from outside this library (another program, an older
    /// build, a hand edit), as this reader sees them, or `nil` when the backend cannot count them
    /// (see ``Store/outsideWriteCount(forNamespace:)``).
    func outsideWriteCount(forNamespace namespace: String) throws -> Int?
}

extension BackendReader {
    /// The entries ``read(keysWithPrefix:)`` gives, lent one by one: backends that hold their
    /// entries in memory have nothing to save by reading them in place.
    public func visit(
        keysWithPrefix prefix: String, _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        for (key, value) in try read(keysWithPrefix: prefix) {
            var key = key
            let goesOn = try key.withUTF8 { key in
                try value.withUnsafeBytes { value in try body(UnsafeRawBufferPointer(key), value) }
            }
            if !goesOn { return }
        }
    }

    /// Backends that cannot see outside writers (a hand-edited file, a server we do not count on
    /// yet) say so rather than give a number that a hand edit could make wrong.
    public func outsideWriteCount(forNamespace namespace: String) throws -> Int? { nil }
}

/// Where a ``Store`` keeps its bytes: the one protocol a new backend implements, then hands to
/// ``Store/init(backend:)``. The store adds caching, coding, observation and notices on top.
///
/// Implementations serialise their own state and are safe to call from any thread. Their
/// contract, which the package's conformance tests check for every backend:
/// - reads see every write that returned (``read(_:)``, ``read(keysWithPrefix:)`` sorted by
///   key bytes);
/// - ``write(_:)`` and ``transaction(_:)`` apply all their changes, durably, or none;
/// - a transaction is exclusive: no other writer runs between its reads and its changes;
/// - a key with a NUL byte is refused (``KeyCheck``'s rule: see ``PersistenceError/invalidKey(key:reason:)``).
///
/// A backend that other processes can change also reports their commits
/// (``changesByOthers()``), and may say when to look (``watchChangesByOthers(_:)``); one
/// that cannot is polled while the store is observed. See `Tests/PersistenceTests/ExampleBackend.swift`
/// for a small complete backend.
public protocol StorageBackend: BackendReader, Sendable {
    /// The file behind the store, if any.
    var path: String? { get }

    /// Applies all changes in one atomic, durable transaction.
    func write(_ changes: [Change]) throws

    /// Applies one change durably (the common case: a backend may skip the general path's work).
    func write(_ change: Change) throws

    /// Runs `body` inside one exclusive transaction (no other writer, in this or another process,
    /// runs meanwhile) and applies the changes it returns atomically; nothing is applied if it throws.
    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T

    /// Whether other processes or machines can change this store behind our back. When true and
    /// ``watchChangesByOthers(_:)`` gives no watch, the store polls ``changesByOthers()`` while
    /// someone observes it. Default: false (a store only this process sees).
    var isShared: Bool { get }

    /// The changes other writers (another process, another store on the same file) committed
    /// since the last call, in commit order, with ``StoreChange/origin`` `.outside`; `nil` when
    /// there are none. A backend that knows something changed but not what says so with
    /// ``StoreChange/isComplete`` false. Called before every cached read, so it must be as cheap
    /// as the medium allows: a few memory loads for SQLite, a `stat` for a file. Default: `nil`.
    func changesByOthers() throws -> StoreChange?

    /// Other writers' changes that this backend met while making its own last write or
    /// transaction, all committed before it (the store tells them before its own change), or
    /// `nil`. Called right after each write, under the store's lock. Default: `nil`.
    func changesByOthersBeforeLastWrite() throws -> StoreChange?

    /// Calls `handler` (on any thread) soon after another writer may have committed, until the
    /// token is cancelled: the store then asks ``changesByOthers()``. `nil` when the backend has
    /// no such signal (the store then polls it, if ``isShared``). Default: `nil`.
    func watchChangesByOthers(_ handler: @escaping @Sendable () -> Void) -> ObservationToken?
}

extension StorageBackend {
    public func write(_ change: Change) throws {
        try write([change])
    }

    public var isShared: Bool { false }

    public func changesByOthers() throws -> StoreChange? { nil }

    public func changesByOthersBeforeLastWrite() throws -> StoreChange? { nil }

    public func watchChangesByOthers(_ handler: @escaping @Sendable () -> Void) -> ObservationToken? { nil }
}

/// A reader over an in-memory dictionary of entries: the memory backend's state, or the file
/// backend's loaded document.
struct DictionaryReader: BackendReader {
    let entries: [String: Data]
    /// Whether nothing but this library writes the entries (memory): outside writes count 0; else
    /// they cannot be counted (a file that people edit by hand).
    var hasNoOutsideWriters = false

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        return entries[key]
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try KeyCheck.validate(prefix)
        return entries.filter { $0.key.hasPrefix(prefix) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { (key: $0.key, value: $0.value) }
    }

    func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
        hasNoOutsideWriters ? 0 : nil
    }
}

/// The write counts' namespaces: a key's text up to and including its first ".", or "" for a key
/// without one. The SQLite triggers compute the same with `substr(key, 1, instr(key, '.'))`.
enum Namespace {
    static func of(_ key: String) -> String {
        // Cut after the dot's byte, not its `Character`: SQLite counts code points, and a combining
        // mark after the dot (".\u{301}") belongs to the rest of the key there.
        guard let dot = key.utf8.firstIndex(of: UInt8(ascii: ".")) else { return "" }
        return String(decoding: key.utf8[...dot], as: UTF8.self)
    }

    /// Refuses what no key has as its namespace ("progress" without its dot, "a.b."): such a count
    /// would read 0 forever and hide the caller's mistake.
    static func validate(_ namespace: String) throws {
        try KeyCheck.validate(namespace)
        guard namespace.isEmpty || of(namespace).utf8.count == namespace.utf8.count else {
            throw PersistenceError.invalidKey(
                key: namespace,
                reason: "it is not a namespace: a namespace is a key's text up to and including its first"
                    + " \".\" (\"progress.\" for \"progress.two-sum\"), or \"\" for keys without a \".\"")
        }
    }
}

/// Keys are refused, in every backend, when a backend could not keep them exactly: a NUL byte ends
/// a C string (SQLite's text functions, libpq) and PostgreSQL's `text` cannot hold one at all, so
/// `progress.a\0b` would silently become `progress.a` and overwrite another record.
public enum KeyCheck {
    /// Throws ``PersistenceError/invalidKey(key:reason:)`` for a key no backend can keep exactly.
    public static func validate(_ key: String) throws {
        // Through the contiguous bytes: `utf8.contains` steps through the view's index machinery.
        if key.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) ?? key.utf8.contains(0) {
            throw PersistenceError.invalidKey(key: key, reason: "it contains a NUL character (\\0)")
        }
    }

    /// Checks every change's key (see ``validate(_:)``).
    public static func validate(_ changes: [Change]) throws {
        for change in changes { try validate(change.key) }
    }
}
