import FoundationEssentials

/// What the summarising commands (`stats`, `review`, `favorites`, `list`) need of one problem's
/// record: its status, favorite mark, whether it has a note, its practice events, its review
/// card and its latest activity. It leaves out the texts (notes, event notes, ratings of solves), which are most of a
/// record's bytes, and it has a compact encoding that reads several times faster than a record's
/// JSON (see ``ProgressSummaries``, which keeps one per record beside the records).
///
/// A summary is derived: ``init(_:)`` makes it from a record, and a stored summary is trusted
/// only while it is known to match its record.
public struct ProgressSummary: Sendable, Hashable {
    /// One practice event (solve, attempt or review): when, and the timed seconds it carries.
    public struct Event: Sendable, Hashable {
        /// `.solved`, `.attempted` or `.reviewed`.
        public var kind: ProgressEvent.Kind
        /// When it happened, to the second.
        public var date: Date
        /// The time it took (`solve --time`), if it was timed.
        public var seconds: Int?

        /// An event of `kind` at `date`.
        public init(kind: ProgressEvent.Kind, date: Date, seconds: Int? = nil) {
            self.kind = kind
            self.date = date
            self.seconds = seconds
        }
    }

    /// The problem's status.
    public var status: Status
    /// Whether the problem is a favorite.
    public var favorite: Bool
    /// Whether the record has a note.
    public var hasNote: Bool
    /// The record's practice events, in the record's order (other events, such as resets, are left out).
    public var events: [Event]
    /// The stored review card, if any.
    public var review: ReviewCard?
    /// The latest event of any kind (resets too), as ``ProblemProgress/lastActivity``.
    public var lastActivity: Date?

    /// The summary of `record`.
    public init(_ record: ProblemProgress) {
        status = record.status
        favorite = record.favorite
        hasNote = !record.note.isEmpty
        events = []
        events.reserveCapacity(record.events.count)
        for event in record.events where event.kind.isPractice {
            events.append(Event(kind: event.kind, date: event.date, seconds: event.seconds))
        }
        review = record.review
        lastActivity = record.lastActivity
    }

    /// A summary from its parts.
    public init(
        status: Status = .todo, favorite: Bool = false, hasNote: Bool = false, events: [Event] = [], review: ReviewCard? = nil,
        lastActivity: Date? = nil
    ) {
        self.status = status
        self.favorite = favorite
        self.hasNote = hasNote
        self.events = events
        self.review = review
        self.lastActivity = lastActivity
    }

    /// The review card the queue uses, as ``ProblemProgress/reviewCard(using:)`` gives it for the
    /// record: the stored card, else for a solved problem a new card from its last solve.
    public func reviewCard(using scheduler: ReviewScheduler) -> ReviewCard? {
        if let review { return review }
        guard status == .solved, let solved = events.last(where: { $0.kind == .solved }) else { return nil }
        return scheduler.newCard(rating: .good, at: solved.date)
    }

    /// Whether the problem has any practice (solve, attempt or review).
    public var hasPractice: Bool { !events.isEmpty }
}

/// What listings filter, sort and show of a problem's progress.
public protocol ProgressMarks {
    /// The problem's status.
    var status: Status { get }
    /// Whether the problem is a favorite.
    var favorite: Bool { get }
    /// The latest event of any kind.
    var lastActivity: Date? { get }
}

extension ProblemProgress: ProgressMarks {}
extension ProgressSummary: ProgressMarks {}
