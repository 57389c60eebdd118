import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FSRSOptimizer {
    /// One rating in a problem's history: how it went and the whole days since the rating before
    /// (0 for the first, and for a redo on the same day), counted as the scheduler counts them.
    struct Review: Sendable, Hashable {
        var rating: ReviewRating
        var elapsedDays: Int
    }

    /// One prediction, fsrs-rs's `FSRSItem`: a problem's ratings up to a redo on a later day. The
    /// ratings before the last are the history; the last is the outcome to predict.
    struct Item: Sendable, Hashable {
        var reviews: [Review]

        /// The redo to predict.
        var current: Review { reviews[reviews.count - 1] }

        /// The ratings on a later day than the one before (fsrs-rs's `long_term_review_cnt`).
        var longTermCount: Int { reviews.count { $0.elapsedDays > 0 } }

        /// The first redo on a later day; every item has one (its last review at least).
        var firstLongTerm: Review { reviews.first { $0.elapsedDays > 0 } ?? current }

        /// Every prediction the ratings of `records` give, ordered by the instant of the redo
        /// predicted (then by slug), so the recency weights count the latest as the latest.
        static func all(from records: [String: ProblemProgress]) -> [Item] {
            var dated: [(date: Date, slug: String, item: Item)] = []
            for (slug, record) in records {
                let ratings = record.ratings()
                var reviews: [Review] = []
                reviews.reserveCapacity(ratings.count)
                for (index, rating) in ratings.enumerated() {
                    let elapsed = index == 0 ? 0 : max(0, wholeDays(from: ratings[index - 1].date, to: rating.date))
                    reviews.append(Review(rating: rating.rating, elapsedDays: elapsed))
                    // Same-day redos shape the history but are not predictions (as in Anki).
                    if index > 0, elapsed > 0 { dated.append((rating.date, slug, Item(reviews: reviews))) }
                }
            }
            dated.sort { ($0.date, $0.slug, $0.item.reviews.count) < ($1.date, $1.slug, $1.item.reviews.count) }
            return dated.map(\.item)
        }
    }

    /// An item with its weight in the loss.
    struct WeightedItem: Sendable {
        var item: Item
        var weight: Double
    }

    /// fsrs-rs's `recency_weighted_fsrs_items`: from 0.25 for the oldest to 1 for the latest.
    static func recencyWeighted(_ items: [Item]) -> [WeightedItem] {
        let last = max(Double(items.count) - 1, 1)
        return items.enumerated().map { index, item in
            WeightedItem(item: item, weight: 0.25 + 0.75 * pow(Double(index) / last, 3))
        }
    }

    /// fsrs-rs's `prepare_training_data` (its outlier filter): the first redos grouped by first
    /// rating and days waited; the rarest groups of each rating, up to max(20, 5 %) of them, and
    /// any group smaller than 6 or waited over 100 days (365 after easy) are set aside, with every
    /// item whose first redo fell in a set-aside group.
    ///
    /// - Returns: the first redos kept for pre-training, and the items kept for training.
    static func prepareTrainingData(_ items: [Item]) -> (initialization: [Item], train: [Item]) {
        var groups: [Int: [Int: [Int]]] = [:]
        for (index, item) in items.enumerated() where item.longTermCount == 1 {
            groups[item.reviews[0].rating.grade, default: [:]][item.current.elapsedDays, default: []].append(index)
        }
        var removed: [Int: Set<Int>] = [:]
        var kept: [Int] = []
        for (rating, byDelay) in groups.sorted(by: { $0.key < $1.key }) {
            // Largest first, ties by the longer delay; walked from the end (the rarest first).
            let subgroups = byDelay.sorted { ($0.value.count, $0.key) > ($1.value.count, $1.key) }
            let total = subgroups.reduce(0) { $0 + $1.value.count }
            var removedCount = 0
            for (delay, indices) in subgroups.reversed() {
                if removedCount + indices.count >= max(20, total / 20) {
                    if indices.count >= 6, delay <= (rating != 4 ? 100 : 365) {
                        kept += indices
                    } else {
                        removed[rating, default: []].insert(delay)
                    }
                } else {
                    removedCount += indices.count
                    removed[rating, default: []].insert(delay)
                }
            }
        }
        let train = items.filter { item in
            removed[item.reviews[0].rating.grade]?.contains(item.firstLongTerm.elapsedDays) != true
        }
        return (kept.map { items[$0] }, train)
    }
}
