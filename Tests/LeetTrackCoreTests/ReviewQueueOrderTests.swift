import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("The review queue's order")
struct ReviewQueueOrderTests {
    /// A queue of `count` cards due at seeded instants from 60 days ago to 60 days ahead (some
    /// on the same instant, so that ties go by id), and what it should hold: every card sorted.
    private func queue(count: Int, seed: UInt64) throws -> (queue: ReviewQueue, sorted: [ReviewItem]) {
        let catalog = Catalog.builtIn
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let now = Date(timeIntervalSince1970: 1_764_680_400)  // 2025-12-02T13:00:00Z
        var random = SeededRandom(seed: seed)
        var builder = ReviewQueue.Builder(catalog: catalog, scheduler: ReviewScheduler(), reviewCap: nil)
        var expected: [ReviewItem] = []
        var positions = Set<Int>()
        while positions.count < count { positions.insert(Int(random.next() % UInt64(catalog.count))) }
        for position in positions {
            let offset = Double(Int(random.next() % 240) - 120) * 43_200  // Half days: instants repeat.
            let card = ReviewCard(due: now.addingTimeInterval(offset))
            builder.add(ProgressSummary(status: .solved, review: card), at: position)
            expected.append(ReviewItem(problem: catalog.problem(at: position), card: card, today: LocalDay(now, in: zone), timeZone: zone))
        }
        expected.sort { ($0.card.due, $0.problem.id) < ($1.card.due, $1.problem.id) }
        return (builder.queue(now: now, timeZone: zone), expected)
    }

    @Test("every card comes earliest due first, ties by id", arguments: [1, 2, 300])
    func items(count: Int) throws {
        let (queue, sorted) = try queue(count: count, seed: UInt64(count))
        #expect(queue.items == sorted)
        #expect(!queue.isEmpty)
    }

    @Test("the due cards, the next card, the coming days and what comes after them are cut from that order", arguments: [1, 2, 300])
    func parts(count: Int) throws {
        let (queue, sorted) = try queue(count: count, seed: UInt64(count) + 7)
        let today = queue.today.dayNumber
        #expect(queue.due == sorted.filter { $0.dueDay.dayNumber <= today })
        #expect(queue.duePositions.map(\.dueDay) == queue.due.map(\.dueDay))
        #expect(queue.next == sorted.first)
        for days in [-3, 0, 1, 7, 400] {
            #expect(queue.upcoming(days: days) == sorted.filter { $0.dueDay.dayNumber > today && $0.dueDay.dayNumber - today <= days })
            #expect(queue.first(dueAfter: days) == sorted.first { $0.dueDay.dayNumber - today > days })
        }
    }

    @Test("cards due days ahead get the days their zone gives, at the widest offsets too",
          arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "Pacific/Chatham", "America/New_York", "fixed+18", "fixed-18"])
    func farCards(zoneName: String) throws {
        let zone = try #require(zoneName.hasPrefix("fixed")
            ? TimeZone(secondsFromGMT: (zoneName.hasSuffix("+18") ? 1 : -1) * 18 * 3600) : TimeZone(identifier: zoneName))
        let catalog = Catalog.builtIn
        let now = Date(timeIntervalSince1970: 1_764_680_400)  // 2025-12-02T13:00:00Z
        var builder = ReviewQueue.Builder(catalog: catalog, scheduler: ReviewScheduler(), reviewCap: nil)
        var expected: [ReviewItem] = []
        // Every hour from a day ago to six days ahead: across today's end and the four days after
        // which a card is known to be due later without asking the zone.
        for hour in -24...(6 * 24) {
            let card = ReviewCard(due: now.addingTimeInterval(Double(hour) * 3600 + 1))
            let position = hour + 24
            builder.add(ProgressSummary(status: .solved, review: card), at: position)
            expected.append(ReviewItem(problem: catalog.problem(at: position), card: card, today: LocalDay(now, in: zone), timeZone: zone))
        }
        let queue = builder.queue(now: now, timeZone: zone)
        let today = queue.today.dayNumber
        #expect(queue.items == expected)
        #expect(queue.due == expected.filter { $0.dueDay.dayNumber <= today })
        #expect(queue.upcoming(days: 10) == expected.filter { $0.dueDay.dayNumber > today })
        #expect(queue.first(dueAfter: 4) == expected.first { $0.dueDay.dayNumber - today > 4 })
        #expect(queue.next == expected.first)
    }

    @Test("a queue whose cards are all far ahead is not empty, and its next card has its day")
    func onlyFarCards() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Kolkata"))
        let now = Date(timeIntervalSince1970: 1_764_680_400)
        var builder = ReviewQueue.Builder(catalog: .builtIn, scheduler: ReviewScheduler(), reviewCap: nil)
        let card = ReviewCard(due: now.addingTimeInterval(30 * 86_400))
        builder.add(ProgressSummary(status: .solved, review: card), at: 0)
        let queue = builder.queue(now: now, timeZone: zone)
        #expect(!queue.isEmpty)
        #expect(queue.dueCount == 0)
        #expect(queue.next?.dueDay == LocalDay(card.due, in: zone))
        #expect(queue.next?.daysOverdue == -30)
    }

    @Test("an empty queue has no next card and nothing due")
    func empty() throws {
        let queue = ReviewQueue.Builder(catalog: .builtIn, scheduler: ReviewScheduler(), reviewCap: nil).queue(now: Date(), timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(queue.isEmpty)
        #expect(queue.next == nil)
        #expect(queue.due.isEmpty)
        #expect(queue.first(dueAfter: 0) == nil)
    }
}
