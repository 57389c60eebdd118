// Strings: validated in one pass, then made with one `String(decoding:as:)` of their bytes (or of
// their bytes with the escapes decoded, in a second pass that needs no checks), and only when the
// caller wants the text.
extension JSONReader {
    /// Reads a string, checking its UTF-8 and escapes; ``decode(_:)`` makes its text.
    @inlinable package mutating func readString() throws(JSONSyntaxError) -> JSONString {
        guard try peek() == UInt8(ascii: "\"") else { throw error(at: offset, "expected a string") }
        return try scanString()
    }

    /// The string whose opening quote is at `offset`.
    @inlinable mutating func scanString() throws(JSONSyntaxError) -> JSONString {
        let start = offset + 1
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
                throw controlCharacter(at: position)
            } else {
                position = try skipUTF8Sequence(at: position)
            }
        }
        offset = position + 1
        return JSONString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<position]), hasEscapes: hasEscapes)
    }

    /// The text of a string this reader read, its escapes decoded.
    @inlinable package mutating func decode(_ string: JSONString) -> String {
        string.hasEscapes ? decodingEscapes(string.bytes) : String(decoding: string.bytes, as: UTF8.self)
    }

    @usableFromInline func controlCharacter(at position: Int) -> JSONSyntaxError {
        error(at: position, "control character \(Self.codePoint(UInt32(bytes[position]))) in a string")
    }

    /// Checks the non-ASCII UTF-8 sequence at `position` (no overlong forms, no UTF-16 surrogates,
    /// nothing above U+10FFFF) and returns where the next character starts.
    @usableFromInline func skipUTF8Sequence(at position: Int) throws(JSONSyntaxError) -> Int {
        switch utf8Sequence(at: position) {
        case .valid(let length): return position + length
        case .truncated: throw endOfInput()
        case .invalid: throw error(at: position, "invalid UTF-8")
        }
    }

    enum UTF8Sequence { case valid(length: Int), invalid, truncated }

    func utf8Sequence(at position: Int) -> UTF8Sequence {
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
    @usableFromInline func skipEscape(at position: Int) throws(JSONSyntaxError) -> Int {
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
            guard let digit = Self.hexValue(bytes[position + offset]) else {
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

    /// The string `contents` stand for, escapes decoded; `contents` were checked by `scanString`.
    @usableFromInline mutating func decodingEscapes(_ contents: UnsafeBufferPointer<UInt8>) -> String {
        scratch.removeAll(keepingCapacity: true)
        var position = 0
        func unit(at position: Int) -> UInt32 {
            (2..<6).reduce(0) { $0 << 4 | (Self.hexValue(contents[position + $1]) ?? 0) }
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
}
