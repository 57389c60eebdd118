import FoundationEssentials
import Synchronization

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
        public var kind: ProgressEvent.Kind {
            get { compactKind.kind }
            set { compactKind = CompactEventKind(newValue) }
        }
        /// The kind as a number: an event holds no string, so reading, copying and freeing
        /// events needs no reference counting (a retain and a release per event, and a walk over
        /// every array of events to free it, were a tenth of `stats` on a store with 48,000 events).
        var compactKind: CompactEventKind
        /// When it happened, to the second.
        public var date: Date
        /// The time it took (`solve --time`), if it was timed.
        public var seconds: Int?

        /// An event of `kind` at `date`.
        public init(kind: ProgressEvent.Kind, date: Date, seconds: Int? = nil) {
            self.init(compactKind: CompactEventKind(kind), date: date, seconds: seconds)
        }

        /// An event of `compactKind` at `date`.
        init(compactKind: CompactEventKind, date: Date, seconds: Int? = nil) {
            self.compactKind = compactKind
            self.date = date
            self.seconds = seconds
        }

        /// Whether it is a solve.
        var isSolve: Bool { compactKind == .solved }
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
        guard status == .solved, let solved = events.last(where: \.isSolve) else { return nil }
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

/// An event kind as a number: the three practice kinds by their own numbers, any other kind
/// by its place in a table of the other kinds seen, so equal kinds have equal numbers.
struct CompactEventKind: Hashable, Sendable {
    private let number: UInt32

    private init(number: UInt32) { self.number = number }

    static let solved = CompactEventKind(number: 0)
    static let attempted = CompactEventKind(number: 1)
    static let reviewed = CompactEventKind(number: 2)
    private static let firstOther: UInt32 = 3

    /// The names of the other kinds seen in this process, in order of first sight. A summary
    /// only ever holds practice events, so this stays empty in use.
    private static let others = Mutex<[String]>([])

    /// The number of `kind`.
    init(_ kind: ProgressEvent.Kind) {
        switch kind {
        case .solved: self = .solved
        case .attempted: self = .attempted
        case .reviewed: self = .reviewed
        default:
            let place = Self.others.withLock { names in
                if let place = names.firstIndex(of: kind.rawValue) { return place }
                names.append(kind.rawValue)
                return names.count - 1
            }
            self.init(number: Self.firstOther + UInt32(place))
        }
    }

    /// The kind this number stands for.
    var kind: ProgressEvent.Kind {
        switch self {
        case .solved: .solved
        case .attempted: .attempted
        case .reviewed: .reviewed
        default: ProgressEvent.Kind(rawValue: Self.others.withLock { $0[Int(number - Self.firstOther)] })
        }
    }
}
extension ProgressSummary: ProgressMarks {}
