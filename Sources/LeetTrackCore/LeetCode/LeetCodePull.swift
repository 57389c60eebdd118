import FoundationEssentials
import Persistence

/// Everything one `leettrack leetcode pull` read from LeetCode, checked, ready to merge.
public struct LeetCodePull: Sendable {
    /// The signed-in user's name.
    public var username: String
    /// Where it came from, for the catalog's source (`https://leetcode.com/graphql/`).
    public var endpoint: String
    /// The whole problem list with the user's status (`problemsetQuestionList`, every page).
    public var problems: LeetCodeProblemList
    /// The progress page's problems, each with its last submission's instant.
    public var progress: [LeetCodeProgressEntry]
    /// The recent accepted submissions, with their instants.
    public var accepted: [LeetCodeAcceptedSubmission]

    /// A pull of these parts.
    public init(
        username: String, endpoint: String, problems: LeetCodeProblemList, progress: [LeetCodeProgressEntry],
        accepted: [LeetCodeAcceptedSubmission]
    ) {
        self.username = username
        self.endpoint = endpoint
        self.problems = problems
        self.progress = progress
        self.accepted = accepted
    }

    /// The dated history LeetCode gives, as an export the ``Importer`` merges: a solve at each
    /// accepted submission's instant; for each problem of the progress page, a solve at its last
    /// submission when that was accepted, else an attempt then. The status is LeetCode's (a problem
    /// solved long ago and failed since stays solved). As `leettrack import` of the same
    /// submissions does, a problem gets at most one solve a day (in `timeZone`), the day's first,
    /// and none on a day its stored record (`stored`, by slug) already has a solve or review on.
    /// Each record is checked by ``InputRules``.
    /// - Throws: ``ExchangeError/invalidContent(file:path:reason:)`` naming the response.
    public func history(
        now: Date, timeZone: some UTCOffsetProvider, stored: [String: ProblemProgress] = [:]
    ) throws(ExchangeError) -> ExchangeDocument {
        var records: [String: ProblemProgress] = [:]
        var order: [String] = []
        func add(_ event: ProgressEvent?, status: Status, to slug: String) {
            if records[slug] == nil { order.append(slug) }
            var record = records[slug] ?? ProblemProgress()
            if let event, !record.events.contains(event) { record.insert(event) }
            if status == .solved || record.status == .todo { record.status = status }
            records[slug] = record
        }
        var solvedDays = RecentAcceptedImport.solvedDays(in: stored, timeZone: timeZone)
        let acceptedSolves = RecentAcceptedImport.firstOfEachDay(accepted, timeZone: timeZone, solvedDays: &solvedDays)
        for entry in progress {
            let solved = entry.questionStatus == "SOLVED"
            let kind: ProgressEvent.Kind = solved && (entry.lastResult ?? "AC") == "AC" ? .solved : .attempted
            // Without a date from LeetCode the status counts, but no event is invented for it; nor
            // for a solve on a day that has one.
            var event = entry.lastSubmittedAt.map { ProgressEvent(kind: kind, date: $0) }
            if let solve = event, kind == .solved,
                !solvedDays[entry.slug, default: []].insert(LocalDay(solve.date, in: timeZone).dayNumber).inserted,
                !acceptedSolves.contains(where: { $0.slug == entry.slug && $0.date == solve.date }) {
                event = nil
            }
            add(event, status: solved ? .solved : .attempted, to: entry.slug)
        }
        for submission in acceptedSolves {
            add(ProgressEvent(kind: .solved, date: submission.date), status: .solved, to: submission.slug)
        }
        for submission in accepted {
            add(nil, status: .solved, to: submission.slug)  // Accepted: solved, even when every solve of it merged away.
        }
        var problems: [ExchangeProblem] = []
        for (index, slug) in order.enumerated() {
            guard let record = records[slug] else { continue }
            do throws(InputRules.Violation) {
                try InputRules.check(record, at: "problems[\(index)]", now: now)
            } catch {
                throw .invalidContent(file: "LeetCode's progress (\(slug))", path: error.path, reason: error.reason)
            }
            problems.append(ExchangeProblem(slug: slug, progress: record))
        }
        return ExchangeDocument(problems: problems)
    }

    /// Merges the pull into the tracker's store in one transaction: the catalog update (new problems added,
    /// renamed slugs followed with their progress and list places), then the dated history with
    /// LeetCode's statuses merged like `leettrack import --merge`, which never touches notes,
    /// favorites or own lists, schedules the cards of the problems it adds solves to from their real
    /// dates (under the review cap, see ``Importer``), and keeps a reset made after LeetCode's last submission. With `dryRun` the transaction is
    /// rolled back and the summary says what would change. The catalog update and the
    /// history are dated by the tracker's clock; days are those of the tracker's time zone.
    /// - Throws: ``ExchangeError`` for a history that breaks a rule (checked in the transaction,
    ///   which it rolls back), `PersistenceError`; on any error nothing was changed.
    public func apply(to tracker: Tracker, dryRun: Bool) throws -> LeetCodePullSummary {
        let (now, timeZone) = (tracker.clock.now, tracker.timeZone)
        let slugs = Set(progress.map(\.slug) + accepted.map(\.slug))
        do {
            return try tracker.store.transaction { transaction in
                // Statuses come with the dated history below, where a reset made here after
                // LeetCode's last submission wins; the list's undated `ac` would undo it.
                let catalog = try tracker.catalogUpdater.apply(
                    problems, source: "LeetCode \(endpoint) (\(username))", date: now, withStatus: false, in: transaction)
                // The stored days of solves are read here, after the update moved the records of
                // renamed slugs, and in the transaction, so no write can come in between.
                var stored: [String: ProblemProgress] = [:]
                for slug in slugs {
                    let record = try transaction.value(for: ProgressRepository.key(for: slug))
                    if !record.isEmpty { stored[slug] = record }
                }
                let document = try history(now: now, timeZone: timeZone, stored: stored)
                let importer = Importer(store: tracker.store, catalog: catalog.catalog, clock: tracker.clock, timeZone: timeZone)
                let progress = try importer.run(document, mode: .merge, dryRun: false, in: transaction)
                let summary = LeetCodePullSummary(catalog: catalog, progress: progress)
                if dryRun { throw DryRun(summary: summary) }
                return summary
            }
        } catch let dryRun as DryRun {
            return dryRun.summary
        }
    }

    /// Thrown out of the transaction to roll a dry run back: the writes of the catalog update
    /// must happen for the history's merge to see them (renamed slugs), and must not stay.
    private struct DryRun: Error {
        var summary: LeetCodePullSummary
    }
}

/// What a pull changed, or would change.
public struct LeetCodePullSummary: Sendable {
    /// The catalog update's part: problems added, changed, renamed; marked solved or attempted.
    public var catalog: CatalogUpdateSummary
    /// The dated history's part: records added or updated, events added.
    public var progress: ImportSummary
}
