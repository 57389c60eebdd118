import Foundation

/// Checks an existing file before SQLite touches it, so that a file that is not a database (or a
/// truncated one) is reported and left byte-for-byte unchanged. SQLite itself would accept an
/// empty or truncated file lazily and could write to it before noticing.
enum SQLiteFileCheck {
    static let magic = Array("SQLite format 3\u{0}".utf8)

    static func validateExistingFile(at path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw PersistenceError.cannotOpen(path: path, reason: "the file cannot be read (check its permissions)")
            }
            return try ensureDirectory(for: path)
        }
        defer { try? handle.close() }  // A read-only handle: closing cannot lose data.
        let header: Data
        let size: UInt64
        do {
            header = try handle.read(upToCount: 100) ?? Data()
            size = try handle.seekToEnd()
        } catch {
            throw PersistenceError.cannotOpen(path: path, reason: "the file cannot be read: \(error.localizedDescription)")
        }
        if size == 0 { return }  // An empty file is a new, empty database.
        let bytes = [UInt8](header)
        guard bytes.count == 100, Array(bytes[0..<16]) == magic else {
            throw PersistenceError.notADatabase(path: path, reason: "it is not an SQLite database")
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let changeCounter = bytes[24..<28]
        let validFor = bytes[92..<96]
        let pageCount = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
        // The in-header page count is valid only when "version-valid-for" matches the change counter.
        if changeCounter.elementsEqual(validFor), pageCount > 0, UInt64(pageCount * pageSize) > size {
            throw PersistenceError.notADatabase(
                path: path,
                reason: "it is truncated: its header describes \(pageCount * pageSize) bytes but the file has \(size)")
        }
    }

    private static func ensureDirectory(for path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError.cannotOpen(path: path, reason: "cannot create its directory \(directory): \(error.localizedDescription)")
        }
    }
}
