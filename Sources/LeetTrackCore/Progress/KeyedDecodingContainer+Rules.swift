import FoundationEssentials

extension KeyedDecodingContainer {
    /// `body`'s value, where `body` holds the value at `key` to one of the rules it was stored by
    /// (`config`'s setters, ``InputRules``, a date's parser). A broken rule does not decode: it
    /// becomes `dataCorrupted` at `key`, so the store reports the record as damaged by its key.
    /// Its description is `description` when given, else the rule's own words (an
    /// ``InputRules/Violation``'s reason, any other error's description).
    func checked<Value>(at key: Key, _ description: @autoclosure () -> String? = nil, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            let words = description() ?? (error as? InputRules.Violation)?.reason ?? "\(error)"
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: words)
        }
    }
}
