import FoundationEssentials
import LeetTrackCore
import Persistence

/// The Today page's reads and the Lists page's changes: the same LeetTrackCore calls as
/// `leettrack today` and `leettrack lists create|add|remove|rename|delete`, with their checks and
/// messages.
extension ServerModel {
    /// The day's plan as `leettrack today --json` gives it (reviews due, the followed list's next
    /// problem, which passes over paid-only problems with `config premium no`, the streak, the goal
    /// and the daily question the store keeps), with the followed list's name and the plan's line
    /// when a target date is set. Nothing here asks LeetCode: the daily question is the one
    /// `today`, `leetcode daily` or `leetcode pull` kept.
    func today(damaged: inout [String]) throws -> TodayPageJSON {
        let settings = try tracker.practice.settings()
        var warnings: [String] = []
        var followed: StudyList?
        if let key = settings.followedList {
            do {
                followed = try tracker.lists.list(named: key, in: catalog)
            } catch LeetTrackError.unknownList {
                // As `today` says it: the plan still shows the reviews, the streak and the goal.
                warnings.append(ListMessages().followedListGone(key))
            }
        }
        let review = try tracker.reviews.settings()
        let scheduler = try review.scheduler()
        let now = self.now
        var builder = TodayPlan.Builder(catalog: catalog, scheduler: scheduler, reviewCap: review.reviewCap, timeZone: tracker.timeZone)
        damaged += try repository.forEachReadableSummary { slug, summary in builder.add(summary, slug: slug) }.map(\.key)
        let daily: LeetCodeDaily? = try tracker.store.value(for: LeetCodeDaily.key)
        let plan = try builder.plan(record: { slug in
            do {
                let record = try repository.progress(for: slug)
                return record.isEmpty ? nil : record
            } catch PersistenceError.undecodable(let key, _) {
                damaged.append(key)
                return nil
            }
        }, settings: settings, followed: followed, daily: daily, now: now)
        var page = TodayPageJSON(today: TodayJSON(plan), followedName: followed?.name, premium: settings.premium)
        if let target = settings.target, target.day < LocalDay(now, in: tracker.timeZone) {
            warnings.append(ListMessages().targetPassed(target))
        } else if let target = settings.target {
            do {
                page.plan = try planLine(target, settings: settings, scheduler: scheduler, now: now, damaged: &damaged)
            } catch LeetTrackError.unknownList(let key, _) {
                warnings.append(ListMessages().targetListGone(key, of: target))
            }
        }
        page.warnings = warnings
        return page
    }

    /// `today`'s plan line: today's share of the plan toward `target` and how far behind it is.
    private func planLine(
        _ target: StudyTarget, settings: PracticeSettings, scheduler: ReviewScheduler, now: Date, damaged: inout [String]
    ) throws -> PlanLineJSON {
        let lists = try target.lists.map { try tracker.lists.list(named: $0, in: catalog) }
        var left: [String] = []
        let plan = try StudyPlanner(
            target: target, lists: lists, catalog: catalog, settings: settings, scheduler: scheduler, now: now, timeZone: tracker.timeZone
        ) { body in left = try repository.forEachReadableSummary(body).map(\.key) }
        .plan(searchingAlternatives: false)  // The line says how far behind, not what would fit.
        damaged += left
        let share = plan.todayShare
        let behind = plan.shortfall.map { $0.problemsOver + $0.reviewsOver }
        return PlanLineJSON(target: plan.target.day.description, new: share?.new.count ?? 0, reviews: share?.reviews.count ?? 0, behind: behind)
    }

    /// A change to the user's own lists, as `leettrack lists` makes it: `lists create NAME`
    /// (`add` and `remove` take problems as the command line names them: ids, slugs or titles).
    func changeList(_ change: ListChange) throws -> ListChangeJSON {
        let lists = tracker.lists
        // The page escapes the names it shows, so they go into the sentences as they are.
        let messages = ListMessages()
        let list: StudyList
        var message: String
        switch change {
        case .create(let name):
            list = try lists.create(name, in: catalog, at: now)
            message = messages.created(list)
        case .rename(let old, let new):
            let oldName = try lists.list(named: old, in: catalog).name
            list = try lists.rename(old, to: new, in: catalog)
            message = messages.renamed(from: oldName, to: list)
        case .delete(let name):
            let followed = try tracker.practice.settings().followedList == (try lists.list(named: name, in: catalog)).key
            list = try lists.delete(name, in: catalog)
            message = messages.deleted(list, wasFollowed: followed)
        case .move(let name, let problemName, let place):
            let problem = try catalog.resolve(problemName)
            let result = try lists.move(problem.slug, to: place, in: name, in: catalog)
            list = result.list
            message = messages.moved(problem, to: place, result)
        case .reorder(let name, let place):
            let placement = try lists.reorder(name, to: place, in: catalog)
            list = placement.list
            message = messages.reordered(placement, to: place)
        case .add(let name, let problems), .remove(let name, let problems):
            let resolved = try catalog.resolve(problems)
            let adding = if case .add = change { true } else { false }
            let result = adding
                ? try lists.add(resolved.map(\.slug), to: name, in: catalog)
                : try lists.remove(resolved.map(\.slug), from: name, in: catalog)
            list = result.list
            message = messages.membership(resolved.map { ($0.slug, messages.name($0)) }, result, adding: adding).joined(separator: " ")
        }
        var damaged: [String] = []
        let marks = try self.lists(damaged: &damaged)
        return ListChangeJSON(message: message, list: marks.first { $0.key == list.key }, lists: marks)
    }
}

/// A change `POST /api/lists`, `PUT|DELETE /api/lists/KEY` or `POST /api/lists/KEY/add|remove` asks for.
enum ListChange {
    case create(String)
    case rename(String, to: String)
    case delete(String)
    case add(String, [String])
    case remove(String, [String])
    /// A problem of the list put at a place (1 is the first), as `lists move` does.
    case move(String, problem: String, place: Int)
    /// An own list put at a place among the own lists (1 is the first), as `lists reorder` does.
    case reorder(String, place: Int)
}

/// The answer to a list change: what `leettrack lists` would have said, the list after it (absent
/// once deleted) and every list with its counts, for the page to redraw.
struct ListChangeJSON: Encodable {
    var message: String
    var list: ListSummaryJSON?
    var lists: [ListSummaryJSON]
}

/// `GET /api/today`: `today --json`, the followed list's name, whether paid-only problems are
/// offered, the plan's line and warnings (a followed or target list that no longer exists).
struct TodayPageJSON: Encodable {
    var today: TodayJSON
    var followedName: String?
    var premium: Bool
    var plan: PlanLineJSON?
    var warnings: [String] = []
}

/// `today`'s plan line: the target date, today's new problems and reviews, and how many are
/// behind (absent when on track).
struct PlanLineJSON: Encodable {
    var target: String
    var new: Int
    var reviews: Int
    var behind: Int?
}
