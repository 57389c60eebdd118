import FoundationEssentials

/// How a ``ReviewCard`` is stored inside a progress record:
/// `{"due": "2026-12-02T09:15:00Z", "stability": 2.3065, "difficulty": 2.1181, "state": "review",
/// "lastReview": "2026-11-29T09:15:00Z", "reps": 1, "lapses": 0}`.
///
/// Instants are UTC ISO 8601 text like the events', so the store stays readable and the
/// progress reader parses them the same way; `ReviewCard`'s own `Codable` (used by the FSRS
/// reference tests) is left as it is. Unknown keys are ignored, so later fields can be added.
struct StoredReviewCard: Codable {
    var card: ReviewCard

    init(_ card: ReviewCard) {
        self.card = card
    }

    /// The reps and lapses a stored card may count, as an import may (``InputRules/maximumCount``).
    /// A record edited by hand to `Int.max` would otherwise trap the next review, which adds one.
    static let countRange = 0...InputRules.maximumCount

    /// Whether a stored stability can be read back: the scheduler writes at least its minimum; 0
    /// or below (a hand edit) would make the next review's FSRS arithmetic NaN. The record reader
    /// sends a card that fails this to the decoder here, which names it.
    static func isStoredStability(_ stability: Double) -> Bool { stability.isFinite && stability > 0 }

    /// Whether a stored difficulty can be read back: any finite number.
    static func isStoredDifficulty(_ difficulty: Double) -> Bool { difficulty.isFinite }

    enum CodingKeys: String, CodingKey {
        case due, stability, difficulty, state, lastReview, reps, lapses
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func count(_ key: CodingKeys) throws -> Int {
            let value = try container.decodeIfPresent(Int.self, forKey: key) ?? 0
            try container.require(
                Self.countRange.contains(value), at: key,
                "\(value) is not a count from \(Self.countRange.lowerBound) to \(Self.countRange.upperBound)")
            return value
        }
        guard let due = try container.decodeUTCTimeIfPresent(forKey: .due) else {
            throw DecodingError.keyNotFound(CodingKeys.due, .init(codingPath: container.codingPath, debugDescription: "a review card needs a due date"))
        }
        let stability = try container.decodeIfPresent(Double.self, forKey: .stability)
        if let stability {
            try container.require(Self.isStoredStability(stability), at: .stability, "stability \(stability) is not a positive number of days")
        }
        let difficulty = try container.decodeIfPresent(Double.self, forKey: .difficulty)
        if let difficulty {
            try container.require(Self.isStoredDifficulty(difficulty), at: .difficulty, "difficulty \(difficulty) is not a number")
        }
        card = ReviewCard(
            due: due,
            stability: stability,
            difficulty: difficulty,
            state: try container.decodeIfPresent(ReviewCard.State.self, forKey: .state) ?? .review,
            lastReview: try container.decodeUTCTimeIfPresent(forKey: .lastReview),
            reps: try count(.reps),
            lapses: try count(.lapses))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try UTCTimestamp.encode(card.due, forKey: .due, in: &container)
        try container.encodeIfPresent(card.stability, forKey: .stability)
        try container.encodeIfPresent(card.difficulty, forKey: .difficulty)
        try container.encode(card.state, forKey: .state)
        if let lastReview = card.lastReview { try UTCTimestamp.encode(lastReview, forKey: .lastReview, in: &container) }
        try container.encode(card.reps, forKey: .reps)
        try container.encode(card.lapses, forKey: .lapses)
    }
}
