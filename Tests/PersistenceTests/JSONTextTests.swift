import Foundation
@testable import Persistence
import Testing
import TestSupport

/// JSONValue reads what JSONSerialization reads (RFC 8259, fragments allowed), rejects what it
/// rejects, says where, and writes a canonical compact form. JSONSerialization is the oracle.
@Suite("JSONValue reads JSON strictly and writes it canonically")
struct JSONTextTests {
    // MARK: The table

    /// Valid JSON, each rule's accepting side.
    static let valid: [String] = [
        "null", "true", "false", "0", "-0", "7", "-123", "1.5", "-0.25", "0.0", "1e5", "1E5", "1e+5", "1e-5",
        "2.5E-3", "-0e0", "12345678901234567890", "123456789012345678901234567890",
        #""""#, #""abc""#, #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9\u00E9\u20AC""#, #""\ud83c\udf89""#,
        #""\uD83C\uDF89 and \uDBFF\uDFFF""#, #""é漢🎉 / <DEL>\#u{7F}""#, #""\u0000 \u001f""#, "\"\u{2028}\u{FEFF}\u{FFFF}\"",
        "[]", "[ ]", "{}", "{ }", "[1,[2,[3,[]]]]", #"{"a":{"b":[]},"c":[{}]}"#, " \t\r\n[1 , 2]\n ",
        #"{"a":1,"a":2}"#, "\u{FEFF}{\"a\":1}", "[true,false,null]", #"{"":0}"#, #"[""]"#,
        #"{ "key" : "value" , "list" : [ 1 , "two" , { } ] }"#, "\n\"x\"\n",
    ]

    /// Invalid JSON: the input, the reason, the offset, and whether it ends early.
    static let invalid: [InvalidCase] = [
        .init("", "no JSON value (the text is empty)", 0, endsEarly: true),
        .init(" \n\t", "no JSON value (the text is only whitespace)", 3, endsEarly: true),
        .init("\u{FEFF}", "no JSON value (the text is empty)", 3, endsEarly: true),
        .init("[", ends: true), .init("[1", ends: true), .init("[1,", ends: true), .init(#"{"a""#, ends: true),
        .init(#"{"a":"#, ends: true), .init(#"{"a":1"#, ends: true), .init(#""abc"#, ends: true), .init(#""\"#, ends: true),
        .init(#""\u12"#, ends: true), .init(#""\ud800"#, ends: true), .init(#""\ud800\"#, ends: true), .init("tr", ends: true),
        .init("[nul", ends: true), .init("-", ends: true), .init("1.", ends: true), .init("1e", ends: true), .init("1e+", ends: true),
        .init("[1,]", "trailing comma before ']'", 2, foundationAccepts: true),
        .init(#"{"a":1,}"#, "trailing comma before '}'", 6, foundationAccepts: true),
        .init("[1 2]", "expected ',' or ']' after an array element", 3),
        .init(#"{"a":1 "b":2}"#, "expected ',' or '}' after an object member", 7),
        .init(#"{"a" 1}"#, "expected ':' after an object key", 5),
        .init("{1:2}", "expected a string key or '}' after '{'", 1),
        .init("{a:1}", "expected a string key or '}' after '{'", 1),
        .init(#"{"a":1,2:3}"#, "expected a string key after ','", 7),
        .init("[tru]", "unexpected word 'tru' (the only words are true, false and null; strings need double quotes)", 1),
        .init("[nope]", "unexpected word 'nope' (the only words are true, false and null; strings need double quotes)", 1),
        .init("True", "unexpected word 'True' (the only words are true, false and null; strings need double quotes)", 0),
        .init("nulll", "unexpected word 'nulll' (the only words are true, false and null; strings need double quotes)", 0),
        .init("[true1]", "unexpected word 'true1' (the only words are true, false and null; strings need double quotes)", 1),
        .init("NaN", "unexpected word 'NaN' (the only words are true, false and null; strings need double quotes)", 0),
        .init("Infinity", "unexpected word 'Infinity' (the only words are true, false and null; strings need double quotes)", 0),
        .init("-Infinity", "expected a digit after '-'", 1),
        .init("+1", "unexpected character '+' (numbers start with a digit or '-')", 0),
        .init(".5", "unexpected character '.' (numbers start with a digit or '-')", 0),
        .init("01", "numbers may not have leading zeros", 0),
        .init("-01", "numbers may not have leading zeros", 1),
        .init("[00]", "numbers may not have leading zeros", 1),
        .init("[5.]", "expected a digit after '.' in a number", 3),
        .init("1.e5", "expected a digit after '.' in a number", 2),
        .init("[1e+]", "expected a digit in the number's exponent", 4),
        .init("1E-x", "expected a digit in the number's exponent", 3),
        .init("0x1F", "unexpected text after the JSON value", 1),
        .init("1 2", "unexpected text after the JSON value", 2),
        .init("[1]]", "unexpected text after the JSON value", 3),
        .init("'a'", "unexpected character ''' (strings need double quotes)", 0),
        .init("]", "unexpected character ']'", 0),
        .init(#"{"a":}"#, "unexpected character '}'", 5),
        .init("[,1]", "unexpected character ','", 1),
        .init("é", "unexpected character U+00E9", 0),
        .init("/* comment */ 1", "unexpected character '/'", 0),
        .init(#""a\qb""#, #"invalid escape sequence '\q'"#, 2),
        .init(#""\x41""#, #"invalid escape sequence '\x'"#, 1),
        .init("\"\\\u{E9}\"", #"invalid escape sequence: '\' followed by U+00E9"#, 1),
        .init(#""\u12G4""#, #"'\u' must be followed by four hex digits"#, 1),
        .init(#""\ud800""#, #"unpaired UTF-16 surrogate in '\ud800'"#, 1),
        .init(#""\udc00""#, #"unpaired UTF-16 surrogate in '\udc00'"#, 1),
        .init(#""x\uD800\u0041""#, #"unpaired UTF-16 surrogate in '\uD800'"#, 2),
        .init(#""\ud800\n""#, #"unpaired UTF-16 surrogate in '\ud800'"#, 1),
        .init(#""\ud800\ud800""#, #"unpaired UTF-16 surrogate in '\ud800'"#, 1),
        .init("\"a\nb\"", "control character U+000A in a string", 2),
        .init("\"\t\"", "control character U+0009 in a string", 1),
        .init("\"\u{0}\"", "control character U+0000 in a string", 1),
        // Invalid UTF-8: overlong, an encoded surrogate, beyond U+10FFFF, cut short, a stray
        // continuation byte, never UTF-8, and outside a string.
        .init(bytes: [0x22, 0xC0, 0x80, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0x61, 0xE2, 0x82, 0x22], "invalid UTF-8", 2),
        .init(bytes: [0x22, 0x80, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8", 1),
        .init(bytes: [0x22, 0xE2, 0x82], "the text ends early (is it truncated?)", 3, endsEarly: true),
        .init(bytes: [0x5B, 0xFF, 0x5D], "unexpected character byte 0xFF", 1),
        .init(
            bytes: Array(repeating: UInt8(ascii: "["), count: 513) + Array(repeating: UInt8(ascii: "]"), count: 513),
            "nested more than 512 levels deep", 512),
    ]

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let reason: String
        let offset: Int
        let endsEarly: Bool
        /// JSONSerialization (on Linux) is lenient here.
        var foundationAccepts = false

        init(_ text: String, _ reason: String, _ offset: Int, endsEarly: Bool = false, foundationAccepts: Bool = false) {
            self.init(bytes: Array(text.utf8), reason, offset, endsEarly: endsEarly)
            self.foundationAccepts = foundationAccepts
        }

        /// Input that ends early: reported at its end.
        init(_ text: String, ends: Bool) {
            self.init(text, "the text ends early (is it truncated?)", text.utf8.count, endsEarly: ends)
        }

        init(bytes: [UInt8], _ reason: String, _ offset: Int, endsEarly: Bool = false) {
            self.bytes = bytes
            self.reason = reason
            self.offset = offset
            self.endsEarly = endsEarly
        }

        var testDescription: String {
            let text = String(decoding: bytes.prefix(40), as: UTF8.self)
            return text.debugDescription + (bytes.count > 40 ? "…" : "")
        }
    }

    // MARK: Accepting and rejecting

    @Test("Valid JSON is read as JSONSerialization reads it", arguments: valid)
    func readsValidJSON(_ text: String) throws {
        let bytes = Array(text.utf8)
        let value = try readBoth(bytes).get()
        let reference = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
        #expect(sameFoundationJSON(foundationObject(value), reference), "\(value) vs \(reference)")
        #expect(try JSONValue(parsing: value.canonicalBytes()) == value)
    }

    @Test("Invalid JSON is rejected at the offending byte, as JSONSerialization rejects it (but trailing commas)", arguments: invalid)
    func rejectsInvalidJSON(_ invalid: InvalidCase) throws {
        let error = try #require(readBoth(invalid.bytes).failure)
        #expect(error.reason == invalid.reason)
        #expect(error.offset == invalid.offset)
        #expect(error.endsEarly == invalid.endsEarly)
        if invalid.offset == invalid.bytes.count { #expect(error.endsEarly) }
        let reference = try? JSONSerialization.jsonObject(with: Data(invalid.bytes), options: .fragmentsAllowed)
        #expect((reference != nil) == invalid.foundationAccepts)
    }

    @Test("Lines and columns locate an error, columns counting characters, not bytes")
    func locatesErrorsByLineAndCharacter() throws {
        let text = "{\n  \"a\": [1, 2],\n  \"é🎉\": tru\n}"
        let error = try #require(readBoth(Array(text.utf8)).failure)
        #expect(error.offset == 29)  // 2 + 15 + 12 bytes: é is two, 🎉 four.
        #expect(error.line == 3)
        #expect(error.column == 9)  // Two spaces, "é🎉": and a space before it.
        #expect(error.description.hasPrefix("line 3, column 9: unexpected word 'tru'"))

        let windows = try #require(readBoth(Array("\u{FEFF}[1,\r\n 2\r\n 3]".utf8)).failure)
        #expect((windows.line, windows.column, windows.offset) == (3, 2, 13))
        #expect(windows.description == "line 3, column 2: expected ',' or ']' after an array element")

        let truncated = try #require(readBoth(Array("[\"é\",\n \"🎉".utf8)).failure)
        #expect((truncated.line, truncated.column, truncated.endsEarly) == (2, 4, true))
    }

    @Test("Huge exponents are valid syntax and keep their text (JSONSerialization cannot represent them)")
    func keepsHugeExponents() throws {
        let value = try JSONValue(parsing: Array("[1e999,-1E-999]".utf8))
        #expect(value == .array([.number("1e999"), .number("-1E-999")]))
        #expect(value.canonicalBytes() == Array("[1e999,-1E-999]".utf8))
    }

    @Test("A U+FEFF inside a string is a character like any other (JSONSerialization drops some)")
    func keepsByteOrderMarksInsideStrings() throws {
        // JSONSerialization on Linux reads the second string as "b": it drops a U+FEFF that starts a
        // string (as if it were a byte order mark).
        let value = try JSONValue(parsing: Array("[\"a\u{FEFF}\", \"\u{FEFF}b\", \"c\u{FEFF}d\u{FEFF}\\n\"]".utf8))
        #expect(value == .array([.string("a\u{FEFF}"), .string("\u{FEFF}b"), .string("c\u{FEFF}d\u{FEFF}\n")]))
        #expect(try JSONValue(parsing: value.canonicalBytes()) == value)
    }

    @Test("Numbers keep their text as written")
    func keepsNumberText() throws {
        let value = try JSONValue(parsing: Array(" [1.50, -0, 1E+2, 12345678901234567890123] ".utf8))
        #expect(value == .array([.number("1.50"), .number("-0"), .number("1E+2"), .number("12345678901234567890123")]))
        #expect(String(decoding: value.canonicalBytes(), as: UTF8.self) == "[1.50,-0,1E+2,12345678901234567890123]")
    }

    @Test("A key given twice keeps its last value")
    func duplicateKeysKeepTheLastValue() throws {
        #expect(try JSONValue(parsing: Array(#"{"a":1,"b":2,"a":[3]}"#.utf8)) == .object(["a": .array([.number("3")]), "b": .number("2")]))
    }

    @Test("Canonical bytes sort keys by UTF-8 bytes and escape as the library writes")
    func canonicalBytesSortKeysByBytes() throws {
        let text = #"{ "é": 1, "z": 2, "B": 3, "a": 4, "10": 5, "9": 6, "s": "a/b\u00e9\"\\\n\u0001\u007f\ud83c\udf89" }"#
        let canonical = String(decoding: try JSONValue(parsing: Array(text.utf8)).canonicalBytes(), as: UTF8.self)
        #expect(canonical == "{\"10\":5,\"9\":6,\"B\":3,\"a\":4,\"s\":\"a/bé\\\"\\\\\\n\\u0001\u{7F}🎉\",\"z\":2,\"é\":1}")
    }

    @Test("Data, arrays, slices and other collections read alike")
    func readsAnyCollectionOfBytes() throws {
        let text = #"{"list": [1, "two", null]}"#
        let expected = try JSONValue(parsing: Array(text.utf8))
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        #expect(try JSONValue(parsing: text.utf8) == expected)
        #expect(try JSONValue(parsing: Array(("  " + text).utf8).dropFirst(2)) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8).lazy.map { $0 }) == expected)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.check(Data("[1,]".utf8)) }
    }

    @Test("100,000 nested arrays are an error, not a stack overflow")
    func rejectsHostileNesting() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(readBoth(bytes).failure)
        #expect(error.reason == "nested more than 512 levels deep")
        #expect(error.offset == 512)
        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        #expect(try #require(readBoth(objects).failure).offset == 512 * 5)
    }

    @Test("500 nested arrays are read")
    func readsDeepNesting() throws {
        let bytes = Array((String(repeating: "[", count: 500) + "1" + String(repeating: "]", count: 500)).utf8)
        var value = try readBoth(bytes).get()
        var depth = 0
        while case .array(let elements) = value, let first = elements.first {
            depth += 1
            value = first
        }
        #expect(depth == 500 && value == .number("1"))
        #expect(value.canonicalBytes() == Array("1".utf8))
        #expect(try JSONValue(parsing: bytes).canonicalBytes() == bytes)
    }

    // MARK: Against JSONSerialization

    @Test("Random JSON reads as JSONSerialization reads it, and canonically as it writes it")
    func agreesWithJSONSerializationOnRandomValues() throws {
        var random = SeededRandom(seed: 0x4A53_4F4E)
        var comparedBytes = 0
        for round in 0..<3000 {
            let simple = round.isMultiple(of: 2)
            let value = randomValue(depth: 0, simple: simple, using: &random)
            let text = write(value, using: &random)
            let bytes = Array(text.utf8)
            let parsed = try readBoth(bytes).get()
            #expect(parsed == value, "\(text)")
            let reference = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            #expect(sameFoundationJSON(foundationObject(parsed), reference), "\(text)")
            let canonical = parsed.canonicalBytes()
            #expect(try JSONValue(parsing: canonical) == parsed)
            if hasOnlyIntegersAndLowercaseKeys(parsed) {
                let written = try JSONSerialization.data(
                    withJSONObject: foundationObject(parsed), options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
                #expect(canonical == Array(written), "\(text)")
                comparedBytes += 1
            }
        }
        #expect(comparedBytes > 1000)
    }

    @Test("Canonical bytes are what JSONSerialization writes with sorted keys, for the valid table")
    func canonicalBytesMatchJSONSerializationForTheTable() throws {
        for text in JSONTextTests.valid {
            let value = try JSONValue(parsing: Array(text.utf8))
            guard hasOnlyIntegersAndLowercaseKeys(value) else { continue }
            let written = try JSONSerialization.data(
                withJSONObject: foundationObject(value), options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
            #expect(value.canonicalBytes() == Array(written), "\(text)")
        }
    }

    @Test("Damaged documents never crash, and what JSONValue accepts JSONSerialization accepts alike")
    func mutationsAgreeWithJSONSerialization() throws {
        var random = SeededRandom(seed: 0x4D55_5441)
        var documents = JSONTextTests.valid.map { Array($0.utf8) }
        for _ in 0..<200 { documents.append(Array(write(randomValue(depth: 0, simple: false, using: &random), using: &random).utf8)) }
        let interesting = Array(#"[]{}",:\ 0123456789eE.-+tfnul"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
        var accepted = 0, rejected = 0
        var lenient: [String: [String]] = [:]
        for round in 0..<6000 {
            var bytes = documents[round % documents.count]
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.removeSubrange(position...)
            case 1 where !bytes.isEmpty:
                bytes[position] = Bool.random(using: &random)
                    ? interesting.randomElement(using: &random) ?? 0 : bytes[position] ^ (1 << UInt8.random(in: 0..<8, using: &random))
            default: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: position)
            }
            let ours = readBoth(bytes)
            let reference = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            switch ours {
            case .success(let value):
                accepted += 1
                // Our only deliberate difference: a number beyond Double's range is valid syntax.
                // And JSONSerialization drops a U+FEFF that starts a string, which a flipped bit
                // can make of U+FFFF (EF BF BF to EF BB BF; see `keepsByteOrderMarksInsideStrings`).
                guard hasOnlyRepresentableNumbers(value), !hasStringStartingWithByteOrderMark(value) else { continue }
                let reference = try #require(reference, "JSONSerialization rejects what JSONValue accepts: \(text)")
                #expect(sameFoundationJSON(foundationObject(value), reference), "\(text)")
            case .failure(let error):
                rejected += 1
                // A NUL byte among the first four makes JSONSerialization guess UTF-16 or UTF-32
                // (it accepts "1\u{0}5"); JSONValue reads UTF-8 only, as RFC 8259 requires.
                if reference != nil, !bytes.prefix(4).contains(0) { lenient[error.reason, default: []].append(text) }
            }
        }
        #expect(accepted > 500 && rejected > 2000)
        // Where JSONSerialization accepts what JSONValue rejects, it is only by being lenient.
        #expect(Set(lenient.keys).isSubset(of: ["trailing comma before ']'", "trailing comma before '}'"]), "\(lenient)")
    }
}

// MARK: Helpers

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Reads `bytes` with `init(parsing:)`, and expects `check` and a `Data` to give the same answer.
private func readBoth(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Result<JSONValue, JSONSyntaxError> {
    let parsed = Result<JSONValue, JSONSyntaxError> { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
    let checked = Result<Void, JSONSyntaxError> { () throws(JSONSyntaxError) in try JSONValue.check(bytes) }
    let fromData = Result<JSONValue, JSONSyntaxError> { () throws(JSONSyntaxError) in try JSONValue(parsing: Data(bytes)) }
    #expect(checked.failure == parsed.failure, sourceLocation: sourceLocation)
    #expect(fromData == parsed, sourceLocation: sourceLocation)
    if let error = parsed.failure {
        #expect(error.offset >= 0 && error.offset <= bytes.count, sourceLocation: sourceLocation)
        #expect(error.endsEarly == (error.offset == bytes.count), sourceLocation: sourceLocation)
        #expect(error.line >= 1 && error.column >= 1, sourceLocation: sourceLocation)
    }
    return parsed
}

/// What JSONSerialization would make of `value`: numbers as integers when they are written as
/// one that fits, as doubles otherwise.
private func foundationObject(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let flag): NSNumber(value: flag)
    case .number(let text): Int(text).map { NSNumber(value: $0) } ?? NSNumber(value: Double(text) ?? .nan)
    case .string(let text): text
    case .array(let elements): elements.map(foundationObject)
    case .object(let members): members.mapValues(foundationObject)
    }
}

/// Whether two JSONSerialization-style objects hold the same JSON: strings compared scalar by
/// scalar, numbers as doubles (JSONSerialization may round the 17th digit), booleans kept apart
/// from numbers.
private func sameFoundationJSON(_ left: Any, _ right: Any) -> Bool {
    switch (left, right) {
    case (is NSNull, is NSNull): return true
    case (let left as String, let right as String): return left.utf8.elementsEqual(right.utf8)
    case (let left as [Any], let right as [Any]):
        return left.count == right.count && zip(left, right).allSatisfy { sameFoundationJSON($0.0, $0.1) }
    case (let left as [String: Any], let right as [String: Any]):
        return left.count == right.count && left.allSatisfy { key, value in right[key].map { sameFoundationJSON(value, $0) } ?? false }
    case (let left as NSNumber, let right as NSNumber):
        let leftIsBool = String(cString: left.objCType) == "c", rightIsBool = String(cString: right.objCType) == "c"
        guard leftIsBool == rightIsBool else { return false }
        if leftIsBool { return left.boolValue == right.boolValue }
        let (a, b) = (left.doubleValue, right.doubleValue)
        return a == b || abs(a - b) <= 1e-12 * max(abs(a), abs(b))
    default: return false
    }
}

/// Whether JSONSerialization's sorted keys and integers would write `value` as canonicalBytes
/// does: it sorts keys numerically and case-insensitively, and writes -0 and 1.0 as 0 and 1.
private func hasOnlyIntegersAndLowercaseKeys(_ value: JSONValue) -> Bool {
    switch value {
    case .null, .bool, .string: true
    case .number(let text): text != "-0" && Int32(text) != nil
    case .array(let elements): elements.allSatisfy(hasOnlyIntegersAndLowercaseKeys)
    case .object(let members):
        members.allSatisfy { key, value in
            key.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } && hasOnlyIntegersAndLowercaseKeys(value)
        }
    }
}

/// Whether a string of `value` (a member's name or a value) starts with U+FEFF.
private func hasStringStartingWithByteOrderMark(_ value: JSONValue) -> Bool {
    switch value {
    case .null, .bool, .number: false
    case .string(let text): text.unicodeScalars.first == "\u{FEFF}"
    case .array(let elements): elements.contains(where: hasStringStartingWithByteOrderMark)
    case .object(let members):
        members.contains { $0.key.unicodeScalars.first == "\u{FEFF}" || hasStringStartingWithByteOrderMark($0.value) }
    }
}

private func hasOnlyRepresentableNumbers(_ value: JSONValue) -> Bool {
    switch value {
    case .null, .bool, .string: true
    case .number(let text):
        // Beyond Double's range, or so small it reads as zero: JSONSerialization refuses both.
        if let number = Double(text), number.isFinite {
            number != 0 || !text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
        } else {
            false
        }
    case .array(let elements): elements.allSatisfy(hasOnlyRepresentableNumbers)
    case .object(let members): members.values.allSatisfy(hasOnlyRepresentableNumbers)
    }
}


/// Characters that need escapes, that are escaped by choice, and that are not ASCII. Not U+FEFF:
/// JSONSerialization drops it in some places (see `keepsByteOrderMarksInsideStrings`).
private let alphabet: [String] = [
    "a", "b", "Z", "0", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
    "é", "ß", "漢", "\u{2028}", "\u{FFFF}", "🎉", "𝄞", "e\u{301}",
]

/// A random value; `simple` ones hold only integers and lowercase keys (see
/// `hasOnlyIntegersAndLowercaseKeys`).
private func randomValue(depth: Int, simple: Bool, using random: inout SeededRandom) -> JSONValue {
    func string(lowercase: Bool) -> String {
        let length = Int.random(in: 0...6, using: &random)
        if lowercase { return String((0..<length).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &random) ?? "a" }) }
        return (0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
    }
    let kind = Int.random(in: 0..<(depth >= 4 ? 4 : 6), using: &random)
    switch kind {
    case 0: return Bool.random(using: &random) ? .null : .bool(Bool.random(using: &random))
    case 1:
        if simple { return .number(String(Int.random(in: -1_000_000...1_000_000, using: &random))) }
        let numbers = ["0", "-0", "1.5", "-0.125", "1e5", "2.5E-3", "1E+2", "-7e-1", "0.0", "123456789012345678901234", "3.141592653589793"]
        return .number(numbers.randomElement(using: &random) ?? "0")
    case 2, 3: return .string(string(lowercase: false))
    case 4:
        return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in randomValue(depth: depth + 1, simple: simple, using: &random) })
    default:
        var members: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            members[string(lowercase: simple)] = randomValue(depth: depth + 1, simple: simple, using: &random)
        }
        return .object(members)
    }
}

/// `value` as JSON text with random whitespace and random (valid) ways of escaping.
private func write(_ value: JSONValue, using random: inout SeededRandom) -> String {
    func space() -> String { [" ", "\n", "\t", "\r\n", "", "", ""].randomElement(using: &random) ?? "" }
    func hex(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: Bool.random(using: &random))
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/": output += Bool.random(using: &random) ? "\\/" : "/"
            case "\n": output += "\\n"
            case "\u{8}": output += Bool.random(using: &random) ? "\\b" : hex(8)
            case _ where scalar.value < 0x20: output += hex(scalar.value)
            case _ where Int.random(in: 0..<6, using: &random) == 0:
                output += UTF16.encode(scalar).map { $0.map { hex(UInt32($0)) }.joined() } ?? ""
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return quoted(text)
    case .array(let elements):
        return "[" + space() + elements.map { write($0, using: &random) + space() }.joined(separator: "," + space()) + "]"
    case .object(let members):
        // In key order: a dictionary's own order changes from run to run, and so would the
        // documents made from the seed.
        let written = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { quoted($0.key) + space() + ":" + space() + write($0.value, using: &random) + space() }
        return "{" + space() + written.joined(separator: "," + space()) + "}"
    }
}
