import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack reset PROBLEM... [--forget]` and `leettrack reset --all [--yes]`.
struct ResetCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Set problems back to todo (history kept unless --forget).",
        discussion: "Favorites and notes stay. --all resets every problem to practise from scratch; it asks first "
            + "unless --yes is given.")

    @Argument(help: ProgressChanges.problemsHelp, completion: .problems) var problemNames: [String] = []
    @Flag(help: "Also erase the history.") var forget = false
    @Flag(help: "Reset every problem.") var all = false
    @Flag(name: [.customShort("y"), .long], help: "Do not ask before --all.") var yes = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        if all, !problemNames.isEmpty { throw Self.usageError("give problems or '--all', not both") }
        if !all, problemNames.isEmpty { throw Self.usageError("missing expected argument '<problem> ...' (or '--all')") }
        // Records the catalog does not know, named by their slugs (see OrphanRecords).
        if !all, let slugs = try OrphanRecords.slugs(named: problemNames, context) { return try resetOrphans(slugs, context, output) }
        let problems = try context.catalog.resolve(problemNames)
        let confirmed = yes
        let now = context.now
        let forget = self.forget
        guard all else {
            try ProgressChanges.apply(problems, json: json, in: context, output) { _, record in
                record.reset(at: now, forgetHistory: forget)
            } describe: { problem, change in
                change.changed ? "Reset \(Format.name(problem)) to todo\(forget ? " and erased its history" : "")."
                    : "\(Format.name(problem)) was already todo."
            }
            return
        }
        let touched = try context.progress().values.filter { $0.status != .todo || (forget && !$0.events.isEmpty) }.count
        // A record that cannot be read may be one to reset: as when others are, nothing is (the
        // reset of every record stops at it), rather than "Nothing to reset." and exit 0.
        if context.leftOutRecordCount > 0 {
            throw CLIError.failure(
                "\(Plural.count(context.leftOutRecordCount, "record")) cannot be read (named above), so not every problem can be reset; "
                    + "nothing was changed. `leettrack doctor --export-raw FILE` lists the damaged records and saves their bytes for repair by hand.")
        }
        guard touched > 0 else {
            output.line("Nothing to reset.")
            return
        }
        if !confirmed {
            let what = forget ? "and erase the history of " : ""
            Terminal.writeError("Reset \(what)\(Plural.count(touched, "problem")) to todo? Favorites and notes stay. [y/N] ")
            let answer = readLine()?.trimmedOfWhitespace.lowercased()
            guard answer == "y" || answer == "yes" else {
                throw CLIError.failure("not confirmed; nothing was reset. (Use --yes to skip the question.)")
            }
        }
        let changes = try context.tracker().progress.updateAll { _, record in record.reset(at: now, forgetHistory: forget) }
        let changed = changes.filter(\.changed)
        if json {
            try output.writeJSON(changed.compactMap { change in
                context.catalog.problem(withSlug: change.slug).map { ProblemJSON($0, change.after, withHistory: true) }
            })
            return
        }
        output.line("Reset \(Plural.count(changed.count, "problem")) to todo\(forget ? " and erased their history" : "").")
    }

    /// Resets records the catalog does not know, in one transaction. With `--forget` the whole
    /// record goes, its favorite and note too (``ProgressRepository/forget(_:)``): no other command
    /// reaches a problem the catalog does not have, so forgetting it leaves nothing behind.
    private func resetOrphans(_ slugs: [String], _ context: CommandContext, _ output: CommandOutput) throws {
        let now = context.now
        let progress = try context.tracker().progress
        let changes = forget
            ? try progress.forget(slugs) : try progress.update(slugs) { _, record in record.reset(at: now, forgetHistory: false) }
        if json { return try output.writeJSON(changes.map { OrphanRecords.JSON($0.slug, $0.after, withHistory: true) }) }
        for change in changes {
            let name = Format.outside(change.slug)
            guard change.changed else {
                output.line("\(name) was already todo.")
                continue
            }
            output.line(forget
                ? "Forgot \(name) (not in the catalog): its history, favorite and note are gone; nothing of it is left in the store."
                : "Reset \(name) (not in the catalog) to todo.")
        }
    }
}
