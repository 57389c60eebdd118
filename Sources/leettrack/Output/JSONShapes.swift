import Foundation
import LeetTrackCore

/// A problem with its progress, the element of every `--json` listing.
struct ProblemJSON: Encodable {
    var id: Int
    var slug: String
    var title: String
    var difficulty: String
    var acceptance: Double
    var paidOnly: Bool
    var category: String
    var tags: [String]
    var url: String
    var status: String
    var favorite: Bool
    var note: String?
    var history: [EventJSON]?
    var review: CardJSON?

    init(_ problem: Problem, _ record: ProblemProgress?, withHistory: Bool = false) {
        let record = record ?? ProblemProgress()
        id = problem.id
        slug = problem.slug
        title = problem.title
        difficulty = problem.difficulty.rawValue
        acceptance = problem.acceptance
        paidOnly = problem.paidOnly
        category = problem.category
        tags = problem.tags
        url = problem.url
        status = record.status.rawValue
        favorite = record.favorite
        note = record.note.isEmpty ? nil : record.note
        history = withHistory ? record.events.map(EventJSON.init) : nil
        review = withHistory ? record.review.map(CardJSON.init) : nil
    }
}

/// A review card, with its instants in UTC.
struct CardJSON: Encodable {
    var due: Date
    var stability: Double?
    var difficulty: Double?
    var state: String
    var lastReview: Date?
    var reps: Int
    var lapses: Int

    init(_ card: ReviewCard) {
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
struct EventJSON: Encodable {
    var kind: String
    var date: Date
    var rating: String?

    init(_ event: ProgressEvent) {
        kind = event.kind.rawValue
        date = event.date
        rating = event.rating
    }
}
