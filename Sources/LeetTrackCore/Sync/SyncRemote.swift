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
    /// Else the server the store remembers (`remembered`, see ``remembered(in:)``): the last one
    /// given with `--remote`, without its password.
    public static func connectionString(
        option: String?, environment: [String: String], remembered: String? = nil
    ) throws(SyncError) -> String {
        if let option, !option.isEmpty { return option }
        if let value = environment["LEETTRACK_REMOTE"], !value.isEmpty { return value }
        if let path = environment["LEETTRACK_REMOTE_FILE"], !path.isEmpty { return try read(path) }
        if let remembered, !remembered.isEmpty { return remembered }
        throw .noRemote
    }

    /// Where the store remembers the server of the last `sync --remote URL` (never a password).
    static let rememberedKey = Key<String?>("sync.remote", default: nil)

    /// The server this store remembers (see ``remember(_:in:)``), or `nil`.
    public static func remembered(in store: Store) throws -> String? {
        try store.value(for: rememberedKey)
    }

    /// Remembers `connection` without its password (``withoutPassword(_:)``) as the server of a
    /// plain `leettrack sync`. Writes only when it differs from what the store remembers.
    /// - Returns: what was stored, or `nil` when the store already remembered it.
    @discardableResult
    public static func remember(_ connection: String, in store: Store) throws -> String? {
        let stored = withoutPassword(connection)
        guard try store.value(for: rememberedKey) != stored else { return nil }
        try store.set(stored, for: rememberedKey)
        return stored
    }

    /// The connection parameters libpq takes as secrets: never remembered, and a warning when given
    /// on the command line.
    static let secretParameters: Set<String> = ["password", "sslpassword", "oauth_client_secret"]

    /// Whether the connection parameter `key` (as written: in a URL, percent-encoded, which libpq
    /// decodes) is one of the ``secretParameters``.
    static func isSecret(_ key: some StringProtocol, percentEncoded: Bool) -> Bool {
        let name = percentEncoded ? percentDecoded(key) : String(key)
        return secretParameters.contains(name.lowercased())
    }

    /// `text` with each `%XX` replaced by its byte, as libpq reads a URL's parameter names.
    private static func percentDecoded(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `connection` without its secrets: the `:secret` of a URL's user, and every parameter libpq
    /// takes as a secret (``secretParameters``: `password`, `sslpassword`, …), as a URL's query
    /// parameter (its name percent-decoded first, as libpq does) or a `key=value` keyword (quoted or
    /// not). libpq then takes the password from `PGPASSWORD`, the file `PGPASSFILE` names, or `~/.pgpass`.
    public static func withoutPassword(_ connection: String) -> String {
        withoutSecrets(connection).connection
    }

    /// Whether a connection string carries a secret (`postgresql://user:secret@host/db`,
    /// `password=secret`, see ``withoutPassword(_:)``): given on the command line, it shows in `ps`
    /// and the shell's history.
    public static func containsPassword(_ connection: String) -> Bool {
        withoutSecrets(connection).removed
    }

    /// `connection` without its secrets, and whether it held any.
    private static func withoutSecrets(_ connection: String) -> (connection: String, removed: Bool) {
        guard let scheme = connection.firstRange(of: "://") else { return keywordsWithoutSecrets(connection) }
        var removed = false
        let prefix = connection[..<scheme.upperBound]
        var rest = Substring(connection[scheme.upperBound...])
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            authority.removeSubrange(colon..<at)
            removed = true
        }
        rest = rest[authorityEnd...]
        var path = String(rest)
        if let question = rest.firstIndex(of: "?") {
            let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            let kept = parameters.filter { !isSecret($0.prefix { $0 != "=" }, percentEncoded: true) }
            removed = removed || kept.count != parameters.count
            path = String(rest[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        return (prefix + authority + path, removed)
    }

    /// A libpq `key=value` string without its secret entries; values may be quoted ('a b') with
    /// backslash escapes, and spaces may surround the `=`.
    private static func keywordsWithoutSecrets(_ connection: String) -> (connection: String, removed: Bool) {
        var kept: [String] = []
        var removed = false
        var index = connection.startIndex
        func skipSpaces() { while index < connection.endIndex, connection[index].isWhitespace { index = connection.index(after: index) } }
        while true {
            skipSpaces()
            guard index < connection.endIndex else { break }
            let keyStart = index
            while index < connection.endIndex, connection[index] != "=", !connection[index].isWhitespace {
                index = connection.index(after: index)
            }
            let key = connection[keyStart..<index]
            skipSpaces()
            guard index < connection.endIndex, connection[index] == "=" else {
                kept.append(String(key))  // Not libpq's syntax: kept as it is, for libpq to refuse.
                continue
            }
            index = connection.index(after: index)
            skipSpaces()
            let valueStart = index
            if index < connection.endIndex, connection[index] == "'" {
                index = connection.index(after: index)
                while index < connection.endIndex, connection[index] != "'" {
                    if connection[index] == "\\", connection.index(after: index) < connection.endIndex { index = connection.index(after: index) }
                    index = connection.index(after: index)
                }
                if index < connection.endIndex { index = connection.index(after: index) }
            } else {
                while index < connection.endIndex, !connection[index].isWhitespace { index = connection.index(after: index) }
            }
            if isSecret(key, percentEncoded: false) {
                removed = true
            } else {
                kept.append("\(key)=\(connection[valueStart..<index])")
            }
        }
        return (kept.joined(separator: " "), removed)
    }

    /// The first non-empty line of the file at `path`, refused if group or others may read it.
    static func read(_ path: String) throws(SyncError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadableFile(path: path, reason: FileErrorReason.system(errno)) }
        // Before any advice on its mode or owner: a `chmod 600` of a directory or a device would
        // break it, and reading a device or a FIFO may never end.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unreadableFile(path: path, reason: "it is not a regular file; name a file holding one postgresql:// URL")
        }
        guard info.st_size <= 65_536 else {
            throw .unreadableFile(path: path, reason: "it is larger than 64 KiB; a connection string is one line")
        }
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
