import Foundation
import LeetTrackCore
import Persistence
import Synchronization

/// The `cli-scale` suite (issue 17): the commands that summarise, on a heavy user's store (every
/// one of the catalog's problems touched, about 48,000 dated events, 403 favorites) against the
/// `cli` suite's 500-problem store. Target: at most 1.3x the 500-problem cost for the four that
/// issue 17 bounds; the other daily commands are measured beside them, without a bound. Whole-process
/// medians of the `leettrack` beside this executable (or `LEETTRACK_BENCH_BINARY`), interleaved.
func runCLIScaleSuite() throws {
    let binary = try CLIBench.leettrackBinary()
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-scale-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    // LEETTRACK_BENCH_KEEP=1 keeps the stores, to profile a command on them by hand.
    let keep = ProcessInfo.processInfo.environment["LEETTRACK_BENCH_KEEP"] == "1"
    defer { if !keep { CLIBench.removeScratch(workspace.path) } }

    let launcher = try CLIBench.compileLauncher(in: workspace)
    let small = workspace.appendingPathComponent("small.sqlite").path
    try CLIBench.fillStore(binary: binary, store: small)
    let heavy = workspace.appendingPathComponent("heavy.sqlite").path
    let (touched, events) = try CLIBench.fillHeavyStore(at: heavy)

    let commands: [(name: String, arguments: [String], bounded: Bool)] = [
        ("stats", ["stats"], true),
        ("review", ["review"], true),
        ("favorites", ["favorites"], true),
        ("list --status solved", ["list", "--status", "solved"], true),
        ("today", ["today"], false),
        ("next --list neetcode-150", ["next", "--list", "neetcode-150"], false),
        ("lists neetcode-150", ["lists", "neetcode-150"], false),
        ("list --difficulty hard", ["list", "--difficulty", "hard"], false),
        ("show 1", ["show", "1"], false),
    ]
    let rounds = Int(ProcessInfo.processInfo.environment["LEETTRACK_BENCH_ROUNDS"] ?? "") ?? 30
    let loadBefore = CLIBench.loadAverage()
    var smallRuns = Array(repeating: [CLIBench.Run](), count: commands.count)
    var heavyRuns = Array(repeating: [CLIBench.Run](), count: commands.count)
    for _ in 0..<rounds {
        for (index, command) in commands.enumerated() {
            smallRuns[index].append(try CLIBench.measure(launcher: launcher, binary, ["--store", small] + command.arguments))
            heavyRuns[index].append(try CLIBench.measure(launcher: launcher, binary, ["--store", heavy] + command.arguments))
        }
    }

    print("binary: \(binary)")
    if keep { print("stores kept: \(small), \(heavy)") }
    print("stores: 500 touched problems; \(touched) touched with \(events) events; \(rounds) interleaved runs each; "
        + "load average \(loadBefore) before, \(CLIBench.loadAverage()) after")
    print()
    // "paired": the median of each round's heavy / 500-problem ratio, whose two runs follow each
    // other: a machine whose speed drifts within the suite moves both alike.
    print(CLIBench.pad("command", 36) + CLIBench.pad("500 ms", 9) + CLIBench.pad("heavy ms", 10) + CLIBench.pad("ratio", 8)
        + CLIBench.pad("paired", 8) + CLIBench.pad("500 cpu", 9) + CLIBench.pad("heavy cpu", 11) + CLIBench.pad("MiB", 7) + "bound")
    for (index, command) in commands.enumerated() {
        let smallWall = CLIBench.median(smallRuns[index].map(\.wall))
        let heavyWall = CLIBench.median(heavyRuns[index].map(\.wall))
        let ratio = heavyWall / smallWall
        let paired = CLIBench.median(zip(heavyRuns[index], smallRuns[index]).map { $0.wall / $1.wall })
        print(CLIBench.pad("leettrack \(command.name)", 36) + CLIBench.pad(CLIBench.format(smallWall), 9)
            + CLIBench.pad(CLIBench.format(heavyWall), 10) + CLIBench.pad(CLIBench.format(ratio) + "x", 8)
            + CLIBench.pad(CLIBench.format(paired) + "x", 8)
            + CLIBench.pad(CLIBench.format(CLIBench.median(smallRuns[index].map(\.cpu))), 9)
            + CLIBench.pad(CLIBench.format(CLIBench.median(heavyRuns[index].map(\.cpu))), 11)
            + CLIBench.pad(CLIBench.format(CLIBench.median(heavyRuns[index].map(\.peakMiB))), 7)
            + (command.bounded ? "<= 1.30x " + (ratio <= 1.3 ? "ok" : "over") : "-"))
    }

    // A heart on a solved problem that is no favorite, as another process's observer is told of
    // it (every key set or removed): issue 41 bounds it at 2 (the record and its summary).
    let keys = try CLIBench.keysWritten(toStoreAt: heavy) {
        guard try CLIBench.run(binary, ["--store", heavy, "fav", "\(Catalog.builtIn.id(at: 1))"]) == 0 else {
            throw CLIBench.Failure(description: "leettrack fav failed on the heavy store")
        }
    }
    print(CLIBench.pad("keys written per heart (heavy)", 36) + CLIBench.pad("\(keys)", 45) + "<= 2 " + (keys <= 2 ? "ok" : "over"))
}

extension CLIBench {
    /// The keys that `write` (another process) changed in the store at `path`, as an observer of
    /// it is told; waits up to 5 s for the notice.
    static func keysWritten(toStoreAt path: String, by write: () throws -> Void) throws -> Int {
        let store = try Store.sqlite(path: path, access: .readOnly)
        let told = Mutex<(keys: Set<String>, complete: Bool, notices: Int)>(([], true, 0))
        let token = store.observeChanges { (change: StoreChange) in
            told.withLock { $0 = ($0.keys.union(change.keys), $0.complete && change.isComplete, $0.notices + 1) }
        }
        defer { token.cancel() }
        try write()
        for _ in 0..<500 where told.withLock({ $0.notices }) == 0 {
            usleep(10_000)
        }
        let result = told.withLock { $0 }
        guard result.notices > 0, result.complete else {
            throw Failure(description: "no complete notice of the write reached an observer")
        }
        return result.keys.count
    }

    /// Every problem of the built-in catalog touched, with twelve dated events each over four
    /// years (one in three an attempt, the last a solve that schedules a review) and every tenth
    /// a favorite, written in one transaction through the tracker's own repository.
    /// - Returns: how many problems and events it wrote.
    static func fillHeavyStore(at path: String) throws -> (touched: Int, events: Int) {
        let store = try Store.sqlite(path: path)
        let catalog = Catalog.builtIn
        let slugs = (0..<catalog.count).map(catalog.slug(at:))
        let scheduler = ReviewScheduler()
        let start = Date(timeIntervalSince1970: 1_640_995_200)  // 2022-01-01
        var events = 0
        var position = 0
        try ProgressRepository(store: store, clock: .system).update(slugs) { slug, record in
            let seed = slug.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
            for event in 0..<12 {
                let date = start.addingTimeInterval(Double((seed + event * 83) % 1_460) * 86_400)
                if event == 11 {
                    record.recordSolve(at: date, rating: .good, scheduler: scheduler)
                } else if event % 3 == 0 {
                    record.recordAttempt(at: date)
                } else {
                    record.recordSolve(at: date)
                }
            }
            events += record.events.count
            record.favorite = position % 10 == 0
            position += 1
        }
        return (slugs.count, events)
    }
}
