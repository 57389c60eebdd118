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
/// It is Persistence's one JSON encoder, told to write as `JSONEncoder` does
/// (`JSONValueEncoder.Options.foundation`). Whatever that does not reproduce exactly goes to
/// `JSONEncoder` itself: a floating-point number that is not finite (its error), `Data`, `URL` and
/// `Decimal` (which it writes in forms of its own), a date before 1970, after 9999 or with a
/// fraction of a second, a key written twice (or two keys that Swift takes for one, `é` composed
/// and not), a key with an escape, a value that encoded nothing, a super encoder, containers used
/// out of nesting order. Any error also sends the value to `JSONEncoder`, so what is thrown is
/// what it throws. `OutputJSONTests` and `OutputJSONHostileTests` compare both on every shape the
/// program writes and on hostile ones.
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

    /// Something only `JSONEncoder` writes exactly: the whole value goes to it instead.
    struct NotReproduced: Error {}

    /// The bytes written without `JSONEncoder`.
    /// - Throws: ``NotReproduced`` for what only `JSONEncoder` writes (found while encoding, but
    ///   thrown only here: never into a value's own `encode(to:)`, which could catch it), or the
    ///   error the value threw.
    static func reproduce<Value: Encodable>(_ value: Value, pretty: Bool, dates: Dates) throws -> [UInt8] {
        let encoder = JSONValueEncoder(options: .foundation(pretty: pretty, iso8601Dates: dates == .iso8601))
        guard let bytes = try encoder.bytes(value) else { throw NotReproduced() }
        return bytes
    }
}

/// The name the tests knew ``OutputJSON/NotReproduced`` by, when it belonged to this file's own
/// encoder (`OutputJSONNode.NotReproduced`).
typealias OutputJSONNode = OutputJSON
