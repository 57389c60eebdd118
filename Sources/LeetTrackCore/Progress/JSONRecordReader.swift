import FoundationEssentials
import Persistence

/// A reader of one kind of stored record over Persistence's one JSON tokenizer, without
/// `JSONDecoder` (``ProgressJSONReader``, ``StatementJSONReader``, ``PracticeSettingsJSONReader``).
///
/// Each knows only its record's shape. It reads the whole text or gives up (`nil`) on anything
/// it does not take, so that its caller falls back to the store's decoder and its precise error.
protocol JSONRecordReader {
    /// What a record reads as.
    associatedtype Record
    /// The tokens.
    var reader: JSONReader { get set }
    init(reader: JSONReader)
    /// The record, from the first token; throws on anything this reader does not take.
    mutating func record() throws -> Record
}

extension JSONRecordReader {
    /// Parses `data` whole, or returns `nil` when it is not a record this reader takes.
    static func read(_ data: Data) -> Record? {
        data.withUnsafeBytes { raw in
            var record = Self(reader: JSONReader(raw.bindMemory(to: UInt8.self)))
            do {
                let value = try record.record()
                try record.reader.finish()
                return value
            } catch {
                return nil  // The store's decoder reads it again and names what is wrong (or reads it).
            }
        }
    }
}
