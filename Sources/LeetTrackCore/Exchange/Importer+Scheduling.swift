import FoundationEssentials

/// The review cards of an import's records, from their real dates.
///
/// An imported history (an export from another machine, LeetCode's accepted submissions, a
/// `leetcode pull`) brings solves that no card has seen. Left alone, each such problem would be
/// scheduled as if its last solve were its only one, and a year of solves would fall due at once.
/// Instead each record whose ratings changed gets the card its history gives, replayed through the
/// scheduler from the real dates (``ProblemProgress/replayedCard(using:)``, as a solve typed in
/// late does); and with a review cap, those cards are spread so that no day holds more than the cap
/// (``ReviewCapPlan``, the rule the queue plans the next days by): the most forgotten first, the
/// rest on the next days.
struct ImportScheduling {
    /// The settings in force after the import.
    let settings: ReviewSettings
    /// The import's instant.
    let now: Date
    /// The user's time zone: days are its days.
    let timeZone: any UTCOffsetProvider

    /// Whether `result`, written for a record that was `current` (`nil`: none) from the file's
    /// `incoming`, needs its card replayed: it is solved, and its card is missing or was made from
    /// other ratings than the ones its history now holds.
    static func needsCard(_ result: ProblemProgress, current: ProblemProgress?, incoming: ProblemProgress) -> Bool {
        guard result.status == .solved else { return false }
        guard let card = result.review else { return true }
        // The side the card came from; the card stands as long as its history is the whole story.
        let source = card == incoming.review ? incoming : (current ?? incoming)
        let (mine, theirs) = (result.ratings(), source.ratings())
        return !mine.elementsEqual(theirs) { $0.rating == $1.rating && $0.date == $1.date }
    }

    /// Gives each of `writes` at `replayed` (indices) the card its history gives and, with a cap,
    /// moves the due dates of those cards so that no day holds more than the cap, counting the
    /// cards of `others` (every other record the store keeps after the import).
    /// - Complexity: O(r + c log c + d) for r other records, c replayed cards and the d days they span.
    func schedule(
        _ writes: inout [(slug: String, record: ProblemProgress)], replayed: [Int], others: some Sequence<ProblemProgress>
    ) throws(LeetTrackError) {
        let scheduler = try settings.scheduler()
        var cards: [(index: Int, slug: String, card: ReviewCard, dueDay: LocalDay)] = []
        let today = LocalDay(now, in: timeZone)
        for index in replayed {
            guard let card = writes[index].record.replayedCard(using: scheduler.fuzzed(for: writes[index].slug)) else { continue }
            writes[index].record.review = card
            cards.append((index, writes[index].slug, card, max(today, card.dueDay(in: timeZone))))
        }
        guard let cap = settings.reviewCap, !cards.isEmpty else { return }
        // What the other cards leave of each day: a card overdue counts today, as the queue shows it.
        var load: [Int: Int] = [:]
        var days = LocalDays(in: timeZone)
        for record in others {
            guard let card = record.reviewCard(using: scheduler) else { continue }
            load[max(today, days.dueDay(of: card)).dayNumber, default: 0] += 1
        }
        cards.sort { ($0.dueDay, $0.card.due, $0.slug) < ($1.dueDay, $1.card.due, $1.slug) }
        var waiting = 0  // The other cards a full day left for the next, as the queue carries them.
        ReviewCapPlan.plan(
            carried: [], coming: cards, dueDay: { $0.dueDay }, from: today, through: nil,
            room: { day in
                let others = waiting + load[day.dayNumber, default: 0]
                waiting = max(0, others - cap)
                return cap - min(cap, others)
            },
            mostForgotten: { cards, day in
                let instant = day == today ? now : day.noon(in: timeZone)
                return cards.map { (scheduler.retrievability(of: $0.card, at: instant), $0) }
                    .sorted { ($0.0, $0.1.card.due, $0.1.slug) < ($1.0, $1.1.card.due, $1.1.slug) }
                    .map(\.1)
            },
            place: { taken, day in
                // A card keeps its own date on its day; one moved to a later day falls due at its noon.
                for card in taken where day > card.dueDay { writes[card.index].record.review?.due = day.noon(in: timeZone) }
            })
    }
}
