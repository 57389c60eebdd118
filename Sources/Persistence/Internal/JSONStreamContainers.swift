import FoundationEssentials

// The containers of the streaming writer (see JSONStreamWriter).

/// A coding key of any name, or for array positions (`Index 3`) as JSONEncoder names them in a
/// coding path; shared by every coder in the package.
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
        return JSONStreamValues(writer: writer, target: .array(index: frame.index, id: frame.id), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { abandon() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { abandon() }

    /// `superEncoder()` fills its place later: only JSONEncoder can do that.
    private func abandon() -> any Encoder {
        writer.failed = true
        return JSONStreamSlot.discarding(codingPath: codingPath)
    }
}

/// An array's elements, or one value: the two protocols ask for the same methods, which write
/// the next element of the array's frame or the slot's one scalar.
struct JSONStreamValues: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    enum Target {
        case array(index: Int, id: Int)
        case slot(JSONStreamSlot)
    }

    let writer: JSONStreamWriter
    let target: Target
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(writer: JSONStreamWriter, target: Target, codingPath: [any CodingKey]) {
        self.writer = writer
        self.target = target
        self.codingPath = codingPath
    }

    /// The depth of the next value.
    private var nextDepth: Int {
        switch target {
        case .array(let index, _): index + 1
        case .slot(let slot): slot.depth
        }
    }

    /// The coding path of the value at `position`: an element's index follows the array's path.
    /// Built only when asked for (an error, a value's own containers): most values never are.
    private func path(at position: Int) -> [any CodingKey] {
        switch target {
        case .array: codingPath + [JSONPathKey(intValue: position)]
        case .slot: codingPath
        }
    }

    private mutating func begin() -> Bool {
        switch target {
        case .array(let index, let id):
            count += 1
            return writer.beginMember(of: index, id: id, key: nil)
        case .slot(let slot):
            return slot.claimScalar()
        }
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
        let (depth, position) = (nextDepth, count)
        guard begin() else { return }
        try writer.writeValue(value, depth: depth, codingPath: path(at: position))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (depth, position) = (nextDepth, count)
        let frame = begin() ? writer.push(isObject: true) : (index: depth, id: -1)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(writer: writer, index: frame.index, id: frame.id, codingPath: path(at: position)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (depth, position) = (nextDepth, count)
        let frame = begin() ? writer.push(isObject: false) : (index: depth, id: -1)
        return JSONStreamValues(writer: writer, target: .array(index: frame.index, id: frame.id), codingPath: path(at: position))
    }

    mutating func superEncoder() -> any Encoder {
        writer.failed = true
        return JSONStreamSlot.discarding(codingPath: codingPath)
    }
}
