import FoundationEssentials

/// The stored encoder's way for a value the stream cannot write as it encodes (containers used
/// out of nesting order, a key encoded twice, `superEncoder()`): its containers are built as a
/// tree first, then written with members in the order they were first encoded (a key encoded
/// again replaces its value in place, as in `JSONEncoder`). Scalars and nested values are written
/// by the stream writer, which comes back here for a nested value it cannot write either: one
/// scalar switch, one set of spellings.
final class JSONTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let slot: JSONTreeSlot

    init(slot: JSONTreeSlot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    /// `value` as stored bytes, built as a tree.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var output = JSONOutput(capacity: 256)
        defer { output.deallocate() }
        try node(for: value, codingPath: [], streamFirst: false).write(to: &output)
        return output.data()
    }

    /// `value` as a node: its bytes when the stream writes it, else a tree of its containers.
    static func node<T: Encodable>(for value: T, codingPath: [any CodingKey], streamFirst: Bool = true) throws -> JSONTreeNode {
        if streamFirst, let bytes = try JSONValueEncoder().write(value, codingPath: codingPath, as: { $0.bytes() }) { return .bytes(bytes) }
        let slot = JSONTreeSlot()
        try value.encode(to: JSONTreeEncoder(slot: slot, codingPath: codingPath))
        return slot.node ?? .object(JSONTreeObject())  // A value that encoded nothing, as in JSONEncoder.
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONTreeObject
        if case .object(let existing)? = slot.node {
            object = existing  // Asking twice gives the same container, as in JSONEncoder.
        } else {
            object = JSONTreeObject()
            slot.node = .object(object)
        }
        return KeyedEncodingContainer(JSONTreeKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONTreeArray
        if case .array(let existing)? = slot.node {
            array = existing
        } else {
            array = JSONTreeArray()
            slot.node = .array(array)
        }
        return JSONTreeValues(target: .array(array), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTreeValues(target: .slot(slot), codingPath: codingPath)
    }
}

/// A node of the tree: bytes already written, or a container still being filled.
enum JSONTreeNode {
    case bytes([UInt8])
    case array(JSONTreeArray)
    case object(JSONTreeObject)
    /// Filled later by a `superEncoder()` (an empty object if never filled, as in JSONEncoder).
    case slot(JSONTreeSlot)

    static var null: JSONTreeNode { .bytes(Array("null".utf8)) }

    func write(to output: inout JSONOutput) {
        switch self {
        case .bytes(let bytes): bytes.withUnsafeBytes { output.append($0) }
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.appendString(member.key)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .slot(let slot):
            (slot.node ?? .object(JSONTreeObject())).write(to: &output)
        }
    }
}

final class JSONTreeArray {
    var elements: [JSONTreeNode] = []
}

/// Members in the order they were first encoded; encoding a key again replaces its value.
final class JSONTreeObject {
    private(set) var members: [(key: String, value: JSONTreeNode)] = []
    /// Each key's position, once the object is too large to search (a dictionary of thousands).
    private var index: [String: Int]?

    func set(_ value: JSONTreeNode, for key: String) {
        if let position = position(of: key) {
            members[position].value = value
            return
        }
        members.append((key, value))
        index?[key] = members.count - 1
    }

    func existing(_ key: String) -> JSONTreeNode? {
        position(of: key).map { members[$0].value }
    }

    private func position(of key: String) -> Int? {
        if members.count <= 16 { return members.firstIndex { $0.key == key } }
        if index == nil {
            index = Dictionary(members.enumerated().map { ($0.element.key, $0.offset) }) { first, _ in first }
        }
        return index?[key]
    }
}

final class JSONTreeSlot {
    var node: JSONTreeNode?
}

struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONTreeObject
    let codingPath: [any CodingKey]

    private func set<T: Encodable>(_ value: T, _ key: Key) throws {
        object.set(try JSONTreeEncoder.node(for: value, codingPath: codingPath + [key]), for: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try set(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try set(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try set(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested: JSONTreeObject
        if case .object(let existing)? = object.existing(key.stringValue) {
            nested = existing
        } else {
            nested = JSONTreeObject()
            object.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(JSONTreeKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: JSONTreeArray
        if case .array(let existing)? = object.existing(key.stringValue) {
            nested = existing
        } else {
            nested = JSONTreeArray()
            object.set(.array(nested), for: key.stringValue)
        }
        return JSONTreeValues(target: .array(nested), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: JSONPathKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let slot = JSONTreeSlot()
        object.set(.slot(slot), for: key.stringValue)
        return JSONTreeEncoder(slot: slot, codingPath: codingPath + [key])
    }
}

/// An array's elements, or one value: the two protocols ask for the same methods, which append to
/// the array or fill the slot.
struct JSONTreeValues: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    enum Target {
        case array(JSONTreeArray)
        case slot(JSONTreeSlot)
    }

    let target: Target
    let codingPath: [any CodingKey]

    var count: Int {
        guard case .array(let array) = target else { return 0 }
        return array.elements.count
    }

    /// The coding path of the next value: an element's index follows the array's path.
    private var nextPath: [any CodingKey] {
        guard case .array = target else { return codingPath }
        return codingPath + [JSONPathKey(intValue: count)]
    }

    private func put(_ node: JSONTreeNode) {
        switch target {
        case .array(let array): array.elements.append(node)
        case .slot(let slot): slot.node = node
        }
    }

    private func put<T: Encodable>(_ value: T) throws { put(try JSONTreeEncoder.node(for: value, codingPath: nextPath)) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = JSONTreeObject()
        put(.object(nested))
        return KeyedEncodingContainer(JSONTreeKeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = JSONTreeArray()
        put(.array(nested))
        return JSONTreeValues(target: .array(nested), codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let slot = JSONTreeSlot()
        put(.slot(slot))
        return JSONTreeEncoder(slot: slot, codingPath: path)
    }
}
