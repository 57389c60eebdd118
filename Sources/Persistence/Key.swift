import FoundationEssentials
import Synchronization

/// The namespace for typed keys. Declare keys once, with their type and default, in an extension:
///
/// ```swift
/// extension Keys {
///     static let favorites = Key<Set<String>>("favorites", default: [])
/// }
/// store[.favorites].insert("two-sum")
/// ```
///
/// `Keys` is the superclass of every ``Key`` so that `.favorites` resolves as an implicit member
/// wherever a `Key<Set<String>>` is expected (the pattern sindresorhus/Defaults uses).
///
/// Keys are equal, and hash alike, when their names are equal, whatever their value types: a name
/// is one stored value.
open class Keys: Hashable, @unchecked Sendable {
    // @unchecked: `name` is immutable and `notedBy` is atomic.

    /// The name the value is stored under.
    public let name: String
    /// The serial number of the last store that noted this key's default (see
    /// `StoreState.noteDefault(of:)`), so that a write need not look the key up again.
    let notedBy = Atomic<UInt64>(0)

    init(name: String) {
        self.name = name
    }

    public static func == (lhs: Keys, rhs: Keys) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The default's stored bytes (`nil` for a `nil` default), for the string-key API.
    func encodedDefault() throws -> Data? { nil }
}

/// A typed key: its name, its value type and its default.
///
/// `Value` may be any `Codable` type (struct, enum, final class, `@Observable` class, collections,
/// optionals) or a `RawRepresentable` type whose raw value is a `String` or an `Int` (stored as its
/// raw value, exactly as `UserDefaults` stored it, so existing data keeps reading).
public final class Key<Value>: Keys, @unchecked Sendable {
    // @unchecked: all stored properties are immutable, and `makeDefault` only builds a fresh value.

    let makeDefault: () -> Value
    let coder: ValueCoder<Value>
    /// Whether `Value` is a class. A value of any other type (struct, enum, optional) is never an
    /// object to track and is always cached decoded, so `set` can skip asking each value.
    let valueIsClass = Value.self is AnyObject.Type

    /// The value read when nothing is stored under this key.
    public var defaultValue: Value { makeDefault() }

    init(name: String, makeDefault: @escaping () -> Value, coder: ValueCoder<Value>) {
        self.makeDefault = makeDefault
        self.coder = coder
        super.init(name: name)
    }

    override func encodedDefault() throws -> Data? {
        try coder.encode(makeDefault())
    }

    /// A key for a `Codable` value.
    ///
    /// The default is an autoclosure, evaluated whenever the default is needed: a class default
    /// (`default: Settings()`) is created afresh each time rather than shared between threads.
    /// Write the default as an expression that builds a value, not as a reference to shared state.
    public convenience init(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value: Codable {
        self.init(name: name, makeDefault: defaultValue, coder: .codable(name: name))
    }

    /// A key for a `Codable` value that has a faster reader of its stored JSON than `JSONDecoder`.
    ///
    /// `read` gives the value for the stored bytes, or `nil` for bytes it does not understand,
    /// which `JSONDecoder` then decodes (and, when they do not decode, names the error of). For
    /// every input it accepts, `read` must give what `JSONDecoder` would. Writes are unchanged.
    ///
    /// ```swift
    /// let record = Key<Record>("record.7", default: Record(), reading: RecordReader.record(from:))
    /// ```
    public convenience init(
        _ name: String, default defaultValue: @autoclosure @escaping () -> Value, reading read: @escaping @Sendable (Data) -> Value?
    ) where Value: Codable {
        var coder = ValueCoder<Value>.codable(name: name)
        let decode = coder.decode
        coder.decode = { data in
            if let value = read(data) { return value }
            return try decode(data)
        }
        self.init(name: name, makeDefault: defaultValue, coder: coder)
    }

    /// A key for a `RawRepresentable` value stored as its `String` raw value.
    public convenience init(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .raw(name: name))
    }

    /// A key for a `RawRepresentable` value stored as its `Int` raw value.
    public convenience init(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .raw(name: name))
    }

    /// A key for a type that is both `Codable` and `RawRepresentable` by `String` (the
    /// "RawRepresentable + Codable class" pattern of `@AppStorage`): stored as its raw value, so data
    /// written by `UserDefaults` reads back unchanged.
    public convenience init(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value: RawRepresentable & Codable, Value.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .raw(name: name))
    }

    /// A key for a type that is both `Codable` and `RawRepresentable` by `Int`: stored as its raw value.
    public convenience init(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value: RawRepresentable & Codable, Value.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .raw(name: name))
    }

    /// A key for an optional `Codable` value whose default is `nil`. Setting `nil` removes the key.
    ///
    /// An optional key may also have a default that is not `nil` (`Key<String?>("nick", default:
    /// "anon")`): storing `nil` in it removes the stored value, like ``Store/removeValue(for:)``,
    /// so reads answer the default again, not `nil`. Give the key a `nil` default to store "nothing".
    public convenience init<Wrapped>(_ name: String) where Value == Wrapped?, Wrapped: Codable {
        self.init(name: name, makeDefault: { nil }, coder: .codable(name: name))
    }
}
