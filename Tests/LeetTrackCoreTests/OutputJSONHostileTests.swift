import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore

/// Hostile values (found by an adversarial review): each compares `OutputJSON.encode` with
/// `JSONEncoder`, output or error, and records both on a mismatch.
@Suite("The JSON output encoder against hostile values")
private struct OutputJSONHostileTests {
    static func describe(_ result: Result<[UInt8], any Error>) -> String {
        switch result {
        case .success(let bytes): return "OK  " + String(decoding: bytes, as: UTF8.self)
        case .failure(let error): return "ERR \(type(of: error)): \(error)"
        }
    }

    @discardableResult
    static func probe<Value: Encodable>(_ label: String, _ value: Value, pretty: [Bool] = [false, true],
                                        dates: [OutputJSON.Dates] = [.iso8601, .deferredToDate],
                                        sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var same = true
        for p in pretty {
            for d in dates {
                let ours = Result { try OutputJSON.encode(value, pretty: p, dates: d) }
                let theirs = Result { try OutputJSONTests.foundation(value, pretty: p, dates: d) }
                let a = describe(ours), b = describe(theirs)
                let equal: Bool
                switch (ours, theirs) {
                case (.success(let x), .success(let y)): equal = x == y
                case (.failure, .failure): equal = "\(type(of: ours))" == "\(type(of: theirs))" && String(describing: a.prefix(40)) == String(describing: b.prefix(40))
                default: equal = false
                }
                if !equal {
                    same = false
                    Issue.record("divergence \(label) pretty=\(p) dates=\(d)\nours:   \(a)\ntheirs: \(b)", sourceLocation: sourceLocation)
                }
            }
        }
        return same
    }

    // MARK: error swallowing / wrapping in user code

    @Test("a value that catches or wraps errors sees none where JSONEncoder throws none") func swallowedNotReproduced() {
        Self.probe("try? Data", SwallowKeyed(value: Data([1, 2])))
        Self.probe("try? fractional date", SwallowKeyed(value: Date(timeIntervalSince1970: 1.5)))
        Self.probe("try? URL", SwallowKeyed(value: URL(string: "https://x/y")!))
        Self.probe("try? Empty child", SwallowKeyed(value: PEmpty()))
        Self.probe("try? duplicate-key child", SwallowKeyed(value: PTwice()))
    }

    @Test("an error a value wraps is JSONEncoder's error") func wrappedErrors() {
        Self.probe("wrapped Data", Wrapping(value: Data([1])))
        Self.probe("wrapped NaN", Wrapping(value: Double.nan))
    }

    // MARK: keys

    @Test("keys equal as Swift strings but not in bytes, and keys that need escapes") func canonicalKeys() {
        // Swift String == is canonical equivalence; JSONEncoder's [String: _] dict merges these.
        Self.probe("canonical cache", [PKeys(keys: ["\u{E9}", "f"]), PKeys(keys: ["e\u{301}", "f"])])
        Self.probe("canonical dup non-adjacent", PKeys(keys: ["e\u{301}", "f", "\u{E9}"]))
        Self.probe("canonical dup adjacent", PKeys(keys: ["e\u{301}", "\u{E9}"]))
        Self.probe("angstrom", PKeys(keys: ["\u{212B}", "B", "\u{C5}"]))
        Self.probe("kelvin after K (cached order)", [PKeys(keys: ["K", "a"]), PKeys(keys: ["\u{212A}", "a"]), PKeys(keys: ["a", "K"])])
        Self.probe("kelvin and K together", PKeys(keys: ["\u{212A}", "b", "K"]))
        Self.probe("greek question mark after semicolon", [PKeys(keys: [";", "z"]), PKeys(keys: ["\u{37E}", "z"])])
        Self.probe("escaping keys", PKeys(keys: ["\"", "\\", "\u{0}", "\u{1F}", "\u{7F}", "🧑‍💻", "\u{FFFD}", "/", "\u{2028}", "é"]))
    }

    @Test("dictionaries with integer, enum, Boolean and floating-point keys") func dictionaries() {
        Self.probe("int keys", [Int.min: 1, 0: 2, -1: 3, 10: 4, 9: 5])
        Self.probe("enum keys", [PKeyEnum.b: 1, .a: 2])
        Self.probe("enum int keys", [PIntKeyEnum.two: "2", .one: "1"])
        Self.probe("non-representable keys", [PLooseKey.x: 1])
        Self.probe("double keys", [1.5: "a"])
        Self.probe("bool keys", [true: 1])
        Self.probe("int8 keys", [Int8(3): 1, 1: 2])
        Self.probe("uint keys", [UInt(3): 1])
        Self.probe("nested dict", ["a": [1: [true: "x"]]])
    }

    // MARK: numbers

    @Test("numbers at the edges, Float16, Int128 and UInt128") func numbers() {
        Self.probe("doubles", [1e21, 1e-7, Double(1 << 53) + 2, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, -0.0, 1e22, 123456789012345680, 0.1, 1e15, 1e16, 1e-5, 1e-4])
        Self.probe("floats", [Float(1e-7), Float(16777217), -Float(0), Float.leastNormalMagnitude, Float.greatestFiniteMagnitude, 1e10])
        Self.probe("float16", [Float16(0.1), Float16(65504), Float16(-0.0)])
        Self.probe("int128", Int128.max)
        Self.probe("uint128", UInt128.max)
        Self.probe("int128 arr", [Int128.min, 0])
        Self.probe("int128 keyed", ["x": Int128(1) << 100])
        Self.probe("int128 opt", [Int128?.some(5)])
        Self.probe("uint128 struct", PBig(a: 1, b: 2))
        Self.probe("generic float", PGenericFloat(value: Float(0.1)))
    }

    // MARK: dates

    @Test("dates a hair off a whole second, optional and wrapped dates") func dates() {
        var values: [Date] = []
        for ref in [-1e-8, -1e-7, 1e-8, -0.4e-6, -978307200.0000001, 0.9999999999, -0.0000000001] {
            values.append(Date(timeIntervalSinceReferenceDate: ref))
        }
        for v in values { Self.probe("date ref \(v.timeIntervalSinceReferenceDate)", [v], pretty: [false], dates: [.iso8601]) }
        var random = SeededRandom(seed: 7)
        var n = 0
        for _ in 0..<20_000 {
            let whole = Double(Int.random(in: 0...4_000_000_000, using: &random))
            let jitter = Double(Int.random(in: -3...3, using: &random)) * 1e-7
            let d = Date(timeIntervalSinceReferenceDate: whole - 978_307_200 + jitter)
            if !Self.probe("random near-whole date", d, pretty: [false], dates: [.iso8601]) { n += 1; if n > 3 { break } }
        }
        Self.probe("top level date", Date(timeIntervalSince1970: 0))
        Self.probe("optional dates", [Date?.some(Date(timeIntervalSince1970: 5)), nil])
        Self.probe("wrapped date", PWrap(inner: Date(timeIntervalSince1970: 86400)))
    }

    // MARK: shapes

    @Test("containers asked for again, nested, empty, kept; enums; super encoders; huge values") func shapes() {
        Self.probe("opt opt", [Int??.some(.none), .none, .some(.some(1))])
        Self.probe("opt opt keyed", POptOpt(a: .some(.none), b: .none, c: 3))
        Self.probe("enum assoc", [PAssoc.plain, .one(1), .two(x: "a", 2), .nested(.one(3))])
        Self.probe("empty nested", PEmptyNested())
        Self.probe("nested after siblings", PNestedAfter())
        Self.probe("keep nested", PKeepNested())
        Self.probe("repeat containers", PRepeat())
        Self.probe("single then keyed (object)", PSingleThenKeyed())
        Self.probe("single then unkeyed (array)", PSingleThenUnkeyed())
        Self.probe("unkeyed super", PUnkeyedSuper())
        Self.probe("unkeyed super count", PUnkeyedSuperCount())
        Self.probe("unkeyed super two live", PUnkeyedSuperTwo())
        Self.probe("class inheritance", [PChild(), PChild()] as [PChild])
        Self.probe("nested keyed same key twice", PNestedTwice())
        Self.probe("codingPath", PPathHolder())
        Self.probe("codingPath dict", ["5": PPath(), "x": PPath()])
        Self.probe("codingPath intdict", [5: PPath()])
        Self.probe("huge array", (0..<200_000).map { ["i": $0] }, pretty: [false], dates: [.iso8601])
        Self.probe("huge strings", [String(repeating: "é\"", count: 100_000)], pretty: [false], dates: [.iso8601])
    }

    @Test("nesting around JSONEncoder's depth limit") func depth() {
        for depth in [508, 509, 510, 511, 512, 513, 514] {
            var value = PNest.leaf
            for _ in 0..<depth { value = .node([value]) }
            Self.probe("depth \(depth)", value, pretty: [false], dates: [.iso8601])
            var obj = PNestObj.leaf
            for _ in 0..<depth { obj = .node(obj) }
            Self.probe("obj depth \(depth)", obj, pretty: [false], dates: [.iso8601])
            var wrapped = PNest.leaf
            for _ in 0..<depth { wrapped = .wrap(wrapped) }
            Self.probe("wrap depth \(depth)", PNest.node([wrapped]), pretty: [false], dates: [.iso8601])
        }
    }

    // MARK: retained encoders / containers (node pool)

    @Test("encoders and containers kept past encode(to:) do not corrupt reused nodes") func retained() {
        Self.probe("leak encoder then write later", PLeakThenWrite(leaker: { PLeaker(box: $0) }, writer: PLateWriter.init, between: ["after": ["x": 1]]))
        Self.probe("leak container then write later",
                   PLeakThenWrite(leaker: { PLeaker(box: $0, keepsContainers: true) }, writer: PLateContainerWriter.init, between: ["x": ["y": 1]]))
        Self.probe("reentrant parent writes", PReentrant())
        Self.probe("leaked super encoder", PLeakSuper())
        Self.probe("leaked keyed super encoder", PLeakKeyedSuper())
        Self.probe("leak then pool reuse", PLeakPool())
    }
}

// MARK: - Types

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

/// A value whose `encode(to:)` discards an error of one member: the behaviour under test is that
/// the encoder raises none there where `JSONEncoder` raises none (the member is written).
private struct SwallowKeyed<V: Encodable>: Encodable {
    var value: V
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(1, forKey: AnyKey(stringValue: "a"))
        try? c.encode(value, forKey: AnyKey(stringValue: "b"))  // Deliberate: the hostile value under test.
        try c.encode(2, forKey: AnyKey(stringValue: "c"))
    }
}

private struct UserError: Error { var underlying: String }

private struct Wrapping<V: Encodable>: Encodable {
    var value: V
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        do { try c.encode(value, forKey: AnyKey(stringValue: "b")) } catch { throw UserError(underlying: "\(type(of: error))") }
    }
}

private struct PEmpty: Encodable { func encode(to encoder: any Encoder) throws {} }

private struct PTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(1, forKey: AnyKey(stringValue: "k"))
        try c.encode(2, forKey: AnyKey(stringValue: "k"))
    }
}

private struct PKeys: Encodable {
    var keys: [String]
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        for (i, k) in keys.enumerated() { try c.encode(i, forKey: AnyKey(stringValue: k)) }
    }
}

private enum PKeyEnum: String, Encodable, CodingKeyRepresentable { case a, b }
private enum PIntKeyEnum: Int, Encodable, CodingKeyRepresentable { case one = 1, two = 2 }
private enum PLooseKey: String, Encodable, Hashable { case x }

private struct PBig: Encodable { var a: UInt128; var b: Int128 }
private struct PGenericFloat<F: Encodable>: Encodable { var value: F }
private struct PWrap<I: Encodable>: Encodable {
    var inner: I
    func encode(to encoder: any Encoder) throws { var s = encoder.singleValueContainer(); try s.encode(inner) }
}

private struct POptOpt: Encodable { var a: Int??; var b: Int??; var c: Int?? }

private enum PAssoc: Encodable { case plain; case one(Int); case two(x: String, Int); indirect case nested(PAssoc) }

private struct PEmptyNested: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        _ = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "o"))
        _ = c.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "u"))
        var u = c.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "v"))
        _ = u.nestedContainer(keyedBy: AnyKey.self)
        _ = u.nestedUnkeyedContainer()
    }
}

private struct PNestedAfter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(["x": [1]], forKey: AnyKey(stringValue: "a"))
        try c.encode([["y": 2]], forKey: AnyKey(stringValue: "b"))
        var n = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "c"))
        try n.encode(["z": 3], forKey: AnyKey(stringValue: "d"))
        try c.encode(["w": 4], forKey: AnyKey(stringValue: "e"))
        try n.encode(["q": 5], forKey: AnyKey(stringValue: "f"))
    }
}

private struct PKeepNested: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        var n = c.nestedUnkeyedContainer()
        try c.encode(PAssoc.one(1))
        try c.encode(PAssoc.one(2))
        try n.encode(PAssoc.one(3))
        try c.encode(PAssoc.one(4))
        try n.encode(PAssoc.two(x: "x", 5))
    }
}

private struct PRepeat: Encodable {
    func encode(to encoder: any Encoder) throws {
        var a = encoder.container(keyedBy: AnyKey.self)
        try a.encode(1, forKey: AnyKey(stringValue: "a"))
        _ = encoder.singleValueContainer()
        var b = encoder.container(keyedBy: PKeyEnumKey.self)
        try b.encode(2, forKey: .b)
        try a.encode(PAssoc.plain, forKey: AnyKey(stringValue: "c"))
    }
}
private enum PKeyEnumKey: String, CodingKey { case b }

private struct PSingleThenKeyed: Encodable {
    func encode(to encoder: any Encoder) throws {
        var s = encoder.singleValueContainer()
        try s.encode(["a": 1])
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(2, forKey: AnyKey(stringValue: "b"))
    }
}

private struct PSingleThenUnkeyed: Encodable {
    func encode(to encoder: any Encoder) throws {
        var s = encoder.singleValueContainer()
        try s.encode([1, 2])
        var c = encoder.unkeyedContainer()
        try c.encode(3)
    }
}

private struct PUnkeyedSuper: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(1)
        try ["k": 2].encode(to: c.superEncoder())
        try c.encode(3)
        let sup = c.superEncoder()
        try c.encode(4)
        var s = sup.singleValueContainer()
        try s.encode(5)
    }
}

private struct PUnkeyedSuperCount: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        let sup = c.superEncoder()
        let n = c.count
        try c.encode(n)
        var s = sup.singleValueContainer()
        try s.encode(99)
    }
}

private final class Box: @unchecked Sendable { var items: [Any] = [] }

private struct PUnkeyedSuperTwo: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        let box = Box()
        box.items.append(c.superEncoder())
        box.items.append(c.superEncoder())
        var s0 = (box.items[0] as! any Encoder).singleValueContainer()
        try s0.encode("first")
        var s1 = (box.items[1] as! any Encoder).singleValueContainer()
        try s1.encode("second")
        box.items.removeFirst()  // release the first
        box.items.removeFirst()  // then the second
    }
}

private class PBase: Encodable {
    var base = 1
    enum CodingKeys: String, CodingKey { case base }
}
private final class PChild: PBase, @unchecked Sendable {
    var own = "x"
    enum ChildKeys: String, CodingKey { case own }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ChildKeys.self)
        try c.encode(own, forKey: .own)
        try super.encode(to: c.superEncoder())
        try super.encode(to: encoder)
    }
}

private struct PNestedTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        var a = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "n"))
        try a.encode(1, forKey: AnyKey(stringValue: "x"))
        var b = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "n"))
        try b.encode(2, forKey: AnyKey(stringValue: "y"))
    }
}

private struct PPath: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for key in encoder.codingPath { try c.encode("\(key.stringValue)|\(key.intValue.map(String.init) ?? "nil")") }
        for key in c.codingPath { try c.encode("c:\(key.stringValue)") }
    }
}

private struct PPathHolder: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(PPath(), forKey: AnyKey(stringValue: "a"))
        try c.encode([PPath(), PPath()], forKey: AnyKey(stringValue: "b"))
        try PPath().encode(to: c.superEncoder())
        try PPath().encode(to: c.superEncoder(forKey: AnyKey(stringValue: "s")))
        var n = c.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "n"))
        try n.encode(PPath())
        try PPath().encode(to: n.superEncoder())
        var m = n.nestedContainer(keyedBy: AnyKey.self)
        try m.encode(PWrap(inner: PPath()), forKey: AnyKey(stringValue: "w"))
        try m.encode(Optional(PPath()), forKey: AnyKey(stringValue: "o"))
        try m.encode([PPath()], forKey: AnyKey(stringValue: "arr"))
    }
}

private indirect enum PNest: Encodable {
    case leaf
    case node([PNest])
    case wrap(PNest)
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .leaf: var s = encoder.singleValueContainer(); try s.encode(0)
        case .node(let children): var c = encoder.unkeyedContainer(); for child in children { try c.encode(child) }
        case .wrap(let inner): var s = encoder.singleValueContainer(); try s.encode(inner)
        }
    }
}

private indirect enum PNestObj: Encodable {
    case leaf
    case node(PNestObj)
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .leaf: var s = encoder.singleValueContainer(); try s.encode("leaf")
        case .node(let child): var c = encoder.container(keyedBy: AnyKey.self); try c.encode(child, forKey: AnyKey(stringValue: "k"))
        }
    }
}

private final class EncoderBox: @unchecked Sendable { var encoder: (any Encoder)?; var keyed: KeyedEncodingContainer<AnyKey>?; var unkeyed: (any UnkeyedEncodingContainer)? }

/// Keeps its encoder, or its keyed container and a nested unkeyed one, past `encode(to:)`.
private struct PLeaker: Encodable {
    let box: EncoderBox
    var keepsContainers = false
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode("leaker", forKey: AnyKey(stringValue: "name"))
        if keepsContainers {
            box.keyed = c
            box.unkeyed = c.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "list"))
        } else {
            box.encoder = encoder
        }
    }
}
private struct PLateWriter: Encodable {
    let box: EncoderBox
    func encode(to encoder: any Encoder) throws {
        if let e = box.encoder {
            var c = e.container(keyedBy: AnyKey.self)
            try c.encode("LATE", forKey: AnyKey(stringValue: "late"))
            try c.encode(["deep": "LATE"], forKey: AnyKey(stringValue: "late2"))
        }
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode("writer", forKey: AnyKey(stringValue: "name"))
    }
}
/// A leaker that keeps its encoder or containers in a box, then late writers that use them while
/// later siblings are encoded (into nodes the encoder may have reused).
private struct PLeakThenWrite<Leaker: Encodable, Writer: Encodable>: Encodable {
    let leaker: (EncoderBox) -> Leaker
    let writer: (EncoderBox) -> Writer
    let between: [String: [String: Int]]
    func encode(to encoder: any Encoder) throws {
        let box = EncoderBox()
        var c = encoder.unkeyedContainer()
        try c.encode(leaker(box))
        try c.encode(writer(box))
        try c.encode(between)
        try c.encode(writer(box))
    }
}

private struct PLateContainerWriter: Encodable {
    let box: EncoderBox
    func encode(to encoder: any Encoder) throws {
        try box.keyed?.encode("LATE", forKey: AnyKey(stringValue: "late"))
        try box.unkeyed?.encode("LATE")
        try box.unkeyed?.encode(["LATE": 1])
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode("writer", forKey: AnyKey(stringValue: "name"))
    }
}
private struct PReentrantChild: Encodable {
    let box: EncoderBox
    func encode(to encoder: any Encoder) throws {
        try box.unkeyed?.encode("from child")
        try box.unkeyed?.encode(["from": "child"])
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode("child", forKey: AnyKey(stringValue: "name"))
    }
}
private struct PReentrant: Encodable {
    func encode(to encoder: any Encoder) throws {
        let box = EncoderBox()
        box.unkeyed = encoder.unkeyedContainer()
        var c = encoder.unkeyedContainer()
        try c.encode(PReentrantChild(box: box))
        try c.encode(PReentrantChild(box: box))
        box.unkeyed = nil
    }
}

private struct PLeakSuper: Encodable {
    /// Keeps the super encoder past `encode(to:)` (each value its own, so tests can run at once).
    let keep = Box()
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(1)
        let sup = c.superEncoder()
        keep.items.append(sup)
        var s = sup.singleValueContainer()
        try s.encode(2)
    }
}
private struct PLeakKeyedSuper: Encodable {
    let keep = Box()
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(1, forKey: AnyKey(stringValue: "a"))
        let sup = c.superEncoder(forKey: AnyKey(stringValue: "b"))
        keep.items.append(sup)
        var s = sup.singleValueContainer()
        try s.encode(2)
    }
}

private struct PLeakPoolChild: Encodable {
    let box: EncoderBox
    let index: Int
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(index, forKey: AnyKey(stringValue: "i"))
        if index == 0 { box.keyed = c; box.encoder = encoder }
        if index == 2, let e = box.encoder {
            // write into the leaked (not reused?) node and its container
            try box.keyed?.encode("LATE", forKey: AnyKey(stringValue: "late"))
            var s = e.unkeyedContainer()
            try s.encode("LATE")
        }
    }
}
private struct PLeakPool: Encodable {
    func encode(to encoder: any Encoder) throws {
        let box = EncoderBox()
        var c = encoder.unkeyedContainer()
        for i in 0..<5 { try c.encode(PLeakPoolChild(box: box, index: i)) }
    }
}

extension OutputJSONHostileTests {
    @Test("dictionary keys equal as Swift strings; dates near whole seconds") func canonicalDictionaryKeysAndNearWholeDates() {
        Self.probe("dict canonical cache", [["\u{E9}": 0, "f": 1], ["e\u{301}": 0, "f": 1]], pretty: [false], dates: [.iso8601])
        Self.probe("dict canonical cache 2", [["e\u{301}": 0, "f": 1], ["\u{E9}": 0, "f": 1]], pretty: [false], dates: [.iso8601])
        Self.probe("two live super encoders", PUnkeyedSuperTwo())
        Self.probe("added 0.1", [Date(timeIntervalSince1970: 1_764_424_992).addingTimeInterval(0.1).addingTimeInterval(-0.1)], pretty: [false], dates: [.iso8601])
        Self.probe("ref 0.5e-7", [Date(timeIntervalSinceReferenceDate: 800_000_000.00000005)], pretty: [false], dates: [.iso8601])
    }
}
