import Foundation
import LeetTrackCore
import Persistence

/// The `report` suite: `leettrack report`'s work on a store with 2,000 touched problems and 10,000
/// events (plus 200 favorites, 100 notes, three own lists): reading the store, computing the
/// report, and rendering the HTML page. Prints the median of each step and of the whole
/// (target: at most 50 ms for the whole, in a release build).
func runReportSuite() throws {
    let workspace = try CLIBench.makeScratch("report")
    defer { CLIBench.removeScratch(workspace) }

    let store = try Store.sqlite(path: workspace + "/store.sqlite")
    let now = Date()
    let (problems, events) = try ReportBench.fill(store, now: now)
    let timeZone = SystemTimeZone()
    let catalog = Catalog.builtIn
    let tracker = Tracker(store: store, catalog: catalog, clock: .fixed(now), timeZone: timeZone)

    var reads: [Double] = []
    var computes: [Double] = []
    var renders: [Double] = []
    var wholes: [Double] = []
    var pageBytes = 0
    for _ in 0..<3 { _ = try ProgressReport(tracker: tracker).html() }  // Warm up.
    for _ in 0..<ReportBench.rounds {
        let start = ReportBench.clock()
        let progress = try tracker.progress.allProgress()
        let ownLists = try tracker.lists.all()
        let scheduler = try tracker.reviews.scheduler()
        let read = ReportBench.clock()
        let report = ProgressReport(
            catalog: catalog, progress: progress, ownLists: ownLists, scheduler: scheduler, now: now, timeZone: timeZone)
        let computed = ReportBench.clock()
        let page = report.html()
        let rendered = ReportBench.clock()
        pageBytes = page.utf8.count
        reads.append(read - start)
        computes.append(computed - read)
        renders.append(rendered - computed)
        wholes.append(rendered - start)
    }
    print("store: \(problems) touched problems, \(events) events, 200 favorites, 100 notes, 3 own lists")
    print("page: \(pageBytes / 1024) KiB; medians of \(ReportBench.rounds) runs")
    print()
    print("read the store (progress, own lists, settings)   \(CLIBench.format(CLIBench.median(reads))) ms")
    print("compute the report                               \(CLIBench.format(CLIBench.median(computes))) ms")
    print("render the HTML page                             \(CLIBench.format(CLIBench.median(renders))) ms")
    let whole = CLIBench.median(wholes)
    print("whole report                                     \(CLIBench.format(whole)) ms   target <= 50 ms: "
        + (whole <= 50 ? "ok" : "over"))
}

/// Helpers of the `report` suite.
enum ReportBench {
    static let rounds = 30

    /// Milliseconds on a monotonic clock.
    static func clock() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
    }

    /// 2,000 problems spread over the catalog, five practice events each over the last 400 days:
    /// 1,400 solved (with review cards, rated as `solve --rating` does), 600 attempted.
    /// - Returns: the number of touched problems and of events.
    static func fill(_ store: Store, now: Date) throws -> (problems: Int, events: Int) {
        let catalog = Catalog.builtIn
        let scheduler = try ReviewSettings().scheduler()
        let slugs = (0..<2_000).map { catalog.slug(at: $0 * 2) }
        let indexes = Dictionary(uniqueKeysWithValues: slugs.enumerated().map { ($1, $0) })
        let ratings: [ReviewRating] = [.good, .good, .hard, .easy, .again]
        var events = 0
        try ProgressRepository(store: store, clock: .fixed(now)).update(slugs) { slug, record in
            let index = indexes[slug] ?? 0
            for step in 0..<5 {
                // Deterministic spread: each problem's events fall on different days of the last 400.
                let daysAgo = Double((index * 7 + step * 53) % 400)
                let date = now.addingTimeInterval(-daysAgo * 86_400 - Double(step * 3_600))
                if index % 10 < 7, step == 4 {
                    record.recordSolve(at: date, rating: ratings[index % ratings.count], scheduler: scheduler)
                } else {
                    record.events.append(ProgressEvent(kind: .attempted, date: date))
                    if record.status == .todo { record.status = .attempted }
                }
                events += 1
            }
            // Events are kept oldest first, as the commands write them.
            record.events.sort { $0.date < $1.date }
            if index % 10 == 0 { record.favorite = true }
            if index % 20 == 0 { record.note = "Remember the invariant: <left, right> & the \"sliding\" window." }
        }
        let lists = OwnLists(store: store, clock: .fixed(now))
        for (number, name) in ["Graphs to redo", "Interview week", "Hard ones"].enumerated() {
            try lists.create(name, in: catalog, at: now)
            _ = try lists.add(Array(slugs[(number * 60)..<(number * 60 + 60)]), to: name, in: catalog)
        }
        return (slugs.count, events)
    }
}
