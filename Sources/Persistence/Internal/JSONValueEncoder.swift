import FoundationEssentials

/// A JSON encoder for stored values, several times faster than `JSONEncoder` on small values, that
/// writes what ``JSONCoders/encoder`` writes: the same members in the same order, strings escaped
/// the same way (slashes and non-ASCII left as they are), `Data` as base64, `URL` as its absolute
/// string, `Decimal` as a number, `Date` as its seconds since 2001, non-finite numbers as
/// `"Infinity"`, `"-Infinity"` and `"NaN"`. Numbers print in Swift's shortest exact form, which
/// reads back as the same number (`JSONEncoder` may print `5.0` as `5`: same meaning).
///
/// Values are built as a small tree first, so containers may be filled in any order, nested
/// containers and `superEncoder()` work as in `JSONEncoder`; the tree is then written in one pass.
struct JSONValueEncoder {
    func encode<T: Encodable>(_ value: T) throws -> Data {
        let streamed = try JSONStreamWriter.withWriter { writer -> Data? in
            try writer.writeValue(value, depth: 0, codingPath: [])
            writer.closeAll()  // Closing a large object may find a key written twice.
            return writer.failed ? nil : writer.output.data()
        }
        return try streamed ?? encodeThroughTree(value)
    }

    /// Builds the value as a tree first: any container order works (see JSONStreamWriter).
    func encodeThroughTree<T: Encodable>(_ value: T) throws -> Data {
        let root = JSONSlot()
        try JSONTreeEncoder.encodeValue(value, into: root, codingPath: [])
        guard let tree = root.value else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) did not encode any values."))
        }
        var output = [UInt8]()
        output.reserveCapacity(128)
        tree.write(to: &output)
        return Data(output)
    }
}

/// A node of the tree: a finished scalar, or a container still being filled.
enum JSONNode {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    /// A number already printed (floating point, `Decimal`).
    case number(String)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)
    /// Filled later by a `superEncoder()` (an empty object if never filled, as in JSONEncoder).
    case slot(JSONSlot)

    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): JSONNode.writeInteger(value, to: &output)
        case .unsigned(let value): JSONNode.writeInteger(value, to: &output)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONNode.writeString(text, to: &output)
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
                JSONNode.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .slot(let slot):
            (slot.value ?? .object(JSONObject())).write(to: &output)
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Writes `value` in decimal, as `String(value)` would, without making the string (its
    /// `description` costs more than the rest of a small member's encoding). Not generic: these
    /// are called from code generic over the coding key, where a generic one is not specialised.
    static func writeInteger(_ value: Int64, to output: inout [UInt8]) {
        withDecimal(value.magnitude, negative: value < 0) { output.append(contentsOf: $0) }
    }

    static func writeInteger(_ value: UInt64, to output: inout [UInt8]) {
        withDecimal(value, negative: false) { output.append(contentsOf: $0) }
    }

    /// `value` in decimal as stored bytes; a short `Data` is stored inline, so this allocates nothing.
    static func decimalData(_ value: Int) -> Data {
        withDecimal(Int64(value).magnitude, negative: value < 0) { Data($0) }
    }

    /// Calls `body` with the decimal digits of `magnitude` (after a minus sign when `negative`),
    /// written in a buffer on the stack.
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

final class JSONArray {
    var elements: [JSONNode] = []
}

/// Members in the order they were first encoded; encoding a key again replaces its value.
final class JSONObject {
    private(set) var members: [(key: String, value: JSONNode)] = []
    private var index: [String: Int]?

    init() {
        members.reserveCapacity(8)
    }

    func set(_ value: JSONNode, for key: String) {
        if let position = position(of: key) {
            members[position].value = value
            return
        }
        members.append((key, value))
        index?[key] = members.count - 1
    }

    func existing(_ key: String) -> JSONNode? {
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

final class JSONSlot {
    var value: JSONNode?
}
