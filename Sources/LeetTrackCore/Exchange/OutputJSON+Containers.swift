import FoundationEssentials
import Persistence

/// An object's members, written into its ``OutputJSONNode``: scalars as bytes, the rest as nodes.
struct OutputJSONObject<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: OutputJSONNode

    var codingPath: [any CodingKey] { node.codingPath }

    private func add(_ entry: OutputJSONNode.Entry, for key: Key) {
        node.keys.append(key.stringValue)
        node.entries.append(entry)
    }

    private func addBytes(for key: Key, _ write: (inout [UInt8]) -> Void) {
        let start = node.scalars.count
        write(&node.scalars)
        add(.bytes(start: start, end: node.scalars.count), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { add(node.appendNull(), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        addBytes(for: key) { $0.append(contentsOf: (value ? "true" : "false").utf8) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        addBytes(for: key) { JSONValue.appendString(value, to: &$0) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { addBytes(for: key) { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { addBytes(for: key) { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { addInteger(value, for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { addInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { addInteger(value, for: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { addInteger(value, for: key) }

    private func addInteger(_ value: some FixedWidthInteger, for key: Key) {
        addBytes(for: key) { $0.append(contentsOf: value.description.utf8) }
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        if let entry = node.appendScalar(value) {
            add(entry, for: key)
        } else {
            add(try node.child(encoding: value, key: key), for: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = OutputJSONNode(parent: node, key: key, shared: node.shared)
        add(.node(child), for: key)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = OutputJSONNode(parent: node, key: key, shared: node.shared)
        add(.node(child), for: key)
        return child.unkeyedContainer()
    }

    /// `JSONEncoder` writes what a super encoder holds when the encoder is freed, which may be
    /// never, or after other members: such a value is left to it.
    mutating func superEncoder() -> any Encoder {
        node.giveUp()
        return OutputJSONNode(parent: node, key: JSONPathKey.superKey, shared: node.shared)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        node.giveUp()
        return OutputJSONNode(parent: node, key: key, shared: node.shared)
    }
}

/// An array's elements, written into its ``OutputJSONNode``.
struct OutputJSONArray: UnkeyedEncodingContainer {
    let node: OutputJSONNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.entries.count }

    private func addBytes(_ write: (inout [UInt8]) -> Void) {
        let start = node.scalars.count
        write(&node.scalars)
        node.entries.append(.bytes(start: start, end: node.scalars.count))
    }

    mutating func encodeNil() throws { node.entries.append(node.appendNull()) }
    mutating func encode(_ value: Bool) throws { addBytes { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
    mutating func encode(_ value: String) throws { addBytes { JSONValue.appendString(value, to: &$0) } }
    mutating func encode(_ value: Double) throws { addBytes { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Float) throws { addBytes { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Int) throws { addInteger(value) }
    mutating func encode(_ value: Int8) throws { addInteger(value) }
    mutating func encode(_ value: Int16) throws { addInteger(value) }
    mutating func encode(_ value: Int32) throws { addInteger(value) }
    mutating func encode(_ value: Int64) throws { addInteger(value) }
    mutating func encode(_ value: UInt) throws { addInteger(value) }
    mutating func encode(_ value: UInt8) throws { addInteger(value) }
    mutating func encode(_ value: UInt16) throws { addInteger(value) }
    mutating func encode(_ value: UInt32) throws { addInteger(value) }
    mutating func encode(_ value: UInt64) throws { addInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { addInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { addInteger(value) }

    private func addInteger(_ value: some FixedWidthInteger) {
        addBytes { $0.append(contentsOf: value.description.utf8) }
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        if let entry = node.appendScalar(value) {
            node.entries.append(entry)
        } else {
            node.entries.append(try node.child(encoding: value, key: JSONPathKey(intValue: count)))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = OutputJSONNode(parent: node, key: JSONPathKey(intValue: count), shared: node.shared)
        node.entries.append(.node(child))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = OutputJSONNode(parent: node, key: JSONPathKey(intValue: count), shared: node.shared)
        node.entries.append(.node(child))
        return child.unkeyedContainer()
    }

    /// Left to `JSONEncoder`, as a keyed container's super encoders are.
    mutating func superEncoder() -> any Encoder {
        node.giveUp()
        return OutputJSONNode(parent: node, key: JSONPathKey(intValue: count), shared: node.shared)
    }
}

/// A value that is one scalar, or that hands its encoder on (a wrapper's `encode(to:)`).
struct OutputJSONSingleValue: SingleValueEncodingContainer {
    let node: OutputJSONNode

    var codingPath: [any CodingKey] { node.codingPath }

    private func set(_ write: (inout [UInt8]) -> Void) {
        guard node.content == .nothing else { return node.giveUp() }
        write(&node.scalars)
        node.content = .scalar
        node.entries = [.bytes(start: 0, end: node.scalars.count)]
    }

    mutating func encodeNil() throws { set { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool) throws { set { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
    mutating func encode(_ value: String) throws { set { JSONValue.appendString(value, to: &$0) } }
    mutating func encode(_ value: Double) throws { set { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Float) throws { set { node.appendFloat(value, to: &$0) } }
    mutating func encode(_ value: Int) throws { try setInteger(value) }
    mutating func encode(_ value: Int8) throws { try setInteger(value) }
    mutating func encode(_ value: Int16) throws { try setInteger(value) }
    mutating func encode(_ value: Int32) throws { try setInteger(value) }
    mutating func encode(_ value: Int64) throws { try setInteger(value) }
    mutating func encode(_ value: UInt) throws { try setInteger(value) }
    mutating func encode(_ value: UInt8) throws { try setInteger(value) }
    mutating func encode(_ value: UInt16) throws { try setInteger(value) }
    mutating func encode(_ value: UInt32) throws { try setInteger(value) }
    mutating func encode(_ value: UInt64) throws { try setInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try setInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try setInteger(value) }

    private func setInteger(_ value: some FixedWidthInteger) throws {
        set { $0.append(contentsOf: value.description.utf8) }
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try node.encodeValue(value)
    }
}
