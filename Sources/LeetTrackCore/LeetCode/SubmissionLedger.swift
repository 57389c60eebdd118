import FoundationEssentials
import Persistence

/// A submission sent to LeetCode's judge whose verdict is not recorded yet.
///
/// It is kept (``SubmissionLedger/pendingKey``) the moment LeetCode gives its id, before the
/// verdict is polled, so a process killed or a network lost while polling leaves it here; the next
/// `submit` or `pull` asks for the verdict and records it once. Local to this store: not synced
/// or exported (the id means something only to the account that sent it).
public struct PendingSubmission: Codable, Sendable, Equatable {
    /// LeetCode's submission id (digits).
    public var id: String
    /// The problem's slug.
    public var slug: String
    /// When it was sent: the instant the solve or attempt is dated.
    public var submitted: Date
    /// The rating asked with `--rating`; `nil`: from the day's attempts.
    public var rating: ReviewRating?
    /// The time practised, when given (`--time`).
    public var seconds: Int?

    /// A pending submission of these parts.
    public init(id: String, slug: String, submitted: Date, rating: ReviewRating? = nil, seconds: Int? = nil) {
        self.id = id
        self.slug = slug
        self.submitted = submitted
        self.rating = rating
        self.seconds = seconds
    }

    enum CodingKeys: String, CodingKey {
        case id, slug, submitted, rating, seconds
    }

    /// Decodes a kept submission, held to the rules it was kept by: its id and slug go into
    /// LeetCode's URLs, so a record edited by hand into anything else does not decode (and is
    /// reported as damaged by its key, never sent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        slug = try container.decode(String.self, forKey: .slug)
        submitted = try container.decode(Date.self, forKey: .submitted)
        rating = try container.decodeIfPresent(ReviewRating.self, forKey: .rating)
        seconds = try container.decodeIfPresent(Int.self, forKey: .seconds)
        try container.require(SubmissionResponses.isNumberID(id), at: .id, "not a submission id (digits)")
        try container.checked(at: .slug) { try InputRules.check(slug: slug, at: "slug") }
        if let seconds { try container.require(PracticeTime.range.contains(seconds), at: .seconds, "not a practice time") }
    }
}

/// What recording a verdict did.
public struct SubmissionRecord: Sendable {
    /// The submission.
    public var submission: PendingSubmission
    /// The problem's record before and after.
    public var change: ProgressChange
    /// The rating of the solve; `nil` for an attempt.
    public var rating: ReviewRating?
    /// The attempt's note ("Wrong Answer 40/63"); `nil` for a solve.
    public var note: String?
}

/// The submissions awaiting a verdict, and the one step that records a verdict as progress.
public struct SubmissionLedger: Sendable {
    /// The tracker whose store, clock and time zone are used.
    public let tracker: Tracker

    /// Where the pending submissions are kept, oldest first.
    public static let pendingKey = Key<[PendingSubmission]>("leetcode.submissions.pending", default: [])

    /// A ledger over `tracker`.
    public init(tracker: Tracker) {
        self.tracker = tracker
    }

    /// The submissions awaiting a verdict, oldest first.
    public func pending() throws -> [PendingSubmission] {
        try tracker.store.value(for: Self.pendingKey)
    }

    /// Keeps `submission` until its verdict is recorded (once: an id kept already is not added again).
    public func keep(_ submission: PendingSubmission) throws {
        try tracker.store.transaction { transaction in
            var pending = try transaction.value(for: Self.pendingKey)
            guard !pending.contains(where: { $0.id == submission.id }) else { return }
            pending.append(submission)
            try transaction.set(pending, for: Self.pendingKey)
        }
    }

    /// The rating a solve gets from the day's history when none is asked: good at the first try,
    /// hard after a failed attempt on the same day (in the tracker's time zone), before `date`.
    public static func rating(for record: ProblemProgress, at date: Date, timeZone: some UTCOffsetProvider) -> ReviewRating {
        let day = LocalDay(date, in: timeZone)
        let failedBefore = record.events.contains { event in
            event.kind == .attempted && event.date <= date && LocalDay(event.date, in: timeZone) == day
        }
        return failedBefore ? .hard : .good
    }

    /// Records the verdict `result` of `submission` in one transaction: the submission leaves the
    /// pending ones, and the problem gets a solve (accepted: rated as asked, else by
    /// ``rating(for:at:timeZone:)``, with the review card scheduled as `solve` does) or an attempt
    /// whose note is the verdict. A submission recorded already (by another process meanwhile) is
    /// not recorded again.
    /// - Returns: what was recorded, or `nil` when it was recorded already.
    public func record(_ submission: PendingSubmission, result: JudgeResult) throws -> SubmissionRecord? {
        let scheduler = try tracker.reviews.scheduler().fuzzed(for: submission.slug)
        let (timeZone, writes) = (tracker.timeZone, tracker.progress.writes)
        let repository = tracker.progress
        return try tracker.store.transaction { transaction -> SubmissionRecord? in
            var pending = try transaction.value(for: Self.pendingKey)
            guard let index = pending.firstIndex(where: { $0.id == submission.id }) else { return nil }
            pending.remove(at: index)
            try Self.save(pending, in: transaction)
            let key = ProgressRepository.key(for: submission.slug)
            let before = try transaction.value(for: key)
            var after = before
            var rating: ReviewRating?
            var note: String?
            if result.isAccepted {
                let chosen = submission.rating ?? Self.rating(for: before, at: submission.submitted, timeZone: timeZone)
                after.recordSolve(at: submission.submitted, rating: chosen, scheduler: scheduler, seconds: submission.seconds)
                rating = chosen
                // The solve ends the timer running on the problem (its time is the solve's): the
                // stopwatch sees its record gone and stops by itself.
                let timer = RunningTimer.key(for: submission.slug)
                if let running = try transaction.value(for: timer), running.started <= submission.submitted {
                    transaction.removeValue(for: timer)
                }
            } else {
                let verdict = String(result.summary.prefix(200))
                after.recordAttempt(at: submission.submitted, seconds: submission.seconds, note: verdict)
                note = verdict
            }
            ProgressRepository.stampNote(of: &after, before: before, now: repository.clock.now)
            try writes.progress(after, replacing: before, for: submission.slug, in: transaction)
            return SubmissionRecord(
                submission: submission, change: ProgressChange(slug: submission.slug, before: before, after: after), rating: rating, note: note)
        }
    }

    /// Forgets `submission` without recording anything (LeetCode no longer knows it).
    public func forget(_ submission: PendingSubmission) throws {
        try tracker.store.transaction { transaction in
            var pending = try transaction.value(for: Self.pendingKey)
            pending.removeAll { $0.id == submission.id }
            try Self.save(pending, in: transaction)
        }
    }

    /// Writes the pending list; an empty one removes the key, leaving a store as it was before
    /// its first submission.
    private static func save(_ pending: [PendingSubmission], in transaction: Transaction) throws {
        if pending.isEmpty {
            transaction.removeValue(for: pendingKey)
        } else {
            try transaction.set(pending, for: pendingKey)
        }
    }
}
