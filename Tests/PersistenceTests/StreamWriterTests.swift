import Foundation
@testable import Persistence
import Synchronization
import Testing

/// The streaming writer's own machinery (its byte buffer, the reused writer and encoder, keys
/// compared as written bytes) must not change what is stored: the same JSON meaning as
/// `JSONEncoder`, and stored bytes of either encoder read back alike.
@Suite("The streaming writer's buffer and reuse keep the stored JSON")
struct StreamWriterTests {
    private func expectSameMeaning<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try JSONValueEncoder().encode(value)
        let reference = try JSONCoders.encoder.encode(value)
        let parsedOurs = try JSONSerialization.jsonObject(with: ours, options: .fragmentsAllowed)
        let parsedReference = try JSONSerialization.jsonObject(with: reference, options: .fragmentsAllowed)
        #expect(NSDictionary(dictionary: ["v": parsedOurs]).isEqual(to: ["v": parsedReference]),
                "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))",
                sourceLocation: sourceLocation)
    }

    @Test("Strings of every length up to 40 with a character to escape at any position are escaped")
    func escapesAtEveryLength() throws {
        #expect(String(decoding: try JSONValueEncoder().encode(""), as: UTF8.self) == #""""#)
        for special in ["\u{0}", "\u{1F}", "\"", "\\", "\n", "é", " "] {
            for length in 1...40 {
                for position in [0, length / 2, length - 1] {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = special
                    let text = characters.joined()
                    let ours = try JSONValueEncoder().encode(["key": text])
                    #expect(try JSONCoders.decoder.decode([String: String].self, from: ours) == ["key": text])
                }
            }
        }
    }

    struct Row: Codable, Equatable {
        enum CodingKeys: String, CodingKey { case id, text }
        var id: Int
        var text: String
    }

    @Test("A value larger than the writer's buffer is written whole, and so is a small one after it")
    func largeThenSmall() throws {
        let rows = (0..<2_000).map { Row(id: $0, text: String(repeating: "x", count: $0 % 50)) }
        let large = try JSONValueEncoder().encode(rows)
        #expect(try JSONCoders.decoder.decode([Row].self, from: large) == rows)
        try expectSameMeaning(rows)
        let small = try JSONValueEncoder().encode(Row(id: 1, text: "one"))
        #expect(String(decoding: small, as: UTF8.self) == #"{"id":1,"text":"one"}"#)
    }

    /// Forty keys, and with `repeated` the first one again at the end.
    struct ManyKeys: Encodable {
        let repeated: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONPathKey.self)
            for index in 0..<40 { try container.encode(index, forKey: JSONPathKey(stringValue: "k\(index)")) }
            if repeated { try container.encode(-1, forKey: JSONPathKey(stringValue: "k0")) }
        }
    }

    @Test("An object of more than 32 keys is written in order, and a key repeated in it still replaces the first")
    func manyKeys() throws {
        let written = String(decoding: try JSONValueEncoder().encode(ManyKeys(repeated: false)), as: UTF8.self)
        #expect(written == "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}")
        let repeated = try JSONValueEncoder().encode(ManyKeys(repeated: true))
        #expect(repeated == (try JSONTreeEncoder.encode(ManyKeys(repeated: true))))
        let parsed = try JSONSerialization.jsonObject(with: repeated) as? [String: Int]
        #expect(parsed?["k0"] == -1 && parsed?.count == 40)
    }

    /// Keys that share a prefix, need escaping, or are not ASCII.
    struct LookAlikeKeys: Encodable {
        enum Keys: String, CodingKey { case a, ab, quoted = "a\"b", accented = "é", empty = "" }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            for (index, key) in [Keys.a, .ab, .quoted, .accented, .empty].enumerated() {
                try container.encode(index, forKey: key)
            }
        }
    }

    @Test("Keys that only look alike are kept apart")
    func lookAlikeKeys() throws {
        let parsed = try JSONSerialization.jsonObject(with: JSONValueEncoder().encode(LookAlikeKeys())) as? [String: Int]
        #expect(parsed == ["a": 0, "ab": 1, "a\"b": 2, "é": 3, "": 4])
        try expectSameMeaning(LookAlikeKeys())
    }

    /// Encodes one key twice with other keys between: the second value wins, as in JSONEncoder.
    struct RepeatedKey: Encodable {
        enum Keys: String, CodingKey { case first, middle, last }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("one", forKey: .first)
            try container.encode(2, forKey: .middle)
            try container.encode("three", forKey: .first)
            try container.encode(true, forKey: .last)
        }
    }

    @Test("A key written twice keeps its second value")
    func repeatedKey() throws {
        let parsed = try JSONSerialization.jsonObject(with: JSONValueEncoder().encode(RepeatedKey())) as? [String: Any]
        #expect(parsed?["first"] as? String == "three")
        #expect(parsed?.count == 3)
        try expectSameMeaning(RepeatedKey())
    }

    /// Keeps the encoder it was given (using it, or not), to write through it after its encoding.
    final class KeepsEncoder: Encodable, @unchecked Sendable {
        let writesNow: Bool
        var kept: (any Encoder)?
        init(writesNow: Bool) { self.writesNow = writesNow }
        func encode(to encoder: any Encoder) throws {
            kept = encoder
            guard writesNow else { return }
            var container = encoder.container(keyedBy: StreamWriterTests.Row.CodingKeys.self)
            try container.encode(7, forKey: .id)
        }
    }

    @Test("A value that keeps its encoder and writes through it later does not change other values' JSON",
          arguments: [true, false])
    func keptEncoder(writesNow: Bool) throws {
        let keeper = KeepsEncoder(writesNow: writesNow)
        #expect(String(decoding: try JSONValueEncoder().encode(keeper), as: UTF8.self) == (writesNow ? #"{"id":7}"# : "{}"))
        let next = try JSONValueEncoder().encode(Row(id: 2, text: "two"))
        if let kept = keeper.kept {
            var late = kept.container(keyedBy: Row.CodingKeys.self)
            try late.encode("late", forKey: .text)
        }
        #expect(String(decoding: next, as: UTF8.self) == #"{"id":2,"text":"two"}"#)
        #expect(String(decoding: try JSONValueEncoder().encode(Row(id: 3, text: "three")), as: UTF8.self)
            == #"{"id":3,"text":"three"}"#)
    }

    /// Writes through an encoder another value kept, in the middle of its own encoding.
    struct WritesThroughKept: Encodable {
        let kept: any Encoder
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Row.CodingKeys.self)
            try container.encode(4, forKey: .id)
            var late = kept.container(keyedBy: Row.CodingKeys.self)
            try late.encode("late", forKey: .text)
            try container.encode("four", forKey: .text)
        }
    }

    @Test("A kept encoder written through during another value's encoding does not reach that value's JSON",
          arguments: [true, false])
    func keptEncoderDuringAnother(writesNow: Bool) throws {
        let keeper = KeepsEncoder(writesNow: writesNow)
        _ = try JSONValueEncoder().encode(keeper)
        let kept = try #require(keeper.kept)
        let written = try JSONValueEncoder().encode(WritesThroughKept(kept: kept))
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":4,"text":"four"}"#)
        #expect(String(decoding: try JSONValueEncoder().encode(Row(id: 5, text: "five")), as: UTF8.self) == #"{"id":5,"text":"five"}"#)
    }

    @Test("A writer whose encoder a value kept is never handed to a later encoding (which another thread could be running)")
    func keptWriterNotReused() throws {
        let keeper = KeepsEncoder(writesNow: true)
        _ = try JSONValueEncoder().encode(keeper)
        let keptWriter = try #require(keeper.kept as? JSONStreamSlot).writer
        for _ in 0..<3 {
            #expect(JSONStreamWriter.withWriter { $0 !== keptWriter })
        }
    }

    /// Encodes another value from inside its own encoding, as a string member.
    struct EncodesInside: Encodable {
        enum Keys: String, CodingKey { case inner, after }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let inner = try JSONValueEncoder().encode(Row(id: 9, text: "inner"))
            try container.encode(String(decoding: inner, as: UTF8.self), forKey: .inner)
            try container.encode(1, forKey: .after)
        }
    }

    @Test("An encoding nested in another value's encoding gives both values' JSON")
    func nestedEncoding() throws {
        let outer = try JSONSerialization.jsonObject(with: JSONValueEncoder().encode(EncodesInside())) as? [String: Any]
        #expect(outer?["inner"] as? String == #"{"id":9,"text":"inner"}"#)
        #expect(outer?["after"] as? Int == 1)
    }

    @Test("Encodings on many threads at once each give their own value's JSON")
    func concurrentEncodings() {
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in
            let row = Row(id: index, text: String(repeating: "t", count: index % 300))
            let decoded = (try? JSONValueEncoder().encode(row)).flatMap { try? JSONCoders.decoder.decode(Row.self, from: $0) }
            if decoded != row { mismatches.add(1, ordering: .relaxed) }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test("Stored strings with escaped surrogate pairs read back; a lone surrogate is reported, not guessed")
    func surrogates() throws {
        let store = Store.memory()
        let coder = ValueCoder<String>.codable(name: "text")
        #expect(try coder.decode(Data(#""\ud83c\udf89 \u00e9""#.utf8)) == "🎉 é")
        #expect(throws: (any Error).self) { try coder.decode(Data(#""\ud800""#.utf8)) }
        let key = Key<String>("text", default: "")
        try store.set("🎉 \u{0} é", for: key)
        #expect(try store.rawValue(forKey: "text") == Data(#""🎉 \u0000 é""#.utf8))
        #expect(try store.value(for: key) == "🎉 \u{0} é")
    }
}
