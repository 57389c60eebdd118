import FoundationEssentials
import Synchronization

/// The writer behind ``JSONValueEncoder``: writes JSON straight into one buffer as the value
/// encodes itself, with no tree. That works whenever containers are used in nesting order, as
/// synthesized `Codable` conformances always do. Anything else (a container used after a sibling
/// was started, a key encoded twice, `superEncoder()`, or what ``JSONValueEncoder/Options`` leave
/// to `JSONEncoder`) marks the writer failed, and the caller asks `JSONEncoder` instead. Failing is
/// never an error thrown into a value's `encode(to:)`, which could catch it.
///
/// Sorted keys are sorted when their object closes: its members' bytes are written again in the
/// order of their keys (nested objects are already complete), unless they came in that order.
final class JSONStreamWriter: @unchecked Sendable {
    // @unchecked: a writer is used by one encoding on one thread at a time; the spare slot hands it
    // over with an atomic exchange.
    struct Frame {
        let id: Int
        let isObject: Bool
        var count: Int
        /// Where this object's keys start in `keys`.
        let keyStart: Int
        /// When keys are sorted: whether they came in order so far (then nothing is moved).
        var inOrder = true
        /// When keys are sorted: whether a key has a byte past ASCII (two such keys may be one
        /// key for `JSONEncoder`, which compares them as Swift strings).
        var hasNonASCII = false
    }

    /// The bytes `start..<end` of `output`: one written key, quoted.
    struct KeySpan {
        let start: Int
        let end: Int
        /// When keys are sorted and this one was escaped: where its own bytes are in
        /// `escapedKeys` (else -1), which sorting compares: JSONEncoder sorts keys, not escapes.
        var unescapedStart = -1, unescapedEnd = -1
        /// The key without its quotes.
        var inner: Range<Int> { (start + 1)..<(end - 1) }
    }

    // Unchecked exclusivity: one encoding runs on one thread and never holds two accesses to
    // these at once, and the dynamic checks cost a third of the encoding of a small struct.
    @exclusivity(unchecked) var output = JSONOutput(capacity: 256)
    @exclusivity(unchecked) private(set) var options = JSONValueEncoder.Options.stored
    /// An object's members while they are written again in key order, and that order.
    @exclusivity(unchecked) private var moved = JSONOutput(capacity: 256)
    @exclusivity(unchecked) private var order = JSONStack<Int>(capacity: 16)
    @exclusivity(unchecked) private var escapedKeys = JSONOutput(capacity: 64)
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
        moved.deallocate()
        order.deallocate()
        escapedKeys.deallocate()
        frames.deallocate()
        keys.deallocate()
    }

    /// One writer kept for reuse (with its buffers' capacity), taken and given back with one atomic
    /// exchange each: an encoding then allocates only its result. An encoding that finds the slot
    /// empty (another thread's, or one nested in it) makes a writer of its own.
    /// The spare writer's retained reference as an address (0: none), as `Atomic` holds integers.
    private static let spare = Atomic<UInt>(0)

    /// Runs `body` with a clean writer writing as `options` say, kept for the next encoding afterwards.
    static func withWriter<T>(options: JSONValueEncoder.Options = .stored, _ body: (JSONStreamWriter) throws -> T) rethrows -> T {
        let taken = spare.exchange(0, ordering: .acquiring)
        let writer = UnsafeMutableRawPointer(bitPattern: taken)
            .map { Unmanaged<JSONStreamWriter>.fromOpaque($0).takeRetainedValue() } ?? JSONStreamWriter()
        // An encoder a value kept after its encoding may have written into the idle writer.
        if writer.writes != 0 || writer.failed || !writer.frames.isEmpty || writer.output.count != 0 { writer.reset() }
        writer.options = options
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
        moved.removeAll(keepingCapacityUpTo: 4096)
        escapedKeys.removeAll(keepingCapacityUpTo: 4096)
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
        if options.pretty {
            if frames[index].count > 0 { output.append(UInt8(ascii: "\n")) }
            output.appendIndent(index + 1)
        }
        frames[index].count += 1
        writes += 1
        if let key {
            let start = output.count
            output.appendString(key)
            var written = KeySpan(start: start, end: output.count)
            if options.sortsKeys {
                if written.inner.count != key.utf8.count {
                    var key = key
                    let from = escapedKeys.count
                    key.withUTF8 { escapedKeys.append(UnsafeRawBufferPointer($0)) }
                    (written.unescapedStart, written.unescapedEnd) = (from, escapedKeys.count)
                }
                noteSortedKey(written, of: index)
            } else if keys.count - frames[index].keyStart < JSONStreamWriter.keysComparedEachTime {
                // A key written twice: only JSONEncoder can replace the first one's value. A large
                // object's keys are checked once, sorted, when it closes.
                for earlier in frames[index].keyStart..<keys.count where output.bytesEqual(keys[earlier].inner, written.inner) {
                    failed = true
                    return false
                }
            }
            keys.append(written)
            if options.pretty { output.append(" : ") } else { output.append(UInt8(ascii: ":")) }
        }
        return true
    }

    /// Notes whether the key just written keeps its object in key order.
    private func noteSortedKey(_ written: KeySpan, of index: Int) {
        if !frames[index].hasNonASCII, keyBytes(written).contains(where: { $0 >= 0x80 }) { frames[index].hasNonASCII = true }
        if frames[index].inOrder, keys.count > frames[index].keyStart,
           !keyBytes(keys[keys.count - 1]).lexicographicallyPrecedes(keyBytes(written)) {
            frames[index].inOrder = false  // Or a key written twice, which sorting finds.
        }
    }

    /// A key's own bytes, which sorting compares.
    private func keyBytes(_ span: KeySpan) -> UnsafeRawBufferPointer {
        span.unescapedStart < 0 ? output.bytes(span.inner) : escapedKeys.bytes(span.unescapedStart..<span.unescapedEnd)
    }

    func push(isObject: Bool) -> (index: Int, id: Int) {
        nextID &+= 1
        writes += 1
        if options.matchesJSONEncoder, frames.count >= 511 { failed = true }  // JSONEncoder refuses 512 levels.
        frames.append(Frame(id: nextID, isObject: isObject, count: 0, keyStart: keys.count))
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if options.pretty { output.append(UInt8(ascii: "\n")) }
        return (frames.count - 1, nextID)
    }

    /// Up to this many keys, each new key is compared with every earlier one of its object.
    static let keysComparedEachTime = 32

    func closeTop() {
        let frame = frames.removeLast()
        if frame.isObject, options.sortsKeys {
            if !frame.inOrder || frame.hasNonASCII { sortMembers(of: frame) }
        } else if keys.count - frame.keyStart > JSONStreamWriter.keysComparedEachTime {
            sortKeys(from: frame.keyStart)
            if hasAdjacentEqualKeys(from: frame.keyStart) { failed = true }
        }
        keys.removeSuffix(from: frame.keyStart)
        if options.pretty {
            output.append(UInt8(ascii: "\n"))
            output.appendIndent(frames.count)
        }
        output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Puts in `order` the positions (from 0) of the keys from `first` on, sorted by their bytes.
    /// - Complexity: O(*k*²) comparisons for *k* keys up to 32 (objects have a handful), else
    ///   O(*k* log *k*).
    private func sortKeys(from first: Int) {
        let count = keys.count - first
        order.removeSuffix(from: 0)
        func precedes(_ a: Int, _ b: Int) -> Bool { keyBytes(keys[first + a]).lexicographicallyPrecedes(keyBytes(keys[first + b])) }
        if count > 32 {
            for position in (0..<count).sorted(by: precedes) { order.append(position) }
            return
        }
        for next in 0..<count {
            order.append(next)
            var slot = next
            while slot > 0, precedes(next, order[slot - 1]) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = next
        }
    }

    /// Whether two keys next to each other in `order` were written alike.
    private func hasAdjacentEqualKeys(from first: Int) -> Bool {
        (1..<max(1, order.count)).contains { keyBytes(keys[first + order[$0 - 1]]).elementsEqual(keyBytes(keys[first + order[$0]])) }
    }

    /// Writes the members of the object closing (its keys from `frame.keyStart` on, its bytes
    /// from the first key to the end of the output) again in key order; fails on a key written
    /// twice, or on two keys Swift takes for one (`é` composed and not).
    private func sortMembers(of frame: Frame) {
        let first = frame.keyStart, count = keys.count - first
        guard !failed, count > 1 else { return }
        sortKeys(from: first)
        if hasAdjacentEqualKeys(from: first) { failed = true }
        if frame.hasNonASCII {
            let distinct = Set((first..<keys.count).map { String(decoding: keyBytes(keys[$0]), as: UTF8.self) })
            if distinct.count < count { failed = true }
        }
        guard !failed, !frame.inOrder else { return }
        let start = keys[first].start, end = output.count
        // Between two members: a comma, and in pretty print a new line and the members' indent.
        let separator = options.pretty ? 2 + 2 * (frames.count + 1) : 1
        moved.removeAll(keepingCapacityUpTo: 4096)
        moved.append(output.bytes(start..<end))
        output.removeSuffix(from: start)
        for position in 0..<count {
            let member = order[position]
            if position > 0 {
                output.append(UInt8(ascii: ","))
                if options.pretty {
                    output.append(UInt8(ascii: "\n"))
                    output.appendIndent(frames.count + 1)
                }
            }
            let memberEnd = member + 1 < count ? keys[first + member + 1].start - separator : end
            output.append(moved.bytes((keys[first + member].start - start)..<(memberEnd - start)))
        }
    }

    func closeAll() {
        while !frames.isEmpty { closeTop() }
    }

    func scalarWritten() {
        writes += 1
    }

    /// Writes `value` at the current position (a member just begun, or the top level). The coding
    /// path is built only for a value that is no scalar (or a `Decimal` that fails): an array and
    /// for an array's element a string too, per member, were a value's generic members' main cost.
    func writeValue<T: Encodable>(_ value: T, depth: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        // Metatype comparisons are cheap; `as?` casts on a generic value are not.
        if T.self == String.self { return output.appendString(value as! String) }
        if T.self == Int.self { return output.appendInteger(Int64(value as! Int)) }
        if T.self == Bool.self { return output.append((value as! Bool) ? "true" : "false") }
        if T.self == Double.self { return writeNumber(value as! Double) }
        if T.self == Date.self { return writeDate(value as! Date) }
        if T.self == Float.self { return writeNumber(value as! Float) }
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            if options.matchesJSONEncoder {  // JSONEncoder has forms of its own.
                failed = true
                return
            }
            if T.self == Data.self { return output.appendString((value as! Data).base64EncodedString()) }
            if T.self == URL.self { return output.appendString((value as! URL).absoluteString) }
            let decimal = value as! Decimal
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(decimal, .init(codingPath: codingPath(), debugDescription: "Decimal.nan has no JSON form"))
            }
            return output.appendUnquoted(decimal.description)
        }
        var slot: JSONStreamSlot
        if let spare = spareSlot {
            spareSlot = nil
            spare.reopen(depth: depth, codingPath: codingPath())
            slot = spare
        } else {
            slot = JSONStreamSlot(writer: self, depth: depth, codingPath: codingPath())
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

extension JSONStreamWriter {
    /// A `Double`: its shortest exact text (without a final `.0` for JSONEncoder), or for a number
    /// JSON has not, the string ``FloatingJSON`` names it by (JSONEncoder refuses it: failed).
    func writeNumber(_ value: Double) {
        if value.isFinite { return output.appendUnquoted(value.description, dropsZeroFraction: options.matchesJSONEncoder) }
        if options.matchesJSONEncoder {
            failed = true
        } else {
            output.appendString(FloatingJSON.name(ofNonFinite: value))
        }
    }

    /// A `Float` as its own shortest text (inside a Codable value, as JSONEncoder writes it).
    func writeNumber(_ value: Float) {
        if value.isFinite { return output.appendUnquoted(value.description, dropsZeroFraction: options.matchesJSONEncoder) }
        writeNumber(Double(value))
    }

    /// A `Date` as its seconds since 2001, or as `"2026-03-04T05:06:07Z"` for a whole second from
    /// 1970 to 9999: `JSONEncoder` truncates fractions and has forms of its own for other years,
    /// so those fail. The whole second is judged on the interval since 2001, as `Date` holds it
    /// (a tiny fraction there can vanish in the interval since 1970).
    func writeDate(_ date: Date) {
        let sinceReference = date.timeIntervalSinceReferenceDate
        guard options.iso8601Dates else { return writeNumber(sinceReference) }
        let sinceReferenceToUnix = 978_307_200
        guard sinceReference.rounded(.down) == sinceReference, sinceReference >= Double(-sinceReferenceToUnix),
              sinceReference <= Double(CivilDay.timestampSeconds.upperBound - sinceReferenceToUnix)
        else {
            failed = true
            return
        }
        output.append(UInt8(ascii: "\""))
        output.append(length: 20) { CivilDay.writeTimestamp(wholeSecond: Int(sinceReference) + sinceReferenceToUnix, into: $0) }
        output.append(UInt8(ascii: "\""))
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
        return JSONStreamValues(writer: writer, target: .array(index: frame.index, id: frame.id), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONStreamValues(writer: writer, target: .slot(self), codingPath: codingPath)
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

    /// A value that encoded nothing is an empty object, as in JSONEncoder (which, at the top
    /// level, refuses it instead: left to it when writing exactly as it does).
    func finish() {
        guard case .unused = use else { return }
        if isFillable, !writer.options.matchesJSONEncoder {
            writer.output.append("{}")
            writer.scalarWritten()
        } else {
            writer.failed = true
        }
    }
}
