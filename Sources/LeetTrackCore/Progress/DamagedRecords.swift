import FoundationEssentials
import Persistence

/// The way out for records whose bytes no longer decode, without the sqlite3 tool: `doctor`
/// saves their bytes to a file (``StoreCheck``, `--export-raw`), then removes them
/// (``Tracker/removeDamaged(_:)``); the bytes, repaired by hand, load back
/// (``Tracker/restoreRecords(_:file:now:)``), checked as an import checks a file.
extension Tracker {
    /// Removes each record of `entries` whose stored bytes are still the ones saved, in one
    /// transaction: a record another process rewrote since the check is kept. A problem's record
    /// goes with its summary and index entries. Not journaled for sync: other machines keep their
    /// copies, and a later change here or there syncs as usual.
    /// - Returns: the keys removed.
    public func removeDamaged(_ entries: [UndecodableEntry]) throws -> [String] {
        guard !entries.isEmpty else { return [] }
        return try store.transaction { transaction in
            var removed: [String] = []
            for entry in entries {
                let stored = try transaction.rawValues(withKeyPrefix: entry.key).first { $0.key == entry.key }?.value
                guard stored == entry.raw else { continue }
                if entry.key.hasPrefix(ProgressRepository.keyPrefix) {
                    try ProgressSummaries.writeRecord(ProblemProgress(), for: String(entry.key.dropFirst(ProgressRepository.keyPrefix.count)), in: transaction)
                } else {
                    transaction.removeValue(for: Key<Data>(entry.key, default: Data()))
                }
                removed.append(entry.key)
            }
            return removed
        }
    }

    /// One record of a file of saved bytes: as `doctor --export-raw` writes it. `text` (the bytes
    /// as UTF-8, the field to repair by hand) wins over `base64` when both are there.
    struct SavedRecord: Decodable {
        let key: String
        let text: String?
        let base64: String?
    }

    /// Loads the records of `data` (a file `doctor --export-raw` wrote, repaired) back into the
    /// store, in one transaction, each checked first as an import checks a file: a problem's record
    /// by ``InputRules`` (and written as any change is, with its summary, journaled for sync), an
    /// own list, the review, practice or code settings by their rules. Only a record that is
    /// missing or damaged is replaced: a readable record is never overwritten by a file.
    /// - Returns: the keys loaded.
    /// - Throws: ``ExchangeError`` naming the file and the record's place in it; nothing is written then.
    public func restoreRecords(_ data: Data, file: String, now: Date) throws -> [String] {
        let saved = try JSONFile.decode([SavedRecord].self, from: data, file: file)
        var records: [(key: String, bytes: Data)] = []
        for (index, record) in saved.enumerated() {
            let path = "[\(index)]"
            let bytes: Data
            if let text = record.text {
                bytes = Data(text.utf8)
            } else if let base64 = record.base64, let decoded = Data(base64Encoded: base64) {
                bytes = decoded
            } else {
                throw ExchangeError.invalidContent(file: file, path: path, reason: "no text and no valid base64 to load")
            }
            if records.contains(where: { $0.key == record.key }) {
                throw ExchangeError.invalidContent(file: file, path: path + ".key", reason: "'\(record.key)' is in the file twice")
            }
            try Self.check(bytes, key: record.key, at: path, file: file, now: now)
            records.append((record.key, bytes))
        }
        let writes = SyncedWrites(clock: clock)
        return try store.transaction { transaction in
            for record in records {
                if let stored = try transaction.rawValues(withKeyPrefix: record.key).first(where: { $0.key == record.key })?.value,
                    Self.isReadable(stored, key: record.key)
                {
                    throw ExchangeError.invalidContent(
                        file: file, path: record.key,
                        reason: "the store's record '\(record.key)' can be read; only a damaged or missing record is loaded back")
                }
                if record.key.hasPrefix(ProgressRepository.keyPrefix) {
                    let progress = try ProgressRepository.decode(record.bytes, key: record.key)
                    let slug = String(record.key.dropFirst(ProgressRepository.keyPrefix.count))
                    try writes.progress(progress, replacing: ProblemProgress(), for: slug, in: transaction)
                } else if record.key.hasPrefix(OwnLists.keyPrefix) {
                    let list = try JSONDecoder().decode(OwnLists.Record.self, from: record.bytes)
                    try transaction.set(list, for: Key<OwnLists.Record?>(record.key, default: nil))
                } else if record.key == ReviewSettings.key.name {
                    try transaction.set(try JSONDecoder().decode(ReviewSettings.self, from: record.bytes), for: ReviewSettings.key)
                } else if record.key == PracticeSettings.key.name {
                    try transaction.set(try JSONDecoder().decode(PracticeSettings.self, from: record.bytes), for: PracticeSettings.key)
                } else {
                    try transaction.set(try JSONDecoder().decode(CodeSettings.self, from: record.bytes), for: CodeSettings.key)
                }
            }
            return records.map(\.key)
        }
    }

    /// The status a problem's record states, before it is read as the record (which raises it to
    /// what the history shows).
    private struct StatedStatus: Decodable {
        let status: Status?
    }

    /// Whether `bytes` decode as the record `key` holds.
    private static func isReadable(_ bytes: Data, key: String) -> Bool {
        do {
            try decode(bytes, key: key)
            return true
        } catch {
            return false
        }
    }

    /// Decodes `bytes` as the record `key` holds; throws when they do not, or when the key is
    /// not one `doctor` loads back.
    private static func decode(_ bytes: Data, key: String) throws {
        if key.hasPrefix(ProgressRepository.keyPrefix) {
            _ = try ProgressRepository.decode(bytes, key: key)
        } else if key.hasPrefix(OwnLists.keyPrefix) {
            _ = try JSONDecoder().decode(OwnLists.Record.self, from: bytes)
        } else if key == ReviewSettings.key.name {
            _ = try JSONDecoder().decode(ReviewSettings.self, from: bytes).scheduler()
        } else if key == PracticeSettings.key.name {
            _ = try JSONDecoder().decode(PracticeSettings.self, from: bytes)
        } else if key == CodeSettings.key.name {
            _ = try JSONDecoder().decode(CodeSettings.self, from: bytes)
        } else {
            throw ExchangeError.invalidContent(file: "", path: "key", reason: "not a record doctor loads back")
        }
    }

    /// Checks one record of the file as an import would: a key `doctor` loads back, bytes that
    /// decode as its type, and the values' rules (``InputRules``).
    private static func check(_ bytes: Data, key: String, at path: String, file: String, now: Date) throws {
        let loadable = key.hasPrefix(ProgressRepository.keyPrefix) || key.hasPrefix(OwnLists.keyPrefix)
            || [ReviewSettings.key.name, PracticeSettings.key.name, CodeSettings.key.name].contains(key)
        guard loadable else {
            throw ExchangeError.invalidContent(
                file: file, path: path + ".key",
                reason: "'\(key)' is not a record doctor loads back (a problem's progress, an own list or the settings)")
        }
        do {
            try JSONValue.check(bytes)
            try decode(bytes, key: key)
            if key.hasPrefix(ProgressRepository.keyPrefix) {
                let slug = String(key.dropFirst(ProgressRepository.keyPrefix.count))
                try InputRules.check(slug: slug, at: path + ".key")
                // Checked with the status the bytes state, as an import checks a file's record: a
                // status below what the history shows is refused, not silently raised as a stored
                // record is when it is read (``ProgressHistory/status(_:with:)``).
                var progress = try ProgressRepository.decode(bytes, key: key)
                progress.status = try JSONDecoder().decode(StatedStatus.self, from: bytes).status ?? .todo
                try InputRules.check(progress, at: path, historyKey: "events", now: now)
            } else if key.hasPrefix(OwnLists.keyPrefix) {
                try InputRules.check(try JSONDecoder().decode(OwnLists.Record.self, from: bytes), key: key, at: path, now: now)
            } else if key == PracticeSettings.key.name {
                try InputRules.check(try JSONDecoder().decode(PracticeSettings.self, from: bytes), at: path)
            }
        } catch let violation as InputRules.Violation {
            throw ExchangeError.invalidContent(file: file, path: violation.path, reason: violation.reason)
        } catch let error as ExchangeError {
            throw error
        } catch {
            throw ExchangeError.invalidContent(file: file, path: path + ".text", reason: "it does not read as the record '\(key)': \(Store.describe(error))")
        }
    }
}
