import Foundation
import LeetTrackCore
import Testing

@Suite("FSRS ratings and stored cards")
struct FSRSCardAndRatingTests {
    @Test("Ratings parse from their words, ignoring case and spaces")
    func ratingsParse() {
        #expect(ReviewRating("again") == .again)
        #expect(ReviewRating("Hard") == .hard)
        #expect(ReviewRating(" GOOD\n") == .good)
        #expect(ReviewRating("easy") == .easy)
        #expect(ReviewRating.allCases.map(\.description) == ["again", "hard", "good", "easy"])
    }

    @Test("Anything but the four rating words is not a rating", arguments: ["", "ok", "3", "goo"])
    func otherWordsAreRejected(word: String) {
        #expect(ReviewRating(word) == nil)
    }

    @Test("Ratings carry the FSRS grades 1 to 4")
    func ratingGrades() {
        #expect(ReviewRating.allCases.map(\.grade) == [1, 2, 3, 4])
    }

    @Test("A card survives a JSON round trip unchanged")
    func cardRoundTripsThroughJSON() throws {
        let scheduler = ReviewScheduler()
        var card = scheduler.newCard(rating: .hard, at: fsrsEpoch.addingTimeInterval(0.123))
        card = scheduler.review(card, rating: .again, at: card.due)
        let decoded = try JSONDecoder().decode(
            ReviewCard.self, from: JSONEncoder().encode(card))
        #expect(decoded == card)
    }

    @Test("A card's JSON names its state in words")
    func cardStateIsReadableInJSON() throws {
        let card = ReviewScheduler().newCard(rating: .good, at: fsrsEpoch)
        let json = String(decoding: try JSONEncoder().encode(card), as: UTF8.self)
        #expect(json.contains(#""state":"review""#))
    }
}
