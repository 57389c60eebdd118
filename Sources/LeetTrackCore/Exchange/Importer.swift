import FoundationEssentials
import Persistence

/// Whether an import adds to the store or makes the store equal to the file.
public enum ImportMode: String, Sendable {
    /// Combine each record with the stored one (see ``ProgressMerge``); records only in the store stay.
    case merge
    /// The store's progress becomes exactly the file's: records not in the file are removed.
    case replace
}

/// What an import changed (or, in a dry run, would change).
public struct ImportSummary: Sendable, Equatable {
    /// Slugs of problems the store had no record of.
    public var added: [String] = []
    /// Slugs of problems whose stored record changed.
    public var updated: [String] = []
    /// How many records in the file changed nothing.
    public var unchanged = 0
    /// Slugs whose records were removed (`replace` only).
    public var removed: [String] = []
    /// History events added to records the store had.
    public var eventsAdded = 0
    /// Problems that became favorites.
    public var favoritesAdded = 0
    /// Stored notes replaced by a newer note from the file.
    public var notesReplaced = 0
    /// Stored notes kept because they were newer than the file's.
    public var notesKept = 0
    /// Slugs in the file that the catalog does not know (their records are imported all the same).
    public var unknownSlugs: [String] = []
    /// Names of own lists created.
    public var listsAdded: [String] = []
    /// Names of own lists that gained problems.
    public var listsUpdated: [String] = []
    /// Names of own lists removed (`replace` only).
    public var listsRemoved: [String] = []
    /// The name of the list the store followed, when the import removed it and the file follows
    /// another list or none (`replace` only): the list is no longer followed.
    public var unfollowedList: String?
    /// Whether the review settings changed.
    public var reviewSettingsChanged = false
    /// Whether the practice settings (followed list, daily goal, skipped problems) changed.
    public var practiceSettingsChanged = false
    /// Whether the review settings, or the practice settings, changed to the defaults: a replace
    /// with a file that holds none.
    public var reviewSettingsReset = false, practiceSettingsReset = false
    /// Whether any settings changed.
    public var settingsChanged: Bool { reviewSettingsChanged || practiceSettingsChanged }

    /// Whether the store changed (or would change).
    public var changesSomething: Bool {
        !added.isEmpty || !updated.isEmpty || !removed.isEmpty || !listsAdded.isEmpty || !listsUpdated.isEmpty
            || !listsRemoved.isEmpty || settingsChanged
    }
}

/// Imports an ``ExchangeDocument`` into a store in one transaction: all of it or nothing.
///
/// A solved record the import changes whose card does not stand for its history (none, or made
/// before the file's solves came in) gets the card its dated history gives, and with a review cap
/// those cards are spread so that no day holds more than the cap (see `ImportScheduling`). These
/// due dates are stored: a cap removed later does not bring the spread cards back to one day.
public struct Importer: Sendable {
    /// What the import works with: the store to change, the catalog the slugs are checked against,
    /// the clock that dates the changes for sync (and that imported cards are scheduled from), and
    /// the time zone whose days a review cap counts.
    public let tracker: Tracker

    /// An importer into `store`, its changes dated by `clock`, on days of `timeZone`.
    public init(store: Store, catalog: Catalog, clock: Clock, timeZone: any UTCOffsetProvider) {
        tracker = Tracker(store: store, catalog: catalog, clock: clock, timeZone: timeZone)
    }

    /// Imports `document`. With `dryRun` nothing is written and the summary says what would change.
    /// - Throws: `PersistenceError`; on any error nothing was changed.
    public func run(_ document: ExchangeDocument, mode: ImportMode, dryRun: Bool) throws -> ImportSummary {
        try tracker.store.transaction { transaction in
            try run(document, mode: mode, dryRun: dryRun, in: transaction)
        }
    }

    /// Imports `document` inside `transaction`, so a caller can make it one change with others.
    func run(_ document: ExchangeDocument, mode: ImportMode, dryRun: Bool, in transaction: Transaction) throws -> ImportSummary {
        do {
            var stored: [String: ProblemProgress] = [:]
            for entry in try transaction.values(withKeyPrefix: ProgressRepository.keyPrefix, as: ProblemProgress.self) {
                stored[String(entry.key.dropFirst(ProgressRepository.keyPrefix.count))] = entry.value
            }
            var summary = ImportSummary()
            var writes: [(slug: String, record: ProblemProgress)] = []
            var replayed: [Int] = []
            for problem in document.problems {
                if tracker.catalog.position(ofSlug: problem.slug) == nil { summary.unknownSlugs.append(problem.slug) }
                let current = stored[problem.slug]
                var result = problem.progress
                if mode == .merge, let current {
                    let (merged, note) = ProgressMerge.merge(current, problem.progress)
                    result = merged
                    if note == .tookIncoming, !current.note.isEmpty { summary.notesReplaced += 1 }
                    if note == .keptCurrent { summary.notesKept += 1 }
                }
                let before = current ?? ProblemProgress()
                // A file carries no time of the favorite mark: the stored one stands, or now for a
                // mark the import changes.
                if result.favoriteUpdated == nil { result.favoriteUpdated = before.favoriteUpdated }
                ProgressRepository.stampFavorite(of: &result, before: before, now: tracker.clock.now)
                if result == before {
                    summary.unchanged += 1
                    continue
                }
                if current == nil { summary.added.append(problem.slug) } else { summary.updated.append(problem.slug) }
                if current != nil { summary.eventsAdded += max(0, result.events.count - before.events.count) }
                if result.favorite, !before.favorite { summary.favoritesAdded += 1 }
                if ImportScheduling.needsCard(result, current: current, incoming: problem.progress) { replayed.append(writes.count) }
                writes.append((problem.slug, result))
            }
            if mode == .replace {
                let kept = Set(document.problems.map(\.slug))
                summary.removed = stored.keys.filter { !kept.contains($0) }.sorted()
            }
            let listWrites = try lists(document, mode: mode, transaction, &summary)
            let settings = try settings(document, mode: mode, transaction, &summary)
            if !replayed.isEmpty {
                // The cards of the records written, from their real dates, under the settings the import leaves.
                let inForce = try settings.map { $0.settings ?? ReviewSettings() } ?? transaction.value(for: ReviewSettings.key)
                let (written, replayedSet) = (Set(writes.map(\.slug)).union(summary.removed), Set(replayed))
                let others = stored.filter { !written.contains($0.key) }.map(\.value)
                    + writes.indices.filter { !replayedSet.contains($0) }.map { writes[$0].record }
                try ImportScheduling(settings: inForce, now: tracker.clock.now, timeZone: tracker.timeZone)
                    .schedule(&writes, replayed: replayed, others: others)
            }
            let practice = try practice(document, mode: mode, transaction, &summary)
            guard !dryRun else { return summary }
            // Through the one funnel of synced writes, so the next sync pushes every change.
            let synced = SyncedWrites(clock: tracker.clock)
            for (slug, record) in writes {
                try synced.progress(record, replacing: stored[slug] ?? ProblemProgress(), for: slug, in: transaction)
            }
            for slug in summary.removed {
                try synced.progress(ProblemProgress(), replacing: stored[slug] ?? ProblemProgress(), for: slug, in: transaction)
            }
            for (key, record) in listWrites {
                try synced.value(SyncValue(list: record), for: key.name, in: transaction)
            }
            if let settings {
                try synced.value(SyncValue(settings: settings.settings), for: ReviewSettings.key.name, in: transaction)
            }
            if let practice {
                try synced.value(SyncValue(practice: practice), for: PracticeSettings.key.name, in: transaction)
            }
            return summary
        }
    }

    /// The own lists to write (`nil` removes one). A merge adds the file's problems to a list of the
    /// same key after its own, and keeps the earlier creation time; a replace makes the lists the file's.
    private func lists(
        _ document: ExchangeDocument, mode: ImportMode, _ transaction: Transaction, _ summary: inout ImportSummary
    ) throws -> [(Key<OwnLists.Record?>, OwnLists.Record?)] {
        var stored: [String: OwnLists.Record] = [:]
        for entry in try transaction.values(withKeyPrefix: OwnLists.keyPrefix, as: OwnLists.Record.self) {
            stored[String(entry.key.dropFirst(OwnLists.keyPrefix.count))] = entry.value
        }
        var writes: [(Key<OwnLists.Record?>, OwnLists.Record?)] = []
        // A replace takes the file's order of the lists too (an export writes them in the user's
        // order): when it is not the order of creation, each list takes its place in the file.
        let creation = document.lists.map { ($0.created, $0.key) }
        let placed = mode == .replace && !zip(creation, creation.dropFirst()).allSatisfy { $0 <= $1 }
        for (offset, list) in document.lists.enumerated() {
            // Whole seconds, as a list made here has them (a file may give fractions).
            let created = UTCTimestamp.date(from: list.created).map { UTCTimestamp.string(from: $0) } ?? list.created
            var incoming = OwnLists.Record(name: list.name, problems: list.problems, created: created)
            if placed { incoming.place = Double(offset + 1) }
            var result = incoming
            if mode == .merge, let current = stored[list.key] {
                result = current
                for slug in incoming.problems where !result.problems.contains(slug) { result.problems.append(slug) }
                result.created = min(current.created, incoming.created)
            }
            guard result != stored[list.key] else { continue }
            if stored[list.key] == nil { summary.listsAdded.append(list.name) } else { summary.listsUpdated.append(result.name) }
            writes.append((Key<OwnLists.Record?>(OwnLists.keyPrefix + list.key), result))
        }
        if mode == .replace {
            let kept = Set(document.lists.map(\.key))
            let followed = try transaction.value(for: PracticeSettings.key).followedList
            for (key, record) in stored.sorted(by: { $0.key < $1.key }) where !kept.contains(key) {
                summary.listsRemoved.append(record.name)
                if key == followed, document.practiceSettings?.followedList != key { summary.unfollowedList = record.name }
                writes.append((Key<OwnLists.Record?>(OwnLists.keyPrefix + key), nil))
            }
        }
        return writes
    }

    /// The practice settings to write, if they change. A merge keeps the store's followed list and
    /// goal when it has them (else takes the file's) and unions the skipped problems; a replace
    /// takes the file's (none: the defaults).
    private func practice(
        _ document: ExchangeDocument, mode: ImportMode, _ transaction: Transaction, _ summary: inout ImportSummary
    ) throws -> PracticeSettings? {
        let stored = try transaction.value(for: PracticeSettings.key)
        let file = document.practiceSettings ?? PracticeSettings()
        var result = file
        if mode == .merge {
            result.followedList = stored.followedList ?? file.followedList
            result.dailyGoal = stored.dailyGoal ?? file.dailyGoal
            result.skipped = stored.skipped + file.skipped
            // Either side's "no Premium" is kept: offering a locked problem is the worse mistake.
            result.premium = stored.premium && file.premium
        }
        // Kept as `skip` keeps them: each once, in order.
        result.skipped = Array(Set(result.skipped)).sorted()
        guard result != stored else { return nil }
        summary.practiceSettingsChanged = true
        summary.practiceSettingsReset = document.practiceSettings == nil && mode == .replace
        return result
    }

    /// A change of the stored review settings; `nil` settings remove them (the defaults apply).
    private struct SettingsWrite {
        var settings: ReviewSettings?
    }

    /// The review settings to write, if they change. A merge keeps settings the store has and takes
    /// the file's otherwise; a replace takes the file's.
    private func settings(
        _ document: ExchangeDocument, mode: ImportMode, _ transaction: Transaction, _ summary: inout ImportSummary
    ) throws -> SettingsWrite? {
        let stored: ReviewSettings? = try transaction.values(withKeyPrefix: ReviewSettings.key.name, as: ReviewSettings.self)
            .first { $0.key == ReviewSettings.key.name }?.value
        let result = mode == .merge ? (stored ?? document.reviewSettings) : document.reviewSettings
        guard result != stored else { return nil }
        summary.reviewSettingsChanged = true
        summary.reviewSettingsReset = result == nil
        return SettingsWrite(settings: result)
    }
}
