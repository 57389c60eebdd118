import Foundation
import LeetTrackCore
import Persistence

/// The `cli` suite: whole-process medians (wall time, CPU time, peak memory) of `leettrack`
/// commands on a store with 500 touched problems, next to an empty Swift program that imports
/// Foundation, compiled the same way (`-O`, and `-static-stdlib` for the static build). It measures
/// the dynamic build and, side by side, the `--static-swift-stdlib` one (see ``CLIBench/builds()``),
/// and prints each median's ratio to its own empty program against the bounds of issue 17: at most
/// 1.6x for `--version`, `fav 1` and `show 1`, at most 2x for the commands that read every record,
/// and at most 14 MiB peak for the static build.
///
/// Beside them it times each build's `parser-floor` (built with the package, or in the static
/// scratch folder with `--product parser-floor`), the least a command line shaped like `show 1`
/// costs with swift-argument-parser, with no bound of its own: what a subcommand's ratio cannot
/// go below while the parser parses it.
///
/// Runs are interleaved (each build's empty program and floor, then each command, round after
/// round) so that a busy machine slows every program alike.
func runCLISuite() throws {
    let (builds, notes) = try CLIBench.builds()
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-cli-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(workspace.path) }

    let launcher = try CLIBench.compileLauncher(in: workspace)
    var empties: [URL] = []
    for build in builds { empties.append(try CLIBench.compileEmptyProgram(in: workspace, staticStdlib: build.isStatic)) }
    let floors = builds.map { build in
        let path = URL(fileURLWithPath: build.binary).deletingLastPathComponent().appendingPathComponent("parser-floor").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    let store = workspace.appendingPathComponent("store.sqlite").path
    try CLIBench.fillStore(binary: builds[0].binary, store: store)
    try CLIBench.keepStatement(in: store)

    var commands: [(name: String, arguments: [String], before: [String]?)] = [
        ("--version", ["--version"], nil),
        ("list --difficulty hard", ["list", "--difficulty", "hard"], nil),
        // Every measured `fav 1` writes: an unmeasured `unfav 1` runs before it.
        ("fav 1", ["fav", "1"], ["unfav", "1"]),
        ("stats", ["stats"], nil),
        ("show 1", ["show", "1"], nil),
        // `show` with a statement `leetcode fetch` kept: one record more, parsed and wrapped.
        ("show 2 (statement kept)", ["show", "2"], nil),
        ("review", ["review"], nil),
        ("today", ["today"], nil),
        ("next", ["next"], nil),
        ("lists neetcode-150", ["lists", "neetcode-150"], nil),
    ]
    // `today` arrives with another change: measured once the binary has it.
    commands.removeAll { command in
        !command.arguments[0].hasPrefix("-") && !((try? CLIBench.hasCommand(builds[0].binary, command.arguments[0])) ?? true)
    }
    let rounds = Int(ProcessInfo.processInfo.environment["LEETTRACK_BENCH_ROUNDS"] ?? "") ?? 60
    let loadBefore = CLIBench.loadAverage()
    var emptyRuns = Array(repeating: [CLIBench.Run](), count: builds.count)
    var floorRuns = Array(repeating: [CLIBench.Run](), count: builds.count)
    var runs = Array(repeating: Array(repeating: [CLIBench.Run](), count: commands.count), count: builds.count)
    for empty in empties { for _ in 0..<3 { _ = try CLIBench.time(empty.path, []) } }  // Warm the page cache.
    for round in 0..<rounds {
        for (buildIndex, build) in builds.enumerated() {
            emptyRuns[buildIndex].append(try CLIBench.measure(launcher: launcher, empties[buildIndex].path, []))
            if let floor = floors[buildIndex] {
                floorRuns[buildIndex].append(try CLIBench.measure(launcher: launcher, floor, ["show", "1"]))
            }
            for offset in 0..<commands.count {
                let index = (round + offset) % commands.count
                let command = commands[index]
                if let before = command.before { _ = try CLIBench.time(build.binary, ["--store", store] + before) }
                // `--version` as people type it: it has no store to be told about.
                let storeArguments = command.arguments == ["--version"] ? [] : ["--store", store]
                runs[buildIndex][index].append(try CLIBench.measure(launcher: launcher, build.binary, storeArguments + command.arguments))
            }
        }
    }

    for build in builds {
        print("\(build.label): \(build.binary) (\(build.isStatic ? "static Swift runtime" : "dynamically linked Swift runtime"))")
    }
    notes.forEach { print($0) }
    for (build, floor) in zip(builds, floors) where floor == nil {
        print("no parser-floor beside the \(build.label) build: build it with --product parser-floor (the same flags)")
    }
    print("store: 500 touched problems; \(rounds) interleaved runs each; medians of whole-process wall time, CPU time "
        + "and peak RSS; load average \(loadBefore) before, \(CLIBench.loadAverage()) after")
    print()
    var header = CLIBench.pad("command", 34)
    for build in builds { header += CLIBench.pad("\(build.label) ms", 12) + CLIBench.pad("ratio", 8) + CLIBench.pad("cpu ms", 8) + CLIBench.pad("MiB", 7) }
    print(header + "bound")
    /// A build's four cells of a row: median wall time, its ratio to the build's empty program,
    /// CPU time and peak memory (dashes for a program not measured).
    func cells(_ measured: [CLIBench.Run], build index: Int) -> String {
        guard !measured.isEmpty else { return CLIBench.pad("-", 12) + CLIBench.pad("-", 8) + CLIBench.pad("-", 8) + CLIBench.pad("-", 7) }
        let wall = CLIBench.median(measured.map(\.wall))
        return CLIBench.pad(CLIBench.format(wall), 12)
            + CLIBench.pad(CLIBench.format(wall / CLIBench.median(emptyRuns[index].map(\.wall))) + "x", 8)
            + CLIBench.pad(CLIBench.format(CLIBench.median(measured.map(\.cpu))), 8)
            + CLIBench.pad(CLIBench.format(CLIBench.median(measured.map(\.peakMiB))), 7)
    }
    print(builds.indices.reduce(CLIBench.pad("empty Foundation program", 34)) { $0 + cells(emptyRuns[$1], build: $1) })
    if floors.contains(where: { $0 != nil }) {
        print(builds.indices.reduce(CLIBench.pad("parser floor: show 1", 34)) { $0 + cells(floorRuns[$1], build: $1) } + "-")
    }
    for (commandIndex, command) in commands.enumerated() {
        let bound = CLISuiteBounds.ratio(for: command.name)
        var line = CLIBench.pad("leettrack \(command.name)", 34)
        var verdicts: [String] = []
        for (buildIndex, build) in builds.enumerated() {
            let measured = runs[buildIndex][commandIndex]
            line += cells(measured, build: buildIndex)
            let ratio = CLIBench.median(measured.map(\.wall)) / CLIBench.median(emptyRuns[buildIndex].map(\.wall))
            if ratio > bound { verdicts.append("\(build.label) over") }
            if build.isStatic && CLIBench.median(measured.map(\.peakMiB)) > CLISuiteBounds.staticPeakMiB {
                verdicts.append("\(build.label) memory over")
            }
        }
        print(line + "<= \(CLIBench.format(bound))x " + (verdicts.isEmpty ? "ok" : verdicts.joined(separator: ", ")))
    }
}

extension CLIBench {
    /// Keeps a statement of problem 2 the size of LeetCode's long ones (about 6 KB: paragraphs,
    /// three examples, constraints, hints), made up here, as `leetcode fetch` keeps it.
    static func keepStatement(in store: String) throws {
        var content = "<p>You are given two <strong>non-empty</strong> linked lists of digits, <code>l1</code> and <code>l2</code>, "
            + "stored in <em>reverse</em> order. Add them and return the sum as a linked list.</p>\n<p>&nbsp;</p>\n"
        for example in 1...3 {
            content += "<p><strong class=\"example\">Example \(example):</strong></p>\n<img alt=\"lists\" "
                + "src=\"https://assets.leetcode.com/uploads/example\(example).jpg\" style=\"width: 483px;\" />\n"
                + "<pre>\n<strong>Input:</strong> l1 = [2,4,3], l2 = [5,6,4]\n<strong>Output:</strong> [7,0,8]\n"
                + "<strong>Explanation:</strong> 342 + 465 = 807.\n</pre>\n"
        }
        content += "<p><strong>Constraints:</strong></p>\n<ul>\n"
        for _ in 0..<8 { content += "\t<li>The number of nodes in each list is in the range <code>[1, 100]</code>; <code>0 &lt;= Node.val &lt;= 9</code>; at most 10<sup>4</sup> calls.</li>\n" }
        content += "</ul>\n" + String(repeating: "<p>A further paragraph of the statement, with <code>code</code> and an index x<sub>i</sub>.</p>\n", count: 20)
        let statement = ProblemStatement(
            slug: "add-two-numbers", questionID: "2", frontendID: "2", title: "Add Two Numbers", paidOnly: false, content: content,
            snippets: [.init(lang: "Python3", langSlug: "python3", code: "class Solution:\n    def addTwoNumbers(self, l1, l2):\n        ")],
            exampleTestcases: ["[2,4,3]\n[5,6,4]"], hints: ["Carry the tens.", "Mind the last carry."], similar: [], metaData: nil,
            fetchedAt: Date(timeIntervalSince1970: 1_764_000_000))
        try Statements(store: try Store.sqlite(path: store)).save(statement)
    }
}

/// The targets of issue 17, in the benchmark (never in timed tests).
enum CLISuiteBounds {
    /// Commands that read one record or none: at most 1.6x the empty program.
    static let light: Set<String> = ["--version", "fav 1", "show 1", "show 2 (statement kept)"]
    /// Peak resident memory of every command of the static build.
    static let staticPeakMiB = 14.0

    static func ratio(for name: String) -> Double {
        light.contains(name) ? 1.6 : 2
    }
}
