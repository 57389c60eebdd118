import FoundationEssentials

/// Makes a ``StudyPlan`` by simulating the days from today to the target date with the user's own
/// scheduler (parameters, desired retention, maximum interval and fuzz): each planned problem is
/// learned (rated good) and each card reviewed (rated good) on its planned day, at noon, exactly as
/// ``ReviewScheduler`` would schedule it, so the due dates the plan shows are the ones the review
/// queue will show when it is followed.
///
/// The rules, in order:
/// 1. **Reviews** fall on the day their card is due (overdue ones today). A day whose reviews are
///    more than the goal takes the most forgotten (lowest retrievability) and leaves the rest for
///    the next day, as `config review-cap` does.
/// 2. **New problems** are taken in the lists' order (as `next` takes them), passing over skipped
///    ones and, with `config premium no`, paid-only ones. They are spread evenly over the days up
///    to the day before the date, each day's new problems plus its reviews at most the daily goal;
///    when even spreading leaves some out, each day takes as many as the goal leaves room for.
/// 3. **Before the date**, each card whose retrievability on the date would be below the desired
///    retention gets one more review: on the latest day before the date with room that brings it
///    to the retention.
///
/// - Complexity: O(n log d + r + x·d) per simulation for n problems, d days, r reviews and x cards
///   needing a review before the date; a plan that does not fit runs some 25 more simulations
///   (binary searches for the smallest goal and the earliest date, one per list to drop).
public struct StudyPlanner {
    /// One problem of the target's lists.
    struct Candidate {
        /// Its slug.
        var slug: String
        /// The indices of the target's lists it is in.
        var lists: [Int]
        /// Its card, for a solved problem; `nil` for one to learn.
        var card: ReviewCard?
        /// Whether it was first solved today (it counts as one of today's new problems).
        var learnedToday: Bool
        /// The scheduler for it (fuzzed by its slug, as the review queue does).
        var scheduler: ReviewScheduler
    }

    private let candidates: [Candidate]
    private let target: StudyTarget
    private let today: LocalDay
    private let timeZone: any UTCOffsetProvider
    private let scheduler: ReviewScheduler
    private let dailyGoal: Int?
    private let doneToday: Int
    private let paidOnlyLeftOut: Int
    private let skippedLeftOut: Int
    private let solvedCount: Int

    /// A planner for `target` over `lists` (the target's, looked up), from the records' summaries.
    /// - Parameters:
    ///   - summaries: the summaries of (at least) the lists' problems, by slug.
    ///   - doneToday: problems practised today (they count against today's goal).
    ///   - scheduler: the user's scheduler (``ReviewSettings/scheduler()``).
    ///   - now: the current instant; the plan starts on its day in `timeZone`.
    public init(
        target: StudyTarget, lists: [StudyList], catalog: Catalog, summaries: [String: ProgressSummary], settings: PracticeSettings,
        doneToday: Int, scheduler: ReviewScheduler, now: Date, timeZone: some UTCOffsetProvider
    ) {
        let today = LocalDay(now, in: timeZone)
        let skipped = Set(settings.skipped)
        var index: [String: Int] = [:]
        var candidates: [Candidate] = []
        var (paidOnly, skippedCount, solved) = (0, 0, 0)
        for (listIndex, list) in lists.enumerated() {
            for slug in list.slugs {
                if let known = index[slug] {
                    if candidates[known].lists.last != listIndex { candidates[known].lists.append(listIndex) }
                    continue
                }
                guard let position = catalog.position(ofSlug: slug) else { continue }
                let summary = summaries[slug]
                let fuzzed = scheduler.fuzzed(for: slug)
                if summary?.status == .solved, let card = summary?.reviewCard(using: fuzzed) {
                    solved += 1
                    let firstSolve = summary?.events.first { $0.kind == .solved }.map { LocalDay($0.date, in: timeZone) }
                    index[slug] = candidates.count
                    candidates.append(Candidate(slug: slug, lists: [listIndex], card: card, learnedToday: firstSolve == today, scheduler: fuzzed))
                    continue
                }
                // Unsolved: learned by the plan, unless `next` would pass over it.
                if skipped.contains(slug) {
                    skippedCount += 1
                } else if !settings.premium, catalog.paidOnly(at: position) {
                    paidOnly += 1
                } else {
                    index[slug] = candidates.count
                    candidates.append(Candidate(slug: slug, lists: [listIndex], card: nil, learnedToday: false, scheduler: fuzzed))
                }
            }
        }
        self.candidates = candidates
        self.target = target
        self.today = today
        self.timeZone = timeZone
        self.scheduler = scheduler
        self.dailyGoal = settings.dailyGoal
        self.doneToday = doneToday
        self.paidOnlyLeftOut = paidOnly
        self.skippedLeftOut = skippedCount
        self.solvedCount = solved
    }

    /// The plan; when it does not fit, with the shortfall and what would fit.
    /// - Parameter searchingAlternatives: whether to search what would fit (the smallest goal, the
    ///   earliest date, lists to drop): some dozens of whole simulations, which `today`'s line,
    ///   showing only how far behind the plan is, does without. Without the search the shortfall's
    ///   `earliestDay` and `smallestGoal` are `nil` and `listsToDrop` empty.
    public func plan(searchingAlternatives: Bool = true) -> StudyPlan {
        let all = Array(candidates.indices)
        let run = bestRun(of: all, until: target.day, goal: dailyGoal)
        let shortfall = run.fits ? nil : self.shortfall(of: run, searchingAlternatives: searchingAlternatives)
        let days = run.days.enumerated().map { offset, day in
            StudyPlan.Day(
                day: today.adding(days: offset), new: day.new.map { candidates[$0].slug }, reviews: day.reviews.map { candidates[$0].slug })
        }
        return StudyPlan(
            target: target, today: today, dailyGoal: dailyGoal, desiredRetention: scheduler.desiredRetention, days: days,
            problemCount: candidates.count + paidOnlyLeftOut + skippedLeftOut, solvedCount: solvedCount, paidOnlyLeftOut: paidOnlyLeftOut,
            skippedLeftOut: skippedLeftOut, doneToday: doneToday, shortfall: shortfall)
    }

    /// By how much `run` (the plan with the user's goal) does not fit, and what would.
    private func shortfall(of run: Run, searchingAlternatives: Bool) -> StudyPlan.Shortfall {
        let all = Array(candidates.indices)
        let unbounded = simulate(all, until: target.day, goal: nil, paced: true)
        let work = unbounded.days.reduce(0) { $0 + $1.new.count + $1.reviews.count }
        guard searchingAlternatives else {
            return StudyPlan.Shortfall(
                problemsOver: run.unlearned, reviewsOver: run.reviewsOver, neededPerDay: Double(work) / Double(unbounded.days.count),
                earliestDay: nil, smallestGoal: nil, listsToDrop: [])
        }
        // The smallest goal and the earliest date: fitting only gets easier with a larger goal
        // or a later date, so each is a binary search.
        var smallestGoal: Int?
        var (low, high) = ((dailyGoal ?? 0) + 1, PracticeSettings.dailyGoalRange.upperBound)
        while low <= high {
            let middle = (low + high) / 2
            if bestRun(of: all, until: target.day, goal: middle).fits {
                smallestGoal = middle
                high = middle - 1
            } else {
                low = middle + 1
            }
        }
        var earliestDay: LocalDay?
        var (first, last) = (1, StudyPlan.Shortfall.searchedDays)
        while first <= last {
            let middle = (first + last) / 2
            let day = target.day.adding(days: middle)
            if bestRun(of: all, until: day, goal: dailyGoal).fits {
                earliestDay = day
                last = middle - 1
            } else {
                first = middle + 1
            }
        }
        var listsToDrop: [String] = []
        if target.lists.count > 1 {
            for (listIndex, key) in target.lists.enumerated() {
                let kept = all.filter { candidates[$0].lists.contains { $0 != listIndex } }
                if bestRun(of: kept, until: target.day, goal: dailyGoal).fits { listsToDrop.append(key) }
            }
        }
        return StudyPlan.Shortfall(
            problemsOver: run.unlearned, reviewsOver: run.reviewsOver, neededPerDay: Double(work) / Double(unbounded.days.count),
            earliestDay: earliestDay, smallestGoal: smallestGoal, listsToDrop: listsToDrop)
    }

    /// The evenly spread plan when it fits, else the one that learns as early as the goal allows.
    private func bestRun(of problems: [Int], until day: LocalDay, goal: Int?) -> Run {
        let paced = simulate(problems, until: day, goal: goal, paced: true)
        if paced.fits || goal == nil { return paced }
        let greedy = simulate(problems, until: day, goal: goal, paced: false)
        return greedy.fits || greedy.unlearned < paced.unlearned ? greedy : paced
    }

    /// One simulated plan: each day's new problems and reviews, by candidate index.
    struct Run {
        var days: [(new: [Int], reviews: [Int])]
        /// Problems left unlearned by the day before the date.
        var unlearned: Int
        /// Reviews before the date that no day had room for.
        var reviewsOver: Int
        var fits: Bool { unlearned == 0 && reviewsOver == 0 }
    }

    /// Simulates the days from today to the day before `end` (today alone when `end` is today).
    /// - Parameter paced: spread new problems evenly; else learn as many as the goal leaves room for.
    func simulate(_ problems: [Int], until end: LocalDay, goal: Int?, paced: Bool) -> Run {
        let dayCount = max(1, end.dayNumber - today.dayNumber)
        let instants = (0..<dayCount).map { today.adding(days: $0).noon(in: timeZone) }
        let dateInstant = end.noon(in: timeZone)
        var cards = [ReviewCard?](repeating: nil, count: candidates.count)
        var lastDay = [Int](repeating: -1, count: candidates.count)
        var buckets = [[Int]](repeating: [], count: dayCount)
        var days = [(new: [Int], reviews: [Int])](repeating: ([], []), count: dayCount)
        /// Files a card under the day it falls due, if before the date (and never twice on one day).
        func file(_ index: Int, after day: Int) {
            guard let card = cards[index] else { return }
            let due = card.dueDay(in: timeZone).dayNumber - today.dayNumber
            if due < dayCount { buckets[max(day + 1, due)].append(index) }
        }
        var toLearn: [Int] = []
        var learnedToday = 0
        for index in problems {
            let candidate = candidates[index]
            if let card = candidate.card {
                cards[index] = card
                if candidate.learnedToday { learnedToday += 1 }
                file(index, after: -1)
            } else {
                toLearn.append(index)
            }
        }
        // Room left today: the goal counts what was already done today.
        func room(_ day: Int) -> Int { goal.map { max(0, $0 - (day == 0 ? doneToday : 0)) } ?? .max }
        var next = 0
        var reviewsOver = 0
        // Reviews a full day could not hold, most forgotten first the next day (as `review-cap` does).
        var waiting: [Int] = []
        for day in 0..<dayCount {
            var due = waiting + buckets[day]
            waiting = []
            if due.count > room(day) {
                let recall = Dictionary(uniqueKeysWithValues: due.map { index in
                    (index, cards[index].map { scheduler.retrievability(of: $0, at: instants[day]) } ?? 0)
                })
                due.sort { (recall[$0] ?? 0, $0) < (recall[$1] ?? 0, $1) }
                waiting = Array(due[room(day)...])
                due = Array(due[..<room(day)])
            }
            for index in due {
                guard let card = cards[index] else { continue }
                cards[index] = candidates[index].scheduler.review(card, rating: .good, at: instants[day])
                lastDay[index] = day
                file(index, after: day)
            }
            days[day].reviews = due
            let remaining = toLearn.count - next
            var count = remaining
            if paced {
                // Today's share counts the problems already learned today.
                let alreadyToday = day == 0 ? learnedToday : 0
                let share = (remaining + alreadyToday + (dayCount - day) - 1) / (dayCount - day)
                count = min(remaining, max(0, share - alreadyToday))
            }
            count = min(count, max(0, room(day) - days[day].reviews.count))
            for index in toLearn[next..<(next + count)] {
                cards[index] = candidates[index].scheduler.newCard(rating: .good, at: instants[day])
                lastDay[index] = day
                file(index, after: day)
            }
            days[day].new = Array(toLearn[next..<(next + count)])
            next += count
        }
        // The review just before the date, for the cards that would be below the retention on it.
        let retention = scheduler.desiredRetention
        for index in problems {
            guard let card = cards[index], scheduler.retrievability(of: card, at: dateInstant) < retention else { continue }
            let earliest = max(0, lastDay[index] + 1)
            guard earliest < dayCount else { continue }
            var chosen: Int?
            for day in stride(from: dayCount - 1, through: earliest, by: -1) where days[day].new.count + days[day].reviews.count < room(day) {
                let reviewed = candidates[index].scheduler.review(card, rating: .good, at: instants[day])
                if scheduler.retrievability(of: reviewed, at: dateInstant) >= retention {
                    chosen = day
                    break
                }
            }
            // No day has room: the review still goes on the day before the date, over the goal.
            if chosen == nil { reviewsOver += 1 }
            days[chosen ?? dayCount - 1].reviews.append(index)
        }
        return Run(days: days, unlearned: toLearn.count - next, reviewsOver: reviewsOver)
    }
}
