import FoundationEssentials
import LeetTrackCore
import TerminalUI

extension Browser {
    /// Opens the start view (key `T`, and where the screen opens): the day's plan, from the
    /// records on screen and the stored settings.
    mutating func openToday() {
        today = makeTodayPlan()
        screen = .today
    }

    /// The day's plan; a setting that cannot be read is said in the footer, and the plan shows
    /// what it can without it.
    mutating func makeTodayPlan() -> TodayPlan {
        var settings = PracticeSettings()
        var followed: StudyList?
        var scheduler = ReviewScheduler()
        var reviewCap: Int?
        var daily: LeetCodeDaily?
        do {
            settings = try tracker.practice.settings()
            let review = try tracker.reviews.settings()
            scheduler = try review.scheduler()
            reviewCap = review.reviewCap
            daily = try tracker.store.value(for: LeetCodeDaily.key)
            if let key = settings.followedList { followed = try tracker.lists.list(named: key, in: catalog) }
        } catch LeetTrackError.unknownList(let name, _) {
            message = Message(text: "The followed list '\(name)' no longer exists; `leettrack config follow LIST` picks another", isError: true)
        } catch {
            message = Message(text: "Could not read the settings: \(error)", isError: true)
        }
        return TodayPlan(
            catalog: catalog, progress: progress, scheduler: scheduler, reviewCap: reviewCap, settings: settings, followed: followed,
            daily: daily, now: now(), timeZone: timeZone)
    }

    /// Keys on the start view: Enter opens the next problem, `r` the reviews, `T` or Esc the list,
    /// `q` quits; any other key is the list's (the view steps aside for it).
    mutating func handleTodayKey(_ key: KeyEvent) -> UpdateResult {
        switch key {
        case .character("q"):
            return .quit
        case .character("T"), KeyEvent(.escape):
            screen = .list
        case KeyEvent(.enter):
            guard let next = today?.next, let position = catalog.position(ofSlug: next.slug) else {
                screen = .list
                return .running
            }
            reveal(position)
            screen = .details
            detailsOffset = 0
        default:
            screen = .list
            return handleListKey(key)
        }
        return .running
    }
}
