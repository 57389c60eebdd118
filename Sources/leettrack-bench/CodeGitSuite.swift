import Foundation

/// The `code-git` suite: what `config code-git on` adds to a `solve` (issue 39: at most 60 ms
/// more, release build). Two copies of one store with 500 touched problems, one with code-git off
/// and one with it on (its code folder a git repository holding Two Sum's file); `solve 1` timed
/// on each, interleaved, whole process. Each measured solve on the "on" store runs git (the
/// day's commit of the problem amended, the README index written). git's identity comes from a
/// configuration file of the bench's own (`GIT_CONFIG_GLOBAL`), never from the machine's.
func runCodeGitSuite() throws {
    let binary = try CLIBench.builds().builds[0].binary
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-code-git-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(workspace.path) }
    let gitConfig = workspace.appendingPathComponent("gitconfig")
    try Data("[user]\n\tname = Bench\n\temail = bench@example.com\n[init]\n\tdefaultBranch = main\n".utf8).write(to: gitConfig)
    setenv("GIT_CONFIG_GLOBAL", gitConfig.path, 1)
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1)
    unsetenv("EDITOR")
    unsetenv("VISUAL")

    let launcher = try CLIBench.compileLauncher(in: workspace)
    let off = workspace.appendingPathComponent("off.sqlite").path
    let on = workspace.appendingPathComponent("on.sqlite").path
    for store in [off, on] {
        try CLIBench.fillStore(binary: binary, store: store)
        let folder = workspace.appendingPathComponent(store == on ? "code-on" : "code-off").path
        for arguments in [["config", "code-dir", folder], ["code", "1"]] {
            guard try CLIBench.run(binary, ["--store", store] + arguments) == 0 else {
                throw CLIBench.Failure(description: "leettrack \(arguments.prefix(2)) failed")
            }
        }
    }
    guard try CLIBench.run(binary, ["--store", on, "config", "code-git", "on"]) == 0,
        try CLIBench.run(binary, ["--store", on, "solve", "1"]) == 0  // The day's first commit; the runs below amend it.
    else { throw CLIBench.Failure(description: "leettrack config code-git on failed (is git installed?)") }

    let rounds = Int(ProcessInfo.processInfo.environment["LEETTRACK_BENCH_ROUNDS"] ?? "") ?? 30
    var offRuns: [CLIBench.Run] = []
    var onRuns: [CLIBench.Run] = []
    for round in 0..<rounds {
        for store in round % 2 == 0 ? [off, on] : [on, off] {
            let run = try CLIBench.measure(launcher: launcher, binary, ["--store", store, "solve", "1"])
            if store == on { onRuns.append(run) } else { offRuns.append(run) }
        }
    }
    let offWall = CLIBench.median(offRuns.map(\.wall))
    let onWall = CLIBench.median(onRuns.map(\.wall))
    print("\(binary); store: 500 touched problems; \(rounds) interleaved runs each; medians of whole-process wall and CPU time; "
        + "load average \(CLIBench.loadAverage())")
    print(CLIBench.pad("command", 34) + CLIBench.pad("ms", 10) + CLIBench.pad("cpu ms", 10) + "bound")
    print(CLIBench.pad("leettrack solve 1 (code-git off)", 34) + CLIBench.pad(CLIBench.format(offWall), 10)
        + CLIBench.pad(CLIBench.format(CLIBench.median(offRuns.map(\.cpu))), 10) + "-")
    let added = onWall - offWall
    print(CLIBench.pad("leettrack solve 1 (code-git on)", 34) + CLIBench.pad(CLIBench.format(onWall), 10)
        + CLIBench.pad(CLIBench.format(CLIBench.median(onRuns.map(\.cpu))), 10)
        + "+\(CLIBench.format(added)) ms <= 60 ms " + (added <= 60 ? "ok" : "over"))
}
