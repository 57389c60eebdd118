import FoundationEssentials

/// Everything that can go wrong in a ``Store``. Each case names the key or file involved, and its
/// description says what happened and what to do next.
public enum PersistenceError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
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
    /// SQLite itself found the store at `path` damaged (`SQLITE_CORRUPT` or `SQLITE_NOTADB` on a
    /// file with an SQLite header). Nothing was changed; the description names the files that
    /// belong together.
    case damaged(path: String, reason: String)
    /// The store at `path` can be read but not written: it was opened with
    /// ``StoreAccess/readOnly``, or its file, its directory or its file system does not allow writing.
    case readOnly(path: String, reason: String)
    /// The store's file was deleted or replaced by another file while the store was open: a write
    /// would have gone to a file nobody reads again, so it was refused.
    case replaced(path: String, reason: String)
    /// `key` holds an `@Observable` object whose `encode(to:)` reads no observed property (a
    /// synthesized `Codable` naming the macro's `_property` storage): Observation cannot report
    /// its in-place changes, so they are saved only at the key's next read, when the store is
    /// released, or at a normal exit. Reported once per type.
    case untrackedChanges(key: String, type: String)
    /// The key cannot be stored as it is (it contains a NUL character, which no backend keeps).
    case invalidKey(key: String, reason: String)

    public var description: String {
        switch self {
        case let .undecodable(key, underlying):
            return "the value stored under '\(key)' cannot be read (\(underlying)); it was left untouched"
                + " and its raw bytes can be recovered with rawValue(forKey:)"
        case let .unencodable(key, underlying):
            return "the value for '\(key)' cannot be encoded: \(underlying)"
        case let .notADatabase(path, reason):
            return "\(path) is not a store (\(reason)); it was left unchanged. Point to another store path."
        case let .foreignDatabase(path):
            return "\(path) is an SQLite database that belongs to another program; it was left unchanged."
                + " Point to another store path."
        case let .newerFormat(path, migration):
            return "\(path) was written by a newer version of this program (it has schema change '\(migration)');"
                + " it was left unchanged."
                + " Upgrade to read it."
        case let .cannotOpen(path, reason):
            return "cannot open the store at \(path): \(reason)"
        case let .sqlite(code, message, _, path):
            // A sentence for a person; SQLite's message and the statement stay in the case (and
            // `debugDescription`) for a developer.
            let store = path.map { "the store at \($0)" } ?? "the store"
            return "SQLite could not read or write \(store): \(Self.sentence(forSQLite: code, message: message))."
        case let .file(path, reason):
            return "\(path): \(reason)"
        case let .server(location, reason):
            return "the database server \(location): \(reason)"
        case let .damaged(path, reason):
            return "the store at \(path) is damaged: \(reason). It was left unchanged."
                + " Its files belong together: \(path) and, when present, \(path)-wal and \(path)-shm;"
                + " copy or move them only together (moving \(path) without its -wal loses data)."
                + " " + Self.rescueSteps(forStoreAt: path)
        case let .readOnly(path, reason):
            return "the store at \(path) is read-only (\(reason)): it can be read but not changed."
                + " To change it, make the file and its directory writable"
        case let .replaced(path, reason):
            return "the store at \(path) \(reason) while it was open; this write was refused and nothing was"
                + " saved. Open the store again (restart the program) to use the file now at that path."
        case let .untrackedChanges(key, type):
            return "'\(key)' holds a \(type), an @Observable class whose encode(to:) reads no observed property"
                + " (a synthesized Codable reads the macro's _property storage), so a change made in place is"
                + " saved only at the next read of '\(key)', when the store is released, or at a normal exit."
                + " To save each change at once, write encode(to:) with the properties themselves"
                + " (try container.encode(theme, forKey: .theme)), or store the object again after changing it"
        case let .invalidKey(key, reason):
            return "the key '\(Self.printable(key))' cannot be used: \(reason); nothing was read or changed"
        }
    }

    /// What SQLite's result `code` means for the user, in words of ours. SQLite's own `message`
    /// names tables and columns of the failed statement ("no such column: value"), or is the text of
    /// another program's trigger, so it is shown only when it is a system reason of ours
    /// (``FileErrorReason/system(_:)``, for a failed read or write of the file).
    static func sentence(forSQLite code: Int32, message: String) -> String {
        switch code & 0xFF {
        case 1: "its tables are not as this program made them (another program changed them while it was open)"
        case 4: "an operation was stopped before it ended"
        case 5, 6: "another program kept it locked for too long; try again when that program is done"
        case 7: "there was not enough memory"
        case 9: "the operation was interrupted"
        case 10: "the system refused to read or write its file: \(message == "disk I/O error" ? "an input/output error" : message)"
        case 13: "the disk is full"
        case 15: "its locks are not working (is the file on a network file system?)"
        case 17: "its tables changed while it was being read; try again"
        case 18: "a value is too big for it"
        case 19: "a rule in the store refused the change (another program added it)"
        case 20: "a value in it has the wrong type"
        case 21: "this program used SQLite wrongly, a bug; please report it"
        case 22: "the file is too large for this system"
        case 23: "SQLite was not allowed to run an operation"
        default: "SQLite failed with result code \(code)"
        }
    }

    /// The description, and for an SQLite error SQLite's own message and the statement that
    /// failed: for a developer's log.
    public var debugDescription: String {
        if case let .sqlite(_, message, sql, _) = self {
            return description + " (SQLite: \(message))" + (sql.map { " in `\($0)`" } ?? "")
        }
        return description
    }

    /// `key` with NUL and other control characters spelled out, so a message shows what it holds.
    static func printable(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                text += scalar.value == 0 ? "\\0" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension PersistenceError {
    /// How to save what SQLite can still read of a damaged store, on copies of its files (never
    /// on the files themselves): what ``damaged(path:reason:)`` advises, and what an app's own
    /// health check can print.
    public static func rescueSteps(forStoreAt path: String) -> String {
        "To save what SQLite can still read, work on copies, never on these files:"
            + " `mkdir rescue && cp -p \(path)* rescue/`, then"
            + " `sqlite3 rescue/\(FilePaths.lastComponent(of: path)) .recover | sqlite3 recovered.sqlite`."
    }
}
