import FoundationEssentials

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
                do throws(InputRules.Violation) {
                    try InputRules.check(list, key: entry.key, at: "", now: now)
                } catch {
                    throw .invalidRemoteRecord(key: entry.key, path: error.path, reason: error.reason)
                }
            }
            do throws(InputRules.Violation) {
                try checkPracticeParts(entry.key, entry.value, now: now)
            } catch {
                throw .invalidRemoteRecord(key: entry.key, path: error.path, reason: error.reason)
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

    /// The rule a pulled progress record breaks, as the error that names it; `nil` when it keeps them all.
    static func violation(of record: (key: String, value: SyncRecord), now: Date) -> SyncError? {
        do {
            try check([record], [], now: now)
            return nil
        } catch {
            return error
        }
    }

    /// The rule a pulled list or settings record breaks, as the error that names it; `nil` when it keeps them all.
    static func violation(of record: (key: String, value: SyncValueRecord), now: Date) -> SyncError? {
        do {
            try check([], [record], now: now)
            return nil
        } catch {
            return error
        }
    }

    /// Checks what a record says about the practice settings: only the `settings.practice` record
    /// holds them and their per-part stamps, and it holds nothing else; the settings are as
    /// ``check(_:)`` wants them; its stamps, which decide which side's part wins, are real clock
    /// stamps (see ``check(_:at:now:)``), each skipped problem's under a slug, no more of them than
    /// a list may hold.
    static func checkPracticeParts(_ key: String, _ record: SyncValueRecord, now: Date) throws(InputRules.Violation) {
        guard key == PracticeSettings.key.name else {
            if record.value.practice != nil { throw InputRules.Violation("practice", "practice settings under another key") }
            if record.stamps.practice != nil { throw InputRules.Violation("stamps.practice", "practice stamps under another key") }
            return
        }
        if record.value.list != nil || record.value.settings != nil {
            throw InputRules.Violation("", "the record holds something other than the practice settings")
        }
        if let practice = record.value.practice { try InputRules.check(practice, at: "") }
        if let created = record.stamps.created { try check(created, at: "stamps.created", now: now) }
        if let changed = record.stamps.changed { try check(changed, at: "stamps.changed", now: now) }
        guard let stamps = record.stamps.practice else { return }
        let prefix = "stamps.practice."
        if let since = stamps.since { try check(since, at: prefix + "since", now: now) }
        if let followed = stamps.followedList { try check(followed, at: prefix + "follow", now: now) }
        if let goal = stamps.dailyGoal { try check(goal, at: prefix + "dailyGoal", now: now) }
        if let premium = stamps.premium { try check(premium, at: prefix + "premium", now: now) }
        if let target = stamps.target { try check(target, at: prefix + "target", now: now) }
        if stamps.skipped.count > InputRules.maximumListProblems {
            throw InputRules.Violation(prefix + "skipped", "more than \(InputRules.maximumListProblems) problems")
        }
        for (slug, stamp) in stamps.skipped.sorted(by: { $0.key < $1.key }) {
            try InputRules.check(slug: slug, at: prefix + "skipped")
            try check(stamp, at: prefix + "skipped.\(slug)", now: now)
        }
    }

    /// The largest counter a stamp may carry: a clock stuck in one millisecond for a billion changes.
    static let maximumStampCounter = 1_000_000_000

    /// Checks a hybrid-clock stamp from another machine: its time from 2010 to a little after `now`
    /// (like an event's date: a stamp far ahead would drag every clock that sees it into that
    /// future, where the wall clock no longer orders changes), a counter from 0, and a machine id of
    /// plain text.
    static func check(_ stamp: HLCTimestamp, at path: String, now: Date) throws(InputRules.Violation) {
        try InputRules.check(date: Date(timeIntervalSince1970: Double(stamp.milliseconds) / 1000), at: path, now: now)
        if stamp.counter < 0 || stamp.counter > maximumStampCounter {
            throw InputRules.Violation(path, "the counter \(stamp.counter) is not between 0 and \(maximumStampCounter)")
        }
        try InputRules.check(text: stamp.node, at: path, what: "machine id", limit: 64)
    }
}
