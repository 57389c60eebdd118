import TestSupport
import Foundation
import LeetTrackCore
import Persistence

/// The `sync` suite: the time of `SyncEngine.run()` (what `leettrack sync` does after start-up)
/// between local SQLite stores and a PostgreSQL server on loopback:
///
/// - pushing 1,000 changed records from one machine, and pulling them on another;
/// - a sync with nothing to do, against 10,000 records on both sides.
///
/// It uses the server named by `LEETTRACK_BENCH_REMOTE`, else starts a throwaway one with
/// Debian's `initdb`/`pg_ctl` (the helper the tests use), stopped at exit.
func runSyncSuite() throws {
    let url: String
    if let remote = ProcessInfo.processInfo.environment["LEETTRACK_BENCH_REMOTE"] {
        url = remote
    } else {
        url = try PostgresTestServer.shared.get().makeDatabase()
    }
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-sync-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(workspace.path) }

    let remote = try Store.postgres(url)
    let laptop = try Store.sqlite(path: workspace.appendingPathComponent("laptop.sqlite").path)
    let desktop = try Store.sqlite(path: workspace.appendingPathComponent("desktop.sqlite").path)
    let slugs = (0..<10_000).map { "bench-problem-\($0)" }
    let now = Date()

    // 10,000 records on both machines and on the server.
    try ProgressRepository(store: laptop, clock: .system).update(slugs) { _, record in record.recordSolve(at: now) }
    try SyncEngine(local: laptop, remote: remote, clock: .system).run()
    try SyncEngine(local: desktop, remote: remote, clock: .system).run()

    var pushTimes: [Double] = []
    var pullTimes: [Double] = []
    for round in 0..<5 {
        let changed = Array(slugs[(round * 1_000)..<((round + 1) * 1_000)])
        try ProgressRepository(store: laptop, clock: .system).update(changed) { _, record in record.favorite.toggle() }
        let (pushed, pushTime) = try timed { try SyncEngine(local: laptop, remote: remote, clock: .system).run() }
        let (pulled, pullTime) = try timed { try SyncEngine(local: desktop, remote: remote, clock: .system).run() }
        guard pushed.pushed == 1_000, pulled.pulled == 1_000 else {
            throw CLIBench.Failure(description: "expected 1,000 records each way, got \(pushed.pushed) pushed and \(pulled.pulled) pulled")
        }
        pushTimes.append(pushTime)
        pullTimes.append(pullTime)
    }
    var idleTimes: [Double] = []
    for _ in 0..<30 {
        let (report, time) = try timed { try SyncEngine(local: laptop, remote: remote, clock: .system).run() }
        guard report == SyncEngine.Report() else { throw CLIBench.Failure(description: "an idle sync did work: \(report)") }
        idleTimes.append(time)
    }

    print("server: \(remote.path ?? url); local stores: SQLite; 10,000 records on each side")
    print("push 1,000 changed records (median of 5)".padding(toLength: 52, withPad: " ", startingAt: 0)
        + CLIBench.format(CLIBench.median(pushTimes)) + " ms")
    print("pull 1,000 changed records (median of 5)".padding(toLength: 52, withPad: " ", startingAt: 0)
        + CLIBench.format(CLIBench.median(pullTimes)) + " ms")
    print("sync with nothing to do (median of 30)".padding(toLength: 52, withPad: " ", startingAt: 0)
        + CLIBench.format(CLIBench.median(idleTimes)) + " ms")
}

private func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
}
