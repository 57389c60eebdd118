import FoundationEssentials
import Persistence

/// Why a record is not one a ``JSONRecordReader`` takes: the reader gives up, and the store's
/// decoder reads the record again and says more.
struct NotARecord: Error {}

/// What the record readers share: reading members the way every one of them gives up.
extension JSONRecordReader {
    /// The next member's key, `nil` after the last. A key with an escape gives up: it may spell
    /// a known key, and the store's decoder reads it.
    mutating func nextKey() throws -> JSONString? {
        guard let key = try reader.nextMember() else { return nil }
        guard !key.hasEscapes else { throw NotARecord() }
        return key
    }

    /// A string value, escapes decoded (`JSONReader` has checked its UTF-8 and escapes).
    mutating func string() throws -> String {
        reader.decode(try reader.readString())
    }
}
