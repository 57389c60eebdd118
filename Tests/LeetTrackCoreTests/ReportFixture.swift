import Foundation
import Persistence
import TestSupport

@testable import LeetTrackCore

/// A known history in a fresh SQLite store in its own temporary directory, and the report of it.
///
/// Now is Sunday 2026-11-29 15:00 UTC; the calendar (53 weeks) starts on Sunday 2025-11-30.
///
/// | problem | status | events (UTC) | card due |
/// |---|---|---|---|
/// | 1 two-sum (Easy) ♥, note | solved | solved 11-20 10:00 good | 11-25 (4 days overdue) |
/// | 2 add-two-numbers (Medium) | attempted | attempted 11-27 09:00, 11-28 09:00 | – |
/// | 146 lru-cache (Medium) ♥ | solved | attempted 11-26 20:00, solved 11-27 21:00 hard, reviewed 11-29 08:00 good | 12-02 |
/// | 4 median-of-two-sorted-arrays (Hard) | solved | solved 11-28 12:00 easy | 12-20 |
/// | 200 number-of-islands (Medium) | solved | solved 2026-06-01 12:00 | 11-29 (today) |
/// | 70 climbing-stairs (Easy) | todo | attempted 2025-12-01 12:00, reset 2026-01-05 12:00 | – |
/// | 20 valid-parentheses (Easy) ♥ | todo | – | – |
/// | 21 merge-two-sorted-lists (Easy) | solved | solved 2024-03-01 12:00 (no card: derived, overdue) | – |
///
/// Own lists: "Tom & Jerry's <Graphs>" (200, 70, 1) and "Empty one".
struct ReportFixture {
    static let now = UTCTimestamp.date(from: "2026-11-29T15:00:00Z")!
    static let utc = TimeZone(identifier: "UTC")!
    static let note = "Use a <hash map> & \"one\" pass; it's O(n)."
    static let listName = "Tom & Jerry's <Graphs>"

    let directory: URL
    let store: Store
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-report")
        directory = folder.url
        store = try Store.sqlite(path: directory.appendingPathComponent("store.sqlite").path)
    }

    static func date(_ text: String) -> Date { UTCTimestamp.date(from: text)! }

    static func event(_ kind: ProgressEvent.Kind, _ text: String, _ rating: String? = nil) -> ProgressEvent {
        ProgressEvent(kind: kind, date: date(text), rating: rating)
    }

    static func card(due text: String, lastReview: String) -> ReviewCard {
        ReviewCard(due: date(text), stability: 3, difficulty: 5, state: .review, lastReview: date(lastReview), reps: 1)
    }

    /// The records of the table above.
    static let records: [String: ProblemProgress] = [
        "two-sum": ProblemProgress(
            status: .solved, favorite: true, note: note, events: [event(.solved, "2026-11-20T10:00:00Z", "good")],
            review: card(due: "2026-11-25T10:00:00Z", lastReview: "2026-11-20T10:00:00Z")),
        "add-two-numbers": ProblemProgress(
            status: .attempted, events: [event(.attempted, "2026-11-27T09:00:00Z"), event(.attempted, "2026-11-28T09:00:00Z")]),
        "lru-cache": ProblemProgress(
            status: .solved, favorite: true,
            events: [event(.attempted, "2026-11-26T20:00:00Z"), event(.solved, "2026-11-27T21:00:00Z", "hard"),
                     event(.reviewed, "2026-11-29T08:00:00Z", "good")],
            review: card(due: "2026-12-02T08:00:00Z", lastReview: "2026-11-29T08:00:00Z")),
        "median-of-two-sorted-arrays": ProblemProgress(
            status: .solved, events: [event(.solved, "2026-11-28T12:00:00Z", "easy")],
            review: card(due: "2026-12-20T12:00:00Z", lastReview: "2026-11-28T12:00:00Z")),
        "number-of-islands": ProblemProgress(
            status: .solved, events: [event(.solved, "2026-06-01T12:00:00Z")],
            review: card(due: "2026-11-29T12:00:00Z", lastReview: "2026-06-01T12:00:00Z")),
        "climbing-stairs": ProblemProgress(
            status: .todo, events: [event(.attempted, "2025-12-01T12:00:00Z"), event(.reset, "2026-01-05T12:00:00Z")]),
        "valid-parentheses": ProblemProgress(favorite: true),
        "merge-two-sorted-lists": ProblemProgress(status: .solved, events: [event(.solved, "2024-03-01T12:00:00Z")]),
    ]

    /// Writes the history into the store.
    func write() throws {
        try ProgressRepository(store: store, clock: .system).update(Array(Self.records.keys)) { slug, record in
            record = Self.records[slug] ?? ProblemProgress()
        }
        let lists = OwnLists(store: store, clock: .system)
        try lists.create(Self.listName, in: .builtIn, at: Self.date("2026-11-01T10:00:00Z"))
        _ = try lists.add(["number-of-islands", "climbing-stairs", "two-sum"], to: Self.listName, in: .builtIn)
        try lists.create("Empty one", in: .builtIn, at: Self.date("2026-11-02T10:00:00Z"))
    }

    /// The report of the store as it stands.
    func report(now: Date = ReportFixture.now) throws -> ProgressReport {
        try ProgressReport(tracker: Tracker(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: Self.utc))
    }
}
