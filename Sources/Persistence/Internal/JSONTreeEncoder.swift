import FoundationEssentials

/// The `Encoder` behind ``JSONValueEncoder``: fills a ``JSONSlot`` with a tree of ``JSONNode``s.
final class JSONTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let slot: JSONSlot

    init(slot: JSONSlot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONObject
        if case .object(let existing)? = slot.value {
            object = existing  // Asking twice gives the same container, as in JSONEncoder.
        } else {
            object = JSONObject()
            slot.value = .object(object)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONArray
        if case .array(let existing)? = slot.value {
            array = existing
        } else {
            array = JSONArray()
            slot.value = .array(array)
        }
        return JSONUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(slot: slot, codingPath: codingPath)
    }

    /// Encodes `value` into `slot`; the types JSONEncoder treats specially are handled here.
    static func encodeValue<T: Encodable>(_ value: T, into slot: JSONSlot, codingPath: [any CodingKey]) throws {
        slot.value = try node(for: value, codingPath: codingPath)
    }

    static func node<T: Encodable>(for value: T, codingPath: [any CodingKey]) throws -> JSONNode {
        // Metatype comparisons are cheap; `as?` casts on a generic value are not.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .integer(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return node(value as! Double) }
        if T.self == Date.self { return node((value as! Date).timeIntervalSinceReferenceDate) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Decimal.self { return .number(try decimalText(value as! Decimal, codingPath: codingPath)) }
        if T.self == Float.self { return node(value as! Float) }
        let slot = JSONSlot()
        try value.encode(to: JSONTreeEncoder(slot: slot, codingPath: codingPath))
        return slot.value ?? .object(JSONObject())
    }

    /// A `Decimal` as a JSON number; NaN has none, and is refused as JSONEncoder refuses it.
    static func decimalText(_ value: Decimal, codingPath: [any CodingKey]) throws -> String {
        guard !value.isNaN else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Decimal.nan has no JSON form"))
        }
        return value.description
    }

    static func node(_ value: Double) -> JSONNode {
        if value.isFinite { return .number(value.description) }
        return .string(FloatingJSON.name(ofNonFinite: value))
    }

    static func node(_ value: Float) -> JSONNode {
        if value.isFinite { return .number(value.description) }
        return node(Double(value))
    }

    static func node<Integer: FixedWidthInteger>(_ value: Integer) -> JSONNode {
        Integer.isSigned ? .integer(Int64(value)) : .unsigned(UInt64(value))
    }
}

/// A coding key for array positions (`Index 3`) and `super`, as JSONEncoder names them in a coding
/// path; shared by every encoder in the package.
package struct JSONPathKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    package static let superKey = JSONPathKey(stringValue: "super")
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(JSONTreeEncoder.node(value), for: key.stringValue) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try JSONTreeEncoder.node(for: value, codingPath: codingPath + [key]), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested: JSONObject
        if case .object(let existing)? = object.existing(key.stringValue) {
            nested = existing
        } else {
            nested = JSONObject()
            object.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: JSONArray
        if case .array(let existing)? = object.existing(key.stringValue) {
            nested = existing
        } else {
            nested = JSONArray()
            object.set(.array(nested), for: key.stringValue)
        }
        return JSONUnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: JSONPathKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let slot = JSONSlot()
        object.set(.slot(slot), for: key.stringValue)
        return JSONTreeEncoder(slot: slot, codingPath: codingPath + [key])
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONArray
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [JSONPathKey(intValue: count)] }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Float) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int) throws { array.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int16) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int32) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int64) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: UInt) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(JSONTreeEncoder.node(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try JSONTreeEncoder.node(for: value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = JSONObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = JSONArray()
        array.elements.append(.array(nested))
        return JSONUnkeyedContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let slot = JSONSlot()
        array.elements.append(.slot(slot))
        return JSONTreeEncoder(slot: slot, codingPath: path)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
    mutating func encode(_ value: String) throws { slot.value = .string(value) }
    mutating func encode(_ value: Double) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: Float) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: Int) throws { slot.value = .integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: Int16) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: Int32) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: Int64) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: UInt) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: UInt8) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: UInt16) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: UInt32) throws { slot.value = JSONTreeEncoder.node(value) }
    mutating func encode(_ value: UInt64) throws { slot.value = JSONTreeEncoder.node(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.value = try JSONTreeEncoder.node(for: value, codingPath: codingPath)
    }
}
