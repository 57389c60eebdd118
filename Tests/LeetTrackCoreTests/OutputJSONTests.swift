import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore

/// `OutputJSON` must write exactly what `JSONEncoder` writes: every comparison here is byte for byte.
@Suite("The JSON output encoder")
struct OutputJSONTests {
    static func foundation<Value: Encodable>(_ value: Value, pretty: Bool, dates: OutputJSON.Dates) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        if case .iso8601 = dates { encoder.dateEncodingStrategy = .iso8601 }
        return Array(try encoder.encode(value))
    }

    /// Compares both encoders on `value` in all four forms; `reproduced` says whether the fast path
    /// must write it itself, so a comparison cannot pass by falling back every time; `withISODates`
    /// says it for ISO 8601 dates when that differs.
    static func expectSame<Value: Encodable>(
        _ value: Value, reproduced: Bool = true, withISODates: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for pretty in [true, false] {
            for dates in [OutputJSON.Dates.iso8601, .deferredToDate] {
                let expected = String(decoding: try foundation(value, pretty: pretty, dates: dates), as: UTF8.self)
                let written = String(decoding: try OutputJSON.encode(value, pretty: pretty, dates: dates), as: UTF8.self)
                #expect(written == expected, "pretty: \(pretty), dates: \(dates)", sourceLocation: sourceLocation)
                let reproduced = dates == .iso8601 ? withISODates ?? reproduced : reproduced
                switch Result(catching: { try OutputJSON.reproduce(value, pretty: pretty, dates: dates) }) {
                case .success(let bytes):
                    #expect(bytes == Array(expected.utf8), sourceLocation: sourceLocation)
                    #expect(reproduced, "the fast path wrote what it should leave to JSONEncoder", sourceLocation: sourceLocation)
                case .failure(let error):
                    #expect(error is OutputJSONNode.NotReproduced, sourceLocation: sourceLocation)
                    #expect(!reproduced, "the fast path wrote nothing (pretty: \(pretty), dates: \(dates))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    static let instant = Date(timeIntervalSince1970: 1_764_424_992)  // 2025-11-29T14:03:12Z

    static func rich(_ index: Int) -> ProblemProgress {
        let events = (0..<(index % 4)).map {
            ProgressEvent(kind: $0 % 2 == 0 ? .solved : .reviewed, date: instant + Double($0 * 86_400 + index),
                          rating: $0 % 2 == 0 ? nil : "good", seconds: $0 == 2 ? 754 : nil, note: $0 == 1 ? "tab\there \"quoted\" / slash" : nil)
        }
        let card = index % 3 == 0 ? nil : ReviewCard(due: instant + 3 * 86_400, stability: 2.3065 + Double(index), difficulty: index % 2 == 0 ? nil : 5.5,
                                                      state: .review, lastReview: instant, reps: index, lapses: 1)
        return ProblemProgress(status: index % 2 == 0 ? .solved : .attempted, favorite: index % 5 == 0,
                               note: index % 7 == 0 ? "line one\nline two\u{1}\u{1B}[31m ✓ \u{202E}" : "", events: events, review: card,
                               noteUpdated: index % 7 == 0 ? instant : nil)
    }

    @Test("problems with and without history, review cards, notes and sections, as every listing writes them")
    func problems() throws {
        let catalog = Catalog.builtIn
        var all: [ProblemJSON] = []
        for position in stride(from: 0, to: catalog.count, by: 97) {
            let problem = catalog.problem(at: position)
            all.append(ProblemJSON(problem, position % 2 == 0 ? Self.rich(position) : nil, withHistory: position % 3 != 0,
                                   section: position % 4 == 0 ? "Arrays & Hashing" : nil, skipped: position % 5 == 0))
        }
        try Self.expectSame(all)
        try Self.expectSame(all[3])
        try Self.expectSame((0..<40).map(Self.rich))
    }

    @Test("a problem's own encode(to:) writes every property it has, in key order")
    func problemWritesEveryProperty() throws {
        var problem = ProblemJSON(Catalog.builtIn.problem(at: 0), Self.rich(5), withHistory: true, section: "Arrays", skipped: true)
        problem.codeFiles = ["/tmp/two-sum.swift"]
        problem.statementHTML = "<p>Given</p>"
        problem.note = "a note"
        let properties = Mirror(reflecting: problem).children.compactMap(\.label)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(OutputJSON.encode(problem, pretty: false))) as? [String: Any])
        #expect(Set(object.keys) == Set(properties))
        let written = String(decoding: try OutputJSON.reproduce(problem, pretty: false, dates: .iso8601), as: UTF8.self)
        #expect(written == String(decoding: try Self.foundation(problem, pretty: false, dates: .iso8601), as: UTF8.self))
    }

    @Test("the stats, list, next and review shapes")
    func commandShapes() throws {
        let catalog = Catalog.builtIn
        var progress: [String: ProblemProgress] = [:]
        for position in stride(from: 0, to: catalog.count, by: 13) {
            progress[catalog.problem(at: position).slug] = Self.rich(position)
        }
        let stats = Statistics(catalog: catalog, progress: progress, now: Self.instant, timeZone: TimeZone(identifier: "UTC")!)
        try Self.expectSame(StatsJSON(stats))
        try Self.expectSame(catalog.studyLists.map { ListSummaryJSON($0, progress: progress, catalog: catalog) })
        try Self.expectSame(NextJSON(list: "neetcode-150", section: nil, solved: 3, total: 150, problem: nil))
        try Self.expectSame(NextJSON(list: "blind-75", section: "Trees", solved: 0, total: 75,
                                     problem: ProblemJSON(catalog.problem(at: 0), Self.rich(1))))
        try Self.expectSame(progress)
    }

    @Test("strings with quotes, backslashes, slashes, every control character and any Unicode")
    func strings() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) } + [0x7F], as: UTF8.self)
        try Self.expectSame([controls, "\"\\/", "", "é ✓ 🧑‍💻 \u{202E}bidi\u{2028}\u{2029}", "\u{FEFF}", "\r\n"])
        try Self.expectSame(["text": controls])
    }

    @Test("keys are ordered as JSONEncoder orders them: by their UTF-8 bytes")
    func keyOrder() throws {
        let keys = ["b", "a", "B", "A", "a10", "a9", "a1", "_", "é", "e", "Z", "z", "", " ", "ab", "a b", "🧑", "10", "9"]
        try Self.expectSame(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
        try Self.expectSame([3: "three", 1: "one", 20: "twenty", -4: "minus four"])
    }

    @Test("numbers of every kind and size")
    func numbers() throws {
        try Self.expectSame([0, 1, -1, 0.5, 1e16, 1e-7, 123_456_789.125, -0.0, 1e300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 0.1 + 0.2, 100, 2.5e15])
        try Self.expectSame([Float(0.1), 3.4e38, -0, 1.5, Float.leastNonzeroMagnitude, 16_777_216])
        try Self.expectSame([Int.min, Int.max])
        try Self.expectSame(Mixed(int8: .min, int16: .min, int32: .min, int64: .min, uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max,
                                  float: 2.75, flag: false, nothing: nil))
    }

    @Test("a number that is not finite throws, as JSONEncoder throws")
    func notFinite() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try OutputJSON.encode(["x": value], pretty: true) }
            #expect(throws: EncodingError.self) { try OutputJSON.encode([value], pretty: false) }
        }
    }

    @Test("dates: whole seconds from 1970 on, and the forms it leaves to JSONEncoder")
    func dates() throws {
        let days: [Double] = [0, 59, 60, 365, 789, 10_956, 11_016, 11_017, 18_321, 20_000, 2_932_896]
        try Self.expectSame(days.map { Date(timeIntervalSince1970: $0 * 86_400 + 3_599) })
        try Self.expectSame([Date(timeIntervalSince1970: 253_402_300_799)])  // 9999-12-31T23:59:59Z
        try Self.expectSame([Date(timeIntervalSince1970: 253_402_300_800)], withISODates: false)  // the year 10000
        try Self.expectSame([Date(timeIntervalSince1970: -1)], withISODates: false)
        try Self.expectSame([Date(timeIntervalSince1970: -86_400 * 800_000)], withISODates: false)
        try Self.expectSame([Date(timeIntervalSince1970: 1_764_424_992.75)], withISODates: false)
        try Self.expectSame(["due": Date(timeIntervalSinceReferenceDate: 0)])
    }

    @Test("a date on every day from 1970 to 2130 reads as JSONEncoder writes it")
    func everyDay() throws {
        let dates = (0..<58_500).map { Date(timeIntervalSince1970: Double($0) * 86_400 + Double($0 % 86_400)) }
        try Self.expectSame(dates)
    }

    @Test("empty containers, optionals, nesting and top-level scalars; super encoders go to JSONEncoder")
    func shapes() throws {
        try Self.expectSame([Int]())
        try Self.expectSame([String: Int]())
        try Self.expectSame([[Int]](arrayLiteral: [], [1], []))
        try Self.expectSame(["a": [String: [Int]](), "b": ["c": []]])
        try Self.expectSame([Int?.none, 1, nil])
        try Self.expectSame([[String?]?.none, [nil, "x"]])
        try Self.expectSame(Mixed(int8: 1, int16: 2, int32: 3, int64: 4, uint: 5, uint8: 6, uint16: 7, uint32: 8, uint64: 9, float: 0, flag: true, nothing: 3))
        try Self.expectSame("top")
        try Self.expectSame(42)
        try Self.expectSame(true)
        try Self.expectSame(Wrapper(inner: Wrapper(inner: ["x": 1])))
        try Self.expectSame(Inheriting(), reproduced: false)
    }

    @Test("data, URLs, decimals, keys written twice and values that encode nothing go to JSONEncoder")
    func foundationForms() throws {
        try Self.expectSame(["data": Data([0, 1, 2, 250])], reproduced: false)
        try Self.expectSame(["url": URL(string: "https://leetcode.com/problems/two-sum/")!], reproduced: false)
        try Self.expectSame(["decimal": Decimal(string: "3.14159")!], reproduced: false)
        try Self.expectSame(Twice(), reproduced: false)
        try Self.expectSame(["empty": Empty()], reproduced: false)
        try Self.expectSame([[Empty()]], reproduced: false)
    }

    @Test("a nesting deeper than JSONEncoder allows is its error too")
    func deepNesting() {
        var value = Nest.leaf
        for _ in 0..<600 { value = .node([value]) }
        let ours = Result { try OutputJSON.encode(value, pretty: false) }
        let theirs = Result { try Self.foundation(value, pretty: false, dates: .iso8601) }
        switch (ours, theirs) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure, .failure): break
        default: Issue.record("one encoder wrote the value and the other did not")
        }
    }

    @Test("random trees of objects, arrays and scalars")
    func randomTrees() throws {
        var random = SeededRandom(seed: 0x4A53_4F4E)
        for _ in 0..<300 {
            try Self.expectSame(Tree.random(depth: 5, using: &random))
        }
    }
}

// MARK: Shapes

private struct Mixed: Encodable {
    var int8: Int8, int16: Int16, int32: Int32, int64: Int64
    var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
    var float: Float, flag: Bool, nothing: Int?
}

private struct Wrapper<Inner: Encodable>: Encodable {
    var inner: Inner
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(inner)
    }
}

private struct Inheriting: Encodable {
    enum CodingKeys: String, CodingKey { case own, list, parent }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .own)
        var parent = container.superEncoder().container(keyedBy: CodingKeys.self)
        try parent.encode(2, forKey: .own)
        var named = container.superEncoder(forKey: .parent).unkeyedContainer()
        try named.encode("p")
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(3)
        var nested = list.nestedContainer(keyedBy: CodingKeys.self)
        try nested.encode(4, forKey: .own)
        var element = list.superEncoder().singleValueContainer()
        try element.encode(5)
    }
}

private struct Twice: Encodable {
    enum CodingKeys: String, CodingKey { case key }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .key)
        try container.encode("two", forKey: .key)
    }
}

private struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private indirect enum Nest: Encodable {
    case leaf
    case node([Nest])
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .leaf:
            var container = encoder.singleValueContainer()
            try container.encode(0)
        case .node(let children):
            var container = encoder.unkeyedContainer()
            for child in children { try container.encode(child) }
        }
    }
}

/// A JSON value of any shape, with keys and strings drawn to hit escaping and ordering.
private indirect enum Tree: Encodable {
    case object([String: Tree])
    case array([Tree])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case null

    static let pieces = ["a", "B", "é", "\"", "\\", "/", "\n", "\u{1}", "✓", "10", "9", " ", "z", "🧑‍💻", "\u{7F}"]

    static func text(using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func random(depth: Int, using random: inout SeededRandom) -> Tree {
        switch Int.random(in: depth > 0 ? 0...8 : 2...8, using: &random) {
        case 0:
            var members: [String: Tree] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) { members[text(using: &random)] = Tree.random(depth: depth - 1, using: &random) }
            return .object(members)
        case 1: return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in Tree.random(depth: depth - 1, using: &random) })
        case 2, 3: return .string(text(using: &random))
        case 4: return .int(Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random))
        case 5:
            let number = Double(bitPattern: random.next())
            return .double(number.isFinite ? number : Double(Int.random(in: -1000...1000, using: &random)) / 8)
        case 6: return .bool(Bool.random(using: &random))
        case 7: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &random))))
        default: return .null
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members): try members.encode(to: encoder)
        case .array(let elements): try elements.encode(to: encoder)
        case .string(let text): var container = encoder.singleValueContainer(); try container.encode(text)
        case .int(let number): var container = encoder.singleValueContainer(); try container.encode(number)
        case .double(let number): var container = encoder.singleValueContainer(); try container.encode(number)
        case .bool(let flag): var container = encoder.singleValueContainer(); try container.encode(flag)
        case .date(let date): var container = encoder.singleValueContainer(); try container.encode(date)
        case .null: var container = encoder.singleValueContainer(); try container.encodeNil()
        }
    }
}
