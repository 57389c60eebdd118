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
        self = try JSONValue.read(bytes, buildsTree: true)
    }

    /// Throws unless `bytes` hold exactly one JSON value, as ``init(parsing:)`` would, with the same
    /// error; builds no tree, so it allocates next to nothing (the file backend checks every write).
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func check(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        _ = try JSONValue.read(bytes, buildsTree: false)
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
        case .string(let text): JSONScalarText.writeString(text, to: &output)
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
                JSONScalarText.writeString(member.key, to: &output)
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
        JSONScalarText.writeString(text, to: &output)
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
        var lineStart = JSONValue.hasByteOrderMark(bytes) ? 3 : 0
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

// The tree (or, for a check, no tree) read with the one tokenizer, `JSONReader`.
extension JSONValue {
    private static func read(_ bytes: some Collection<UInt8>, buildsTree: Bool) throws(JSONSyntaxError) -> JSONValue {
        // Data and [UInt8] are contiguous; anything else is copied once.
        let result =
            bytes.withContiguousStorageIfAvailable { readDocument($0, buildsTree: buildsTree) }
            ?? Array(bytes).withUnsafeBufferPointer { readDocument($0, buildsTree: buildsTree) }
        return try result.get()
    }

    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    private static func readDocument(_ bytes: UnsafeBufferPointer<UInt8>, buildsTree: Bool) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in
            var reader = JSONReader(bytes)
            let start = hasByteOrderMark(bytes) ? 3 : 0
            reader.offset = start
            reader.skipWhitespace()
            guard reader.offset < bytes.count else {
                let reason = reader.offset == start ? "no JSON value (the text is empty)" : "no JSON value (the text is only whitespace)"
                throw reader.error(at: reader.offset, reason, endsEarly: true)
            }
            let value = try read(from: &reader, buildsTree: buildsTree)
            try reader.finish()
            return value
        }
    }

    private enum Container { case array, object }

    /// Reads the value at the reader's position. Containers are kept on explicit stacks, not the
    /// call stack, so hostile nesting meets the depth limit, never a stack overflow. With
    /// `buildsTree` off it only validates: every value reads as `.null` and no container is filled.
    static func read(from reader: inout JSONReader, buildsTree: Bool) throws(JSONSyntaxError) -> JSONValue {
        // The open containers, innermost last. Their contents are separate stacks (not payloads of
        // `Container`) so that the innermost one is appended to in place, never copied.
        var open: [Container] = []
        var arrays: [[JSONValue]] = []
        var objects: [[String: JSONValue]] = []
        var keys: [String] = []
        nextValue: while true {
            var value: JSONValue
            switch try reader.peek() {
            case UInt8(ascii: "["):
                guard open.count < JSONReader.maximumDepth else { throw reader.tooDeep() }
                try reader.beginArray()
                if try reader.nextElement() {
                    open.append(.array)
                    if buildsTree { arrays.append([]) }
                    continue nextValue
                }
                value = .array([])
            case UInt8(ascii: "{"):
                guard open.count < JSONReader.maximumDepth else { throw reader.tooDeep() }
                try reader.beginObject()
                if let key = try reader.nextMember() {
                    open.append(.object)
                    if buildsTree {
                        objects.append([:])
                        keys.append(reader.decode(key))
                    }
                    continue nextValue
                }
                value = .object([:])
            case UInt8(ascii: "\""):
                let string = try reader.readString()
                value = buildsTree ? .string(reader.decode(string)) : .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let text = try reader.readNumber()
                value = buildsTree ? .number(String(decoding: text, as: UTF8.self)) : .null
            default:
                let literal = try reader.readLiteral()
                value = buildsTree ? literal.map(JSONValue.bool) ?? .null : .null
            }
            // A value is complete: it goes into its container, and the containers that end after
            // it are complete values in turn.
            while let container = open.last {
                switch container {
                case .array:
                    if buildsTree { arrays[arrays.count - 1].append(value) }
                    if try reader.nextElement() { continue nextValue }
                    open.removeLast()
                    value = buildsTree ? .array(arrays.removeLast()) : .null
                case .object:
                    if buildsTree { objects[objects.count - 1][keys.removeLast()] = value }
                    if let key = try reader.nextMember() {
                        if buildsTree { keys.append(reader.decode(key)) }
                        continue nextValue
                    }
                    open.removeLast()
                    value = buildsTree ? .object(objects.removeLast()) : .null
                }
            }
            return value
        }
    }
}
