import FoundationEssentials

extension StudyPlanner {
    /// A planner for `target` over `lists`, from the summaries `forEachSummary` hands over one at a
    /// time (as a store lends them): the lists' problems' summaries are kept, and every problem
    /// practised today counts against today's goal. `leettrack plan`, `today`'s plan line and
    /// `serve`'s Today page plan the same way through this one place.
    /// - Parameters:
    ///   - forEachSummary: calls its argument with each record's slug (UTF-8 bytes) and summary;
    ///     a missing store calls it for none.
    ///   - scheduler: the user's scheduler (``ReviewSettings/scheduler()``).
    /// - Complexity: O(records + events), plus what ``init(target:lists:catalog:summaries:settings:doneToday:scheduler:now:timeZone:)`` costs.
    public init(
        target: StudyTarget, lists: [StudyList], catalog: Catalog, settings: PracticeSettings, scheduler: ReviewScheduler, now: Date,
        timeZone: some UTCOffsetProvider,
        forEachSummary: ((_ slug: UnsafeRawBufferPointer, _ summary: ProgressSummary) throws -> Void) throws -> Void
    ) throws {
        let today = LocalDay(now, in: timeZone)
        let wanted = Set(lists.flatMap(\.slugs))
        var summaries: [String: ProgressSummary] = [:]
        var doneToday = 0
        try forEachSummary { slug, summary in
            if summary.events.contains(where: { LocalDay($0.date, in: timeZone) == today }) { doneToday += 1 }
            let slug = String(decoding: slug, as: UTF8.self)
            if wanted.contains(slug) { summaries[slug] = summary }
        }
        self.init(
            target: target, lists: lists, catalog: catalog, summaries: summaries, settings: settings, doneToday: doneToday,
            scheduler: scheduler, now: now, timeZone: timeZone)
    }
}
