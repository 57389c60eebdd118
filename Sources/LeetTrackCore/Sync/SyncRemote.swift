import FoundationEssentials
import Persistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the sync server's connection string comes from, and what is waiting to be pushed.
public enum SyncRemote {
    /// The connection string: `option` (`--remote`), else `$LEETTRACK_REMOTE`, else the file named
    /// by `$LEETTRACK_REMOTE_FILE`, which must not be readable by group or others (mode 600).
    /// - Throws: ``SyncError``; its messages never quote the connection string.
    public static func connectionString(option: String?, environment: [String: String]) throws(SyncError) -> String {
        if let option, !option.isEmpty { return option }
        if let value = environment["LEETTRACK_REMOTE"], !value.isEmpty { return value }
        guard let path = environment["LEETTRACK_REMOTE_FILE"], !path.isEmpty else { throw .noRemote }
        return try read(path)
    }

    /// The first non-empty line of the file at `path`, refused if group or others may read it.
    static func read(_ path: String) throws(SyncError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadableFile(path: path, reason: FileErrorReason.system(errno)) }
        // Another user's file could have been put there to point this machine at their server.
        guard info.st_uid == getuid() else { throw .notOwned(path: path, owner: Int(info.st_uid)) }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .insecureFile(path: path, mode: mode) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: FileErrorReason.text(error))
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map(\.trimmedOfWhitespace).first { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let line else { throw .unreadableFile(path: path, reason: "the file is empty") }
        return line
    }

    /// Whether a connection string carries a password (`postgresql://user:secret@host/db` or
    /// `password=secret`): given on the command line, it shows in `ps` and the shell's history.
    public static func containsPassword(_ connection: String) -> Bool {
        if let scheme = connection.firstRange(of: "://") {
            let rest = connection[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
            if let query = rest.firstIndex(of: "?"), rest[query...].lowercased().contains("password=") { return true }
            return false
        }
        return connection.lowercased().split(whereSeparator: \.isWhitespace).contains { $0.hasPrefix("password=") }
    }

    /// What waits to be pushed, and the last sync.
    public struct Status: Sendable, Equatable {
        /// Problems with changes waiting to be pushed.
        public var pending: Int
        /// Own lists created, changed, renamed or deleted since the last sync.
        public var pendingLists: Int
        /// Whether the review settings changed since the last sync.
        public var pendingSettings: Bool
        /// The last sync (nil if none).
        public var state: SyncState?

        /// A status; the defaults say nothing is waiting and the store never synced.
        public init(pending: Int = 0, pendingLists: Int = 0, pendingSettings: Bool = false, state: SyncState? = nil) {
            self.pending = pending
            self.pendingLists = pendingLists
            self.pendingSettings = pendingSettings
            self.state = state
        }
    }

    /// What is waiting to be pushed, and the last sync. Reads the local store only: it works offline.
    public static func status(of local: Store) throws -> Status {
        let pending = try local.keys(withPrefix: SyncKeys.pendingPrefix).count
        let values = try local.keys(withPrefix: SyncKeys.pendingValuePrefix).map { String($0.dropFirst(SyncKeys.pendingValuePrefix.count)) }
        // Read as bytes: `Store.value(for:)` of an optional key answers nil for an uncached,
        // stored value (reported to Persistence's owner); transactions read it right.
        let state = try local.rawValue(forKey: SyncKeys.state.name).map { data in
            do {
                return try JSONDecoder().decode(SyncState.self, from: data)
            } catch {
                throw PersistenceError.undecodable(key: SyncKeys.state.name, underlying: "\(error)")
            }
        }
        var status = Status(
            pending: pending, pendingLists: values.filter { $0.hasPrefix(OwnLists.keyPrefix) }.count,
            pendingSettings: values.contains(ReviewSettings.key.name) || values.contains(PracticeSettings.key.name), state: state)
        // Records made before this store ever synced have no marker; the first sync pushes them all
        // (and every list and the settings until they have been exchanged once).
        if state == nil {
            status.pending = max(pending, try local.keys(withPrefix: ProgressRepository.keyPrefix).count)
        }
        if state?.listsAndSettingsSynced != true {
            var lists = Set(try local.keys(withPrefix: OwnLists.keyPrefix))
            lists.formUnion(values.filter { $0.hasPrefix(OwnLists.keyPrefix) })
            status.pendingLists = lists.count
            let hasSettings = try local.containsValue(forKey: ReviewSettings.key.name)
                || local.containsValue(forKey: PracticeSettings.key.name)
            status.pendingSettings = status.pendingSettings || hasSettings
        }
        return status
    }
}
