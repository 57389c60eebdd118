import FoundationEssentials

/// A problem with its progress, the element of every `--json` listing and of `serve`'s JSON API.
public struct ProblemJSON: Encodable {
    public var id: Int
    public var slug: String
    public var title: String
    public var difficulty: String
    public var acceptance: Double
    /// zerotrac's contest rating, written as `null` for an unrated problem (never left out: the
    /// web page and scripts tell "unrated" from an older version's output by it).
    public var rating: NumberOrNull
    public var paidOnly: Bool
    public var category: String
    public var tags: [String]
    public var url: String
    public var status: String
    public var favorite: Bool
    public var note: String?
    public var history: [EventJSON]?
    public var review: CardJSON?
    /// The topic section the problem has in the list shown (`lists neetcode-150`), else absent.
    public var section: String?
    /// Whether the problem is marked to skip (`leettrack skip`); absent when it is not.
    public var skipped: Bool?
    /// The solution files `leettrack code` made on this machine (`show` only).
    public var codeFiles: [String]?
    /// The fetched statement as allowlist HTML (``StatementHTML/serialize(_:)``), for the web
    /// page's problem view; absent when none is kept, and everywhere else.
    public var statementHTML: String?

    public init(_ problem: Problem, _ record: ProblemProgress?, withHistory: Bool = false, section: String? = nil, skipped: Bool = false) {
        let record = record ?? ProblemProgress()
        id = problem.id
        slug = problem.slug
        title = problem.title
        difficulty = problem.difficulty.rawValue
        acceptance = problem.acceptance
        rating = NumberOrNull(problem.rating)
        paidOnly = problem.paidOnly
        category = problem.category
        tags = problem.tags
        url = problem.url
        status = record.status.rawValue
        favorite = record.favorite
        note = record.note.isEmpty ? nil : record.note
        history = withHistory ? record.events.map(EventJSON.init) : nil
        review = withHistory ? record.review.map(CardJSON.init) : nil
        self.section = section
        self.skipped = skipped ? true : nil
    }

    /// The members in the order the output sorts them by (so the encoder need not reorder the
    /// bytes it wrote), absent ones left out as the synthesized encoding leaves them out: every
    /// edit the server answers encodes one of these on the thread that commits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(acceptance, forKey: .acceptance)
        try container.encode(category, forKey: .category)
        if let codeFiles { try container.encode(codeFiles, forKey: .codeFiles) }
        try container.encode(difficulty, forKey: .difficulty)
        try container.encode(favorite, forKey: .favorite)
        if let history { try container.encode(history, forKey: .history) }
        try container.encode(id, forKey: .id)
        if let note { try container.encode(note, forKey: .note) }
        try container.encode(paidOnly, forKey: .paidOnly)
        try container.encode(rating, forKey: .rating)
        if let review { try container.encode(review, forKey: .review) }
        if let section { try container.encode(section, forKey: .section) }
        if let skipped { try container.encode(skipped, forKey: .skipped) }
        try container.encode(slug, forKey: .slug)
        if let statementHTML { try container.encode(statementHTML, forKey: .statementHTML) }
        try container.encode(status, forKey: .status)
        try container.encode(tags, forKey: .tags)
        try container.encode(title, forKey: .title)
        try container.encode(url, forKey: .url)
    }

    private enum CodingKeys: String, CodingKey {
        case acceptance, category, codeFiles, difficulty, favorite, history, id, note, paidOnly, rating, review
        case section, skipped, slug, statementHTML, status, tags, title, url
    }
}

/// A whole number that JSON always shows: the number, or `null` when there is none.
public struct NumberOrNull: Encodable, Equatable, Sendable {
    /// The number, or `nil` for `null`.
    public var value: Int?

    /// `value`, or `null`.
    public init(_ value: Int?) {
        self.value = value
    }

    /// Writes the number, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// A review card, with its instants in UTC.
public struct CardJSON: Encodable {
    public var due: Date
    public var stability: Double?
    public var difficulty: Double?
    public var state: String
    public var lastReview: Date?
    public var reps: Int
    public var lapses: Int
    /// The day the card falls due in the user's time zone (``ReviewCard/dueDay(in:)``): in `show
    /// --json` and the web page's problem view (the due instant's UTC date can be another day);
    /// absent elsewhere.
    public var dueDay: String?

    public init(_ card: ReviewCard) {
        due = card.due
        stability = card.stability
        difficulty = card.difficulty
        state = card.state.rawValue
        lastReview = card.lastReview
        reps = card.reps
        lapses = card.lapses
    }
}

/// One event, with its instant in UTC.
public struct EventJSON: Encodable {
    public var kind: String
    public var date: Date
    public var rating: String?
    /// How long it took, in seconds, when it was timed.
    public var seconds: Int?
    /// The note about this event.
    public var note: String?

    public init(_ event: ProgressEvent) {
        kind = event.kind.rawValue
        date = event.date
        rating = event.rating
        seconds = event.seconds
        note = event.note
    }
}
