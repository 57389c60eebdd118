import FoundationEssentials

// The containers of the streaming writer (see JSONStreamWriter).

/// A coding key for array positions (`Index 3`), as JSONEncoder names them in a coding
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
}

extension JSONStreamSlot {
    /// An encoder whose writes go nowhere: handed to a value after the writer failed, so that its
    /// `encode(to:)` runs on without an error (the caller then asks JSONEncoder).
    static func discarding(codingPath: [any CodingKey]) -> JSONStreamSlot {
        JSONStreamSlot(writer: JSONStreamWriter(), depth: 0, codingPath: codingPath)
    }
}

struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let index: Int
    let id: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) -> Bool { writer.beginMember(of: index, id: id, key: key.stringValue) }
    private func write(_ text: StaticString, _ key: Key) { if begin(key) { writer.output.append(text) } }
    private func writeInteger(_ value: Int64, _ key: Key) { if begin(key) { writer.output.appendInteger(value) } }
    private func writeInteger(_ value: UInt64, _ key: Key) { if begin(key) { writer.output.appendInteger(value) } }

    mutating func encodeNil(forKey key: Key) throws { write("null", key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { write(value ? "true" : "false", key) }
    mutating func encode(_ value: String, forKey key: Key) throws { if begin(key) { writer.output.appendString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { if begin(key) { writer.writeNumber(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { if begin(key) { writer.writeNumber(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { writeInteger(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writeInteger(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writeInteger(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writeInteger(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writeInteger(Int64(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writeInteger(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writeInteger(UInt64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writeInteger(UInt64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writeInteger(UInt64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writeInteger(UInt64(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard begin(key) else { return }
        try writer.writeValue(value, depth: index + 1, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let frame = begin(key) ? writer.push(isObject: true) : (index: index + 1, id: -1)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(
            writer: writer, index: frame.index, id: frame.id, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let frame = begin(key) ? writer.push(isObject: false) : (index: index + 1, id: -1)
        return JSONStreamUnkeyedContainer(writer: writer, index: frame.index, id: frame.id, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { abandon() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { abandon() }

    /// `superEncoder()` fills its place later: only JSONEncoder can do that.
    private func abandon() -> any Encoder {
        writer.failed = true
        return JSONStreamSlot.discarding(codingPath: codingPath)
    }
}

struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONStreamWriter
    let index: Int
    let id: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(writer: JSONStreamWriter, index: Int, id: Int, codingPath: [any CodingKey]) {
        self.writer = writer
        self.index = index
        self.id = id
        self.codingPath = codingPath
    }

    private mutating func begin() -> Bool {
        count += 1
        return writer.beginMember(of: index, id: id, key: nil)
    }
    private mutating func write(_ text: StaticString) { if begin() { writer.output.append(text) } }
    private mutating func writeInteger(_ value: Int64) { if begin() { writer.output.appendInteger(value) } }
    private mutating func writeInteger(_ value: UInt64) { if begin() { writer.output.appendInteger(value) } }

    mutating func encodeNil() throws { write("null") }
    mutating func encode(_ value: Bool) throws { write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { if begin() { writer.output.appendString(value) } }
    mutating func encode(_ value: Double) throws { if begin() { writer.writeNumber(value) } }
    mutating func encode(_ value: Float) throws { if begin() { writer.writeNumber(value) } }
    mutating func encode(_ value: Int) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: UInt) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writeInteger(UInt64(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONPathKey(intValue: count)]
        guard begin() else { return }
        try writer.writeValue(value, depth: index + 1, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [JSONPathKey(intValue: count)]
        let frame = begin() ? writer.push(isObject: true) : (index: index + 1, id: -1)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(writer: writer, index: frame.index, id: frame.id, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [JSONPathKey(intValue: count)]
        let frame = begin() ? writer.push(isObject: false) : (index: index + 1, id: -1)
        return JSONStreamUnkeyedContainer(writer: writer, index: frame.index, id: frame.id, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        writer.failed = true
        return JSONStreamSlot.discarding(codingPath: codingPath)
    }
}

struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
    let slot: JSONStreamSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    private func write(_ text: StaticString) { if slot.claimScalar() { slot.writer.output.append(text) } }
    private func writeInteger(_ value: Int64) { if slot.claimScalar() { slot.writer.output.appendInteger(value) } }
    private func writeInteger(_ value: UInt64) { if slot.claimScalar() { slot.writer.output.appendInteger(value) } }

    mutating func encodeNil() throws { write("null") }
    mutating func encode(_ value: Bool) throws { write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { if slot.claimScalar() { slot.writer.output.appendString(value) } }
    mutating func encode(_ value: Double) throws { if slot.claimScalar() { slot.writer.writeNumber(value) } }
    mutating func encode(_ value: Float) throws { if slot.claimScalar() { slot.writer.writeNumber(value) } }
    mutating func encode(_ value: Int) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writeInteger(Int64(value)) }
    mutating func encode(_ value: UInt) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writeInteger(UInt64(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.writeValue(value) }
}
