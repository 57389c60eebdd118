import Foundation

extension ProblemProgress {
    /// Records a solve rated `rating` and schedules the problem's next redo.
    ///
    /// A first solve creates the card. A later solve is a redo, so it rates the card as a review
    /// would, unless it is dated before the card's last rating (a solve typed in afterwards for an
    /// earlier day): then it goes into the history only, because FSRS cannot rate the past.
    /// The solve event keeps the rating, so the history says how each solve went.
    public mutating func recordSolve(at date: Date, rating: ReviewRating, scheduler: ReviewScheduler) {
        let date = Self.wholeSecond(date)
        status = .solved
        events.append(ProgressEvent(kind: .solved, date: date, rating: rating.rawValue))
        if let card = review {
            if card.lastReview.map({ date >= $0 }) ?? true { review = scheduler.review(card, rating: rating, at: date) }
        } else {
            review = scheduler.newCard(rating: rating, at: date)
        }
    }

    /// The card to schedule from: the stored one, or, for a problem marked solved before it had a
    /// card (an older version of LeetTrack, an import), a card as if its latest solve had been
    /// rated good. `nil` for a problem that was never solved (or was reset since).
    public func reviewCard(using scheduler: ReviewScheduler) -> ReviewCard? {
        if let review { return review }
        guard status == .solved, let solved = events.last(where: { $0.kind == .solved }) else { return nil }
        return scheduler.newCard(rating: .good, at: solved.date)
    }

    /// Records a redo rated `rating` at `date`: a `reviewed` event and the card rated.
    /// A review of a problem that was not solved, or dated before the card's last rating, is
    /// refused; see ``ReviewBook/rate(_:_:at:)`` for the errors a user sees.
    /// - Returns: the card after the review, or `nil` when the review was refused (nothing changed).
    mutating func recordReview(_ rating: ReviewRating, at date: Date, scheduler: ReviewScheduler) -> ReviewCard? {
        let date = Self.wholeSecond(date)
        guard let card = reviewCard(using: scheduler), card.lastReview.map({ date >= $0 }) ?? true else { return nil }
        let next = scheduler.review(card, rating: rating, at: date)
        review = next
        events.append(ProgressEvent(kind: .reviewed, date: date, rating: rating.rawValue))
        return next
    }

    /// Instants are stored to the second; rating at the same second keeps a card equal to itself
    /// after a round trip through the store.
    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
