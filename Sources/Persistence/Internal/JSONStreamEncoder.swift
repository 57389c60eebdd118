import Foundation
import Synchronization

/// The fast path of ``JSONValueEncoder``: writes JSON straight into one buffer as the value encodes
/// itself, with no tree. That works whenever containers are used in nesting order, as synthesized
/// `Codable` conformances always do. Anything else (a container used after a sibling was started, a
/// key encoded twice, `superEncoder()`, more than 32 members under one object) marks the writer
/// failed, and the value is encoded again through the tree (``JSONTreeEncoder``), which handles
/// every order. Both write the same JSON.
final class JSONStreamWriter: @unchecked Sendable {
    // @unchecked: a writer is used by one encoding on one thread at a time; the pool hands it over
    // under its lock.
    struct Frame {
        let id: Int
        let isObject: Bool
        var count: Int
        let keyStart: Int
    }

    // Unchecked exclusivity: one encoding runs on one thread and never holds two accesses to
    // these at once, and the dynamic checks cost a third of the encoding of a small struct.
    @exclusivity(unchecked) var output: [UInt8] = []
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var nextID = 0
    /// Bumped by every write: a slot may only be filled where it was opened.
    @exclusivity(unchecked) private(set) var writes = 0
    @exclusivity(unchecked) var failed = false

    init() {
        output.reserveCapacity(256)
        frames.reserveCapacity(8)
        keys.reserveCapacity(16)
    }

    /// Writers kept for reuse (with their buffers' capacity): an encoding then allocates only its
    /// result. A few suffice; more are simply dropped.
    private static let pool = Mutex<[JSONStreamWriter]>([])

    /// Runs `body` with a clean writer from the pool, returned to it afterwards.
    static func withWriter<T>(_ body: (JSONStreamWriter) throws -> T) rethrows -> T {
        let writer = pool.withLock { $0.popLast() } ?? JSONStreamWriter()
        defer {
            writer.reset()
            pool.withLock { if $0.count < 4 { $0.append(writer) } }
        }
        return try body(writer)
    }

    private func reset() {
        output.removeAll(keepingCapacity: output.capacity <= 4096)
        frames.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        nextID = 0
        writes = 0
        failed = false
    }

    /// Starts a member of the container at `index` (closing any deeper ones), or fails.
    func beginMember(of index: Int, id: Int, key: String?) -> Bool {
        guard !failed, index < frames.count, frames[index].id == id else {
            failed = true
            return false
        }
        while frames.count > index + 1 { closeTop() }
        if let key {
            let start = frames[index].keyStart
            guard keys.count - start < 32, !keys[start...].contains(key) else {
                failed = true
                return false
            }
            keys.append(key)
        }
        if frames[index].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        writes += 1
        if let key {
            JSONNode.writeString(key, to: &output)
            output.append(UInt8(ascii: ":"))
        }
        return true
    }

    func push(isObject: Bool) -> (index: Int, id: Int) {
        nextID += 1
        writes += 1
        frames.append(Frame(id: nextID, isObject: isObject, count: 0, keyStart: keys.count))
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return (frames.count - 1, nextID)
    }

    func closeTop() {
        let frame = frames.removeLast()
        keys.removeSubrange(frame.keyStart...)
        output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    func closeAll() {
        while !frames.isEmpty { closeTop() }
    }

    func scalarWritten() {
        writes += 1
    }

    /// Writes `value` at the current position (a member just begun, or the top level).
    func writeValue<T: Encodable>(_ value: T, depth: Int, codingPath: [any CodingKey]) throws {
        if T.self == String.self { return JSONNode.writeString(value as! String, to: &output) }
        if T.self == Int.self { return output.append(contentsOf: String(value as! Int).utf8) }
        if T.self == Bool.self { return output.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8) }
        if T.self == Double.self { return JSONTreeEncoder.node(value as! Double).write(to: &output) }
        if T.self == Date.self { return JSONTreeEncoder.node((value as! Date).timeIntervalSinceReferenceDate).write(to: &output) }
        if T.self == Data.self { return JSONNode.writeString((value as! Data).base64EncodedString(), to: &output) }
        if T.self == URL.self { return JSONNode.writeString((value as! URL).absoluteString, to: &output) }
        if T.self == Decimal.self {
            return output.append(contentsOf: try JSONTreeEncoder.decimalText(value as! Decimal, codingPath: codingPath).utf8)
        }
        if T.self == Float.self { return JSONTreeEncoder.node(value as! Float).write(to: &output) }
        let slot = JSONStreamSlot(writer: self, depth: depth, codingPath: codingPath)
        try value.encode(to: slot)
        slot.finish()
    }
}

/// The encoder handed to a value being written at one position.
final class JSONStreamSlot: Encoder {
    private enum Use { case unused, frame(id: Int, isObject: Bool), scalar }

    let writer: JSONStreamWriter
    let depth: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let openedAt: Int
    @exclusivity(unchecked) private var use = Use.unused

    init(writer: JSONStreamWriter, depth: Int, codingPath: [any CodingKey]) {
        self.writer = writer
        self.depth = depth
        self.codingPath = codingPath
        self.openedAt = writer.writes
    }

    /// Whether nothing was written since this slot was opened, so it may be filled now.
    private var isFillable: Bool {
        !writer.failed && writer.writes == openedAt && writer.frames.count == depth
    }

    private func frame(isObject: Bool) -> (index: Int, id: Int) {
        switch use {
        case .unused where isFillable:
            let frame = writer.push(isObject: isObject)
            use = .frame(id: frame.id, isObject: isObject)
            return frame
        case .frame(let id, let wasObject) where wasObject == isObject:
            return (depth, id)  // The same container again; beginMember checks it is still open.
        default:
            writer.failed = true
            return (depth, -1)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = frame(isObject: true)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<Key>(writer: writer, index: frame.index, id: frame.id, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let frame = frame(isObject: false)
        return JSONStreamUnkeyedContainer(writer: writer, index: frame.index, id: frame.id, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONStreamSingleValueContainer(slot: self)
    }

    /// Claims the slot for one scalar; false (and the writer failed) if it cannot take one.
    func claimScalar() -> Bool {
        guard case .unused = use, isFillable else {
            writer.failed = true
            return false
        }
        use = .scalar
        writer.scalarWritten()
        return true
    }

    func writeValue<T: Encodable>(_ value: T) throws {
        guard claimScalar() else { return }
        try writer.writeValue(value, depth: depth, codingPath: codingPath)
    }

    /// A value that encoded nothing is an empty object, as in JSONEncoder.
    func finish() {
        guard case .unused = use else { return }
        if isFillable {
            writer.output.append(contentsOf: "{}".utf8)
            writer.scalarWritten()
        } else {
            writer.failed = true
        }
    }
}

struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let index: Int
    let id: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) -> Bool { writer.beginMember(of: index, id: id, key: key.stringValue) }
    private func write(_ text: String, _ key: Key) { if begin(key) { writer.output.append(contentsOf: text.utf8) } }
    private func write(_ node: JSONNode, _ key: Key) { if begin(key) { node.write(to: &writer.output) } }

    mutating func encodeNil(forKey key: Key) throws { write("null", key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { write(value ? "true" : "false", key) }
    mutating func encode(_ value: String, forKey key: Key) throws { if begin(key) { JSONNode.writeString(value, to: &writer.output) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { write(JSONTreeEncoder.node(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { write(JSONTreeEncoder.node(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { write(String(value), key) }

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

    /// `superEncoder()` fills its place later: only the tree can do that.
    private func abandon() -> any Encoder {
        writer.failed = true
        return JSONTreeEncoder(slot: JSONSlot(), codingPath: codingPath)
    }
}
