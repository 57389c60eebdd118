import FoundationEssentials

/// What can stop a sync, with a message that says what to do. Each leaves the local store as it was.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// No remote was given.
    case noRemote
    /// The file holding the connection string can be read by others.
    case insecureFile(path: String, mode: Int)
    /// The file holding the connection string cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The server holds sync data written by a newer LeetTrack.
    case newerRemoteFormat(found: Int)

    /// The file holding the connection string belongs to another user.
    case notOwned(path: String, owner: Int)
    /// A record on the server breaks ``InputRules``: it was left out, and the rest was merged (see
    /// ``SyncEngine/Report/refused``).
    case invalidRemoteRecord(key: String, path: String, reason: String)
    /// A record of the local store does not decode: it was not pushed (it stays waiting), and the
    /// rest was synced (see ``SyncEngine/Report/refused``).
    case unreadableLocalRecord(key: String, reason: String)
    /// The server's push number (`sync.sequence`) is not one: its data is damaged, and nothing
    /// was synced.
    case invalidRemoteSequence(reason: String)

    /// The key of the record an ``invalidRemoteRecord(key:path:reason:)`` names (empty for other errors).
    var refusedKey: String {
        switch self {
        case .invalidRemoteRecord(let key, _, _), .unreadableLocalRecord(let key, _): return key
        default: return ""
        }
    }

    /// Whether this names a record of the local store (else one on the server, or no record).
    public var isLocalRecord: Bool {
        if case .unreadableLocalRecord = self { return true }
        return false
    }

    /// The message a user sees.
    public var description: String {
        switch self {
        case .noRemote:
            return "no sync server is set. Give one with --remote URL (remembered, without its password, for the next syncs),"
                + " or put a postgresql:// URL in $LEETTRACK_REMOTE or in a file named by $LEETTRACK_REMOTE_FILE (mode 600)."
        case .insecureFile(let path, let mode):
            return "\(path) holds the sync server's connection string but others can read it (mode "
                + String(mode, radix: 8) + "); it was not used. Run `chmod 600 \(path)`."
        case .unreadableFile(let path, let reason):
            return "cannot read the sync server's connection string from \(path): \(reason)."
        case .notOwned(let path, let owner):
            return "\(path) holds the sync server's connection string but belongs to another user (uid \(owner)); it was "
                + "not used. Keep the file in your own name (`chown $(id -u) \(path)`)."
        case .invalidRemoteRecord(let key, let path, let reason):
            return "the sync server's record '\(key)' is not valid (\(path.isEmpty ? "" : "\(path): ")\(reason)); it was left "
                + "out, and everything else was synced. Change that problem (or list, or setting) on a machine whose copy is right and "
                + "sync there: its push replaces the server's record."
        case .invalidRemoteSequence(let reason):
            return "the sync server's push number 'sync.sequence' is not valid (\(reason)); nothing was synced. The server's "
                + "data is damaged: set 'sync.sequence' there to the largest \"sequence\" of its records, or sync with a new, "
                + "empty database (every machine then pushes what it has)."
        case .unreadableLocalRecord(let key, let reason):
            return "the record '\(key)' in this store cannot be read (\(reason)); it was not pushed and waits, and everything "
                + "else was synced. Run `leettrack doctor --export-raw FILE --remove-damaged` to save its "
                + "bytes and remove it, or load repaired bytes back with `leettrack doctor --restore-record FILE`."
        case .newerRemoteFormat(let found):
            return "the sync server holds data of a newer LeetTrack (sync format \(found); this version reads up to "
                + "\(SyncEngine.format)). Nothing was changed; upgrade leettrack on this machine to sync."
        }
    }
}
