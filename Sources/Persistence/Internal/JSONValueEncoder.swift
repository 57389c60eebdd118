import FoundationEssentials

/// The package's one `Encodable` → JSON writer, several times faster than `JSONEncoder`: it
/// writes straight into one buffer as the value encodes itself (see ``JSONStreamWriter``). Two
/// configurations use it: stored values (``Options/stored``) and the JSON people and scripts read
/// (``Options/foundation(pretty:iso8601Dates:)``, for JSON that must read as `JSONEncoder`'s).
///
/// ```swift
/// let stored = try JSONValueEncoder().encode(["b": 1])  // {"b":1}
/// let shown = try JSONValueEncoder(options: .foundation(pretty: false, iso8601Dates: true)).bytes(value)
/// // nil: the value holds something only JSONEncoder writes exactly (the caller asks it instead)
/// ```
package struct JSONValueEncoder: Sendable {
    /// What the writer writes.
    package struct Options: Sendable, Equatable {
        /// Object members sorted by their keys' UTF-8 bytes (`.sortedKeys` on Linux), rather than
        /// in the order they were encoded.
        package var sortsKeys: Bool
        /// `JSONEncoder`'s `.prettyPrinted`: two spaces a level, `"key" : value`.
        package var pretty: Bool
        /// A `Date` as `"2026-03-04T05:06:07Z"` (`.iso8601`), rather than its seconds since 2001.
        package var iso8601Dates: Bool
        /// Exactly `JSONEncoder`'s text or none: numbers without a final `.0`, and no result for
        /// what it writes in forms of its own or refuses (a number that is not finite, `Data`,
        /// `URL`, `Decimal`, a value that encodes nothing, a key needing an escape when keys are
        /// sorted, keys Swift takes for one, a nesting 512 deep). Otherwise: Swift's shortest
        /// number text, and `"Infinity"`, `"-Infinity"`, `"NaN"` for numbers JSON has not.
        package var matchesJSONEncoder: Bool

        /// Stored values: compact, members in encoding order, `Date` as seconds since 2001,
        /// `Data` as base64, `URL` as its absolute string, `Decimal` as a number.
        package static let stored = Options(sortsKeys: false, pretty: false, iso8601Dates: false, matchesJSONEncoder: false)

        /// Byte for byte `JSONEncoder` with `.sortedKeys`, `.withoutEscapingSlashes`, and
        /// `.prettyPrinted` when `pretty`; dates `.iso8601` or `.deferredToDate`.
        package static func foundation(pretty: Bool, iso8601Dates: Bool) -> Options {
            Options(sortsKeys: true, pretty: pretty, iso8601Dates: iso8601Dates, matchesJSONEncoder: true)
        }
    }

    /// How this encoder writes.
    package let options: Options

    /// An encoder writing as `options` say.
    package init(options: Options = .stored) {
        self.options = options
    }

    /// `value` as stored bytes. A value the stream cannot write as it encodes (a container used
    /// after a sibling was started, a key encoded twice, `superEncoder()`) is built as a tree
    /// first (``JSONTreeEncoder``), which handles every order and writes the same JSON.
    /// - Throws: the error the value throws, or `EncodingError` for a NaN `Decimal`.
    func encode<T: Encodable>(_ value: T) throws -> Data {
        try write(value, codingPath: [], as: { $0.data() }) ?? JSONTreeEncoder.encode(value)
    }

    /// `value`'s stored bytes, as ``encode(_:)`` makes them, lent to `body` from the writer's own
    /// buffer: a store's `set` hands them to its backend without making a `Data` (two allocations,
    /// and their release when the value is next replaced). `body` must not keep them.
    /// - Throws: what the value or `body` throws.
    func withEncoded<T: Encodable>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if try write(value, codingPath: [], as: { try body($0.bytes(0..<$0.count)) }) == nil {
            try JSONTreeEncoder.encode(value).withUnsafeBytes(body)
        }
    }

    /// `value` as JSON text, or `nil` when the writer leaves it to `JSONEncoder` (see ``Options``).
    /// - Throws: the error the value throws (never one of the writer's own: those are `nil`).
    /// - Complexity: O(*n* + *m* log *m*): *n* the bytes written, *m* the members of the largest
    ///   object when keys are sorted.
    package func bytes<T: Encodable>(_ value: T) throws -> [UInt8]? {
        try write(value, codingPath: [], as: { $0.bytes() })
    }

    /// `value` written by the stream at `codingPath`, as `result` takes the bytes; `nil` when the
    /// stream failed. Inlined into each caller, where `Result` is known: in a function generic
    /// over it, `Result?` is a runtime metadata lookup per value (a twentieth of a struct's encoding).
    @inline(__always)
    func write<T: Encodable, Result>(_ value: T, codingPath: [any CodingKey], as result: (JSONOutput) throws -> Result) throws -> Result? {
        try JSONStreamWriter.withWriter(options: options) { writer -> Result? in
            try writer.writeValue(value, depth: 0, codingPath: codingPath)
            writer.closeAll()  // Closing a large object may find a key written twice.
            return writer.failed ? nil : try result(writer.output)
        }
    }
}
