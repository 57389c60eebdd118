import FoundationEssentials
import Persistence

/// The solution files `leettrack code` made or reused for each problem, remembered by path under
/// `code.<slug>`: local to this machine, like the folder they are in, so never synced or exported.
public struct CodeFiles: Sendable {
    /// The store they are remembered in.
    public let store: Store

    /// The prefix of the keys.
    public static let keyPrefix = "code."

    /// The key of one problem's files.
    static func key(for slug: String) -> Key<[String]> {
        Key<[String]>(keyPrefix + slug, default: [])
    }

    /// The remembered files of `slug`, in the order they were first made.
    public func paths(for slug: String) throws -> [String] {
        try store.value(for: Self.key(for: slug))
    }

    /// Remembers `path` for `slug` (once).
    public func remember(_ path: String, for slug: String) throws {
        try store.transaction { transaction in
            var paths = try transaction.value(for: Self.key(for: slug))
            guard !paths.contains(path) else { return }
            paths.append(path)
            try transaction.set(paths, for: Self.key(for: slug))
        }
    }

    /// The code settings of this machine.
    public func settings() throws -> CodeSettings {
        try store.value(for: CodeSettings.key)
    }

    /// Changes the settings in one transaction (two `config` commands at once both count).
    /// - Returns: the settings saved.
    @discardableResult
    public func update(_ change: (inout CodeSettings) throws -> Void) throws -> CodeSettings {
        try store.transaction { transaction in
            var settings = try transaction.value(for: CodeSettings.key)
            try change(&settings)
            try transaction.set(settings, for: CodeSettings.key)
            return settings
        }
    }
}

extension Tracker {
    /// The solution files and the code settings (this machine's).
    public var codeFiles: CodeFiles { CodeFiles(store: store) }
}
