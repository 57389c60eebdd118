import Foundation

extension SyncEngine {
    /// Checks pulled records against ``InputRules``, as an import checks a file: a server written by
    /// a broken or hostile client must not put a NaN card, a 2099 event or a control character
    /// into this store.
    /// - Throws: ``SyncError/invalidRemoteRecord(key:path:reason:)`` for the first record that breaks a rule.
    static func check(
        _ records: [(key: String, value: SyncRecord)], _ values: [(key: String, value: SyncValueRecord)], now: Date
    ) throws(SyncError) {
        for entry in records {
            let slug = String(entry.key.dropFirst(ProgressRepository.keyPrefix.count))
            do {
                try InputRules.check(slug: slug, at: "slug")
                try InputRules.check(entry.value.progress, at: "progress", historyKey: "events", now: now)
            } catch {
                throw .invalidRemoteRecord(key: entry.key, path: error.path, reason: error.reason)
            }
        }
        for entry in values {
            if let list = entry.value.value.list {
                do {
                    _ = try OwnLists.checkedKey(list.name, in: .builtIn)
                } catch {
                    throw .invalidRemoteRecord(key: entry.key, path: "name", reason: error.description)
                }
                guard OwnLists.key(for: list.name).map({ OwnLists.keyPrefix + $0 }) == entry.key else {
                    throw .invalidRemoteRecord(key: entry.key, path: "name", reason: "the name does not match the key")
                }
                do throws(InputRules.Violation) {
                    if list.problems.count > InputRules.maximumListProblems {
                        throw InputRules.Violation("problems", "more than \(InputRules.maximumListProblems) problems")
                    }
                    for (index, slug) in list.problems.enumerated() { try InputRules.check(slug: slug, at: "problems[\(index)]") }
                } catch {
                    throw .invalidRemoteRecord(key: entry.key, path: error.path, reason: error.reason)
                }
            }
            if let practice = entry.value.value.practice {
                do throws(InputRules.Violation) {
                    try check(practice)
                } catch {
                    throw .invalidRemoteRecord(key: entry.key, path: error.path, reason: error.reason)
                }
            }
            if let settings = entry.value.value.settings {
                do {
                    _ = try settings.scheduler()
                } catch {
                    throw .invalidRemoteRecord(key: entry.key, path: "", reason: "\(error)")
                }
            }
        }
    }

    /// The practice settings as `config` and `skip` would have made them (see ``InputRules``).
    static func check(_ practice: PracticeSettings) throws(InputRules.Violation) {
        try InputRules.check(practice, at: "")
    }
}
