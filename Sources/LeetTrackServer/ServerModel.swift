import FoundationEssentials
import LeetTrackCore
import NIOConcurrencyHelpers
import NIOCore
import Persistence

/// Every read and write the server makes, in one place, with the same LeetTrackCore calls and the
/// same JSON shapes as the command line's `--json`. The routes know nothing else about the store,
/// so moving to another session type is a change to this file only.
///
/// Its methods block on store I/O: the server calls them on its thread pool, never on an event loop.
public final class ServerModel: Sendable {
    /// The store's path, for messages and for the token file beside it.
    public let storePath: String
    /// The session: the store, its catalog, the clock every write reads and the time zone every "today" is in.
    let tracker: Tracker
    private let fullList: FullListJSON
    /// The store's notices, each noted once (by the full list) and passed on to `onChange`.
    private let watch = NIOLockedValueBox<ObservationToken?>(nil)
    /// The records the full list's reads left out because they do not decode, by key.
    private let fullListDamaged = NIOLockedValueBox<[String]>([])

    /// The model of `tracker`, whose store is the one at `storePath`; `onChange` is called after
    /// each change to the store, by this process or another, once the full list knows of it (a
    /// page that refetches on the call reads the change).
    public init(storePath: String, tracker: Tracker, onChange: @escaping @Sendable () -> Void) {
        self.storePath = storePath
        self.tracker = tracker
        let fullList = FullListJSON(catalog: tracker.catalog) { HTTPHandler.encode($0) }
        self.fullList = fullList
        watch.withLockedValue {
            $0 = tracker.store.observeChanges { (change: StoreChange) in
                fullList.note(change)
                onChange()
            }
        }
    }

    deinit {
        stopObserving()
    }

    /// Stops following the store's changes (the server is stopping).
    public func stopObserving() {
        // Cancelled after the lock: cancelling releases the observer's handler, whose captures'
        // deinits must not run under it.
        let token = watch.withLockedValue { token -> ObservationToken? in
            defer { token = nil }
            return token
        }
        token?.cancel()
    }

    /// The whole catalog as `leettrack list --json` gives it, encoded: the page's first request,
    /// the largest. Served from memory; after a change to the store (here or in another process)
    /// only the changed records are read and their rows encoded again (see ``FullListJSON``).
    ///
    /// A record that does not decode is left out (its row shows no progress) and its key added to
    /// `damaged`. The body carries its version's tag and gzip (see ``CachedBody``).
    func fullListJSON(damaged: inout [String]) throws -> CachedBody {
        let json = try fullList.json { slugs in
            let readable = try slugs.map(repository.readableProgress(ofSlugs:)) ?? repository.readableProgress { _ in true }
            fullListDamaged.withLockedValue { damaged in
                // What was known of the records read again (all of them without `slugs`) is replaced.
                let reread = slugs.map { Set($0.map { ProgressRepository.keyPrefix + $0 }) }
                damaged = (damaged.filter { reread?.contains($0) == false } + readable.damaged.map(\.key)).sorted()
            }
            return (readable.records, Set(try tracker.practice.settings().skipped))
        }
        damaged += fullListDamaged.withLockedValue { $0 }
        return json
    }

    var catalog: Catalog { tracker.catalog }
    var repository: ProgressRepository { tracker.progress }
    var now: Date { tracker.clock.now }

    /// Notes the records of `slugs`, just written here, for the next full list. The store's notice
    /// of the commit says the same, but may still wait behind another delivery when the write
    /// returns; a page that reads the list right after its write must see it.
    func noteWritten(_ slugs: [String]) {
        fullList.note(StoreChange(keys: slugs.map { ProgressRepository.keyPrefix + $0 }, origin: .thisStore))
    }

    /// The problems matching the list's filters, as `leettrack list --json` prints them (with
    /// `skipped` on those marked to skip); with a list that has topic sections, each row carries
    /// its `section` (as `lists LIST --json` does).
    func problems(_ filters: ProblemFilters, damaged: inout [String]) throws -> [ProblemJSON] {
        var query = try filters.query(in: catalog)
        var sectionOf: [String: String] = [:]
        if let name = try filters.list ?? followedList(for: filters.section) {
            let list = try tracker.lists.list(named: name, in: catalog)
            query.list = list
            // The same lookup and messages as `leettrack list --list L --section S`.
            if let section = filters.section {
                let found = try catalog.section(named: section, in: list)
                query.list = StudyList(key: list.key, name: "\(list.name): \(found.name)", slugs: found.slugs, isOwn: list.isOwn)
            }
            for section in catalog.sections(of: list) { for slug in section.slugs { sectionOf[slug] = section.name } }
        }
        var left: [String] = []
        let (problems, progress) = try catalog.problems(matching: query, loadingProgress: { slugs in
            let readable = try repository.readableProgress { slugs.contains($0) }
            left = readable.damaged.map(\.key)
            return readable.records
        })
        damaged += left
        let skipped = Set(try tracker.practice.settings().skipped)
        return problems.map { ProblemJSON($0, progress[$0.slug], section: sectionOf[$0.slug], skipped: skipped.contains($0.slug)) }
    }

    /// The followed list's key when `section` is asked for without a list, as `leettrack list
    /// --section S` takes it; `nil` without a section.
    private func followedList(for section: String?) throws -> String? {
        guard section != nil else { return nil }
        guard let key = try tracker.practice.settings().followedList else {
            throw ServerError.badRequest(
                "'section' needs a list: give 'list=LIST', or follow one with `leettrack config follow LIST` (e.g. neetcode-150)")
        }
        return key
    }

    /// The status and favorite of every problem that has a record: what a page needs to refresh
    /// its rows after a change, without the whole catalog.
    func progressSummary(damaged: inout [String]) throws -> [String: ProgressSummaryJSON] {
        // A page asks for it after every change: read from the start of each summary, not by
        // decoding every record (some 150 million instructions on a store of 4,029 records).
        try allMarks(damaged: &damaged).mapValues { ProgressSummaryJSON(status: $0.status.rawValue, favorite: $0.favorite) }
    }

    /// The marks of every record, from the start of its summary; a record that does not decode
    /// is left out and its key added to `damaged`.
    private func allMarks(damaged: inout [String]) throws -> [String: ProblemMarks] {
        var marks: [String: ProblemMarks] = [:]
        damaged += try repository.forEachReadableMarks { slug, mark in marks[String(decoding: slug, as: UTF8.self)] = mark }.map(\.key)
        return marks
    }

    /// One problem with its history, card and skip mark, as `leettrack show --json` prints it.
    /// A record that does not decode is shown as no progress and its key added to `damaged`; its bytes
    /// stay as they are.
    func problem(_ name: String, damaged: inout [String]) throws -> ProblemJSON {
        let problem = try catalog.resolve(name)
        let skipped = try tracker.practice.settings().isSkipped(problem.slug)
        let progress: ProblemProgress?
        do {
            progress = try repository.progress(for: problem.slug)
        } catch PersistenceError.undecodable(let key, _) {
            damaged.append(key)
            progress = nil
        }
        var json = ProblemJSON(problem, progress, withHistory: true, skipped: skipped)
        json.review?.dueDay = progress?.review?.dueDay(in: tracker.timeZone).description
        do {
            json.statementHTML = try tracker.statements.statement(for: problem.slug).map { StatementHTML.serialize($0.document) }
        } catch PersistenceError.undecodable(let key, _) {
            damaged.append(key)
        }
        return json
    }

    /// The review queue due today, as `leettrack review --json` prints it.
    func reviewQueue(damaged: inout [String]) throws -> [ReviewItemJSON] {
        let settings = try tracker.reviews.settings()
        let now = self.now
        // As `review --json` reads it (from the summaries), not every record decoded.
        var queue = ReviewQueue.Builder(catalog: catalog, scheduler: try settings.scheduler(), reviewCap: settings.reviewCap)
        damaged += try queue.add(from: repository).map(\.key)
        return queue.queue(now: now, timeZone: tracker.timeZone).due.map(ReviewItemJSON.init)
    }

    /// The statistics and the calendar, as `leettrack stats --json` and `stats --calendar --json` print them.
    func stats(damaged: inout [String]) throws -> StatsPageJSON {
        let now = self.now
        // As `leettrack stats` counts: each summary as the store lends it, not every record decoded.
        var statistics = Statistics.Builder(catalog: catalog, now: now, timeZone: tracker.timeZone)
        var graph = PracticeCalendar.Builder(now: now, timeZone: tracker.timeZone)
        var positions = Catalog.SlugFinder(catalog)
        var levels = RatingLevel.Builder(catalog: catalog)
        damaged += try repository.forEachReadableSummary(card: false) { slug, summary in
            // Problems the catalog does not know count for the days only.
            if let position = positions.position(ofSlug: slug) {
                statistics.add(summary, at: position)
                levels.add(summary, at: position)
            }
            graph.add(summary)
        }.map(\.key)
        let stats = statistics.statistics()
        var shape = StatsJSON(stats)
        shape.level = RatingLevel.JSON(levels.trend(now: now))
        return StatsPageJSON(stats: shape, calendar: CalendarJSON(graph.calendar(), stats))
    }

    /// Every study list with its counts, as `leettrack lists --json` prints them.
    func lists(damaged: inout [String]) throws -> [ListSummaryJSON] {
        let lists = catalog.studyLists + (try tracker.lists.all())
        let progress = try allMarks(damaged: &damaged)
        return lists.map { ListSummaryJSON($0, progress: progress, catalog: catalog) }
    }

    /// Every tag of the catalog, for the page's filter.
    func tags() -> [String] {
        Array(Set(catalog.problems.flatMap(\.tags))).sorted()
    }
}

/// A problem's status and heart, the element of `GET /api/progress`.
struct ProgressSummaryJSON: Encodable {
    var status: String
    var favorite: Bool
}

/// `GET /api/stats`: the `stats --json` and `stats --calendar --json` shapes side by side.
struct StatsPageJSON: Encodable {
    var stats: StatsJSON
    var calendar: CalendarJSON
}
