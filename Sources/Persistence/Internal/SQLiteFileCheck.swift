import Foundation

/// Checks a database file's header before any statement runs, so that a file that is not a
/// database (or a truncated one) is reported and left byte-for-byte unchanged. SQLite itself would
/// treat a truncated file lazily and could write to it before noticing.
enum SQLiteFileCheck {
    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Creates the directory that will hold the file at `path`, if needed.
    static func ensureDirectory(for path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PersistenceError.cannotOpen(path: path, reason: "\(directory) is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError.cannotOpen(
                path: path, reason: "cannot create its directory \(directory): \(error.localizedDescription)")
        }
    }

    /// Throws ``PersistenceError/notADatabase(path:reason:)`` unless the file is empty (a new
    /// database) or starts with a complete SQLite header that describes no more bytes than it has.
    static func validate(size: Int64, header bytes: [UInt8], path: String) throws {
        if size == 0 { return }
        guard bytes.count == 100, Array(bytes[0..<16]) == magic else {
            throw PersistenceError.notADatabase(path: path, reason: "it is not an SQLite database")
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let changeCounter = bytes[24..<28]
        let validFor = bytes[92..<96]
        let pageCount = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
        // The in-header page count is valid only when "version-valid-for" matches the change counter.
        if changeCounter.elementsEqual(validFor), pageCount > 0, Int64(pageCount * pageSize) > size {
            throw PersistenceError.notADatabase(
                path: path,
                reason: "it is truncated: its header describes \(pageCount * pageSize) bytes but the file has \(size)")
        }
    }
}
