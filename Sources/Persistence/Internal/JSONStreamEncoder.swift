import FoundationEssentials
import Synchronization

/// The fast path of ``JSONValueEncoder``: writes JSON straight into one buffer as the value encodes
/// itself, with no tree. That works whenever containers are used in nesting order, as synthesized
/// `Codable` conformances always do. Anything else (a container used after a sibling was started, a
/// key encoded twice, `superEncoder()`) marks the writer failed, and the value is encoded again
/// through the tree (``JSONTreeEncoder``), which handles every order. Both write the same JSON.
final class JSONStreamWriter: @unchecked Sendable {
    // @unchecked: a writer is used by one encoding on one thread at a time; the spare slot hands it
    // over with an atomic exchange.
    struct Frame {
        let id: Int
        let isObject: Bool
        var count: Int
        /// Where this object's keys start in `keys`.
        let keyStart: Int
    }

    /// The bytes `start..<end` of `output`: one written key.
    struct KeySpan {
        let start: Int
        let end: Int
    }

    // Unchecked exclusivity: one encoding runs on one thread and never holds two accesses to
    // these at once, and the dynamic checks cost a third of the encoding of a small struct.
    @exclusivity(unchecked) var output = JSONOutput(capacity: 256)
    @exclusivity(unchecked) private(set) var frames = JSONStack<Frame>(capacity: 8)
    /// Where each key of the open objects was written in `output` (quoted): a key is compared with
    /// its object's earlier keys there, so no `String` is kept per member.
    @exclusivity(unchecked) private var keys = JSONStack<KeySpan>(capacity: 16)
    @exclusivity(unchecked) private var nextID = 0
    /// Bumped by every write: a slot may only be filled where it was opened.
    @exclusivity(unchecked) private(set) var writes = 0
    @exclusivity(unchecked) var failed = false
    /// A slot no value kept, reused for the next value instead of allocating one. It refers back
    /// to this writer: a writer that is let go drops it first (see ``withWriter(_:)``).
    @exclusivity(unchecked) private var spareSlot: JSONStreamSlot?
    /// Set when a value kept its encoder past its encoding: the writer is then never handed to
    /// another encoding, which that value could write into, from any thread, at any time.
    @exclusivity(unchecked) private var encoderKept = false

    init() {}

    deinit {
        output.deallocate()
        frames.deallocate()
        keys.deallocate()
    }

    /// One writer kept for reuse (with its buffers' capacity), taken and given back with one atomic
    /// exchange each: an encoding then allocates only its result. An encoding that finds the slot
    /// empty (another thread's, or one nested in it) makes a writer of its own.
    /// The spare writer's retained reference as an address (0: none), as `Atomic` holds integers.
    private static let spare = Atomic<UInt>(0)

    /// Runs `body` with a clean writer, kept for the next encoding afterwards.
    static func withWriter<T>(_ body: (JSONStreamWriter) throws -> T) rethrows -> T {
        let taken = spare.exchange(0, ordering: .acquiring)
        let writer = UnsafeMutableRawPointer(bitPattern: taken)
            .map { Unmanaged<JSONStreamWriter>.fromOpaque($0).takeRetainedValue() } ?? JSONStreamWriter()
        // An encoder a value kept after its encoding may have written into the idle writer.
        if writer.writes != 0 || writer.failed || !writer.frames.isEmpty || writer.output.count != 0 { writer.reset() }
        defer {
            writer.reset()
            if writer.encoderKept {
                writer.spareSlot = nil  // Let go: only the kept encoder refers to it now.
            } else {
                let retained = Unmanaged.passRetained(writer).toOpaque()
                let address = UInt(bitPattern: retained)
                if !spare.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
                    writer.spareSlot = nil
                    Unmanaged<JSONStreamWriter>.fromOpaque(retained).release()
                }
            }
        }
        return try body(writer)
    }

    private func reset() {
        output.removeAll(keepingCapacityUpTo: 4096)
        frames.removeSuffix(from: 0)
        keys.removeSuffix(from: 0)
        // `nextID` goes on counting: a container a value kept from an earlier encoding never
        // matches a frame of a later one, so it cannot write into it.
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
        if frames[index].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        writes += 1
        if let key {
            let start = output.count
            output.appendString(key)
            let written = start..<output.count
            let first = frames[index].keyStart
            // A key written twice: only a tree can replace the first one's value. A large object's
            // keys are checked once, sorted, when it closes.
            if keys.count - first < JSONStreamWriter.keysComparedEachTime {
                for earlier in first..<keys.count {
                    let span = keys[earlier]
                    if output.bytesEqual(span.start..<span.end, written) {
                        failed = true
                        return false
                    }
                }
            }
            keys.append(KeySpan(start: start, end: output.count))
            output.append(UInt8(ascii: ":"))
        }
        return true
    }

    func push(isObject: Bool) -> (index: Int, id: Int) {
        nextID &+= 1
        writes += 1
        frames.append(Frame(id: nextID, isObject: isObject, count: 0, keyStart: keys.count))
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return (frames.count - 1, nextID)
    }

    /// Up to this many keys, each new key is compared with every earlier one of its object.
    static let keysComparedEachTime = 32

    func closeTop() {
        let frame = frames.removeLast()
        if keys.count - frame.keyStart > JSONStreamWriter.keysComparedEachTime, hasRepeatedKey(from: frame.keyStart) {
            failed = true
        }
        keys.removeSuffix(from: frame.keyStart)
        output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Whether two of the keys from `first` on were written alike.
    /// - Complexity: O(*k* log *k*) comparisons for *k* keys.
    private func hasRepeatedKey(from first: Int) -> Bool {
        let spans = (first..<keys.count).map { keys[$0] }.sorted { output.bytesPrecede($0.start..<$0.end, $1.start..<$1.end) }
        return zip(spans, spans.dropFirst()).contains { output.bytesEqual($0.start..<$0.end, $1.start..<$1.end) }
    }

    func closeAll() {
        while !frames.isEmpty { closeTop() }
    }

    func scalarWritten() {
        writes += 1
    }

    /// Writes `value` at the current position (a member just begun, or the top level).
    func writeValue<T: Encodable>(_ value: T, depth: Int, codingPath: [any CodingKey]) throws {
        if T.self == String.self { return output.appendString(value as! String) }
        if T.self == Int.self { return output.appendInteger(Int64(value as! Int)) }
        if T.self == Bool.self { return output.append((value as! Bool) ? "true" : "false") }
        if T.self == Double.self { return output.appendNumber(value as! Double) }
        if T.self == Date.self { return output.appendNumber((value as! Date).timeIntervalSinceReferenceDate) }
        if T.self == Data.self { return output.appendString((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return output.appendString((value as! URL).absoluteString) }
        if T.self == Decimal.self {
            return output.appendUnquoted(try JSONTreeEncoder.decimalText(value as! Decimal, codingPath: codingPath))
        }
        if T.self == Float.self { return output.appendNumber(value as! Float) }
        var slot: JSONStreamSlot
        if let spare = spareSlot {
            spareSlot = nil
            spare.reopen(depth: depth, codingPath: codingPath)
            slot = spare
        } else {
            slot = JSONStreamSlot(writer: self, depth: depth, codingPath: codingPath)
        }
        try value.encode(to: slot)
        slot.finish()
        if isKnownUniquelyReferenced(&slot) {
            spareSlot = slot  // The value did not keep its encoder.
        } else {
            encoderKept = true
        }
    }
}

/// The encoder handed to a value being written at one position.
final class JSONStreamSlot: Encoder {
    private enum Use { case unused, frame(id: Int, isObject: Bool), scalar }

    let writer: JSONStreamWriter
    @exclusivity(unchecked) private(set) var depth: Int
    @exclusivity(unchecked) private(set) var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    @exclusivity(unchecked) private var openedAt: Int
    @exclusivity(unchecked) private var use = Use.unused

    init(writer: JSONStreamWriter, depth: Int, codingPath: [any CodingKey]) {
        self.writer = writer
        self.depth = depth
        self.codingPath = codingPath
        self.openedAt = writer.writes
    }

    /// Makes a slot that its last value let go of ready for the next value.
    func reopen(depth: Int, codingPath: [any CodingKey]) {
        self.depth = depth
        self.codingPath = codingPath
        openedAt = writer.writes
        use = .unused
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
            writer.output.append("{}")
            writer.scalarWritten()
        } else {
            writer.failed = true
        }
    }
}
