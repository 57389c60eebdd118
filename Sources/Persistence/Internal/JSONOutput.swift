import FoundationEssentials

/// The writer's output: one buffer, grown by doubling and written through a pointer. An array's
/// `append` checks uniqueness and capacity for every byte, which was most of the cost of a struct
/// member (a key, a colon, a quoted value, a comma). The owner frees it (``deallocate()``).
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

    /// The bytes written.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes at `range` of what was written.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
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

    /// Forgets the bytes from `position` on (they are about to be written again in another order).
    mutating func removeSuffix(from position: Int) {
        count = position
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

    /// Two spaces per level, as `JSONEncoder`'s `.prettyPrinted` indents.
    mutating func appendIndent(_ levels: Int) {
        reserve(2 * levels)
        (base + count).update(repeating: UInt8(ascii: " "), count: 2 * levels)
        count += 2 * levels
    }

    /// Lets `body` write exactly `length` bytes in place.
    mutating func append(length: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        reserve(length)
        body(UnsafeMutableBufferPointer(start: base + count, count: length))
        count += length
    }

    /// `text` as it is (a number already printed), without quotes; `dropsZeroFraction` drops a
    /// final `.0`, as `JSONEncoder` prints a whole number.
    mutating func appendUnquoted(_ text: String, dropsZeroFraction: Bool = false) {
        var text = text
        text.withUTF8 { bytes in
            var length = bytes.count
            if dropsZeroFraction, length > 2, bytes[length - 2] == UInt8(ascii: "."), bytes[length - 1] == UInt8(ascii: "0") { length -= 2 }
            append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<length]))
        }
    }

    /// `text` as a JSON string, escaped as ``JSONScalarText/writeString(_:to:)`` escapes it.
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
                guard !JSONScalarText.needsEscape(bytes) else { return false }
                (start + 1).update(from: source, count: bytes.count)
            }
            start[0] = UInt8(ascii: "\"")
            start[bytes.count + 1] = UInt8(ascii: "\"")
            count += bytes.count + 2
            return true
        }
        if !copied {  // Rare: a string with a quote, a backslash or a control character.
            var escaped: [UInt8] = []
            JSONScalarText.writeString(text, to: &escaped)
            escaped.withUnsafeBytes { append($0) }
        }
    }

    mutating func appendInteger(_ value: Int64) {
        JSONScalarText.withDecimal(value.magnitude, negative: value < 0) { append($0) }
    }

    mutating func appendInteger(_ value: UInt64) {
        JSONScalarText.withDecimal(value, negative: false) { append($0) }
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
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
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

/// How scalars are spelled in JSON, for every writer of the package (the encoder, the parser's
/// canonical form, the file backend's document).
enum JSONScalarText {
    private static let hex = Array("0123456789abcdef".utf8)

    /// `value` in decimal as stored bytes; a short `Data` is stored inline, so this allocates nothing.
    static func decimalData(_ value: Int) -> Data {
        withDecimal(Int64(value).magnitude, negative: value < 0) { Data($0) }
    }

    /// Calls `body` with the decimal digits of `magnitude` (after a minus sign when `negative`),
    /// written in a buffer on the stack: `description` costs more than the rest of a small member.
    static func withDecimal<T>(
        _ magnitude: UInt64, negative: Bool, _ body: (UnsafeRawBufferPointer) -> T
    ) -> T {
        var magnitude = magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for "-" and 20 digits.
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Whether any byte is a control character, a quote or a backslash. Eight bytes at a time:
    /// this scan was the largest single cost of encoding a struct of short strings. The last
    /// partial word is read again from its end (overlapping bytes already checked), and a string
    /// under eight bytes is padded with letters, so no byte is looked at on its own.
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        func load(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        if count >= 8 {
            var index = 0
            while index + 8 <= count {
                if wordNeedsEscape(load(index)) { return true }
                index += 8
            }
            return index < count && wordNeedsEscape(load(count - 8))
        }
        var word: UInt64 = 0x4141_4141_4141_4141  // "AAAAAAAA": needs no escape.
        withUnsafeMutableBytes(of: &word) { $0.baseAddress?.copyMemory(from: base, byteCount: count) }
        return wordNeedsEscape(UInt64(littleEndian: word))
    }

    /// Whether any of the eight bytes of `word` is below 0x20, a quote or a backslash (exact as a
    /// yes/no answer: a borrow only runs on past a byte that already answered yes).
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        // Below 0x20: word - 0x20 in each byte borrows into its high bit (bytes >= 0x80 are masked
        // out by ~word).
        return (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x22))
            || hasZero(word ^ (ones &* 0x5C))
    }

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it: quote, backslash and control
    /// characters (the common ones by letter, the rest as lowercase `\u00XX`); slashes and
    /// everything else as they are.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        // Most strings need no escape: copy them in one go.
        let copied = text.withUTF8 { bytes -> Bool in
            guard !needsEscape(bytes) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

