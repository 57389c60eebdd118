import FoundationEssentials

/// How one key's values become stored bytes and back.
///
/// Every value is stored as UTF-8 JSON text: readable with the `sqlite3` shell, embeddable in the
/// JSON file backend, and stable across platforms. The common scalar types skip `JSONEncoder`
/// (which costs microseconds per call) and write the same text it would.
struct ValueCoder<Value>: @unchecked Sendable {
    // @unchecked: the closures capture nothing but metatypes and other immutable coders, and
    // Foundation's shared JSON coders are thread-safe; metatypes of non-Sendable types are not
    // `Sendable` in Swift 6, which is the only reason the checker cannot prove this.

    /// Returns the bytes to store, or `nil` when the value is `Optional.none` (which removes the key).
    let encode: (Value) throws -> Data?
    var decode: (Data) throws -> Value
    /// For a value the stream writer encodes (any `Codable` that is not a scalar): ``encode``'s
    /// bytes (`nil` for `Optional.none`) lent to the second argument, which must not keep them,
    /// rather than made into a `Data`. `nil` for the scalars, which keep their own coders (their
    /// bytes are short: a number's fit in a `Data` without allocating).
    var lend: ((Value, (UnsafeRawBufferPointer?) throws -> Void) throws -> Void)?
}

/// Shared JSON coders. Their configuration never changes after creation, and Foundation's coders
/// are safe to use from several threads when their options are not mutated.
enum JSONCoders {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: FloatingJSON.positiveInfinity, negativeInfinity: FloatingJSON.negativeInfinity,
            nan: FloatingJSON.notANumber)
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: FloatingJSON.positiveInfinity, negativeInfinity: FloatingJSON.negativeInfinity,
            nan: FloatingJSON.notANumber)
        // Inside a Codable value a date is JSONEncoder's number; a `{"$date": …}` object (a date
        // stored on its own, see DateJSON) reads too, so a `Date` key can become a `Date?` key.
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {  // Not a number: try the tagged form.
                return Date(timeIntervalSinceReferenceDate: seconds)
            }
            let tagged = try container.decode([String: TaggedDateValue].self)
            guard tagged.count == 1, let date = tagged[DateJSON.tag]?.date else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a date is a number of seconds or {\"\(DateJSON.tag)\": ISO 8601 text}")
            }
            return date
        }
        return decoder
    }()
}

/// The value of a `{"$date": …}` object: ISO 8601 text or seconds since 2001.
private struct TaggedDateValue: Decodable {
    let date: Date?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {  // Not text: must be a number.
            date = DateJSON.date(fromTagged: .string(text))
        } else {
            date = Date(timeIntervalSinceReferenceDate: try container.decode(Double.self))
        }
    }
}

/// Lets a generic context ask whether a value is `Optional.none`, and what it wraps.
protocol OptionalValue {
    var isNone: Bool { get }
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
    var wrappedAny: Any? { self.map { $0 as Any } }
}

/// The scalar types stored in their own form rather than `JSONEncoder`'s: `Float` as the `Double`
/// it widens to, non-finite numbers as strings, and a `Date` as `{"$date": …}`.
enum SpecialScalar {
    static func coder(for type: Any.Type) -> (encode: (Any) -> Data, decode: (Data) -> Any?)? {
        if type == Double.self {
            return ({ FloatingJSON.encode($0 as! Double) }, { FloatingJSON.decode($0) })
        }
        if type == Float.self {
            return ({ FloatingJSON.encode(Double($0 as! Float)) }, { FloatingJSON.decode($0).map { Float($0) } })
        }
        if type == Date.self {
            return ({ DateJSON.encode($0 as! Date) }, { DateJSON.decode($0) })
        }
        return nil
    }

    /// The coder of the scalar an optional `type` wraps (`Double?`, `Float?`, `Date?`), else `nil`.
    static func optionalCoder(for type: Any.Type) -> (encode: (Any) -> Data, decode: (Data) -> Any?)? {
        if type == Double?.self { return coder(for: Double.self) }
        if type == Float?.self { return coder(for: Float.self) }
        if type == Date?.self { return coder(for: Date.self) }
        return nil
    }
}

struct CodingFailure: Error, CustomStringConvertible {
    let description: String
}

extension ValueCoder where Value: Codable {
    static func codable(name: String) -> ValueCoder {
        if Value.self == Int.self {
            return ValueCoder(
                // `Value` is `Int` here: a bit cast, not the runtime's dynamic cast at each write.
                encode: { JSONScalarText.decimalData(unsafeBitCast($0, to: Int.self)) },
                decode: { data in
                    if let value = Int(String(decoding: data, as: UTF8.self)) { return value as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        if Value.self == Bool.self {
            return ValueCoder(
                encode: { Data(($0 as! Bool ? "true" : "false").utf8) },
                decode: { data in
                    if data.elementsEqual("true".utf8) { return true as! Value }
                    if data.elementsEqual("false".utf8) { return false as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        if Value.self == String.self {
            return ValueCoder(
                encode: { value in
                    let string = value as! String
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(string.utf8.count + 2)
                    JSONScalarText.writeString(string, to: &bytes)
                    return Data(bytes)
                },
                decode: { data in
                    if let string = unquotedWithoutEscapes(data) { return string as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        if let special = SpecialScalar.coder(for: Value.self) {
            return ValueCoder(
                encode: { special.encode($0) },
                decode: { data in
                    if let value = special.decode(data) { return value as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        // Metatype comparisons and `_isOptional`, not `Value.self as? any OptionalValue.Type`: that
        // cast searched every protocol conformance in the process for each new key type.
        if let special = SpecialScalar.optionalCoder(for: Value.self) {
            return ValueCoder(
                encode: { value in (value as? any OptionalValue)?.wrappedAny.map(special.encode) },
                decode: { data in
                    if let value = special.decode(data), let typed = value as? Value { return typed }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        let isOptional = _isOptional(Value.self)
        return ValueCoder(
            encode: { value in
                if isOptional, let optional = value as? any OptionalValue, optional.isNone { return nil }
                return try JSONValueEncoder().encode(value)
            },
            decode: { data in try JSONCoders.decoder.decode(Value.self, from: data) },
            lend: { value, body in
                if isOptional, let optional = value as? any OptionalValue, optional.isNone { return try body(nil) }
                try JSONValueEncoder().withEncoded(value, body)
            })
    }
}

extension ValueCoder where Value: RawRepresentable, Value.RawValue: Codable {
    /// Stores the raw value (a string or an integer); one that no value has does not decode.
    static func raw(name: String) -> ValueCoder {
        let raws = ValueCoder<Value.RawValue>.codable(name: name)
        return ValueCoder(
            encode: { try raws.encode($0.rawValue) },
            decode: { data in
                let raw = try raws.decode(data)
                guard let value = Value(rawValue: raw) else {
                    let stored = raw is String ? "string" : "integer \(raw)"
                    throw CodingFailure(description: "\(Value.self)(rawValue:) rejected the stored \(stored)")
                }
                return value
            })
    }
}

/// The string inside a JSON string literal that contains no escapes, else `nil`.
private func unquotedWithoutEscapes(_ data: Data) -> String? {
    guard data.count >= 2, data.first == UInt8(ascii: "\""), data.last == UInt8(ascii: "\"") else { return nil }
    let inner = data.dropFirst().dropLast()
    if inner.contains(UInt8(ascii: "\\")) { return nil }
    return String(decoding: inner, as: UTF8.self)
}
