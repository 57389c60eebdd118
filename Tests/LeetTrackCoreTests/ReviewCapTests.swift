import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("A review cap and the load balancer")
struct ReviewCapTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = UTCTimestamp.date(from: "2026-03-20T12:00:00Z")!
    let scheduler = ReviewScheduler()
    let catalog = Catalog.builtIn

    /// A card last rated `daysAgo` days ago with `stability`, due `dueDaysAgo` days ago.
    func card(stability: Double, lastDaysAgo: Int, dueDaysAgo: Int) -> ReviewCard {
        ReviewCard(
            due: now.addingTimeInterval(Double(-dueDaysAgo) * 86_400), stability: stability, difficulty: 5, state: .review,
            lastReview: now.addingTimeInterval(Double(-lastDaysAgo) * 86_400), reps: 1)
    }

    /// A queue of the first `cards.count` problems of the catalog, each with its card.
    func queue(_ cards: [ReviewCard], cap: Int?) -> ReviewQueue {
        var builder = ReviewQueue.Builder(catalog: catalog, scheduler: scheduler, reviewCap: cap)
        for (position, card) in cards.enumerated() { builder.add(ProgressSummary(status: .solved, review: card), at: position) }
        return builder.queue(now: now, timeZone: utc)
    }

    @Test("above the cap, the day holds the most forgotten problems, most forgotten first")
    func cappedOrder() {
        // Stabilities 1...10, all last rated 10 days ago: the smallest stability is the most forgotten.
        let cards = (1...10).map { card(stability: Double($0), lastDaysAgo: 10, dueDaysAgo: 10 - $0 / 2) }
        let capped = queue(cards, cap: 3)
        #expect(capped.due.map(\.card.stability) == [1, 2, 3])
        #expect(capped.dueCount == 3)
        #expect(capped.waitingCount == 7)
        let retrievabilities = capped.due.map { scheduler.retrievability(of: $0.card, at: now) }
        #expect(retrievabilities == retrievabilities.sorted())
    }

    @Test("at or under the cap, and without one, the queue keeps its order, most overdue first")
    func uncappedOrder() {
        let cards = (1...5).map { card(stability: Double(6 - $0), lastDaysAgo: 10, dueDaysAgo: $0) }
        let plain = queue(cards, cap: nil)
        #expect(queue(cards, cap: 5).due == plain.due)
        #expect(queue(cards, cap: 1000).due == plain.due)
        #expect(plain.due.map(\.daysOverdue) == [5, 4, 3, 2, 1])
        #expect(plain.waitingCount == 0)
    }

    @Test("the waiting reviews fill the next days at most the cap a day, each problem once")
    func upcomingSpread() {
        let overdue = (0..<25).map { card(stability: Double($0 + 1), lastDaysAgo: 30, dueDaysAgo: 1 + $0 % 5) }
        let coming = (0..<6).map { card(stability: 50, lastDaysAgo: 1, dueDaysAgo: -1 - $0 % 3) }
        let capped = queue(overdue + coming, cap: 4)
        #expect(capped.due.count == 4)
        let upcoming = capped.upcoming(days: 30)
        var perDay: [LocalDay: Int] = [:]
        for item in upcoming { perDay[item.dueDay, default: 0] += 1 }
        #expect(perDay.values.allSatisfy { $0 <= 4 })
        let slugs = (capped.due + upcoming).map(\.problem.slug)
        #expect(Set(slugs).count == slugs.count)
        #expect(slugs.count == overdue.count + coming.count)
        // Days are filled without gaps while reviews wait.
        #expect(upcoming.first?.dueDay == capped.today.adding(days: 1))
    }

    @Test("the load balancer picks the least loaded day of the fuzz range, never today, and the same day every time")
    func balancing() throws {
        let rated = scheduler.newCard(rating: .easy, at: now)  // 8 days: a range of 6 to 10.
        let interval = try #require(rated.stability.map(scheduler.interval(forStability:)))
        let (minimum, maximum) = scheduler.fuzzRange(interval)
        #expect(minimum >= 2)
        var load = ReviewLoad()
        let today = LocalDay(now, in: utc)
        for offset in minimum...maximum where offset != maximum {
            for _ in 0..<3 { load.add(on: today.adding(days: offset)) }
        }
        let balanced = scheduler.balanced(rated, ratedAt: now, load: load, timeZone: utc)
        #expect(LocalDay(balanced.due, in: utc) == today.adding(days: maximum))
        #expect(scheduler.balanced(rated, ratedAt: now, load: load, timeZone: utc) == balanced)
        // With no load anywhere, the scheduler's own day.
        #expect(scheduler.balanced(rated, ratedAt: now, load: ReviewLoad(), timeZone: utc) == rated)
        // Short intervals have no range to move in.
        let again = scheduler.newCard(rating: .again, at: now)
        #expect(scheduler.balanced(again, ratedAt: now, load: load, timeZone: utc) == again)
        #expect(LocalDay(again.due, in: utc) > today)
    }

    @Test("a rating with a cap spreads problems solved together over the fuzz range; without one it is the scheduler's date")
    func ratingSpreads() throws {
        let folder = try TemporaryFolder("leettrack-cap")
        let store = try Store.sqlite(path: folder.path("store.sqlite"))
        let book = ReviewBook(store: store, clock: .system, timeZone: utc)
        let slugs = Array(catalog.problems.prefix(12).map(\.slug))
        let start = now.addingTimeInterval(-30 * 86_400)
        try book.repository.update(slugs) { _, record in record.recordSolve(at: start, rating: .good, scheduler: scheduler) }
        // Without a cap: exactly the scheduler's dates.
        let plain = try book.rate(catalog.problem(withSlug: slugs[0])!, .easy, at: now)
        #expect(plain.after == scheduler.review(plain.before, rating: .easy, at: now))

        var settings = try book.settings()
        try settings.set(.reviewCap, to: "5")
        try book.save(settings)
        var days: [LocalDay] = []
        for slug in slugs.dropFirst() {
            let result = try book.rate(catalog.problem(withSlug: slug)!, .easy, at: now)
            days.append(LocalDay(result.after.due, in: utc))
            let exact = scheduler.review(result.before, rating: .easy, at: now)
            let interval = scheduler.interval(forStability: try #require(exact.stability))
            let range = scheduler.fuzzRange(interval)
            let offset = LocalDay(result.after.due, in: utc).dayNumber - LocalDay(now, in: utc).dayNumber
            #expect((range.minimum...range.maximum).contains(offset))
            #expect(result.after.stability == exact.stability)
        }
        // Eleven problems rated alike land on more than one day.
        #expect(Set(days).count > 1)
        let perDay = Dictionary(grouping: days, by: { $0 }).mapValues(\.count)
        #expect(perDay.values.max()! - perDay.values.min()! <= 1)
    }

    @Test("the cap is a validated, stored setting: 1 to 1000 or none")
    func setting() throws {
        var settings = ReviewSettings()
        #expect(settings.value(of: .reviewCap) == "none")
        try settings.set(.reviewCap, to: "20")
        #expect(settings.reviewCap == 20)
        for bad in ["0", "1001", "-3", "ten", "", "99999999999999999999"] {
            #expect(throws: LeetTrackError.self) { try settings.set(.reviewCap, to: bad) }
        }
        #expect(settings.reviewCap == 20)
        try settings.set(.reviewCap, to: "none")
        #expect(settings.reviewCap == nil)
        let data = Data(#"{"reviewCap": 0}"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(ReviewSettings.self, from: data) }
        // Without a cap the stored form is the one it always was.
        let encoded = try JSONEncoder().encode(ReviewSettings())
        #expect(!String(decoding: encoded, as: UTF8.self).contains("reviewCap"))
    }
}

@Suite("Paid-only problems without Premium")
struct PremiumTests {
    let catalog = Catalog.builtIn

    @Test("next passes over paid-only problems with premium no, and offers them with yes")
    func next() throws {
        let firstPaid = catalog.problems.first(where: \.paidOnly)
        let paid = try #require(firstPaid)
        let firstFree = catalog.problems.first(where: { !$0.paidOnly })
        let free = try #require(firstFree)
        let slugs = [paid.slug, free.slug]
        let none: [String: ProblemProgress] = [:]
        #expect(catalog.nextProblem(in: slugs, progress: none, skipped: [])?.slug == paid.slug)
        #expect(catalog.nextProblem(in: slugs, progress: none, skipped: [], premium: false)?.slug == free.slug)
        #expect(catalog.nextProblem(in: [paid.slug], progress: none, skipped: [], premium: false) == nil)
    }

    @Test("the setting reads yes or no, keeps its stored form when yes, and survives a round trip")
    func setting() throws {
        #expect(try PracticeSettings.premium(from: "no") == false)
        #expect(try PracticeSettings.premium(from: " YES ") == true)
        #expect(throws: LeetTrackError.self) { try PracticeSettings.premium(from: "maybe") }
        let encoded = String(decoding: try JSONEncoder().encode(PracticeSettings()), as: UTF8.self)
        #expect(!encoded.contains("premium"))
        let without = PracticeSettings(premium: false)
        #expect(try JSONDecoder().decode(PracticeSettings.self, from: try JSONEncoder().encode(without)) == without)
    }
}

@Suite("Sync of the premium setting")
struct PremiumSyncTests {
    typealias Parts = SyncPracticeTests

    /// A side whose premium setting was changed at `premium` (or only as of `since`).
    static func side(_ premium: Bool, goal: Int? = nil, changed: Int64, since: Int64, premiumStamp: Int64?, _ node: String) -> SyncValueMerge.Side {
        var parts = Parts.parts(since: since, node)
        parts.premium = premiumStamp.map { Parts.stamp($0, node) }
        return Parts.side(PracticeSettings(dailyGoal: goal, premium: premium), changed: changed, parts: parts, node)
    }

    @Test("premium goes to the side that changed it last, while a goal set on the other survives")
    func laterWins() {
        let laptop = Self.side(false, changed: 20, since: 10, premiumStamp: 20, "a")
        var goalStamps = Parts.parts(since: 10, goal: 25, "b")
        goalStamps.premium = nil
        let desktopWithGoal = Parts.side(PracticeSettings(dailyGoal: 3), changed: 25, parts: goalStamps, "b")
        #expect(Parts.merged(laptop, desktopWithGoal) == PracticeSettings(dailyGoal: 3, premium: false))
        let later = Self.side(true, changed: 30, since: 10, premiumStamp: 30, "b")
        #expect(Parts.merged(laptop, later)?.premium == true)
    }

    @Test("merging with premium stays commutative, associative and idempotent; equal stamps fall to no")
    func laws() {
        let sides = [
            Self.side(false, changed: 20, since: 10, premiumStamp: 20, "a"),
            Self.side(true, changed: 20, since: 10, premiumStamp: 20, "a"),
            // Records in canonical form: no per-part stamps when nothing is newer than the last change.
            Parts.side(PracticeSettings(dailyGoal: 2), changed: 15, "b"),
            Parts.side(PracticeSettings(premium: false), changed: 12, "c"),
            Parts.side(nil, changed: nil),
        ]
        for a in sides {
            #expect(Parts.same(Parts.merge(a, a), a))
            for b in sides {
                let ab = Parts.merge(a, b)
                #expect(Parts.same(ab, Parts.merge(b, a)))
                for c in sides { #expect(Parts.same(Parts.merge(ab, c), Parts.merge(a, Parts.merge(b, c)))) }
            }
        }
        #expect(Parts.merged(sides[0], sides[1])?.premium == false)
    }
}
