import Foundation
@testable import Persistence
import Testing

/// The fast encoder behind stored values writes what JSONEncoder writes (the same JSON meaning),
/// so the stored format did not change.
@Suite("The stored-value encoder writes what JSONEncoder writes")
struct EncodingTests {
    struct Flat: Codable, Equatable {
        var status = "solved", favorite = true, note = "quote \" backslash \\ slash / tab \t nul \u{0} é 漢字 🎉"
        var count = -42, ratio = 0.1, small = Float(2.5), big = UInt64.max, tiny = Int8.min
        var missing: String? = nil, present: Int? = 7
    }

    struct Nested: Codable, Equatable {
        var flat = Flat()
        var list = [Flat(), Flat()]
        var dictionary = ["b": [1, 2], "a": []]
        var byNumber = [3: "three", 1: "one"]
        var set: Set<String> = ["x"]
        var date = Date(timeIntervalSince1970: 1_764_000_000.123)
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.com/a/b?c=d")!
        var uuid = UUID()
        var decimal = Decimal(string: "12.50")!
        var nonFinite = [Double.infinity, -Double.infinity]
        var theme = Theme.dark
        var shape = Shape.rectangle(width: 2, height: 3)
        var nested = [[["deep": true]]]
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Int, height: Int)
        case point
    }

    class Base: Codable {
        var id = 1
    }

    final class Derived: Base {
        var name = "derived"
        enum CodingKeys: String, CodingKey { case name }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            try super.init(from: decoder.container(keyedBy: CodingKeys.self).superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    private func expectSameMeaning<T: Encodable>(_ value: T) throws {
        let ours = try JSONValueEncoder().encode(value)
        let reference = try JSONCoders.encoder.encode(value)
        let parsedOurs = try JSONSerialization.jsonObject(with: ours, options: .fragmentsAllowed)
        let parsedReference = try JSONSerialization.jsonObject(with: reference, options: .fragmentsAllowed)
        #expect(NSDictionary(dictionary: ["v": parsedOurs]).isEqual(to: ["v": parsedReference]),
                "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))")
    }

    @Test("A flat struct encodes to the same JSON")
    func flat() throws {
        try expectSameMeaning(Flat())
        let ours = try JSONValueEncoder().encode(Flat())
        #expect(try JSONCoders.decoder.decode(Flat.self, from: ours) == Flat())
    }

    @Test("Nested containers, dictionaries, enums with payloads and Foundation types encode to the same JSON")
    func nested() throws {
        let value = Nested()
        try expectSameMeaning(value)
        #expect(try JSONCoders.decoder.decode(Nested.self, from: JSONValueEncoder().encode(value)) == value)
        try expectSameMeaning([Shape.circle(radius: 1), .point])
    }

    @Test("A subclass encoding through superEncoder() encodes to the same JSON")
    func superEncoder() throws {
        try expectSameMeaning(Derived())
        let decoded = try JSONCoders.decoder.decode(Derived.self, from: JSONValueEncoder().encode(Derived()))
        #expect(decoded.id == 1 && decoded.name == "derived")
    }

    @Test("Top-level scalars and collections encode to the same JSON")
    func scalars() throws {
        try expectSameMeaning("text")
        try expectSameMeaning(3.25)
        try expectSameMeaning([1, 2, 3])
        try expectSameMeaning(Data([1, 2, 3]))
        try expectSameMeaning(URL(string: "https://example.com/x")!)
        try expectSameMeaning(["k": Optional<Int>.none])
    }

    /// Uses its containers out of nesting order and encodes a key twice, as hand-written code may.
    struct OutOfOrder: Encodable {
        enum Keys: String, CodingKey { case first, second, repeated }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedUnkeyedContainer(forKey: .first)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .second)
            try first.encode(1)
            try second.encode("late", forKey: .first)
            try first.encode(2)
            try container.encode(1, forKey: .repeated)
            try container.encode(2, forKey: .repeated)
        }
    }

    @Test("Containers used out of order and keys encoded twice give JSONEncoder's result")
    func outOfOrder() throws {
        try expectSameMeaning(OutOfOrder())
        let parsed = try JSONSerialization.jsonObject(with: JSONValueEncoder().encode(OutOfOrder())) as? [String: Any]
        #expect(parsed?["repeated"] as? Int == 2)
        #expect(parsed?["first"] as? [Int] == [1, 2])
    }

    @Test("The tree path alone writes the same JSON as the streaming path")
    func treePath() throws {
        let value = Nested()
        let tree = try JSONSerialization.jsonObject(with: JSONTreeEncoder.encode(value))
        let stream = try JSONSerialization.jsonObject(with: JSONValueEncoder().encode(value))
        #expect(NSDictionary(dictionary: ["v": tree]).isEqual(to: ["v": stream]))
    }

    @Test("A NaN Decimal, which JSON cannot hold, is refused rather than written as invalid JSON")
    func decimalNaN() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["price": Decimal.nan]) }
        #expect(throws: EncodingError.self) { try JSONTreeEncoder.encode(["price": Decimal.nan]) }
    }

    @Test("A struct member order is kept, so stored records read as before")
    func memberOrder() throws {
        let ours = String(decoding: try JSONValueEncoder().encode(Profile(name: "Ada", solved: 3, tags: ["a/b"])), as: UTF8.self)
        #expect(ours == #"{"name":"Ada","solved":3,"tags":["a/b"]}"#)
    }

    struct Limits: Encodable {
        var low = Int.min, high = Int.max, zero = 0, minusOne = -1, ten = 10
        var byte = UInt8.max, small = Int8.min, wide = UInt64.max, list: [Int64] = [Int64.min, 9]
    }

    @Test("Integers at every width's limits are written as exactly the digits String(_:) gives")
    func integerLimits() throws {
        let ours = String(decoding: try JSONValueEncoder().encode(Limits()), as: UTF8.self)
        #expect(ours == #"{"low":-9223372036854775808,"high":9223372036854775807,"zero":0,"minusOne":-1,"ten":10,"#
            + #""byte":255,"small":-128,"wide":18446744073709551615,"list":[-9223372036854775808,9]}"#)
        let tree = String(decoding: try JSONTreeEncoder.encode(Limits()), as: UTF8.self)
        #expect(tree == ours)
        let coder = ValueCoder<Int>.codable(name: "count")
        for value in [Int.min, -1, 0, 7, Int.max] {
            #expect(try coder.encode(value) == Data(String(value).utf8))
            #expect(try coder.decode(Data(String(value).utf8)) == value)
        }
    }

    @Test("A character that needs escaping is escaped wherever it stands in a string of any length")
    func escapesAtEveryPosition() throws {
        for special in ["\u{0}", "\u{1F}", "\"", "\\", "\n", "\u{7F}", "é", "🎉", "/", " "] {
            for length in 1..<20 {
                for position in 0..<length {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = special
                    let text = characters.joined()
                    let ours = try JSONValueEncoder().encode(text)
                    #expect(try JSONSerialization.jsonObject(with: ours, options: .fragmentsAllowed) as? String == text)
                    #expect(try JSONCoders.decoder.decode(String.self, from: ours) == text)
                }
            }
        }
    }
}
