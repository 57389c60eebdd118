import Foundation
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
        guard stat(path, &info) == 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .insecureFile(path: path, mode: mode) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let line else { throw .unreadableFile(path: path, reason: "the file is empty") }
        return line
    }

    /// How many problems have changes waiting to be pushed, and the last sync (nil if none).
    /// Reads the local store only: it works offline.
    public static func status(of local: Store) throws -> (pending: Int, state: SyncState?) {
        let pending = try local.keys(withPrefix: SyncKeys.pendingPrefix).count
        // Read as bytes: `Store.value(for:)` of an optional key answers nil for an uncached,
        // stored value (reported to Persistence's owner); transactions read it right.
        let state = try local.rawValue(forKey: SyncKeys.state.name).map { data in
            do {
                return try JSONDecoder().decode(SyncState.self, from: data)
            } catch {
                throw PersistenceError.undecodable(key: SyncKeys.state.name, underlying: "\(error)")
            }
        }
        // Records made before this store ever synced have no marker; the first sync pushes them all.
        if state == nil {
            return (max(pending, try local.keys(withPrefix: ProgressRepository.keyPrefix).count), nil)
        }
        return (pending, state)
    }
}
