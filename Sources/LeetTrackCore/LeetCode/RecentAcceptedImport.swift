import FoundationEssentials

/// `leettrack import` of LeetCode's GraphQL `recentAcSubmissionList` response: each accepted
/// submission becomes a dated solve, so reviews and streaks start from real dates.
///
/// The response is read by ``LeetCodeResponses/recentAccepted(from:source:now:)``, the decoder
/// `leettrack leetcode pull` uses, so every value is checked by the same ``InputRules``. Several
/// accepted submissions of one problem on one day (in the user's time zone) are one solve, the
/// day's first; so is a submission on a day the store already has a solve of that problem. The
/// result is an export document that ``Importer`` merges like `import --merge`; a slug the
/// catalog does not know is kept and reported, as for any import.
public enum RecentAcceptedImport {
    /// Whether `data` is a `recentAcSubmissionList` response (rather than a LeetTrack export).
    public static func matches(_ data: Data) -> Bool {
        struct Anything: Decodable {
            init(from decoder: any Decoder) throws {}
        }
        struct Probe: Decodable {
            struct Payload: Decodable { var recentAcSubmissionList: Anything? }
            var format: String?
            var data: Payload?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: data) else { return false }
        return probe.format == nil && probe.data?.recentAcSubmissionList != nil
    }

    /// The submissions as a document of dated solves, each problem's solves on days the stored
    /// history (`stored`, by slug) already has a solve on left out.
    /// - Returns: the document, and how many submissions were read and how many were merged away.
    /// - Throws: ``ExchangeError`` naming `file` and the offending value's place.
    public static func document(
        from data: Data, file: String, now: Date, timeZone: some UTCOffsetProvider, stored: [String: ProblemProgress]
    ) throws(ExchangeError) -> (document: ExchangeDocument, read: Int, merged: Int) {
        let submissions = try LeetCodeResponses.recentAccepted(from: data, source: file, now: now)
        let (document, kept) = document(of: submissions, timeZone: timeZone, stored: stored)
        return (document, submissions.count, submissions.count - kept)
    }

    /// Checked submissions as a document of dated solves (the rule of ``document(from:file:now:timeZone:stored:)``),
    /// and how many of them it kept; what `import` and the automatic capture of `today` share.
    static func document(
        of submissions: [LeetCodeAcceptedSubmission], timeZone: some UTCOffsetProvider, stored: [String: ProblemProgress]
    ) -> (document: ExchangeDocument, kept: Int) {
        var solvedDays = solvedDays(in: stored, timeZone: timeZone)
        let kept = firstOfEachDay(submissions, timeZone: timeZone, solvedDays: &solvedDays)
        var records: [String: ProblemProgress] = [:]
        for submission in kept {
            var record = records[submission.slug] ?? ProblemProgress(status: .solved)
            record.insert(ProgressEvent(kind: .solved, date: submission.date))
            records[submission.slug] = record
        }
        let problems = records.map { ExchangeProblem(slug: $0.key, progress: $0.value) }
        return (ExchangeDocument(problems: problems), kept.count)
    }

    /// The days (in `timeZone`) on which each stored record has a solve or a review since its last
    /// reset: a problem reset and solved again on one day gets its new solve.
    static func solvedDays(in stored: [String: ProblemProgress], timeZone: some UTCOffsetProvider) -> [String: Set<Int>] {
        var days: [String: Set<Int>] = [:]
        for (slug, record) in stored {
            let lastReset = record.events.filter { $0.kind == .reset }.map(\.date).max()
            for event in record.events where event.kind == .solved || event.kind == .reviewed {
                if let lastReset, event.date <= lastReset { continue }
                days[slug, default: []].insert(LocalDay(event.date, in: timeZone).dayNumber)
            }
        }
        return days
    }

    /// The rule `import` and `leetcode pull` share: of several accepted submissions of one problem
    /// on one day (in `timeZone`), the day's first is the solve, and none on a day already in
    /// `solvedDays`, which learns the days kept.
    /// - Returns: the submissions kept, earliest first.
    static func firstOfEachDay(
        _ submissions: [LeetCodeAcceptedSubmission], timeZone: some UTCOffsetProvider, solvedDays: inout [String: Set<Int>]
    ) -> [LeetCodeAcceptedSubmission] {
        // Earliest first, so the solve kept for a day is that day's first acceptance.
        submissions.sorted { ($0.date, $0.slug) < ($1.date, $1.slug) }.filter { submission in
            solvedDays[submission.slug, default: []].insert(LocalDay(submission.date, in: timeZone).dayNumber).inserted
        }
    }
}
