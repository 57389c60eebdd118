import FoundationEssentials

extension ProblemProgress {
    /// Records a solve rated `rating` and schedules the problem's next redo.
    ///
    /// A first solve creates the card; a later solve is a redo, so it rates the card as a review
    /// would. A solve dated before other events (typed in afterwards for an earlier day) goes into
    /// the history at its place, and the card is computed again by replaying the history since the
    /// last reset, so any order of the same events gives the same card. A solve dated before a
    /// reset does not undo the reset: the problem stays todo.
    /// The solve event keeps the rating, and the time and note when given, so the history says how
    /// each solve went.
    public mutating func recordSolve(
        at date: Date, rating: ReviewRating, scheduler: ReviewScheduler, seconds: Int? = nil, note: String? = nil
    ) {
        let date = Self.wholeSeconds(date)
        let isLatest = insert(ProgressEvent(kind: .solved, date: date, rating: rating.rawValue, seconds: seconds, note: note))
        if ProgressHistory.isReset(after: date, in: events) { return }
        status = .solved
        // FSRS cannot rate the past: a solve before the card's last rating replays the history.
        if !isLatest || review?.lastReview.map({ date < $0 }) == true {
            review = replayedCard(using: scheduler) ?? review
        } else if let card = review {
            review = scheduler.review(card, rating: rating, at: date)
        } else {
            review = scheduler.newCard(rating: rating, at: date)
        }
    }

    /// The card the history since the last reset gives: each solve (rated good when it carries no
    /// rating) and each review rates it in time order. `nil` when nothing since the reset rated it.
    public func replayedCard(using scheduler: ReviewScheduler) -> ReviewCard? {
        var card: ReviewCard?
        for (rating, date) in ratings() {
            card = card.map { scheduler.review($0, rating: rating, at: date) } ?? scheduler.newCard(rating: rating, at: date)
        }
        return card
    }

    /// The ratings that make the card, in time order: each solve (good when it carries no rating)
    /// and each review since the last reset. The card replays them; the optimizer fits to them.
    func ratings() -> [(rating: ReviewRating, date: Date)] {
        let ordered = ProgressHistory.ordered(events)
        let start = ordered.lastIndex(where: { $0.kind == .reset }).map { $0 + 1 } ?? 0
        return ordered[start...].filter { $0.kind == .solved || $0.kind == .reviewed }.map { event in
            (event.rating.flatMap(ReviewRating.init(rawValue:)) ?? .good, event.date)
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

    /// Records a redo rated `rating` at `date`: a `reviewed` event and the card rated. A redo
    /// dated before other events goes into the history at its place and the card is replayed.
    /// A review of a problem that was not solved, dated before its first solve or before its last
    /// reset, is refused; see ``ReviewBook/rate(_:_:at:)`` for the errors a user sees.
    /// - Returns: the card after the review, or `nil` when the review was refused (nothing changed).
    mutating func recordReview(_ rating: ReviewRating, at date: Date, scheduler: ReviewScheduler) -> ReviewCard? {
        let date = Self.wholeSeconds(date)
        guard let card = reviewCard(using: scheduler), !ProgressHistory.isReset(after: date, in: events) else { return nil }
        // A redo needs a solve before it: nothing can be redone before it was first solved.
        let rated = events.filter { $0.kind == .solved || $0.kind == .reviewed }
        if !rated.isEmpty, !rated.contains(where: { $0.date <= date }) { return nil }
        let isLatest = insert(ProgressEvent(kind: .reviewed, date: date, rating: rating.rawValue))
        let ratesInOrder = isLatest && (card.lastReview.map { date >= $0 } ?? true)
        let next = ratesInOrder ? scheduler.review(card, rating: rating, at: date) : (replayedCard(using: scheduler) ?? card)
        review = next
        return next
    }
}
