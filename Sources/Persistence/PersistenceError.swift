import Foundation

/// Everything that can go wrong in a ``Store``. Each case names the key or file involved, and its
/// description says what happened and what to do next.
public enum PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The bytes stored under `key` do not decode as the requested type. The bytes are left as
    /// they are (read them with ``Store/rawValue(forKey:)``) until the key is written on purpose.
    case undecodable(key: String, underlying: String)
    /// A value could not be encoded for storage.
    case unencodable(key: String, underlying: String)
    /// The file at `path` is not a database this library can use: it is left unchanged.
    case notADatabase(path: String, reason: String)
    /// The file at `path` is a database, but not a store written by this library.
    case foreignDatabase(path: String)
    /// The store was written by a newer version of this library.
    case newerFormat(path: String, migration: String)
    /// The store at `path` cannot be opened, created or written (permissions, missing directory…).
    case cannotOpen(path: String, reason: String)
    /// SQLite reported an error.
    case sqlite(code: Int32, message: String, sql: String?, path: String?)
    /// A file-backed store could not be read or written.
    case file(path: String, reason: String)
    /// A database server could not be reached, refused the login, or refused a statement.
    /// `location` names the server and never its password.
    case server(location: String, reason: String)

    public var description: String {
        switch self {
        case let .undecodable(key, underlying):
            return "the value stored under '\(key)' cannot be read (\(underlying)); it was left untouched"
                + " and its raw bytes can be recovered with rawValue(forKey:)"
        case let .unencodable(key, underlying):
            return "the value for '\(key)' cannot be encoded: \(underlying)"
        case let .notADatabase(path, reason):
            return "\(path) is not a LeetTrack store (\(reason)); it was left unchanged."
                + " Move it aside or point to another store."
        case let .foreignDatabase(path):
            return "\(path) is an SQLite database that belongs to another program; it was left unchanged."
                + " Point to another store path."
        case let .newerFormat(path, migration):
            return "\(path) was written by a newer version of this program (it has schema change '\(migration)');"
                + " it was left unchanged."
                + " Upgrade to read it."
        case let .cannotOpen(path, reason):
            return "cannot open the store at \(path): \(reason)"
        case let .sqlite(code, message, sql, path):
            var text = "SQLite error \(code): \(message)"
            if let path { text += " (store: \(path))" }
            if let sql { text += " in `\(sql)`" }
            return text
        case let .file(path, reason):
            return "\(path): \(reason)"
        case let .server(location, reason):
            return "the database server \(location): \(reason)"
        }
    }
}
