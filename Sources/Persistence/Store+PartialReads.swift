import FoundationEssentials

/// The entries under a key prefix that decode, and those that do not, each with its bytes.
public struct ReadableValues<Value> {
    /// The entries that decode, sorted by key.
    public var values: [(key: String, value: Value)]
    /// The entries that do not decode, sorted by key: their bytes are kept in the store untouched.
    public var undecodable: [UndecodableEntry]
}

/// A stored entry whose bytes do not decode as the type asked for.
public struct UndecodableEntry: Sendable, Equatable {
    /// The entry's key.
    public let key: String
    /// Its stored bytes, for recovery by hand.
    public let raw: Data
    /// Why it does not decode.
    public let reason: String

    /// An entry that did not decode.
    public init(key: String, raw: Data, reason: String) {
        self.key = key
        self.raw = raw
        self.reason = reason
    }

    /// The error the throwing API reports for this entry.
    public var error: PersistenceError { .undecodable(key: key, underlying: reason) }
}

extension Store {
    /// Every stored entry whose key starts with `prefix`, decoded as `Value`; an entry that does
    /// not decode is listed in ``ReadableValues/undecodable`` instead of failing the others.
    ///
    /// Use it where one damaged record must not hide the rest (a listing, an export, a check);
    /// ``values(withKeyPrefix:as:)`` throws at the first entry that does not decode.
    /// - Complexity: one range query over the key index; O(k) for k matching entries.
    public func readableValues<Value: Decodable>(withKeyPrefix prefix: String, as type: Value.Type = Value.self) throws
        -> ReadableValues<Value>
    {
        var result = ReadableValues<Value>(values: [], undecodable: [])
        for (key, raw) in try backend.read(keysWithPrefix: prefix) {
            do {
                result.values.append((key: key, value: try JSONCoders.decoder.decode(Value.self, from: raw)))
            } catch {
                result.undecodable.append(UndecodableEntry(key: key, raw: raw, reason: Self.describe(error)))
            }
        }
        return result
    }
}
