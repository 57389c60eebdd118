import Foundation
import LeetTrackCore
import Persistence

/// The `optimize` suite: `leettrack review optimize`'s work (read every record, fit the 21
/// parameters, evaluate the fit and the defaults) on a store whose history holds at least 10,000
/// redos drawn from non-default parameters. Prints the median of 3 runs (target: under 5 s, in a
/// release build).
func runOptimizeSuite() throws {
    let workspace = try CLIBench.makeScratch("optimize")
    defer { CLIBench.removeScratch(workspace) }

    let store = try Store.sqlite(path: workspace + "/store.sqlite")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let catalog = Catalog.builtIn
    let truth: [Double] = [
        0.6, 1.9, 4.2, 12.5, 6.0, 0.6, 2.5, 0.02, 1.5, 0.12, 0.9, 1.8, 0.08, 0.3, 1.4, 0.45, 2.2, 0.5, 0.1, 0.06, 0.25,
    ]
    // About 6.7 redos a problem over 500 days: 1,600 problems give over 10,000.
    let slugs = (0..<1_600).map { catalog.slug(at: $0 * 2) }
    let history = try FSRSOptimizer.simulatedHistory(
        parameters: truth, slugs: slugs, start: now.addingTimeInterval(-520 * 86_400), days: 500, seed: 40)
    try ProgressRepository(store: store, clock: .fixed(now)).update(slugs) { slug, record in
        if let drawn = history.records[slug] { record = drawn }
    }
    let tracker = Tracker(store: store, catalog: catalog, clock: .fixed(now), timeZone: SystemTimeZone())

    var wholes: [Double] = []
    var fit: FSRSOptimizer.Fit?
    for _ in 0..<3 {
        let start = ReportBench.clock()
        let records = try tracker.progress.allProgress()
        fit = try FSRSOptimizer.fit(records, current: try tracker.reviews.scheduler().parameters)
        wholes.append(ReportBench.clock() - start)
    }
    guard let fit else { return }
    print("store: \(slugs.count) problems, \(history.redos) redos; fitted on \(fit.reviews); medians of 3 runs")
    print("log loss: fitted " + String(format: "%.4f", fit.logLoss) + ", defaults " + String(format: "%.4f", fit.currentLogLoss))
    let whole = CLIBench.median(wholes)
    print("review optimize (read, fit, evaluate)            \(CLIBench.format(whole)) ms   target < 5000 ms: "
        + (whole < 5_000 ? "ok" : "over"))
}
