import FoundationEssentials

/// Where a user stands with a problem.
public enum Status: String, CaseIterable, Codable, Sendable {
    /// Not solved and not attempted (or reset).
    case todo
    /// Tried but not solved yet.
    case attempted
    /// Solved at least once since the last reset.
    case solved
}

/// Everything a user has recorded about one problem. Stored under `progress.<slug>`, one small
/// record per problem touched, so changing one problem writes one record.
///
/// The problem's spaced-repetition card lives in the same record (``review``), not beside it:
/// a solve or a review changes the history and the card together, and keeping both in one value
/// makes that one small write that cannot be half done, and a reset or a sync of the record
/// carries its card along.
///
/// The stored JSON leaves out fields that hold their default (`favorite` false, an empty note,
/// no events, no times): records stay small, and reading one decodes fewer keys. Every field is
/// optional when decoding, so a field added later with a default keeps old records readable.
public struct ProblemProgress: Codable, Sendable, Hashable {
    /// Todo, attempted or solved.
    public var status: Status
    /// Whether the problem is on the favorites sheet.
    public var favorite: Bool
    /// The user's note; empty when there is none.
    public var note: String
    /// What happened to the problem, oldest first.
    public var events: [ProgressEvent]
    /// The spaced-repetition card: when to redo the problem and how well it is known; `nil`
    /// until the problem is solved (see ``recordSolve(at:rating:scheduler:)``).
    public var review: ReviewCard?
    /// When the note was last changed (whole seconds), or `nil` for a record written before notes
    /// carried a time. ``ProgressRepository`` sets it whenever a change alters the note; an
    /// import that merges two notes keeps the newer one by it.
    public var noteUpdated: Date?
    /// When the favorite mark was last set or taken off (whole seconds), or `nil` for a record
    /// whose mark was last changed before marks carried a time (or never). Every change of the
    /// mark dates it (``ProgressRepository``, ``DatedProgressEdit``); a change made offline and
    /// sent later is weighed against it, so that it does not undo a later change (see
    /// ``DatedProgressEdit``).
    public var favoriteUpdated: Date?

    /// Creates a record; the defaults describe an untouched problem.
    public init(
        status: Status = .todo, favorite: Bool = false, note: String = "", events: [ProgressEvent] = [],
        review: ReviewCard? = nil, noteUpdated: Date? = nil, favoriteUpdated: Date? = nil
    ) {
        self.status = status
        self.favorite = favorite
        self.note = note
        self.events = events
        self.review = review
        self.noteUpdated = noteUpdated.map(Self.wholeSeconds)
        self.favoriteUpdated = favoriteUpdated.map(Self.wholeSeconds)
    }

    /// Whether the record says nothing an untouched problem would not.
    public var isEmpty: Bool { status == .todo && !favorite && note.isEmpty && events.isEmpty && review == nil }

    /// Whether the record need not be stored: it is empty, and holds no time its favorite mark
    /// was taken off or its note cleared. A record whose only content is such a time is kept
    /// (`{"status":"todo","favoriteAt":…}`, `{"status":"todo","noteAt":…}`): a favorite or a note
    /// set offline before it, and sent later, must lose to it, on a store that keeps no sync
    /// stamps as well.
    var isRemovable: Bool { isEmpty && favoriteUpdated == nil && noteUpdated == nil }

    /// `date` to the second below, as records keep their times: a card rated at that second stays
    /// equal to itself after a round trip through the store.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// The instant of the latest event, or `nil` when there is none.
    public var lastActivity: Date? { events.lazy.map(\.date).max() }

    enum CodingKeys: String, CodingKey {
        case status, favorite, note, events, review, noteUpdated = "noteAt", favoriteUpdated = "favoriteAt"
    }

    /// Decodes a record; every field may be missing and then takes its default. The status is never
    /// below what the history shows (``ProgressHistory/status(_:with:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(Status.self, forKey: .status) ?? .todo
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        events = try container.decodeIfPresent([ProgressEvent].self, forKey: .events) ?? []
        review = try container.decodeIfPresent(StoredReviewCard.self, forKey: .review)?.card
        noteUpdated = try container.decodeUTCTimeIfPresent(forKey: .noteUpdated)
        favoriteUpdated = try container.decodeUTCTimeIfPresent(forKey: .favoriteUpdated)
        // The one rule of status and history (``ProgressHistory/status(_:with:)``): a record stored
        // below its history (a sync of an older build wrote `attempted` over a history with a
        // review) reads as what its history shows, here and in the fast reader alike.
        status = ProgressHistory.status(status, with: events)
    }

    /// Encodes the record, leaving out fields that hold their default.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        if favorite { try container.encode(favorite, forKey: .favorite) }
        if !note.isEmpty { try container.encode(note, forKey: .note) }
        if !events.isEmpty { try container.encode(events, forKey: .events) }
        try container.encodeIfPresent(review.map(StoredReviewCard.init), forKey: .review)
        if let noteUpdated { try UTCTimestamp.encode(noteUpdated, forKey: .noteUpdated, in: &container) }
        // Last, after every member older builds know (they read past it).
        if let favoriteUpdated { try UTCTimestamp.encode(favoriteUpdated, forKey: .favoriteUpdated, in: &container) }
    }
}

/// One dated thing that happened to a problem.
///
/// The instant is stored in UTC as ISO 8601 text (`2026-11-29T14:03:12Z`), readable in the store
/// and independent of where the user is; days are counted in the user's time zone only when
/// statistics are computed (see ``PracticeCalendar``).
public struct ProgressEvent: Codable, Sendable, Hashable {
    /// What kind of event it was. An open set of names rather than a closed enum, so a newer
    /// version can add kinds and an older one still reads the record.
    public struct Kind: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        /// The stored name.
        public var rawValue: String
        /// Creates a kind from its stored name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The problem was solved.
        public static let solved = Kind(rawValue: "solved")
        /// The problem was tried without solving it.
        public static let attempted = Kind(rawValue: "attempted")
        /// The problem was redone as a spaced-repetition review, with a ``ProgressEvent/rating``.
        public static let reviewed = Kind(rawValue: "reviewed")
        /// The problem was set back to todo.
        public static let reset = Kind(rawValue: "reset")
        /// Whether the event is practice, which counts towards streaks and the last days.
        public var isPractice: Bool { self == .solved || self == .attempted || self == .reviewed }
        /// The stored name.
        public var description: String { rawValue }
    }

    /// What happened.
    public var kind: Kind
    /// When it happened (an instant; whole seconds).
    public var date: Date
    /// For a review, and for a solve that rated the problem: the rating word (`again`, `hard`,
    /// `good`, `easy`, the raw value of `ReviewRating`); `nil` for other events.
    public var rating: String?
    /// How long the solve, attempt or review took, in whole seconds (`solve --time 25m`, the
    /// timer); `nil` when it was not timed.
    public var seconds: Int?
    /// A note about this one event (`attempt --note "TLE on case 57"`), apart from the problem's
    /// own note; `nil` when there is none.
    public var note: String?

    /// Creates an event.
    public init(kind: Kind, date: Date, rating: String? = nil, seconds: Int? = nil, note: String? = nil) {
        self.kind = kind
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        self.rating = rating
        self.seconds = seconds
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case kind, at, rating, seconds, note
    }

    /// Decodes an event stored as `{"kind": …, "at": "…Z", "rating": …, "seconds": …, "note": …}`;
    /// the last three may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        let date = try container.decodeUTCTime(forKey: .at)
        // Events are kept to the second (as they are written and as the fast reader reads them), so
        // an instant with a fraction from another tool is the same event when imported again.
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        rating = try container.decodeIfPresent(String.self, forKey: .rating)
        seconds = try container.decodeIfPresent(Int.self, forKey: .seconds)
        // As `--time` and imports allow: a hand-edited `Int.max` or `-5` would show as a median
        // of 2562047788015215h or a solve "in -5s".
        if let seconds {
            try container.require(
                PracticeTime.range.contains(seconds), at: .seconds,
                "\(seconds) is not a time in seconds from 1 to \(PracticeTime.range.upperBound)")
        }
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    /// Encodes the event with its instant as UTC ISO 8601 text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try UTCTimestamp.encode(date, forKey: .at, in: &container)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(seconds, forKey: .seconds)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
