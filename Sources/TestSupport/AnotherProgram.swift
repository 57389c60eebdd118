import Foundation

/// Writes to a store's SQLite file as another program does (an older build, the `sqlite3` shell):
/// around Persistence, so that the store's outside write counts and change log see the writes, as
/// they see a user's hand edit. Tests use it for records written "behind the funnel".
public enum AnotherProgram {
    /// Stores `value`, as `JSONEncoder` writes it, under `key`.
    public static func set<Value: Encodable>(_ value: Value, forKey key: String, inStoreAt path: String) throws {
        let hex = try JSONEncoder().encode(value).map { String(format: "%02X", $0) }.joined()
        try run("INSERT OR REPLACE INTO entries(key, value) VALUES(\(quoted(key)), CAST(X'\(hex)' AS TEXT))", inStoreAt: path)
    }

    /// Removes `key`.
    public static func removeValue(forKey key: String, inStoreAt path: String) throws {
        try run("DELETE FROM entries WHERE key = \(quoted(key))", inStoreAt: path)
    }

    /// Runs `sql` with `/usr/bin/sqlite3` on the store at `path`.
    public static func run(_ sql: String, inStoreAt path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(message: "sqlite3: \(message)") }
    }

    /// A failed write, with what `sqlite3` said.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
