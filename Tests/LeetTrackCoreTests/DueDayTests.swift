import Foundation
import Testing

@testable import LeetTrackCore

/// A card falls due a number of days after its last rating. The scheduler adds days of 24 hours,
/// so across a daylight-saving change the due instant is an hour off the rating's local time;
/// its day must still be the rating's day and that many days.
@Suite("A card's due day")
struct DueDayTests {
    private let london = TimeZone(identifier: "Europe/London")!

    private func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    private func card(ratedAt text: String, days: Int) throws -> ReviewCard {
        let rated = try date(text)
        return ReviewCard(due: rated.addingTimeInterval(Double(days) * 86_400), stability: 2, difficulty: 5, state: .review, lastReview: rated, reps: 1)
    }

    @Test("Rated at 23:30 the evening before clocks go forward, two days on is two days on, not three")
    func springForward() throws {
        // 2027-03-26 23:30 GMT; the clocks go forward on 2027-03-28, so 48 hours on is 00:30 BST on the 29th.
        let card = try card(ratedAt: "2027-03-26T23:30:00Z", days: 2)
        #expect(LocalDay(card.due, in: london).description == "2027-03-29")
        #expect(card.dueDay(in: london).description == "2027-03-28")
        var days = LocalDays(in: london)
        #expect(days.dueDay(of: card) == card.dueDay(in: london))
    }

    @Test("Rated at 00:30 the night before clocks go back, two days on is two days on, not one")
    func fallBack() throws {
        // 2027-10-30 00:30 BST is 2027-10-29 23:30 UTC; the clocks go back on 2027-10-31.
        let card = try card(ratedAt: "2027-10-29T23:30:00Z", days: 2)
        #expect(LocalDay(card.due, in: london).description == "2027-10-31")
        #expect(card.dueDay(in: london).description == "2027-11-01")
    }

    @Test("A due instant that is not whole days after the last rating falls due on its own day")
    func otherInstants() throws {
        let rated = try date("2027-03-26T23:30:00Z")
        // A day's noon (as a review cap's import places a card), before the rating, NaN, none.
        let noon = try date("2027-03-30T11:00:00Z")
        for card in [
            ReviewCard(due: noon, lastReview: rated),
            ReviewCard(due: rated.addingTimeInterval(-86_400), lastReview: rated),
            ReviewCard(due: Date(timeIntervalSince1970: .nan), lastReview: rated),
            ReviewCard(due: noon),
        ] {
            #expect(card.dueDay(in: london) == LocalDay(card.due, in: london))
        }
        // A hundred years on, and far beyond what is stored, without trapping.
        let far = ReviewCard(due: rated.addingTimeInterval(36_500 * 86_400), lastReview: rated)
        #expect(far.dueDay(in: london) == LocalDay(rated, in: london).adding(days: 36_500))
        let beyond = ReviewCard(due: Date(timeIntervalSince1970: 1e300), lastReview: rated)
        #expect(beyond.dueDay(in: london) == LocalDay(beyond.due, in: london))
    }

    @Test("The queue puts a card on its due day: due today on the day, not the next")
    func queueDay() throws {
        let card = try card(ratedAt: "2027-03-26T23:30:00Z", days: 2)
        var builder = ReviewQueue.Builder(catalog: .builtIn, scheduler: ReviewScheduler(), reviewCap: nil)
        builder.add(ProgressSummary(status: .solved, review: card), at: 0)
        let queue = builder.queue(now: try date("2027-03-28T12:00:00Z"), timeZone: london)
        #expect(queue.due.map(\.dueDay.description) == ["2027-03-28"])
        #expect(queue.due.first?.daysOverdue == 0)
    }
}
