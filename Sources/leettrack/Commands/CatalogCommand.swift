import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack catalog info` and `leettrack catalog update FILE [--with-status]`.
struct CatalogCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Show the problem catalog's source, or update it from LeetCode's JSON.",
        discussion: paragraphs("""
            `catalog info` shows how many problems the catalog has, where they come from and when.
            `catalog update FILE` reads LeetCode's own JSON: the REST api/problems/all response or the
            GraphQL problemsetQuestionList response (save either from your browser). New problems are
            added and changed ones updated, in your store; your progress is untouched unless
            --with-status, which marks `ac` problems solved and `notac` ones attempted.
            It also reads zerotrac's contest ratings (leetcode_problem_rating's data.json), which
            replace the ratings the catalog ships.
            """))

    @Argument(help: ArgumentHelp("info or update.", valueName: "action"), completion: .list(["info", "update"]))
    var actionName: String
    @Argument(help: ArgumentHelp("For update: the LeetCode JSON file.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String?
    @Flag(help: "Also import the file's statuses (ac: solved, notac: attempted).") var withStatus = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { actionName == "update" ? .writing : .reading }

    enum Action {
        case info
        case update(file: String, withStatus: Bool)
    }

    private func action() throws -> Action {
        switch actionName {
        case "info":
            if let file { throw Self.usageError("unexpected argument '\(file)'") }
            if withStatus { throw Self.usageError("'--with-status' goes with 'catalog update'") }
            return .info
        case "update":
            guard let file else { throw Self.usageError("missing expected argument '<file>'") }
            return .update(file: file, withStatus: withStatus)
        case let other:
            throw Self.usageError("unknown action '\(other)'; use 'info' or 'update'")
        }
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        switch try action() {
        case .info:
            try info(context, output)
        case .update(let file, let withStatus):
            do {
                try update(file, withStatus: withStatus, context, output)
            } catch let error as ExchangeError {
                throw CLIError.failure(ExchangeMessages.nothingChanged(error))
            }
        }
    }

    private func info(_ context: CommandContext, _ output: CommandOutput) throws {
        let update = context.storeExists ? try CatalogUpdate.stored(in: try context.tracker().store) : nil
        let catalog = context.catalog
        if json {
            try output.writeJSON(CatalogInfoJSON(
                problems: catalog.count, builtIn: Catalog.builtIn.count, source: update?.source ?? "built in",
                shape: update?.shape, updated: update?.date, newOrChanged: update?.problems.count ?? 0))
            return
        }
        output.line("\(Plural.count(catalog.count, "problem")), \(Plural.count(catalog.studyLists.count, "study list"))")
        guard let update else {
            output.line("Source: built into leettrack \(LeetTrack.version) (no update imported)")
            return
        }
        output.line("Source: \(Format.outside(update.source)) (\(Format.outside(update.shape)))")
        output.line("Updated: \(Format.outside(update.date))")
        let rates = update.acceptance.isEmpty ? 0 : update.acceptance.split(separator: ",").count
        output.line("Differences from the \(Catalog.builtIn.count) built in: \(update.problems.count) new or changed, "
            + "\(rates) with only a new acceptance")
    }

    private func update(_ file: String, withStatus: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        let contents = try ExchangeFile.contents(of: file)
        if ContestRatings.looksLikeRatings(contents) { return try updateRatings(contents, file: file, withStatus: withStatus, context, output) }
        let list = try LeetCodeProblemList.read(contents, file: file)
        // Checked before the store is opened, so a bad file creates no store.
        let summary = try context.tracker().catalogUpdater.apply(list, source: file, date: context.now, withStatus: withStatus)
        if json {
            try output.writeJSON(CatalogUpdateJSON(summary, shape: list.shape))
            return
        }
        output.line("Read \(Plural.count(list.entries.count, "problem")) from \(Format.outside(file)) (\(list.shape.rawValue)).")
        output.line("Added \(summary.added.count), updated \(summary.changed.count), \(summary.unchanged) unchanged; "
            + "the catalog has \(Plural.count(summary.catalog.count, "problem"))."
            + (withStatus || !summary.renamed.isEmpty ? "" : " Your progress is untouched."))
        for rename in summary.renamed {
            output.line("  renamed  \(rename) (its progress and list places moved with it)")
        }
        for problem in summary.added.prefix(10) { output.line("  new      \(Format.name(problem))") }
        if summary.added.count > 10 { output.line("  … and \(summary.added.count - 10) more new") }
        for problem in summary.changed.prefix(10) { output.line("  changed  \(Format.name(problem))") }
        if summary.changed.count > 10 { output.line("  … and \(summary.changed.count - 10) more changed") }
        if withStatus {
            output.line("Marked \(summary.markedSolved.count) solved and \(summary.markedAttempted.count) attempted from the file's status.")
        }
    }
}

private struct CatalogInfoJSON: Encodable {
    var problems: Int
    var builtIn: Int
    var source: String
    var shape: String?
    var updated: String?
    var newOrChanged: Int
}

private struct CatalogUpdateJSON: Encodable {
    var shape: String
    var added: [Int]
    var changed: [Int]
    var unchanged: Int
    var problems: Int
    var markedSolved: [String]
    var markedAttempted: [String]

    init(_ summary: CatalogUpdateSummary, shape: LeetCodeProblemList.Shape) {
        self.shape = shape.rawValue
        added = summary.added.map(\.id)
        changed = summary.changed.map(\.id)
        unchanged = summary.unchanged
        problems = summary.catalog.count
        markedSolved = summary.markedSolved
        markedAttempted = summary.markedAttempted
    }
}

extension CommandContext {
    /// Lays the store's catalog update, if it has one, over the built-in catalog before a command
    /// resolves any name. A store without one costs one key lookup; no store costs nothing.
    ///
    /// An update that cannot be read is reported and the built-in catalog used: the update is
    /// LeetCode's data, not the user's, and failing every command would keep the user from
    /// exporting their own data or from importing the update again (which replaces it).
    func installCatalogUpdate() throws {
        // An empty file is a store another process is creating this very moment (SQLite creates the
        // file before its first page): it has no update, and a writing command may still use it.
        guard storeExists, !storeIsEmptyFile else { return }
        do {
            // A command that writes opens its tracker only once its arguments are checked, which
            // takes the catalog: it reads the update through a read-only store it then lets go.
            let store = use == .reading ? try tracker().store : try Store.sqlite(path: storePath, access: .readOnly)
            guard let update = try CatalogUpdate.stored(in: store) else { return }
            catalog = Catalog.builtIn.updated(by: update)
        } catch PersistenceError.damaged {
            // The command that reads the damaged pages reports it (and `doctor` must still run).
            return
        } catch PersistenceError.undecodable(let key, let reason) {
            Terminal.writeError(
                "Warning: the catalog update '\(key)' in \(storePath) cannot be read (\(reason)); using the built-in "
                    + "catalog. `leettrack catalog update FILE` replaces it.\n")
        }
    }
}
