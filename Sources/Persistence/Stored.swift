import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A property backed by a ``Store``: `@AppStorage` for any class or struct, not only views.
///
/// ```swift
/// struct Settings {
///     @Stored(.favorites) var favorites               // a declared Key
///     @Stored("userName") var userName = "John Doe"   // a name and a default, as @AppStorage
/// }
/// ```
///
/// Reads are cached by the store; each assignment is durable when it returns. In-place changes
/// (`favorites.insert("two-sum")`) read, change and write back in one step, and are refused (and
/// recorded in ``Store/lastError``) when the stored value could not be read, so that a value that
/// failed to decode is never overwritten by a default. Reading a default never writes it (as
/// SwiftUI's `@AppStorage`; swift-sharing's `@Shared` does write it).
///
/// **In an `@Observable` class**, write `@ObservationIgnored @Stored(…) var x`: the `@Observable`
/// macro and a property wrapper both declare `_x`, which Swift refuses ("invalid redeclaration"),
/// and only a macro of our own could change that (swift-sharing's `@Shared` has the same rule).
/// Nothing else is needed: `@Stored` takes part in Observation itself, so `withObservationTracking`
/// and SwiftUI notice every change of the value, whether made through this property, any other
/// path to the store, or another process (seen within a fraction of a second: once read, the
/// property keeps an observer on its key, which polls shared stores while the property lives).
@propertyWrapper
public struct Stored<Value> {
    /// The key the value lives under.
    public let key: Key<Value>
    /// The store the value lives in.
    public let store: Store
    private let observation: StoredObservation

    /// A property stored under `key` in `store` (default: ``Store/shared``).
    public init(_ key: Key<Value>, store: Store? = nil) {
        self.key = key
        self.store = store ?? .shared
        self.observation = StoredObservation.shared(store: self.store, key: key)
    }

    /// A `Codable` property stored under `name`, with the property's initial value as its default.
    public init(wrappedValue: Value, _ name: String, store: Store? = nil) where Value: Codable {
        self.init(Key(name: name, makeDefault: { wrappedValue }, coder: .codable(name: name)), store: store)
    }

    /// A `RawRepresentable` property stored as its `String` raw value.
    public init(wrappedValue: Value, _ name: String, store: Store? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(Key(name: name, makeDefault: { wrappedValue }, coder: .raw(name: name)), store: store)
    }

    /// A `RawRepresentable` property stored as its `Int` raw value.
    public init(wrappedValue: Value, _ name: String, store: Store? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(Key(name: name, makeDefault: { wrappedValue }, coder: .raw(name: name)), store: store)
    }

    /// A `Codable` and `RawRepresentable` (by `String`) property, stored as its raw value, as
    /// `@AppStorage` stores it.
    public init(wrappedValue: Value, _ name: String, store: Store? = nil)
    where Value: RawRepresentable & Codable, Value.RawValue == String {
        self.init(Key(name: name, makeDefault: { wrappedValue }, coder: .raw(name: name)), store: store)
    }

    /// A `Codable` and `RawRepresentable` (by `Int`) property, stored as its raw value.
    public init(wrappedValue: Value, _ name: String, store: Store? = nil)
    where Value: RawRepresentable & Codable, Value.RawValue == Int {
        self.init(Key(name: name, makeDefault: { wrappedValue }, coder: .raw(name: name)), store: store)
    }

    /// An optional property (`@Stored("avatar") var avatar: Data?`) whose default is `nil`.
    public init<Wrapped>(_ name: String, store: Store? = nil) where Value == Wrapped?, Wrapped: Codable {
        self.init(Key(name: name, makeDefault: { nil }, coder: .codable(name: name)), store: store)
    }

    /// The stored value, or the default.
    public var wrappedValue: Value {
        get {
            observation.access()
            return store[key]
        }
        nonmutating set { store[key] = newValue }
        nonmutating _modify { yield &store[key] }
    }

    /// The wrapper itself: `$favorites.store`, `$favorites.key`, `$favorites.updates`.
    public var projectedValue: Stored<Value> { self }
}

extension Stored where Value: Sendable {
    /// The current value, then each new one (from this process or another).
    public var updates: AsyncStream<Value> { store.updates(for: key) }
}

#if !canImport(SwiftUI)
/// SwiftUI's name for ``Stored``, so code written for `@AppStorage` compiles unchanged where SwiftUI
/// does not exist (`@AppStorage("userName") var userName = "John Doe"`).
public typealias AppStorage = Stored
#endif

extension Store {
    private static let sharedStore = Mutex<Store?>(nil)

    /// The store that `@Stored` properties use when none is given: set it once at start-up. If it
    /// was never set, it is opened at ``standardPath(application:environment:)`` for this process's
    /// name; if that fails, it is a memory store, and the reason is in its ``lastError`` and on stderr.
    public static var shared: Store {
        get {
            sharedStore.withLock { shared in
                if let shared { return shared }
                let store: Store
                do {
                    store = try .standard(application: ProcessInfo.processInfo.processName)
                } catch {
                    store = .memory()
                    let failure = persistenceError(error, key: "")
                    store.record(failure)
                    let warning = Array("warning: \(failure); values are kept in memory only\n".utf8)
                    _ = warning.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                }
                shared = store
                return store
            }
        }
        set {
            // The store replaced is released after the lock: its deinit saves what it still holds,
            // which runs observers, and they may read `Store.shared`.
            let replaced = sharedStore.withLock { shared -> Store? in
                defer { shared = newValue }
                return shared
            }
            withExtendedLifetime(replaced) {}
        }
    }
}
