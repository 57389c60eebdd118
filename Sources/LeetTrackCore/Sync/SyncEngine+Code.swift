import FoundationEssentials
import Persistence

/// What a sync of the solution files did.
public struct CodeSyncReport: Sendable, Equatable {
    /// The names of the files this machine pushed.
    public var pushed: [String] = []
    /// What each file pulled from the server did here: written (missing here), updated (unchanged
    /// here since the last sync), kept both (changed on both sides), or refused.
    public var pulled: [SolutionFolder.Restored] = []
    /// This machine's files that were not pushed: not UTF-8, over the cap, not a regular file.
    public var leftOut: [SolutionFolder.LeftOut] = []
    /// The server's records that are not valid (or do not decode): left out and named.
    public var refused: [SyncError] = []

    /// A report of nothing done.
    public init() {}
}

/// A solution file as the server keeps it: the file and the SHA-256 of its content.
struct SyncCodeRecord: Codable, Hashable {
    var file: SolutionCopy
    var hash: String
}

/// Solution files travel beside the records, through the same server.
///
/// The server holds each file under `code.file.<name>` and an index `code.index` (name → SHA-256
/// of the content), written together in one transaction; this store keeps, per file, the hash both
/// sides last agreed on (`sync.code.<name>`), so a sync with no change reads the index and sends
/// nothing. For each name: changed here only, it is pushed; changed on the server only, the local
/// file (missing, or unchanged since that hash) takes the server's version; changed on both sides,
/// both are kept: the local file stays and the server's goes beside it (`1.two-sum.remote.py`),
/// and from then on the local file counts as the newer one. Nothing is ever deleted: a file the
/// server lacks is pushed, a file this machine lacks is written. Files over
/// ``SolutionFolder/maximumFileSize`` are left out and named. The server's records are checked
/// like an import's (``SolutionCopy/check(at:now:)``) and against their hash before a byte is written.
extension SyncEngine {
    enum CodeKeys {
        /// The server's index: every file's name and content hash.
        static let index = Key<[String: String]>("code.index", default: [:])
        /// A file on the server.
        static func file(_ name: String) -> Key<SyncCodeRecord?> { Key<SyncCodeRecord?>("code.file." + name, default: nil) }
        /// The prefix of the local hashes of the last common version.
        static let basePrefix = "sync.code."
        /// The hash of the version of `name` both sides last agreed on.
        static func base(_ name: String) -> Key<String?> { Key<String?>(basePrefix + name, default: nil) }
    }

    /// What to do about one file the server changed since the last common version.
    private enum Pull {
        /// Missing here.
        case missing
        /// Unchanged here since the last sync (its hash here).
        case unchanged(String)
        /// Changed here too.
        case conflict
    }

    /// Pushes the solution files changed in `directory` and pulls those changed elsewhere.
    /// - Throws: ``LeetTrackError/codeFolder(_:reason:)`` when the folder cannot be used, and
    ///   `PersistenceError` from either store.
    public func syncCode(in directory: String) throws -> CodeSyncReport {
        var report = CodeSyncReport()
        let read = try SolutionFolder.read(directory)
        report.leftOut = read.leftOut
        var local: [String: (copy: SolutionCopy, hash: String)] = [:]
        for file in read.files { local[file.name] = (file, ContentHash.sha256(file.content.utf8)) }
        var bases: [String: String] = [:]
        for entry in try self.local.readableValues(withKeyPrefix: CodeKeys.basePrefix, as: String.self).values {
            bases[String(entry.key.dropFirst(CodeKeys.basePrefix.count))] = entry.value
        }
        let index = try validIndex(refused: &report.refused)
        var agreed: [String: String] = [:]
        var pushes: [(copy: SolutionCopy, hash: String, seen: String?)] = []
        var pulls: [(name: String, pull: Pull)] = []
        for name in Set(local.keys).union(index.keys).sorted() {
            let (mine, base, theirs) = (local[name], bases[name], index[name])
            if let mine {
                if mine.hash == theirs {
                    if base != theirs { agreed[name] = mine.hash }
                } else if theirs == nil || theirs == base {
                    pushes.append((mine.copy, mine.hash, theirs))
                } else {
                    pulls.append((name, mine.hash == base ? .unchanged(mine.hash) : .conflict))
                }
            } else if theirs != nil {
                pulls.append((name, .missing))
            }
        }
        if !pushes.isEmpty { try push(pushes, into: &report, agreed: &agreed) }
        if !pulls.isEmpty { try pull(pulls, into: directory, report: &report, agreed: &agreed) }
        if !agreed.isEmpty {
            try self.local.transaction { transaction in
                for (name, hash) in agreed { try transaction.set(hash, for: CodeKeys.base(name)) }
            }
        }
        return report
    }

    /// The server's index without the entries that break a rule (each named in `refused`).
    private func validIndex(refused: inout [SyncError]) throws -> [String: String] {
        let stored: [String: String]
        do {
            stored = try remote.value(for: CodeKeys.index)
        } catch PersistenceError.undecodable(let key, let reason) {
            refused.append(.invalidRemoteRecord(key: key, path: "", reason: reason))
            return [:]
        }
        var index: [String: String] = [:]
        for (name, hash) in stored.sorted(by: { $0.key < $1.key }) {
            if index.count >= SolutionFolder.maximumFiles {
                refused.append(.invalidRemoteRecord(key: CodeKeys.index.name, path: "", reason: "more than \(SolutionFolder.maximumFiles) files"))
                break
            }
            guard SolutionFolder.nameProblem(name) == nil, SolutionFolder.parse(name) != nil else {
                refused.append(.invalidRemoteRecord(
                    key: CodeKeys.index.name, path: InputRules.quoted(name), reason: "not a solution file's name (like 1.two-sum.py)"))
                continue
            }
            guard ContentHash.isDigest(hash) else {
                refused.append(.invalidRemoteRecord(key: CodeKeys.index.name, path: name, reason: "not a SHA-256 digest"))
                continue
            }
            index[name] = hash
        }
        return index
    }

    /// Pushes files in one server transaction, each only if the server still has the version this
    /// sync saw (a file another machine pushed meanwhile waits for the next sync).
    private func push(
        _ pushes: [(copy: SolutionCopy, hash: String, seen: String?)], into report: inout CodeSyncReport, agreed: inout [String: String]
    ) throws {
        let pushed: [(String, String)] = try remote.transaction { transaction in
            var index: [String: String] = [:]
            do {
                index = try transaction.value(for: CodeKeys.index)
            } catch PersistenceError.undecodable {
                // Replaced by the files this machine knows: a push repairs the server, as records' pushes do.
            }
            index = index.filter { SolutionFolder.parse($0.key) != nil && ContentHash.isDigest($0.value) }
            var pushed: [(String, String)] = []
            for entry in pushes where index[entry.copy.name] == entry.seen {
                try transaction.set(SyncCodeRecord(file: entry.copy, hash: entry.hash), for: CodeKeys.file(entry.copy.name))
                index[entry.copy.name] = entry.hash
                pushed.append((entry.copy.name, entry.hash))
            }
            if !pushed.isEmpty { try transaction.set(index, for: CodeKeys.index) }
            return pushed
        }
        for (name, hash) in pushed {
            report.pushed.append(name)
            agreed[name] = hash
        }
    }

    /// Reads the files to pull, checks each, and restores it here.
    private func pull(
        _ pulls: [(name: String, pull: Pull)], into directory: String, report: inout CodeSyncReport, agreed: inout [String: String]
    ) throws {
        var refused: [SyncError] = []
        let records = try remote.transaction { transaction in
            try pulls.compactMap { entry -> (SyncCodeRecord, Pull)? in
                try Self.readable(CodeKeys.file(entry.name), in: transaction, refused: &refused).map { ($0, entry.pull) }
            }
        }
        let now = clock.now
        var checked: [(SyncCodeRecord, Pull)] = []
        for (record, pull) in records {
            let key = CodeKeys.file(record.file.name).name
            do {
                try record.file.check(at: "file", now: now)
            } catch {
                refused.append(.invalidRemoteRecord(key: key, path: error.path, reason: error.reason))
                continue
            }
            guard ContentHash.sha256(record.file.content.utf8) == record.hash else {
                refused.append(.invalidRemoteRecord(key: key, path: "hash", reason: "the content does not match its hash"))
                continue
            }
            checked.append((record, pull))
        }
        report.refused += refused
        guard !checked.isEmpty else { return }
        try SolutionFolder.prepareFolder(directory)
        for (record, pull) in checked {
            let restored: SolutionFolder.Restored
            switch pull {
            case .missing, .conflict:
                restored = SolutionFolder.restore(record.file, in: directory, tag: "remote", dryRun: false)
            case .unchanged(let hash):
                let path = SolutionFolder.join(directory, record.file.name)
                switch SolutionFolder.replace(
                    path, expected: hash, by: Array(record.file.content.utf8), in: directory, modified: record.file.modifiedDate)
                {
                case .success: restored = .updated(path: path)
                case .failure(let error): restored = .refused(path: path, reason: error.text)
                }
            }
            if case .refused = restored {} else { agreed[record.file.name] = record.hash }
            report.pulled.append(restored)
        }
    }
}
