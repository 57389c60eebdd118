import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Study plan: the days to an interview date")
struct StudyPlanTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// 2026-12-06, 09:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_547_600)
    static let today = LocalDay(now, in: utc)
    static let catalog = Catalog.builtIn

    /// Summaries of `solved` problems, each solved (rated good) `daysAgo` days before now.
    static func summaries(_ solved: [(slug: String, daysAgo: Int)], scheduler: ReviewScheduler) -> [String: ProgressSummary] {
        var result: [String: ProgressSummary] = [:]
        for (slug, daysAgo) in solved {
            var progress = ProblemProgress()
            progress.recordSolve(at: now.addingTimeInterval(-Double(daysAgo) * 86_400), rating: .good, scheduler: scheduler.fuzzed(for: slug))
            result[slug] = ProgressSummary(progress)
        }
        return result
    }

    static func planner(
        lists: [StudyList], days: Int, goal: Int?, solved: [(slug: String, daysAgo: Int)] = [], scheduler: ReviewScheduler = ReviewScheduler(),
        settings: PracticeSettings = PracticeSettings(), doneToday: Int = 0
    ) -> StudyPlanner {
        var settings = settings
        settings.dailyGoal = goal
        let target = StudyTarget(day: today.adding(days: days), lists: lists.map(\.key))
        return StudyPlanner(
            target: target, lists: lists, catalog: catalog, summaries: summaries(solved, scheduler: scheduler), settings: settings,
            doneToday: doneToday, scheduler: scheduler, now: now, timeZone: utc)
    }

    static func list(_ key: String) throws -> StudyList { try catalog.studyList(named: key) }

    /// Follows `plan` day by day with the scheduler's own model (learn the new problems, review the
    /// planned ones, each rated good at noon) and returns every problem's retrievability at noon
    /// on the date.
    static func follow(
        _ plan: StudyPlan, solved: [(slug: String, daysAgo: Int)], scheduler: ReviewScheduler
    ) -> [String: Double] {
        var cards = summaries(solved, scheduler: scheduler).compactMapValues { $0.reviewCard(using: scheduler) }
        for day in plan.days {
            let noon = day.day.noon(in: utc)
            #expect(Set(day.reviews).count == day.reviews.count, "a problem is reviewed at most once a day")
            for slug in day.reviews {
                guard let card = cards[slug] else {
                    Issue.record("\(slug) reviewed before it is learned")
                    continue
                }
                cards[slug] = scheduler.fuzzed(for: slug).review(card, rating: .good, at: noon)
            }
            for slug in day.new {
                #expect(cards[slug] == nil, "\(slug) learned twice")
                cards[slug] = scheduler.fuzzed(for: slug).newCard(rating: .good, at: noon)
            }
        }
        let date = plan.target.day.noon(in: utc)
        return cards.mapValues { scheduler.retrievability(of: $0, at: date) }
    }

    @Test("following the plan day by day, every problem of the lists is at the desired retention on the date, within the goal",
          arguments: [ReviewFuzzing.off, .seeded(7)])
    func followingThePlanReachesTheRetention(fuzzing: ReviewFuzzing) throws {
        let scheduler = try ReviewScheduler(desiredRetention: 0.9, fuzzing: fuzzing)
        let blind = try Self.list("blind-75")
        let solved = blind.slugs.prefix(20).enumerated().map { (slug: $0.element, daysAgo: 3 + $0.offset * 4) }
        let plan = Self.planner(lists: [blind], days: 60, goal: 6, solved: Array(solved), scheduler: scheduler).plan()
        #expect(plan.fits)
        #expect(plan.days.count == 60)
        #expect(plan.newCount == 55)
        for day in plan.days { #expect(day.total <= 6, "\(day.day) holds \(day.total)") }
        let recall = Self.follow(plan, solved: Array(solved), scheduler: scheduler)
        #expect(recall.count == 75)
        for (slug, value) in recall { #expect(value >= 0.9, "\(slug) at \(value) on the date") }
    }

    @Test("a plan with a desired retention of 0.95 and no goal reaches 0.95 too, spreading the new problems evenly")
    func higherRetentionWithoutGoal() throws {
        let scheduler = try ReviewScheduler(desiredRetention: 0.95, fuzzing: .seeded(3))
        let lists = [try Self.list("blind-75"), try Self.list("neetcode-150")]
        let plan = Self.planner(lists: lists, days: 365, goal: nil, scheduler: scheduler).plan()
        #expect(plan.fits)
        let news = plan.days.map(\.new.count)
        #expect(news.max()! - news.min()! <= 1)
        for (slug, value) in Self.follow(plan, solved: [], scheduler: scheduler) { #expect(value >= 0.95, "\(slug) at \(value)") }
    }

    @Test("a plan that cannot fit says by how much, the smallest goal and the earliest date that fit, and they do fit")
    func infeasiblePlanReportsWhatFits() throws {
        let blind = try Self.list("blind-75")
        let plan = Self.planner(lists: [blind], days: 10, goal: 3).plan()
        let shortfall = try #require(plan.shortfall)
        #expect(shortfall.problemsOver == 75 - plan.newCount)
        #expect(shortfall.problemsOver > 45)
        #expect(shortfall.neededPerDay > 7.5)
        let goal = try #require(shortfall.smallestGoal)
        #expect(Self.planner(lists: [blind], days: 10, goal: goal).plan().fits)
        #expect(!Self.planner(lists: [blind], days: 10, goal: goal - 1).plan().fits)
        let day = try #require(shortfall.earliestDay)
        let days = day.dayNumber - Self.today.dayNumber
        #expect(Self.planner(lists: [blind], days: days, goal: 3).plan().fits)
        #expect(!Self.planner(lists: [blind], days: days - 1, goal: 3).plan().fits)
    }

    @Test("a plan of two lists that does not fit names the list whose dropping makes it fit")
    func listsToDrop() throws {
        let blind = try Self.list("blind-75")
        let mine = StudyList(key: "mine", name: "Mine", slugs: ["two-sum", "fizz-buzz", "climbing-stairs"], isOwn: true)
        let plan = Self.planner(lists: [mine, blind], days: 20, goal: 3).plan()
        #expect(try #require(plan.shortfall).listsToDrop == ["blind-75"])
        #expect(Self.planner(lists: [mine], days: 20, goal: 3).plan().fits)
    }

    @Test("with premium no, paid-only problems are left out; skipped ones are too")
    func leavesOutPaidOnlyAndSkipped() throws {
        let paid = try #require((0..<Self.catalog.count).first { Self.catalog.paidOnly(at: $0) }.map(Self.catalog.slug(at:)))
        let list = StudyList(key: "mine", name: "Mine", slugs: ["two-sum", paid, "3sum"], isOwn: true)
        let plan = Self.planner(lists: [list], days: 5, goal: 3, settings: PracticeSettings(skipped: ["3sum"], premium: false)).plan()
        #expect(plan.paidOnlyLeftOut == 1)
        #expect(plan.skippedLeftOut == 1)
        #expect(plan.days.flatMap(\.new) == ["two-sum"])
    }

    @Test("what was done today counts against today's goal; the plan is the same on every run")
    func doneTodayAndDeterminism() throws {
        let blind = try Self.list("blind-75")
        let plan = Self.planner(lists: [blind], days: 40, goal: 4, doneToday: 3).plan()
        #expect(try #require(plan.todayShare).total <= 1)
        let again = Self.planner(lists: [blind], days: 40, goal: 4, doneToday: 3).plan()
        #expect(plan.days == again.days)
        #expect(plan.shortfall == again.shortfall)
    }

    @Test("a problem overdue for months is reviewed today, and a date of today plans today alone")
    func overdueAndToday() throws {
        let list = StudyList(key: "mine", name: "Mine", slugs: ["two-sum"], isOwn: true)
        let plan = Self.planner(lists: [list], days: 0, goal: nil, solved: [("two-sum", 200)]).plan()
        #expect(plan.days.count == 1)
        #expect(plan.days[0].reviews == ["two-sum"])
    }

    @Test("a target reads back as written; a bad date or no list does not decode")
    func targetCoding() throws {
        let settings = PracticeSettings(target: StudyTarget(day: try LocalDay(parsing: "2027-02-15"), lists: ["blind-75", "mine"]))
        let data = try JSONEncoder().encode(settings)
        #expect(String(decoding: data, as: UTF8.self).contains(#""date":"2027-02-15""#))
        #expect(try JSONDecoder().decode(PracticeSettings.self, from: data) == settings)
        for bad in [#"{"target":{"date":"2027-02-30","lists":["blind-75"]}}"#, #"{"target":{"date":"2027-02-15","lists":[]}}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(PracticeSettings.self, from: Data(bad.utf8)) }
        }
        #expect(throws: LeetTrackError.self) { try StudyTarget.day(from: "2026-12-05", today: Self.today) }
        #expect(throws: LeetTrackError.self) { try StudyTarget.day(from: "soon", today: Self.today) }
        #expect(try StudyTarget.day(from: "2026-12-06", today: Self.today) == Self.today)
        #expect(throws: LeetTrackError.self) { try StudyTarget.listNames(from: " , ") }
        #expect(try StudyTarget.listNames(from: "blind-75, grind-75,blind-75") == ["blind-75", "grind-75"])
    }

    @Test("a target set on one machine and a goal set on the other both survive sync")
    func targetSyncs() throws {
        let machines = SyncListsTests.Machines()
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        let target = StudyTarget(day: try LocalDay(parsing: "2027-02-15"), lists: ["blind-75"])
        try PracticeBook(store: machines.laptop, clock: .system).update { $0.target = target }
        try PracticeBook(store: machines.desktop, clock: .system).update { $0.dailyGoal = 4 }
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try machines.sync(machines.laptop)
        for machine in [machines.laptop, machines.desktop] {
            let settings = try PracticeBook(store: machine, clock: .system).settings()
            #expect(settings.target == target)
            #expect(settings.dailyGoal == 4)
        }
    }

    @Test("next --weakest takes the section with the lowest coverage and recall, and its first unsolved problem")
    func weakestSection() throws {
        let scheduler = ReviewScheduler()
        let groups = [(name: "Strong", slugs: ["two-sum", "3sum"]), (name: "Weak", slugs: ["lru-cache", "fizz-buzz", "climbing-stairs"])]
        let summaries = Self.summaries([("two-sum", 1), ("3sum", 1), ("lru-cache", 1)], scheduler: scheduler)
        let weakest = try #require(WeakestTopic.find(
            in: groups, catalog: Self.catalog, summaries: summaries, settings: PracticeSettings(), scheduler: scheduler, now: Self.now))
        #expect(weakest.group.name == "Weak")
        #expect(weakest.group.solved == 1)
        #expect(weakest.problem.slug == "fizz-buzz")
        #expect(!weakest.isRedo)
        // All solved: the most forgotten is offered to redo.
        let old = Self.summaries([("two-sum", 1), ("3sum", 90)], scheduler: scheduler)
        let redo = try #require(WeakestTopic.find(
            in: [groups[0]], catalog: Self.catalog, summaries: old, settings: PracticeSettings(), scheduler: scheduler, now: Self.now))
        #expect(redo.problem.slug == "3sum")
        #expect(redo.isRedo)
    }
}
