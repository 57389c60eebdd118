import Foundation

// The unkeyed and single-value containers of the streaming writer (see JSONStreamWriter).

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
    private mutating func write(_ text: String) { if begin() { writer.output.append(contentsOf: text.utf8) } }
    private mutating func write(_ node: JSONNode) { if begin() { node.write(to: &writer.output) } }

    mutating func encodeNil() throws { write("null") }
    mutating func encode(_ value: Bool) throws { write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { if begin() { JSONNode.writeString(value, to: &writer.output) } }
    mutating func encode(_ value: Double) throws { write(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Float) throws { write(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int) throws { write(String(value)) }
    mutating func encode(_ value: Int8) throws { write(String(value)) }
    mutating func encode(_ value: Int16) throws { write(String(value)) }
    mutating func encode(_ value: Int32) throws { write(String(value)) }
    mutating func encode(_ value: Int64) throws { write(String(value)) }
    mutating func encode(_ value: UInt) throws { write(String(value)) }
    mutating func encode(_ value: UInt8) throws { write(String(value)) }
    mutating func encode(_ value: UInt16) throws { write(String(value)) }
    mutating func encode(_ value: UInt32) throws { write(String(value)) }
    mutating func encode(_ value: UInt64) throws { write(String(value)) }

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
        return JSONTreeEncoder(slot: JSONSlot(), codingPath: codingPath)
    }
}

struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
    let slot: JSONStreamSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    private func write(_ text: String) { if slot.claimScalar() { slot.writer.output.append(contentsOf: text.utf8) } }
    private func write(_ node: JSONNode) { if slot.claimScalar() { node.write(to: &slot.writer.output) } }

    mutating func encodeNil() throws { write("null") }
    mutating func encode(_ value: Bool) throws { write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { write(.string(value)) }
    mutating func encode(_ value: Double) throws { write(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Float) throws { write(JSONTreeEncoder.node(value)) }
    mutating func encode(_ value: Int) throws { write(String(value)) }
    mutating func encode(_ value: Int8) throws { write(String(value)) }
    mutating func encode(_ value: Int16) throws { write(String(value)) }
    mutating func encode(_ value: Int32) throws { write(String(value)) }
    mutating func encode(_ value: Int64) throws { write(String(value)) }
    mutating func encode(_ value: UInt) throws { write(String(value)) }
    mutating func encode(_ value: UInt8) throws { write(String(value)) }
    mutating func encode(_ value: UInt16) throws { write(String(value)) }
    mutating func encode(_ value: UInt32) throws { write(String(value)) }
    mutating func encode(_ value: UInt64) throws { write(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.writeValue(value) }
}
