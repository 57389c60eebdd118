import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// What `export --with-code`, `import` and `sync` say about solution files: the code folder read
/// for an export, restored by an import, and synced, one line per file that needs a word.
enum CodeTransfer {
    /// The code folder of `tracker`'s store (its `config code-dir`, `~` expanded).
    static func folder(_ tracker: Tracker?, _ context: CommandContext) throws -> String {
        let settings = try tracker?.codeFiles.settings() ?? CodeSettings()
        return settings.resolvedDirectory(home: CodeSolution.home(context.environment))
    }

    /// The solution files to export; each file left out is named on standard error.
    static func exported(_ context: CommandContext) throws -> [SolutionCopy] {
        let directory = try folder(context.storeExists ? try context.tracker() : nil, context)
        let read = try SolutionFolder.read(directory)
        for file in read.leftOut { Terminal.writeError("Left out \(Format.outside(file.path)): \(file.reason).\n") }
        return read.files
    }

    /// Restores an imported document's files into the code folder of `tracker`'s store, one line
    /// for each file written or kept beside a different one.
    /// - Throws: ``CLIError/failure(_:)`` after the rest, when a file could not be restored.
    static func restore(_ files: [SolutionCopy], tracker: Tracker, dryRun: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        guard !files.isEmpty else { return }
        let directory = try folder(tracker, context)
        if !dryRun { try SolutionFolder.prepareFolder(directory) }
        var outcomes: [SolutionFolder.Restored] = []
        for file in files {
            let outcome = SolutionFolder.restore(file, in: directory, tag: "imported", dryRun: dryRun)
            if !dryRun, case .written(let path) = outcome { try tracker.codeFiles.remember(path, for: file.problem) }
            outcomes.append(outcome)
        }
        let refused = report(outcomes, written: dryRun ? "would write" : "wrote", other: "the file's", output)
        guard refused == 0 else { throw CLIError.failure(notRestored(refused) + "; everything else was imported.") }
    }

    private static func notRestored(_ count: Int) -> String {
        "\(Plural.count(count, "solution file")) could not be restored (named above)"
    }

    /// Syncs the solution files of `tracker`'s code folder with `remote`.
    /// - Returns: what moved, and the failures to name (an unusable folder, the server's records refused).
    static func sync(_ tracker: Tracker, with remote: Store, _ context: CommandContext) throws -> (CodeSyncReport, [String]) {
        do {
            let report = try tracker.sync(with: remote).syncCode(in: try folder(tracker, context))
            return (report, report.refused.map(\.description))
        } catch let error as LeetTrackError {
            return (CodeSyncReport(), ["solution files were not synced: \(error.description)"])
        }
    }

    /// Says what a sync of the solution files did, one line per file, the files left out on
    /// standard error. Returns the failures to name (files that could not be written here).
    static func write(_ codeReport: CodeSyncReport, json: Bool, _ output: CommandOutput) -> [String] {
        for file in codeReport.leftOut {
            Terminal.writeError("Not synced \(Format.outside(file.path)): \(file.reason) (solution files travel up to \(SolutionFolder.capText)).\n")
        }
        if !json { for name in codeReport.pushed { output.line("  pushed \(Format.outside(name))") } }
        let refused = report(codeReport.pulled, written: "pulled", other: "the other machine's", json ? nil : output)
        return refused > 0 ? [notRestored(refused)] : []
    }

    /// What restoring one file did, for `--json`: `written PATH`, `updated PATH`, `identical PATH`,
    /// `kept-both PATH COPY`, `refused PATH`.
    static func describe(_ outcome: SolutionFolder.Restored) -> String {
        switch outcome {
        case .written(let path): "written \(path)"
        case .updated(let path): "updated \(path)"
        case .identical(let path): "identical \(path)"
        case .keptBoth(let path, let copy): "kept-both \(path) \(copy)"
        case .refused(let path, _): "refused \(path)"
        }
    }

    /// One line per file written, updated or kept beside another; the refused ones on standard
    /// error. Returns how many were refused.
    private static func report(_ outcomes: [SolutionFolder.Restored], written: String, other: String, _ output: CommandOutput?) -> Int {
        var refused = 0
        var identical = 0
        for outcome in outcomes {
            switch outcome {
            case .written(let path): output?.line("  \(written) \(Format.outside(path))")
            case .updated(let path): output?.line("  updated \(Format.outside(path))")
            case .identical: identical += 1
            case .keptBoth(let path, let copy):
                output?.line("  \(Format.outside(path)) differs: kept yours, and \(other) version is beside it as \(Format.outside(copy))")
            case .refused(let path, let reason):
                refused += 1
                Terminal.writeError("Error: not restored \(Format.outside(path)): \(Format.outside(reason)).\n")
            }
        }
        if identical > 0 { output?.line("  \(Plural.count(identical, "solution file")) already there, unchanged.") }
        return refused
    }
}
