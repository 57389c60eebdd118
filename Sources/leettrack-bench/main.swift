import Foundation

/// `leettrack-bench [suite...]`: runs the named suites (all of them when none is named).
/// Build it in release mode: `swift run -c release leettrack-bench persistence`.
let suites: [(name: String, run: () throws -> Void)] = [
    ("persistence", runPersistenceSuite),
    ("persistence-files", runFileStoreSuite),
    ("cli", runCLISuite),
    ("cli-scale", runCLIScaleSuite),
    ("code-git", runCodeGitSuite),
    ("tui", runTUISuite),
    ("report", runReportSuite),
    ("sync", runSyncSuite),
    ("serve", runServeSuite),
    ("serve-toggle", runServeToggleSuite),
    ("json", runJSONSuite),
    ("optimize", runOptimizeSuite),
]

let requested = Array(CommandLine.arguments.dropFirst())
let unknown = requested.filter { name in !suites.contains { $0.name == name } }
if !unknown.isEmpty {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("leettrack-bench: unknown suite '\(unknown[0])' (suites: \(names))\n".utf8))
    exit(64)
}
do {
    for suite in suites where requested.isEmpty || requested.contains(suite.name) {
        print("== \(suite.name) ==")
        try suite.run()
        print()
    }
} catch {
    FileHandle.standardError.write(Data("leettrack-bench: \(error)\n".utf8))
    exit(1)
}
