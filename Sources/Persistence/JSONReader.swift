// FoundationEssentials only, as in JSONText.swift: every process that reads a store runs this.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one JSON tokenizer (RFC 8259): a pull reader over UTF-8 bytes, one token at a time.
///
/// ``JSONValue`` builds its trees and checks with it; a reader of one record shape (such as the
/// tracker's progress records, read thousands at a time) walks its members with it and never makes
/// a tree or a `String` it does not need.
///
/// ```swift
/// var reader = JSONReader(bytes)  // {"n": 2.5, "tags": ["a"]}
/// try reader.beginObject()
/// while let key = try reader.nextMember() {
///     switch key {
///     case "n": number = try reader.readDouble()
///     default: try reader.skipValue()
///     }
/// }
/// try reader.finish()
/// ```
///
/// Every `read…` and `begin…` skips the whitespace before its token. Anything that breaks the
/// grammar, or is not the token asked for, throws a ``JSONSyntaxError`` naming its line and column.
/// The hot parts are inlinable: a record reader in another module runs them without a call each.
package struct JSONReader {
    /// Arrays and objects nest at most this deep in ``skipValue()`` and ``JSONValue``.
    static let maximumDepth = 512

    /// The text being read.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next byte to read.
    package var offset = 0
    /// Whether the last token was `[` or `{`, so the next ``nextElement()`` or ``nextMember()``
    /// looks for a first element or member rather than a comma.
    @usableFromInline var opened = false
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []

    /// A reader at the start of `bytes` (a byte order mark is not skipped: see ``JSONValue``).
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Moves past spaces, tabs, line feeds and carriage returns.
    @inlinable package mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed.
    /// - Throws: at the end of the text: a value was expected there.
    @inlinable package mutating func peek() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard offset < bytes.count else { throw endOfInput() }
        return bytes[offset]
    }

    /// Checks that only whitespace follows the value just read.
    package mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset == bytes.count else { throw error(at: offset, "unexpected text after the JSON value") }
    }

    // MARK: Containers

    /// Reads `[`; then call ``nextElement()`` before each element.
    @inlinable package mutating func beginArray() throws(JSONSyntaxError) {
        guard try peek() == UInt8(ascii: "[") else { throw error(at: offset, "expected an array") }
        offset += 1
        opened = true
    }

    /// Whether another element of the array follows (then read or skip it); reads the `,` before
    /// it, or the closing `]`.
    @inlinable package mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if opened {
            opened = false
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "]") else { return true }
        } else {
            guard offset < bytes.count else { throw endOfInput() }
            if bytes[offset] == UInt8(ascii: ",") {
                try skipComma(before: UInt8(ascii: "]"))
                return true
            }
            guard bytes[offset] == UInt8(ascii: "]") else { throw error(at: offset, "expected ',' or ']' after an array element") }
        }
        offset += 1
        return false
    }

    /// Reads `{`; then call ``nextMember()`` before each member.
    @inlinable package mutating func beginObject() throws(JSONSyntaxError) {
        guard try peek() == UInt8(ascii: "{") else { throw error(at: offset, "expected an object") }
        offset += 1
        opened = true
    }

    /// The next member's key, with the `,` before it and the `:` after it read (then read or skip
    /// its value), or `nil` after reading the object's closing `}`.
    @inlinable package mutating func nextMember() throws(JSONSyntaxError) -> JSONString? {
        skipWhitespace()
        if opened {
            opened = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return nil
            }
            return try readKey(expected: "expected a string key or '}' after '{'")
        }
        guard offset < bytes.count else { throw endOfInput() }
        if bytes[offset] == UInt8(ascii: ",") {
            try skipComma(before: UInt8(ascii: "}"))
            return try readKey(expected: "expected a string key after ','")
        }
        guard bytes[offset] == UInt8(ascii: "}") else { throw error(at: offset, "expected ',' or '}' after an object member") }
        offset += 1
        return nil
    }

    /// Skips the comma at `offset` and the whitespace after it; a `closing` bracket next is a
    /// trailing comma, reported at the comma.
    @inlinable mutating func skipComma(before closing: UInt8) throws(JSONSyntaxError) {
        let comma = offset
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == closing {
            throw error(at: comma, "trailing comma before '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    /// An object's key, the colon after it and the whitespace around the colon.
    @inlinable mutating func readKey(expected: StaticString) throws(JSONSyntaxError) -> JSONString {
        guard offset < bytes.count else { throw endOfInput() }
        guard bytes[offset] == UInt8(ascii: "\"") else { throw error(at: offset, expected.description) }
        let key = try scanString()
        skipWhitespace()
        guard offset < bytes.count else { throw endOfInput() }
        guard bytes[offset] == UInt8(ascii: ":") else { throw error(at: offset, "expected ':' after an object key") }
        offset += 1
        return key
    }

    /// Reads and checks one value of any kind, building nothing.
    /// - Throws: as ``JSONValue/check(_:)`` does, also when arrays and objects nest deeper than
    ///   ``maximumDepth`` (never a stack overflow).
    package mutating func skipValue() throws(JSONSyntaxError) {
        _ = try JSONValue.read(from: &self, buildsTree: false)
    }

    // MARK: Scalars

    /// `true` or `false`, or `nil` for `null`.
    /// - Throws: for anything else, with what it is ("unexpected word 'nope'", "unexpected
    ///   character '+' (numbers start with a digit or '-')", …).
    package mutating func readLiteral() throws(JSONSyntaxError) -> Bool? {
        switch try peek() {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): break
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            throw error(at: offset, "unexpected character \(describeCharacter(at: offset)) (numbers start with a digit or '-')")
        case UInt8(ascii: "'"):
            throw error(at: offset, "unexpected character \(describeCharacter(at: offset)) (strings need double quotes)")
        default:
            throw error(at: offset, "unexpected character \(describeCharacter(at: offset))")
        }
        let start = offset
        var end = offset
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let literals: KeyValuePairs<String, Bool?> = ["true": true, "false": false, "null": nil]
        if let literal = literals.first(where: { $0.key.utf8.elementsEqual(word) }) {
            offset = end
            return literal.value
        }
        // Anything else that starts with a letter is reported as a whole word at its start
        // (`[tru]` and `[nope]` at the `t` and the `n`), unless the text ends inside a literal.
        if end == bytes.count, literals.contains(where: { $0.key.utf8.starts(with: word) }) { throw endOfInput() }
        let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 24)]), as: UTF8.self)
        throw error(at: start, "unexpected word '\(shown)\(end - start > 24 ? "…" : "")' (the only words are true, false and null; strings need double quotes)")
    }

    /// Reads `null` when it comes next and says so; any other value is left unread.
    @inlinable package mutating func skipNull() throws(JSONSyntaxError) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        _ = try readLiteral()  // A word that starts with "n" is null, or it throws.
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// A number's text, checked against `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    @inlinable package mutating func readNumber() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        let first = try peek()
        guard first == UInt8(ascii: "-") || Self.isDigit(first) else { throw error(at: offset, "expected a number") }
        let start = offset
        var position = offset
        if first == UInt8(ascii: "-") {
            position += 1
            try expectDigit(at: position, "expected a digit after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw error(at: position - 1, "numbers may not have leading zeros")
            }
        } else {
            position = skipDigits(from: position)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try expectDigit(at: position, "expected a digit after '.' in a number")
            position = skipDigits(from: position)
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            try expectDigit(at: position, "expected a digit in the number's exponent")
            position = skipDigits(from: position)
        }
        offset = position
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    /// A number as the nearest `Double`, as the standard library's parser reads it (which reads
    /// the shortest round-trip form `JSONEncoder` writes back to the same double).
    @inlinable package mutating func readDouble() throws(JSONSyntaxError) -> Double {
        let text = try readNumber()
        if let value = Self.shortDecimal(text) { return value }
        // A number of the grammar always reads (one beyond the range as an infinity).
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    @inlinable mutating func expectDigit(at position: Int, _ reason: StaticString) throws(JSONSyntaxError) {
        guard position < bytes.count else { throw endOfInput() }
        guard Self.isDigit(bytes[position]) else { throw error(at: position, reason.description) }
    }

    @inlinable func skipDigits(from start: Int) -> Int {
        var position = start
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        return position
    }

    @inlinable static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The value of `-?digits(.digits)?` with at most 15 digits in all, computed exactly:
    /// the digits as an integer (below 2^53, so exact as a `Double`) divided by a power of ten up
    /// to 10^15 (also exact), which IEEE division rounds correctly, as the standard library's
    /// parser does. `nil` for any other form (exponents, longer numbers), which that parser reads.
    /// Review cards hold a few such numbers each, and `strtod` cost a tenth of reading a record.
    @inlinable package static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { position = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var integerDigits = 0
        while position < text.count {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, integerDigits > 0 else { return nil }
                seenPoint = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            digits += 1
            guard digits <= 15 else { return nil }
            mantissa = mantissa &* 10 &+ Int64(digit)
            if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
        }
        guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        // 10^0 to 10^15: every product on the way is an integer below 2^53, so exact.
        var power = 1.0
        for _ in 0..<fractionDigits { power *= 10 }
        let magnitude = Double(mantissa) / power
        return negative ? -magnitude : magnitude
    }

    // MARK: Errors

    /// The error for a problem at byte `offset`, located by line and column.
    @usableFromInline func error(at offset: Int, _ reason: String, endsEarly: Bool = false) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: reason, endsEarly: endsEarly, in: bytes)
    }

    /// The error for text that ends before its value does.
    @usableFromInline func endOfInput() -> JSONSyntaxError {
        error(at: bytes.count, "the text ends early (is it truncated?)", endsEarly: true)
    }

    func tooDeep() -> JSONSyntaxError {
        error(at: offset, "nested more than \(Self.maximumDepth) levels deep")
    }

    /// The character at `offset` for an error message: 'x' when printable ASCII, U+XXXX for any
    /// other character, "byte 0xNN" when the bytes there are not UTF-8.
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return Self.codePoint(UInt32(byte)) }
        guard case .valid(let length) = utf8Sequence(at: offset) else {
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
        let sequence = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        return sequence.unicodeScalars.first.map { Self.codePoint($0.value) } ?? "byte 0x"
    }

    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A string token of JSON text: its bytes between the quotes, escapes not yet decoded. Its bytes
/// were checked (valid UTF-8, valid escapes) when it was read.
package struct JSONString {
    /// The bytes between the quotes, as written.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the string holds a `\` escape: then only ``JSONReader/decode(_:)`` tells its text.
    package let hasEscapes: Bool

    /// Whether `string`, written without escapes, is `name` (`case "status":` in a `switch` over a
    /// key), compared as bytes, without making a `String`. A string with escapes matches nothing.
    @inlinable package static func ~= (name: StaticString, string: JSONString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard count == string.bytes.count, !string.hasEscapes else { return false }
        guard let base = string.bytes.baseAddress else { return count == 0 }
        return memcmp(name.utf8Start, base, count) == 0
    }
}
