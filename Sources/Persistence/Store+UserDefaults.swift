import FoundationEssentials

/// The `UserDefaults`-shaped string-key API, so that code written for `UserDefaults` ports by
/// changing one line. Values are stored exactly as the typed API stores them, so a value written
/// with `set(_:forKey:)` reads back through a ``Key`` of the matching type, and the other way round.
///
/// The getters never throw: like `UserDefaults`, they answer `nil`, `0` or `false` when nothing
/// usable is stored. When something *is* stored but cannot be read, the error is kept in
/// ``Store/lastError``.
extension Store {
    /// Stores a property-list value (`Bool`, integers, `Double`, `Float`, `String`, `Data`, `Date`,
    /// `URL`, `UUID`, and arrays or dictionaries of them) under `name`; `nil` removes it.
    public func set(_ value: Any?, forKey name: String) {
        do {
            let raw = try value.map { try PropertyListJSON.encode($0, key: name) }
            try commit([PendingChange(Change(key: name, value: raw), nil)])
        } catch {
            record(Self.persistenceError(error, key: name))
        }
    }

    /// Removes the value stored under `name`.
    public func removeObject(forKey name: String) {
        set(nil, forKey: name)
    }

    /// Values returned when nothing is stored under a key (not written to the store).
    public func register(defaults: [String: Any]) {
        var encoded: [String: Data] = [:]
        for (name, value) in defaults {
            do {
                encoded[name] = try PropertyListJSON.encode(value, key: name)
            } catch {
                record(Self.persistenceError(error, key: name))
            }
        }
        state.withLock { $0.registered.merge(encoded) { $1 } }
    }

    /// The stored (or registered) value under `name` as a property-list object: numbers as
    /// `Int`/`Double`, strings, booleans, dates, arrays and dictionaries. An infinite or NaN number
    /// is stored as the string `"Infinity"`, `"-Infinity"` or `"NaN"` (JSON has no number for it)
    /// and is answered as that string here; ``double(forKey:)`` reads it as the number.
    public func object(forKey name: String) -> Any? {
        guard let raw = rawOrRegistered(name) else { return nil }
        do {
            return try PropertyListJSON.object(from: raw)
        } catch {
            record(.undecodable(key: name, underlying: Self.describe(error)))
            return nil
        }
    }

    /// The string under `name`; numbers are converted to their text, as `UserDefaults` does.
    public func string(forKey name: String) -> String? {
        switch object(forKey: name) {
        case let string as String: string
        case let number as Int: String(number)
        case let number as Double: number.description
        case let flag as Bool: flag ? "1" : "0"
        default: nil
        }
    }

    /// The integer under `name`, or 0. Strings holding a number and booleans convert.
    public func integer(forKey name: String) -> Int {
        switch object(forKey: name) {
        case let number as Int: number
        case let number as Double: Self.truncated(number)
        case let flag as Bool: flag ? 1 : 0
        case let string as String: Int(string) ?? Double(string).map(Self.truncated) ?? 0
        default: 0
        }
    }

    /// The double under `name`, or 0. A stored `Float` answers the `Double` it widens to, as in
    /// `UserDefaults`; infinities and NaN read back as stored.
    public func double(forKey name: String) -> Double {
        if let raw = rawOrRegistered(name), let number = FloatingJSON.decode(raw) { return number }
        return switch object(forKey: name) {
        case let number as Int: Double(number)
        case let number as Double: number
        case let flag as Bool: flag ? 1 : 0
        case let string as String: Double(string) ?? 0
        default: 0
        }
    }

    /// `number` without its fraction, as `NSNumber.intValue` answers; 0 when no `Int` holds it.
    private static func truncated(_ number: Double) -> Int {
        Int(exactly: number.rounded(.towardZero)) ?? 0
    }

    /// The float under `name`, or 0.
    public func float(forKey name: String) -> Float {
        Float(double(forKey: name))
    }

    /// The Boolean under `name`, or `false`. Numbers are true when non-zero; the strings "true",
    /// "yes" and "1" are true, as in `UserDefaults`.
    public func bool(forKey name: String) -> Bool {
        switch object(forKey: name) {
        case let number as Int: number != 0
        case let number as Double: number != 0
        case let flag as Bool: flag
        case let string as String: ["true", "yes", "1"].contains(string.lowercased())
        default: false
        }
    }

    /// The date under `name`: one stored with `set(date, forKey:)` or a `Key<Date>` (a plain number
    /// counts as seconds since 2001-01-01, the form dates had before they were tagged).
    public func date(forKey name: String) -> Date? {
        guard let raw = rawOrRegistered(name) else { return nil }
        return DateJSON.decode(raw)
    }

    /// The data under `name` (stored as base64 text).
    public func data(forKey name: String) -> Data? {
        guard let string = object(forKey: name) as? String else { return nil }
        return Data(base64Encoded: string)
    }

    /// The URL under `name`, exactly as it was written (`https://example.com/x` stays that).
    public func url(forKey name: String) -> URL? {
        guard let string = object(forKey: name) as? String else { return nil }
        return URL(string: string)
    }

    /// The array under `name`.
    public func array(forKey name: String) -> [Any]? {
        object(forKey: name) as? [Any]
    }

    /// The array of strings under `name`, if every element is a string.
    public func stringArray(forKey name: String) -> [String]? {
        object(forKey: name) as? [String]
    }

    /// The dictionary under `name`.
    public func dictionary(forKey name: String) -> [String: Any]? {
        object(forKey: name) as? [String: Any]
    }

    /// Every stored key with its value (and the registered defaults of the keys not stored), as
    /// property-list objects. Entries that cannot be read are left out and recorded in ``lastError``.
    public func dictionaryRepresentation() -> [String: Any] {
        var result: [String: Any] = [:]
        let (registered, keys) = state.withLock { ($0.registered, Array($0.keyDefaults.values)) }
        do {
            var raws: [String: Data] = [:]
            for key in keys {
                raws[key.name] = encodedDefault(of: key)
            }
            raws.merge(registered) { $1 }
            for entry in try backend.read(keysWithPrefix: "") {
                raws[entry.key] = entry.value
            }
            for (name, raw) in raws {
                do {
                    result[name] = try PropertyListJSON.object(from: raw)
                } catch {
                    record(.undecodable(key: name, underlying: Self.describe(error)))
                }
            }
        } catch {
            record(Self.persistenceError(error, key: ""))
        }
        return result
    }

    private func rawOrRegistered(_ name: String) -> Data? {
        do {
            let (raw, key) = try state.withLock { state in
                (try currentEntry(for: name, in: &state).raw ?? state.registered[name], state.keyDefaults[name])
            }
            return raw ?? key.flatMap(encodedDefault(of:))
        } catch {
            record(Self.persistenceError(error, key: name))
            return nil
        }
    }
}

/// Encodes property-list values the way the typed API encodes the same types, so both APIs share
/// one stored format.
enum PropertyListJSON {
    /// The property-list object stored in `raw`: numbers as `Int` (when one holds them) or
    /// `Double`, `{"$date": …}` objects as `Date`s, and `nil` for JSON's `null` (kept as an
    /// `Optional<Any>.none` inside arrays and dictionaries).
    static func object(from raw: Data) throws -> Any? {
        switch try JSONValue(parsing: raw) {
        case .null: nil
        case let value: object(from: value)
        }
    }

    private static func object(from value: JSONValue) -> Any {
        switch value {
        case .null: return Optional<Any>.none as Any
        case .bool(let flag): return flag
        case .number(let text):
            if let integer = Int(text) { return integer }
            return Double(text) ?? 0
        case .string(let text): return text
        case .array(let elements): return elements.map(object(from:))
        case .object(let members):
            if members.count == 1, let tagged = members[DateJSON.tag], let date = DateJSON.date(fromTagged: tagged) {
                return date
            }
            return members.mapValues(object(from:))
        }
    }

    static func encode(_ value: Any, key: String) throws -> Data {
        do {
            switch value {
            // Before `Double`: Foundation's `NSNumber` of a Bool or an integer casts to `Double` too.
            case let value as Bool: return Data((value ? "true" : "false").utf8)
            case let value as Int: return Data(String(value).utf8)
            case let value as Double: return FloatingJSON.encode(value)
            case let value as Float: return FloatingJSON.encode(Double(value))
            case let value as Date: return DateJSON.encode(value)
            case let value as any BinaryInteger: return Data(String(describing: value).utf8)
            case let values as [Any]:
                let parts = try values.map { try encode($0, key: key) }
                return Data("[".utf8) + Data(parts.joined(separator: Data(",".utf8))) + Data("]".utf8)
            case let values as [String: Any]:
                let parts = try values.sorted { $0.key < $1.key }.map { entry in
                    try JSONCoders.encoder.encode(entry.key) + Data(":".utf8) + encode(entry.value, key: key)
                }
                return Data("{".utf8) + Data(parts.joined(separator: Data(",".utf8))) + Data("}".utf8)
            // Bool, String, Data (base64), URL, UUID and other Codable values.
            case let value as any Encodable:
                return try JSONCoders.encoder.encode(value)
            default:
                throw CodingFailure(description: "\(type(of: value)) is not a property-list type")
            }
        } catch let error as CodingFailure {
            throw PersistenceError.unencodable(key: key, underlying: error.description)
        } catch {
            throw PersistenceError.unencodable(key: key, underlying: Store.describe(error))
        }
    }
}
