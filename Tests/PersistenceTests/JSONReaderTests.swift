import Foundation
@testable import Persistence
import Testing

/// The one JSON tokenizer's pull interface, as a reader of one record shape uses it (its
/// grammar and error messages are tested through `JSONValue`, which is built on it).
@Suite("JSONReader reads JSON token by token")
struct JSONReaderTests {
    @Test("members are matched by their key's bytes, unknown values are skipped, and the end is checked")
    func walksAnObject() throws {
        let text = #" {"skip": [1, {"a": [true]}, "x\n"], "n": -2.5e1, "s": "caf\u00e9", "b": false, "z": null} "#
        try Array(text.utf8).withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            var seen: [String] = []
            try reader.beginObject()
            while let key = try reader.nextMember() {
                switch key {
                case "n": #expect(try reader.readDouble() == -25)
                case "s": #expect(reader.decode(try reader.readString()) == "café")
                case "b": #expect(try reader.readLiteral() == false)
                case "z": #expect(try reader.skipNull())
                default: try reader.skipValue()
                }
                seen.append(reader.decode(key))
            }
            try reader.finish()
            #expect(seen == ["skip", "n", "s", "b", "z"])
        }
    }

    @Test("a key with an escape matches no name, and a token of another kind throws where it stands")
    func refusesWhatItWasNotAskedFor() throws {
        try Array(#"{"st\u0061tus": "1"}"#.utf8).withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            try reader.beginObject()
            let key = try #require(try reader.nextMember())
            #expect(key.hasEscapes && reader.decode(key) == "status")
            #expect(!("status" ~= key))
            #expect(throws: JSONSyntaxError.self) { try reader.readDouble() }
            #expect(reader.offset == 16)
        }
    }

    @Test("skipping a value meets the depth limit, never a stack overflow")
    func skipsDeepNestingSafely() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
        deep.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            #expect(throws: JSONSyntaxError.self) { try reader.skipValue() }
        }
    }

    @Test("short decimals are read exactly as the standard library reads them; other forms are left to it")
    func shortDecimalsAgreeWithTheStandardParser() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "1", "-1", "0.5", "12.25", "999999999999999", "-99999999.9999999", "0.000000000000001",
                     "4.93", "2.3065", "1.2931", "21.5686", "7.1949", "0.1", "0.2", "0.30000000000000004"]
        for _ in 0..<20_000 {
            let value = Double.random(in: -1_000...1_000, using: &generator)
            texts.append("\(value)")
            texts.append(String(Int.random(in: -999_999_999...999_999_999, using: &generator)))
        }
        for text in texts {
            let short = text.utf8.withContiguousStorageIfAvailable { JSONReader.shortDecimal($0) } ?? nil
            if let short {
                #expect(short.bitPattern == Double(text)?.bitPattern, "\(text)")
            } else {
                // Only longer or exponent forms go to the standard parser.
                #expect(text.contains("e") || text.filter(\.isNumber).count > 15, "\(text)")
            }
        }
        for text in ["", "-", ".5", "5.", "1.2.3", "1e5", "+1", "--1", "1234567890123456", "0x10"] {
            let short = text.utf8.withContiguousStorageIfAvailable { JSONReader.shortDecimal($0) } ?? nil
            #expect(short == nil, "\(text)")
        }
    }

}
