import FoundationEssentials
import Persistence

/// The JSON that people and scripts read (every `--json` output, `export`, the web app's API):
/// byte for byte what `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`,
/// pretty printed or compact, dates as ISO 8601 or as `Date` encodes itself, in about half the
/// time and less memory (`leettrack-bench json`; `BENCHMARKS.md` has the commands' figures).
///
/// ```swift
/// let bytes = try OutputJSON.encode(["b": 1, "a": 2], pretty: true)
/// String(decoding: bytes, as: UTF8.self)  // "{\n  \"a\" : 2,\n  \"b\" : 1\n}"
/// ```
///
/// Each container collects its members' bytes (so keys can be sorted) and is written out among
/// its parent's bytes as soon as its value has encoded itself. Whatever that path does not
/// reproduce exactly goes to `JSONEncoder` itself: a floating-point number that is not finite
/// (its error), `Data`, `URL` and `Decimal` (which it writes in forms of its own), a date before
/// 1970, after 9999 or with a fraction of a second, a key written twice (or two keys that Swift
/// takes for one, `é` composed and not), a container that encoded nothing, a super encoder. Any
/// error also sends the value to `JSONEncoder`, so what is thrown is what it throws.
/// `OutputJSONTests` and `OutputJSONHostileTests` compare both on every shape the program writes
/// and on hostile ones.
public enum OutputJSON {
    /// How dates are written.
    public enum Dates: Sendable {
        /// `2026-03-04T05:06:07Z`, as `JSONEncoder.DateEncodingStrategy.iso8601`.
        case iso8601
        /// As `Date` encodes itself (seconds since 2001 as a number), `JSONEncoder`'s default.
        case deferredToDate
    }

    /// `value` as JSON text; `pretty` as `JSONEncoder`'s `.prettyPrinted` (two spaces, `"key" : value`).
    /// - Throws: what `JSONEncoder` throws for the value (a number that is not finite, say): on
    ///   any error the value is encoded again by `JSONEncoder`, which says it in its own words.
    /// - Complexity: O(*n* + *m* log *m*): *n* the bytes written, *m* the members of the largest object.
    public static func encode<Value: Encodable>(_ value: Value, pretty: Bool, dates: Dates = .iso8601) throws -> [UInt8] {
        do {
            return try reproduce(value, pretty: pretty, dates: dates)
        } catch {
            let encoder = JSONEncoder()
            encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            if case .iso8601 = dates { encoder.dateEncodingStrategy = .iso8601 }
            return Array(try encoder.encode(value))
        }
    }

    /// The bytes written without `JSONEncoder`.
    /// - Throws: `OutputJSONNode.NotReproduced` for what only `JSONEncoder` writes (found while
    ///   encoding, but thrown only here: never into a value's own `encode(to:)`, which could catch
    ///   it), or the error the value threw.
    static func reproduce<Value: Encodable>(_ value: Value, pretty: Bool, dates: Dates) throws -> [UInt8] {
        let shared = OutputJSONNode.Shared(dates: dates, pretty: pretty)
        let root = OutputJSONNode(parent: nil, key: nil, shared: shared)
        try root.encodeValue(value)
        var output = [UInt8]()
        output.reserveCapacity(4096)
        root.write(into: &output)
        if shared.gaveUp { throw OutputJSONNode.NotReproduced() }
        return output
    }
}

/// One value being encoded: a scalar, an object or an array, whose members are either scalars
/// (their bytes in `scalars`) or nested nodes.
final class OutputJSONNode: Encoder {
    /// Something `JSONEncoder` writes differently or refuses: the whole value goes to it instead.
    struct NotReproduced: Error {}

    /// Notes that the value holds something only `JSONEncoder` writes (see ``Shared/gaveUp``).
    func giveUp() {
        shared.gaveUp = true
    }

    enum Content {
        case nothing, scalar, object, array
    }

    enum Entry {
        /// `scalars[start..<end]`.
        case bytes(start: Int, end: Int)
        case node(OutputJSONNode)
    }

    /// What every node of one value's tree uses.
    final class Shared {
        let dates: OutputJSON.Dates
        let pretty: Bool
        /// Nodes written out and free to fill again: a listing's thousands of records and events
        /// each need one for a moment, and allocating each (with its three arrays) was a quarter
        /// of `export`'s time.
        var spare: [OutputJSONNode] = []
        /// Set on meeting what only `JSONEncoder` writes. Encoding goes on (into bytes that are
        /// then dropped), so a value's `encode(to:)` sees no error where `JSONEncoder` throws none.
        var gaveUp = false
        /// The sorted orders of the last few sets of keys met, most recent first: the objects of
        /// a listing all have the same keys (or a few sets of them), and comparing the keys with
        /// a set met before costs a fraction of sorting them again.
        var orders: [(keys: [String], order: [Int])] = []

        init(dates: OutputJSON.Dates, pretty: Bool) {
            self.dates = dates
            self.pretty = pretty
        }
    }

    private(set) var parent: OutputJSONNode?
    private(set) var key: (any CodingKey)?
    let shared: Shared
    /// How many containers enclose this one: its indent when pretty printed.
    private(set) var depth: Int
    var content = Content.nothing
    /// Set when `encode(to:)` asked for containers of two kinds (`JSONEncoder` stops the program).
    var isMixed = false
    /// The bytes of every scalar member, or of the one scalar value.
    var scalars: [UInt8] = []
    var entries: [Entry] = []
    /// The object's keys, one per entry.
    var keys: [String] = []

    init(parent: OutputJSONNode?, key: (any CodingKey)?, shared: Shared) {
        self.parent = parent
        self.key = key
        self.shared = shared
        depth = parent.map { $0.depth + 1 } ?? 0
    }

    /// A node for a member or element of `parent`: a spare one emptied, else a new one.
    static func make(parent: OutputJSONNode, key: (any CodingKey)?) -> OutputJSONNode {
        guard let node = parent.shared.spare.popLast() else { return OutputJSONNode(parent: parent, key: key, shared: parent.shared) }
        node.parent = parent
        node.key = key
        node.depth = parent.depth + 1
        return node
    }

    /// Empties the node (keeping its arrays' storage) and lets go of its parent.
    private func clear() {
        parent = nil
        key = nil
        content = .nothing
        isMixed = false
        scalars.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: OutputJSONNode? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        become(.object)
        return KeyedEncodingContainer(OutputJSONObject<Key>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        become(.array)
        return OutputJSONArray(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        OutputJSONSingleValue(node: self)
    }

    /// Asking again for a container of the same kind continues it, as in `JSONEncoder`.
    private func become(_ kind: Content) {
        switch content {
        case .nothing:
            content = kind
            // Room for a record's members at once, rather than growing four times.
            if kind == .object { keys.reserveCapacity(16) }
            entries.reserveCapacity(16)
        case kind: break
        default: isMixed = true
        }
    }

    // MARK: Scalars

    /// Appends one scalar's bytes and returns where they lie.
    func appendScalar<Value: Encodable>(_ value: Value) -> Entry? {
        // Metatypes, not casts: this runs for every generic member (dates, arrays, structs), and a
        // failed dynamic cast costs far more than comparing two pointers.
        let start = scalars.count
        if Value.self == Date.self, shared.dates == .iso8601 {
            if !Self.appendISO8601(value as! Date, to: &scalars) { giveUp() }
        } else if Value.self == String.self {
            JSONValue.appendString(value as! String, to: &scalars)
        } else if Value.self == Int.self {
            scalars.append(contentsOf: (value as! Int).description.utf8)
        } else if Value.self == Double.self {
            appendFloat(value as! Double, to: &scalars)
        } else if Value.self == Bool.self {
            scalars.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8)
        } else if Value.self == Data.self || Value.self == URL.self || Value.self == Decimal.self {
            giveUp()
            return appendNull()
        } else if Value.self == Float.self {
            appendFloat(value as! Float, to: &scalars)
        } else if let integer = Self.integerText(value) {
            scalars.append(contentsOf: integer.utf8)
        } else {
            return nil
        }
        return .bytes(start: start, end: scalars.count)
    }

    /// The other integer types, named one by one: a cast to `any FixedWidthInteger` would search
    /// every conformance record of the program once per type it meets.
    private static func integerText<Value>(_ value: Value) -> String? {
        if Value.self == Int64.self { return (value as! Int64).description }
        if Value.self == UInt64.self { return (value as! UInt64).description }
        if Value.self == Int32.self { return (value as! Int32).description }
        if Value.self == UInt32.self { return (value as! UInt32).description }
        if Value.self == UInt.self { return (value as! UInt).description }
        if Value.self == Int16.self { return (value as! Int16).description }
        if Value.self == UInt16.self { return (value as! UInt16).description }
        if Value.self == Int8.self { return (value as! Int8).description }
        if Value.self == UInt8.self { return (value as! UInt8).description }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if Value.self == Int128.self { return (value as! Int128).description }
            if Value.self == UInt128.self { return (value as! UInt128).description }
        }
        return nil
    }

    func appendNull() -> Entry {
        let start = scalars.count
        scalars.append(contentsOf: "null".utf8)
        return .bytes(start: start, end: scalars.count)
    }

    /// A member or element that is not a scalar: the value fills a node of its own, written out
    /// at once (its `encode(to:)` has returned, so it is complete) among this node's bytes. The
    /// tree of a large value never exists whole: `export` of 48,000 events would hold a node and
    /// three arrays per event.
    func child<Value: Encodable>(encoding value: Value, key: (any CodingKey)?) throws -> Entry {
        var node = Self.make(parent: self, key: key)
        try node.encodeValue(value)
        let start = scalars.count
        node.write(into: &scalars)
        node.clear()
        // A container the value kept past its `encode(to:)` still refers to the node: not reused.
        if isKnownUniquelyReferenced(&node) { shared.spare.append(node) }
        return .bytes(start: start, end: scalars.count)
    }

    /// Encodes `value` as this node's content.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        guard content == .nothing else { return giveUp() }
        if let entry = appendScalar(value) {
            content = .scalar
            entries = [entry]
        } else {
            try value.encode(to: self)
        }
    }

    /// `JSONEncoder`'s number: the shortest text that reads back as the same value, without a
    /// trailing `.0`. A number that is not finite gives up (`JSONEncoder` throws its error).
    func appendFloat<Number: BinaryFloatingPoint & CustomStringConvertible>(_ number: Number, to output: inout [UInt8]) {
        guard number.isFinite else { return giveUp() }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }

    /// `"2026-03-04T05:06:07Z"` for a whole second from 1970 to 9999; any other date is written by
    /// `JSONEncoder` (which truncates fractions, and has its own forms for other years): `false`,
    /// and nothing written. The whole second is judged on the interval since 2001, as `Date`
    /// holds it (a tiny fraction there can vanish in the interval since 1970).
    static func appendISO8601(_ date: Date, to output: inout [UInt8]) -> Bool {
        let sinceReference = date.timeIntervalSinceReferenceDate
        guard sinceReference.rounded(.down) == sinceReference, sinceReference >= -978_307_200,
              sinceReference <= Double(UTCTimestamp.representableSeconds.upperBound) - 978_307_200
        else { return false }
        let seconds = Int(sinceReference) + 978_307_200
        output.append(UInt8(ascii: "\""))
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: 20))
        output.withUnsafeMutableBufferPointer { CivilDay.writeTimestamp(wholeSecond: seconds, into: .init(rebasing: $0[start...])) }
        output.append(UInt8(ascii: "\""))
        return true
    }

    // MARK: Writing

    /// Writes the node as `JSONEncoder` would, indented (when pretty) two spaces per level of
    /// its ``depth``.
    func write(into output: inout [UInt8]) {
        guard depth < 512, !isMixed else { return giveUp() }
        let (indent, pretty) = (depth, shared.pretty)
        switch content {
        case .nothing:
            giveUp()
        case .scalar:
            guard entries.count == 1, case .bytes(let start, let end) = entries[0] else { return giveUp() }
            output.append(contentsOf: scalars[start..<end])
        case .array:
            output.append(UInt8(ascii: "["))
            if pretty { output.append(UInt8(ascii: "\n")) }
            for (position, entry) in entries.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")); if pretty { output.append(UInt8(ascii: "\n")) } }
                if pretty { Self.appendIndent(indent + 1, to: &output) }
                write(entry, into: &output)
            }
            if pretty { output.append(UInt8(ascii: "\n")); Self.appendIndent(indent, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object:
            let order = sortedOrder()
            output.append(UInt8(ascii: "{"))
            if pretty { output.append(UInt8(ascii: "\n")) }
            for (position, index) in order.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")); if pretty { output.append(UInt8(ascii: "\n")) } }
                if pretty { Self.appendIndent(indent + 1, to: &output) }
                JSONValue.appendString(keys[index], to: &output)
                if pretty { output.append(contentsOf: " : ".utf8) } else { output.append(UInt8(ascii: ":")) }
                write(entries[index], into: &output)
            }
            if pretty { output.append(UInt8(ascii: "\n")); Self.appendIndent(indent, to: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A member: its bytes, or a nested container's node (one level deeper) written now.
    private func write(_ entry: Entry, into output: inout [UInt8]) {
        switch entry {
        case .bytes(let start, let end): output.append(contentsOf: scalars[start..<end])
        case .node(let node): node.write(into: &output)
        }
    }

    /// The entries' positions in the order of their keys' UTF-8 bytes (as `JSONEncoder` sorts
    /// them on Linux); an insertion sort, as objects have a handful of members. Gives up on a key
    /// written twice, and on two keys that are equal as Swift compares strings (`é` precomposed
    /// and decomposed, `K` and the Kelvin sign), which `JSONEncoder` takes for one key.
    private func sortedOrder() -> [Int] {
        // Only orders of ASCII keys are kept. A key equal to an ASCII one as Swift compares
        // strings, with as many bytes, has the same bytes (a non-ASCII string can equal an ASCII
        // one only through a singleton such as the Kelvin sign, which takes more bytes).
        if let known = shared.orders.firstIndex(where: { $0.keys.elementsEqual(keys) { $0 == $1 && $0.utf8.count == $1.utf8.count } }) {
            let order = shared.orders[known].order
            if known > 0 { shared.orders.swapAt(0, known) }
            return order
        }
        var order = Array(keys.indices)
        for next in order.indices.dropFirst() {
            let moving = order[next]
            var slot = next
            while slot > 0 {
                let before = keys[order[slot - 1]]
                guard keys[moving].utf8.lexicographicallyPrecedes(before.utf8) else {
                    if keys[moving].utf8.elementsEqual(before.utf8) { giveUp() }
                    break
                }
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        guard !keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) else {
            if Set(keys).count < keys.count { giveUp() }
            return order
        }
        if shared.orders.count == 8 { shared.orders.removeLast() }
        shared.orders.insert((keys, order), at: 0)
        return order
    }

    private static func appendIndent(_ levels: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: levels * 2))
    }
}
