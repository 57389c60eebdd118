import Foundation

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
    let decode: (Data) throws -> Value
}

/// Shared JSON coders. Their configuration never changes after creation, and Foundation's coders
/// are safe to use from several threads when their options are not mutated.
enum JSONCoders {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
    static let decoder = JSONDecoder()
}

/// Lets a generic context ask whether a value is `Optional.none`.
protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}

struct CodingFailure: Error, CustomStringConvertible {
    let description: String
}

extension ValueCoder where Value: Codable {
    static func codable(name: String) -> ValueCoder {
        if Value.self == Int.self {
            return ValueCoder(
                encode: { Data(String($0 as! Int).utf8) },
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
                    if let quoted = quotedWithoutEscapes(string) { return quoted }
                    return try JSONCoders.encoder.encode(string)
                },
                decode: { data in
                    if let string = unquotedWithoutEscapes(data) { return string as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        if Value.self == Double.self {
            return ValueCoder(
                encode: { value in
                    let double = value as! Double
                    if double.isFinite { return Data("\(double)".utf8) }
                    return try JSONCoders.encoder.encode(double)
                },
                decode: { data in
                    if let value = Double(String(decoding: data, as: UTF8.self)) { return value as! Value }
                    return try JSONCoders.decoder.decode(Value.self, from: data)
                })
        }
        let isOptional = Value.self is any OptionalValue.Type
        return ValueCoder(
            encode: { value in
                if isOptional, let optional = value as? any OptionalValue, optional.isNone { return nil }
                return try JSONCoders.encoder.encode(value)
            },
            decode: { data in try JSONCoders.decoder.decode(Value.self, from: data) })
    }
}

extension ValueCoder where Value: RawRepresentable, Value.RawValue == String {
    static func rawString(name: String) -> ValueCoder {
        let strings = ValueCoder<String>.codable(name: name)
        return ValueCoder(
            encode: { try strings.encode($0.rawValue) },
            decode: { data in
                let raw = try strings.decode(data)
                guard let value = Value(rawValue: raw) else {
                    throw CodingFailure(description: "\(Value.self)(rawValue:) rejected the stored string")
                }
                return value
            })
    }
}

extension ValueCoder where Value: RawRepresentable, Value.RawValue == Int {
    static func rawInt(name: String) -> ValueCoder {
        let integers = ValueCoder<Int>.codable(name: name)
        return ValueCoder(
            encode: { try integers.encode($0.rawValue) },
            decode: { data in
                let raw = try integers.decode(data)
                guard let value = Value(rawValue: raw) else {
                    throw CodingFailure(description: "\(Value.self)(rawValue:) rejected the stored integer \(raw)")
                }
                return value
            })
    }
}

/// `"string"` as JSON when it needs no escaping (the common case), else `nil`.
private func quotedWithoutEscapes(_ string: String) -> Data? {
    var data = Data()
    data.reserveCapacity(string.utf8.count + 2)
    data.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return nil }
        data.append(byte)
    }
    data.append(UInt8(ascii: "\""))
    return data
}

/// The string inside a JSON string literal that contains no escapes, else `nil`.
private func unquotedWithoutEscapes(_ data: Data) -> String? {
    guard data.count >= 2, data.first == UInt8(ascii: "\""), data.last == UInt8(ascii: "\"") else { return nil }
    let inner = data.dropFirst().dropLast()
    if inner.contains(UInt8(ascii: "\\")) { return nil }
    return String(decoding: inner, as: UTF8.self)
}
