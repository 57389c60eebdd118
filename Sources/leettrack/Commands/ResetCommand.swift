import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackScreen

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

    func run(_ context: CommandContext) throws {
        if all, !problemNames.isEmpty { throw Self.usageError("give problems or '--all', not both") }
        if !all, problemNames.isEmpty { throw Self.usageError("missing expected argument '<problem> ...' (or '--all')") }
        let problems = try context.catalog.resolve(problemNames)
        let confirmed = yes
        let now = context.now
        let forget = self.forget
        guard all else {
            try ProgressChanges.apply(problems, json: json, in: context) { record in
                record.reset(at: now, forgetHistory: forget)
            } describe: { problem, change in
                change.changed ? "Reset \(Format.name(problem)) to todo\(forget ? " and erased its history" : "")."
                    : "\(Format.name(problem)) was already todo."
            }
            return
        }
        let touched = try context.allProgress().values.filter { $0.status != .todo || (forget && !$0.events.isEmpty) }.count
        guard touched > 0 else {
            context.line("Nothing to reset.")
            return
        }
        if !confirmed {
            let what = forget ? "and erase the history of " : ""
            Terminal.writeError("Reset \(what)\(Self.problems(touched)) to todo? Favorites and notes stay. [y/N] ")
            let answer = readLine()?.trimmedOfWhitespace.lowercased()
            guard answer == "y" || answer == "yes" else {
                throw CLIError.failure("not confirmed; nothing was reset. (Use --yes to skip the question.)")
            }
        }
        let changes = try context.repository().updateAll { _, record in record.reset(at: now, forgetHistory: forget) }
        let changed = changes.filter(\.changed)
        if json {
            try context.writeJSON(changed.compactMap { change in
                context.catalog.problem(withSlug: change.slug).map { ProblemJSON($0, change.after, withHistory: true) }
            })
            return
        }
        context.line("Reset \(Self.problems(changed.count)) to todo\(forget ? " and erased their history" : "").")
    }

    private static func problems(_ count: Int) -> String {
        count == 1 ? "1 problem" : "\(count) problems"
    }
}
