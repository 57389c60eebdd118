import FoundationEssentials

/// The checks the stored records' decoders share: a value that breaks its record's rules does not
/// decode, so the store reports the record as damaged by its key (and `doctor` lists it) instead
/// of every command showing nonsense.
extension KeyedDecodingContainer {
    /// Throws `dataCorrupted` at `key`, described by `description`, unless `condition` holds.
    func require(_ condition: Bool, at key: Key, _ description: @autoclosure () -> String) throws {
        guard condition else { throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: description()) }
    }

    /// The UTC time (`2026-11-29T14:03:12Z`) at `key`.
    func decodeUTCTime(forKey key: Key) throws -> Date {
        try utcTime(try decode(String.self, forKey: key), at: key)
    }

    /// The UTC time at `key`, like ``decodeUTCTime(forKey:)``; `nil` when the key is absent.
    func decodeUTCTimeIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try utcTime(text, at: key)
    }

    private func utcTime(_ text: String, at key: Key) throws -> Date {
        guard let date = UTCTimestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a UTC time like 2026-11-29T14:03:12Z")
        }
        return date
    }
}
