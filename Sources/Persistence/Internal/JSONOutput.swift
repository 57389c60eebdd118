import FoundationEssentials

/// The streaming writer's output: one buffer, grown by doubling and written through a pointer. An
/// array's `append` checks uniqueness and capacity for every byte, which was most of the cost of
/// a struct member (a key, a colon, a quoted value, a comma). The owner frees it (``deallocate()``).
struct JSONOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    func deallocate() {
        base.deallocate()
    }

    /// The bytes written, as stored-value bytes.
    func data() -> Data {
        Data(bytes: base, count: count)
    }

    /// Forgets the bytes; a buffer grown past `limit` (one large value) is given back.
    mutating func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        if capacity > limit {
            base.deallocate()
            base = .allocate(capacity: limit)
            capacity = limit
        }
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text` as it is (a number already printed), without quotes.
    mutating func appendUnquoted(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// `text` as a JSON string, escaped as ``JSONNode/writeString(_:to:)`` escapes it.
    mutating func appendString(_ text: String) {
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            reserve(bytes.count + 2)
            guard let source = bytes.baseAddress else {
                append("\"\"")
                return true
            }
            let start = base + count
            if bytes.count < 16 {
                // Keys and most values: checked while copied, in one pass.
                for index in 0..<bytes.count {
                    let byte = source[index]
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                    start[index + 1] = byte
                }
            } else {
                guard !JSONNode.needsEscape(bytes) else { return false }
                (start + 1).update(from: source, count: bytes.count)
            }
            start[0] = UInt8(ascii: "\"")
            start[bytes.count + 1] = UInt8(ascii: "\"")
            count += bytes.count + 2
            return true
        }
        if !copied { appendEscaped(text) }
    }

    /// Rare: a string with a quote, a backslash or a control character.
    private mutating func appendEscaped(_ text: String) {
        var escaped: [UInt8] = []
        JSONNode.writeString(text, to: &escaped)
        escaped.withUnsafeBytes { append($0) }
    }

    mutating func appendInteger(_ value: Int64) {
        JSONNode.withDecimal(value.magnitude, negative: value < 0) { append($0) }
    }

    mutating func appendInteger(_ value: UInt64) {
        JSONNode.withDecimal(value, negative: false) { append($0) }
    }

    /// A `Double` as stored: its shortest exact text, or the string ``FloatingJSON`` names a
    /// value with no JSON number by.
    mutating func appendNumber(_ value: Double) {
        if value.isFinite { appendUnquoted(value.description) } else { appendString(FloatingJSON.name(ofNonFinite: value)) }
    }

    /// A `Float` as its own shortest text (inside a Codable value, as JSONEncoder writes it).
    mutating func appendNumber(_ value: Float) {
        if value.isFinite { appendUnquoted(value.description) } else { appendNumber(Double(value)) }
    }

    /// Whether the bytes in `first` come before those in `second` (ranges of what was written).
    func bytesPrecede(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        UnsafeBufferPointer(start: base + first.lowerBound, count: first.count)
            .lexicographicallyPrecedes(UnsafeBufferPointer(start: base + second.lowerBound, count: second.count))
    }

    /// Whether the bytes in `first` and `second` (ranges of what was written) are the same.
    func bytesEqual(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        for offset in 0..<first.count where base[first.lowerBound + offset] != base[second.lowerBound + offset] {
            return false
        }
        return true
    }
}

/// A stack of plain values in one buffer, for the writer's open containers and their keys: an
/// array's `append` and element updates check uniqueness each time. The owner frees it.
struct JSONStack<Element: BitwiseCopyable> {
    private let initialCapacity: Int
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        initialCapacity = capacity
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    func deallocate() {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The element at `index`, which must be below `count` (the callers check).
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Drops the elements from `index` on.
    mutating func removeSuffix(from index: Int) {
        count = index
    }
}
