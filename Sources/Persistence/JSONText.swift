// FoundationEssentials only: this file is on the path of every process that reads a store, and
// Foundation would load libFoundation and ICU at start-up. Nothing here needs more than the
// standard library; `JSONSerialization` (not in FoundationEssentials) is what it replaces.
import FoundationEssentials

/// A JSON value read strictly (RFC 8259), as `JSONSerialization` reads it with `.fragmentsAllowed`,
/// but with errors that say where and what the problem is, and a canonical compact form to write.
///
/// ```swift
/// let value = try JSONValue(parsing: Data(#"{"b": [1, 2.50], "a": "é"}"#.utf8))
/// String(decoding: value.canonicalBytes(), as: UTF8.self)  // {"a":"é","b":[1,2.50]}
///
/// do {
///     try JSONValue.check(Data("[1, 2\n 3]".utf8))
/// } catch {
///     print(error)  // line 2, column 2: expected ',' or ']' after an array element
/// }
/// ```
///
/// Numbers keep their text, so no precision is lost and a value writes back as it was read.
/// Object keys are Swift strings, so two keys that are canonically equivalent Unicode
/// (`"é"` and `"e\u0301"`) are one key, as in `JSONSerialization`'s dictionaries.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number's text exactly as written (already checked against the JSON grammar). A number
    /// made by hand must follow that grammar too, or ``canonicalBytes()`` writes invalid JSON.
    case number(String)
    /// A string, its escapes decoded.
    case string(String)
    /// An array's elements in order.
    case array([JSONValue])
    /// Members; a key given twice keeps its last value (as JSONSerialization does).
    case object([String: JSONValue])

    /// Reads one JSON value (any value at top level, "fragments" allowed), with optional whitespace
    /// (space, tab, LF, CR) around it; a UTF-8 byte order mark at the very start is skipped.
    ///
    /// - Throws: ``JSONSyntaxError`` at the first byte that breaks the grammar, or the first byte of
    ///   a word that is not `true`, `false` or `null`; at the input's end if it ends early; when
    ///   arrays and objects nest more than 512 deep (never a stack overflow, whatever the input).
    /// - Complexity: O(*n*) in the number of bytes.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        self = try JSONReader.read(bytes, buildsTree: true)
    }

    /// Throws unless `bytes` hold exactly one JSON value, as ``init(parsing:)`` would, with the same
    /// error; builds no tree, so it allocates next to nothing (the file backend checks every write).
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func check(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        _ = try JSONReader.read(bytes, buildsTree: false)
    }

    /// Compact JSON: no whitespace, object keys sorted by their UTF-8 bytes, strings escaped as the
    /// library writes them (quote, backslash and control characters only: slashes and non-ASCII
    /// stay as they are), numbers as their text. Equal values give equal bytes, and
    /// `JSONValue(parsing: value.canonicalBytes())` is `value` again.
    ///
    /// - Complexity: O(*n* log *n*) in the size of the value (sorting each object's keys).
    public func canonicalBytes() -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(64)
        writeCanonical(to: &output)
        return output
    }

    private func writeCanonical(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONNode.writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.writeCanonical(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // By bytes, not by String's `<` (Unicode scalars after normalisation): the order must
            // not depend on anything but the bytes written.
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, member) in sorted.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONNode.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeCanonical(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// Appends `text` as a JSON string, escaped as `JSONEncoder` escapes it: quote, backslash and
    /// control characters (the common ones by letter, the rest as lowercase `\u00XX`); slashes and
    /// everything else as they are. What stores and ``canonicalBytes()`` write.
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        JSONNode.writeString(text, to: &output)
    }
}

/// Why a text is not JSON, and where: what ``JSONValue/init(parsing:)`` and ``JSONValue/check(_:)``
/// throw.
///
/// ```swift
/// // [1,
/// //  2 3]
/// error.description  // "line 2, column 4: expected ',' or ']' after an array element"
/// ```
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset where the problem starts (for a bad literal such as `tru]` or `nope`: the first
    /// byte of the word; for input that ends early: the input's length).
    public let offset: Int
    /// The 1-based line of ``offset`` (LF, CR and CR LF end a line).
    public let line: Int
    /// The 1-based column of ``offset``: it counts Characters, not bytes, from the line's start
    /// (a byte order mark does not count).
    public let column: Int
    /// Lower-case phrase without a final period, such as "unexpected character 'x'",
    /// "expected ',' or ']' after an array element", "invalid UTF-8" or
    /// "the text ends early (is it truncated?)".
    public let reason: String
    /// True when the input ended before the value was complete (also when it holds no value at
    /// all): the text may have been cut short, by a partial write or a truncated download.
    public let endsEarly: Bool

    /// "line L, column C: reason".
    public var description: String { "line \(line), column \(column): \(reason)" }

    /// Locates `offset` in `bytes`; called only when an error is thrown, so it may take its time.
    init(offset: Int, reason: String, endsEarly: Bool, in bytes: UnsafeBufferPointer<UInt8>) {
        self.offset = offset
        self.reason = reason
        self.endsEarly = endsEarly
        var line = 1
        var lineStart = JSONReader.hasByteOrderMark(bytes) ? 3 : 0
        var position = lineStart
        while position < offset {
            let byte = bytes[position]
            position += 1
            // CR LF is one line break: the LF counts it.
            if byte == 0x0A || (byte == 0x0D && (position == bytes.count || bytes[position] != 0x0A)) {
                line += 1
                lineStart = position
            }
        }
        self.line = line
        let before = UnsafeBufferPointer(rebasing: bytes[min(lineStart, offset)..<offset])
        self.column = String(decoding: before, as: UTF8.self).count + 1
    }
}

/// The reader behind ``JSONValue``: byte by byte over a contiguous buffer, one value at a time.
/// Containers are kept on explicit stacks, not the call stack, so hostile nesting meets the depth
/// limit, never a stack overflow. With `buildsTree` off it only validates: every scalar reads as
/// `.null` and no container is filled.
struct JSONReader {
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private let buildsTree: Bool
    private var index = 0
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, buildsTree: Bool) {
        self.bytes = bytes
        self.buildsTree = buildsTree
    }

    static func read(_ bytes: some Collection<UInt8>, buildsTree: Bool) throws(JSONSyntaxError) -> JSONValue {
        // Data and [UInt8] are contiguous; anything else is copied once.
        let result =
            bytes.withContiguousStorageIfAvailable { read($0, buildsTree: buildsTree) }
            ?? Array(bytes).withUnsafeBufferPointer { read($0, buildsTree: buildsTree) }
        return try result.get()
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, buildsTree: Bool) -> Result<JSONValue, JSONSyntaxError> {
        var reader = JSONReader(bytes: bytes, buildsTree: buildsTree)
        do {
            return .success(try reader.readDocument())
        } catch {
            return .failure(error)
        }
    }

    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    private mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        let start = JSONReader.hasByteOrderMark(bytes) ? 3 : 0
        index = start
        skipWhitespace()
        guard index < bytes.count else {
            let reason = index == start ? "no JSON value (the text is empty)" : "no JSON value (the text is only whitespace)"
            throw error(at: index, reason, endsEarly: true)
        }
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw error(at: index, "unexpected text after the JSON value") }
        return value
    }

    private enum Container { case array, object }

    /// Reads the value that starts at `index` (whitespace already skipped).
    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        // The open containers, innermost last. Their contents are separate stacks (not payloads of
        // `Container`) so that the innermost one is appended to in place, never copied.
        var open: [Container] = []
        var arrays: [[JSONValue]] = []
        var objects: [[String: JSONValue]] = []
        var keys: [String] = []
        nextValue: while true {
            guard index < bytes.count else { throw endOfInput() }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["):
                guard open.count < JSONReader.maximumDepth else { throw tooDeep() }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    open.append(.array)
                    if buildsTree { arrays.append([]) }
                    continue nextValue
                }
            case UInt8(ascii: "{"):
                guard open.count < JSONReader.maximumDepth else { throw tooDeep() }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object([:])
                } else {
                    let key = try readKey(expected: "expected a string key or '}' after '{'")
                    open.append(.object)
                    if buildsTree {
                        objects.append([:])
                        keys.append(key)
                    }
                    continue nextValue
                }
            default:
                value = try readScalar()
            }
            // A value is complete: it goes into its container, and the containers that end after
            // it are complete values in turn.
            while let container = open.last {
                skipWhitespace()
                guard index < bytes.count else { throw endOfInput() }
                let byte = bytes[index]
                switch container {
                case .array:
                    if buildsTree { arrays[arrays.count - 1].append(value) }
                    if byte == UInt8(ascii: ",") {
                        try skipComma(before: UInt8(ascii: "]"))
                        continue nextValue
                    }
                    guard byte == UInt8(ascii: "]") else { throw error(at: index, "expected ',' or ']' after an array element") }
                    index += 1
                    open.removeLast()
                    value = buildsTree ? .array(arrays.removeLast()) : .null
                case .object:
                    if buildsTree { objects[objects.count - 1][keys.removeLast()] = value }
                    if byte == UInt8(ascii: ",") {
                        try skipComma(before: UInt8(ascii: "}"))
                        let key = try readKey(expected: "expected a string key after ','")
                        if buildsTree { keys.append(key) }
                        continue nextValue
                    }
                    guard byte == UInt8(ascii: "}") else { throw error(at: index, "expected ',' or '}' after an object member") }
                    index += 1
                    open.removeLast()
                    value = buildsTree ? .object(objects.removeLast()) : .null
                }
            }
            return value
        }
    }

    /// Skips the comma at `index` and the whitespace after it; a `closing` bracket next is a
    /// trailing comma, reported at the comma.
    private mutating func skipComma(before closing: UInt8) throws(JSONSyntaxError) {
        let comma = index
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            throw error(at: comma, "trailing comma before '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    /// Reads an object's key, the colon after it and the whitespace around the colon.
    private mutating func readKey(expected: String) throws(JSONSyntaxError) -> String {
        guard index < bytes.count else { throw endOfInput() }
        guard bytes[index] == UInt8(ascii: "\"") else { throw error(at: index, expected) }
        let key = try readString()
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput() }
        guard bytes[index] == UInt8(ascii: ":") else { throw error(at: index, "expected ':' after an object key") }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func readScalar() throws(JSONSyntaxError) -> JSONValue {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
            let text = try readString()
            return buildsTree ? .string(text) : .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return try readWord()
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            throw error(at: index, "unexpected character \(describeCharacter(at: index)) (numbers start with a digit or '-')")
        case UInt8(ascii: "'"):
            throw error(at: index, "unexpected character \(describeCharacter(at: index)) (strings need double quotes)")
        default:
            throw error(at: index, "unexpected character \(describeCharacter(at: index))")
        }
    }

    /// `true`, `false` or `null`. Anything else that starts with a letter is reported as a whole
    /// word at its start (`[tru]` and `[nope]` at the `t` and the `n`).
    private mutating func readWord() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var end = start
        while end < bytes.count, JSONReader.isWordByte(bytes[end]) { end += 1 }
        if isWord(start, end, "true") {
            index = end
            return buildsTree ? .bool(true) : .null
        }
        if isWord(start, end, "false") {
            index = end
            return buildsTree ? .bool(false) : .null
        }
        if isWord(start, end, "null") {
            index = end
            return .null
        }
        if end == bytes.count, ["true", "false", "null"].contains(where: { isPrefix(start, end, of: $0) }) {
            throw endOfInput()
        }
        let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 24)]), as: UTF8.self)
        throw error(at: start, "unexpected word '\(shown)\(end - start > 24 ? "…" : "")' (the only words are true, false and null; strings need double quotes)")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private func isWord(_ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        end - start == literal.utf8CodeUnitCount && isPrefix(start, end, of: literal)
    }

    /// Whether the bytes from `start` to `end` begin `literal`.
    private func isPrefix(_ start: Int, _ end: Int, of literal: StaticString) -> Bool {
        guard end - start <= literal.utf8CodeUnitCount else { return false }
        let characters = literal.utf8Start
        for offset in 0..<(end - start) where bytes[start + offset] != characters[offset] { return false }
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as written.
    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var position = index
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            try expectDigit(at: position, "expected a digit after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, JSONReader.isDigit(bytes[position]) {
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
        index = position
        guard buildsTree else { return .null }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    private func expectDigit(at position: Int, _ reason: String) throws(JSONSyntaxError) {
        guard position < bytes.count else { throw endOfInput() }
        guard JSONReader.isDigit(bytes[position]) else { throw error(at: position, reason) }
    }

    private func skipDigits(from start: Int) -> Int {
        var position = start
        while position < bytes.count, JSONReader.isDigit(bytes[position]) { position += 1 }
        return position
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func error(at offset: Int, _ reason: String, endsEarly: Bool = false) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: reason, endsEarly: endsEarly, in: bytes)
    }

    private func endOfInput() -> JSONSyntaxError {
        error(at: bytes.count, "the text ends early (is it truncated?)", endsEarly: true)
    }

    private func tooDeep() -> JSONSyntaxError {
        error(at: index, "nested more than \(JSONReader.maximumDepth) levels deep")
    }
}

// Strings: validated in one pass, then made with one `String(decoding:as:)` of their bytes (or of
// their bytes with the escapes decoded, in a second pass that needs no checks).
extension JSONReader {
    /// Reads the string whose opening quote is at `index`; "" when no tree is built.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = index + 1
        var position = start
        var hasEscapes = false
        while true {
            guard position < bytes.count else { throw endOfInput() }
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position = try skipEscape(at: position)
            } else if byte < 0x20 {
                throw error(at: position, "control character \(JSONReader.codePoint(UInt32(byte))) in a string")
            } else {
                position = try skipUTF8Sequence(at: position)
            }
        }
        index = position + 1
        guard buildsTree else { return "" }
        let contents = UnsafeBufferPointer(rebasing: bytes[start..<position])
        return hasEscapes ? decodingEscapes(contents) : String(decoding: contents, as: UTF8.self)
    }

    /// Checks the non-ASCII UTF-8 sequence at `position` (no overlong forms, no UTF-16 surrogates,
    /// nothing above U+10FFFF) and returns where the next character starts.
    private func skipUTF8Sequence(at position: Int) throws(JSONSyntaxError) -> Int {
        switch utf8Sequence(at: position) {
        case .valid(let length): return position + length
        case .truncated: throw endOfInput()
        case .invalid: throw error(at: position, "invalid UTF-8")
        }
    }

    private enum UTF8Sequence { case valid(length: Int), invalid, truncated }

    private func utf8Sequence(at position: Int) -> UTF8Sequence {
        let first = bytes[position]
        var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF  // Of the second byte.
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowest = 0xA0  // Below: overlong.
        case 0xED: length = 3; highest = 0x9F  // Above: UTF-16 surrogates.
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; lowest = 0x90  // Below: overlong.
        case 0xF4: length = 4; highest = 0x8F  // Above: beyond U+10FFFF.
        case 0xF1...0xF3: length = 4
        default: return .invalid
        }
        for offset in 1..<length {
            guard position + offset < bytes.count else { return .truncated }
            let byte = bytes[position + offset]
            let range = offset == 1 ? lowest...highest : 0x80...0xBF
            guard range.contains(byte) else { return .invalid }
        }
        return .valid(length: length)
    }

    /// Checks the escape sequence whose backslash is at `position` and returns where it ends.
    private func skipEscape(at position: Int) throws(JSONSyntaxError) -> Int {
        guard position + 1 < bytes.count else { throw endOfInput() }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 2
        case UInt8(ascii: "u"):
            let unit = try utf16Unit(at: position)
            switch unit {
            case 0xD800...0xDBFF:
                // A low surrogate must follow, as a `\u` escape.
                guard position + 6 < bytes.count else { throw endOfInput() }
                guard bytes[position + 6] == UInt8(ascii: "\\") else { throw unpairedSurrogate(at: position) }
                guard position + 7 < bytes.count else { throw endOfInput() }
                guard bytes[position + 7] == UInt8(ascii: "u") else { throw unpairedSurrogate(at: position) }
                guard 0xDC00...0xDFFF ~= (try utf16Unit(at: position + 6)) else { throw unpairedSurrogate(at: position) }
                return position + 12
            case 0xDC00...0xDFFF:
                throw unpairedSurrogate(at: position)
            default:
                return position + 6
            }
        default:
            let next = position + 1
            if (0x21...0x7E).contains(bytes[next]) {
                throw error(at: position, "invalid escape sequence '\\\(Character(Unicode.Scalar(bytes[next])))'")
            }
            throw error(at: position, "invalid escape sequence: '\\' followed by \(describeCharacter(at: next))")
        }
    }

    /// The four hex digits of the `\u` escape whose backslash is at `position`.
    private func utf16Unit(at position: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for offset in 2..<6 {
            guard position + offset < bytes.count else { throw endOfInput() }
            guard let digit = JSONReader.hexValue(bytes[position + offset]) else {
                throw error(at: position, "'\\u' must be followed by four hex digits")
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    private func unpairedSurrogate(at position: Int) -> JSONSyntaxError {
        let escape = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + 6]), as: UTF8.self)
        return error(at: position, "unpaired UTF-16 surrogate in '\(escape)'")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The string `contents` stand for, escapes decoded; `contents` were checked by `readString`.
    private mutating func decodingEscapes(_ contents: UnsafeBufferPointer<UInt8>) -> String {
        scratch.removeAll(keepingCapacity: true)
        var position = 0
        func unit(at position: Int) -> UInt32 {
            (2..<6).reduce(0) { $0 << 4 | (JSONReader.hexValue(contents[position + $1]) ?? 0) }
        }
        while position < contents.count {
            let byte = contents[position]
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                position += 1
                continue
            }
            let escaped = contents[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = unit(at: position - 2)
                position += 4
                if 0xD800...0xDBFF ~= scalar {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10 | (unit(at: position) - 0xDC00))
                    position += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { scratch.append($0) }
            default: scratch.append(escaped)  // " \ /
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The character at `offset` for an error message: 'x' when printable ASCII, U+XXXX for any
    /// other character, "byte 0xNN" when the bytes there are not UTF-8.
    private func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return JSONReader.codePoint(UInt32(byte)) }
        guard case .valid(let length) = utf8Sequence(at: offset) else {
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
        let sequence = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        return sequence.unicodeScalars.first.map { JSONReader.codePoint($0.value) } ?? "byte 0x"
    }

    private static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// The strings of JSON text, read as ``JSONValue`` reads them, for a reader of one record shape
/// that scans the bytes itself (a fast reader of one stored record): escapes and UTF-8 are checked
/// and decoded in one place.
package enum JSONStrings {
    /// The string whose opening quote is at `start` in `bytes`, its escapes decoded, and the
    /// offset after its closing quote; `nil` when no valid JSON string starts there.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (text: String, end: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        return JSONReader.string(in: bytes, at: start)
    }
}

extension JSONReader {
    fileprivate static func string(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (text: String, end: Int)? {
        var reader = JSONReader(bytes: bytes, buildsTree: true)
        reader.index = start
        do {
            return (try reader.readString(), reader.index)
        } catch {
            return nil  // The caller gives up on the record, and JSONDecoder says what is wrong.
        }
    }
}
