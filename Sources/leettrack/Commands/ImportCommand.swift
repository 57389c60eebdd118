import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack import FILE [--merge|--replace] [--dry-run]` and `leettrack import --from-app PLIST`.
struct ImportCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a LeetTrack export, LeetCode's recent accepted submissions, or the iPhone app's favorites.",
        discussion: paragraphs("""
            FILE is a JSON export of `leettrack export`. --merge (the default) unions histories and
            favorites and keeps the newer note; --replace makes your progress, lists and settings
            exactly the file's. The whole import is one transaction: a bad file changes nothing.

            FILE may also be LeetCode's GraphQL recentAcSubmissionList response (saved from the
            browser): each accepted submission becomes a dated solve, merged; several on one day
            (in your time zone), or on a day you already recorded a solve of that problem, count once.
            --from-app reads the original iPhone app's preferences (XML or binary property list) and
            favorites the problems hearted there, matching titles to the catalog.
            """))

    @Argument(help: ArgumentHelp("A JSON file written by `leettrack export` (- for standard input).", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String?
    @Flag(help: "Combine the file with what you have (the default).") var merge = false
    @Flag(help: "Make your progress, lists and settings exactly the file's.") var replace = false
    @Flag(name: [.customShort("n"), .long], help: "Show what would change and write nothing.") var dryRun = false
    @Option(help: ArgumentHelp("Import the favorites of the iPhone app's preferences file.", valueName: "plist"), completion: .file())
    var fromApp: String?
    @Flag(name: [.customShort("y"), .long], help: "With --replace, do not ask before replacing.") var yes = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { dryRun ? .reading : .writing }

    enum Source {
        case export(path: String, mode: ImportMode)
        case app(path: String)
    }

    private func source() throws -> Source {
        if merge, replace {
            throw Self.usageError("'--merge' and '--replace' cannot be used together")
        }
        if let plist = fromApp {
            if file != nil { throw Self.usageError("give FILE or '--from-app PLIST', not both") }
            if merge || replace {
                throw Self.usageError("'--from-app' only adds favorites; '--merge' and '--replace' do not apply")
            }
            return .app(path: plist)
        } else if let file {
            // `-` is standard input, as `export -o -` is standard output.
            return .export(path: file == "-" ? "/dev/stdin" : file, mode: replace ? .replace : .merge)
        } else {
            throw Self.usageError("missing expected argument '<file>' (or '--from-app <plist>')")
        }
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let source = try source()
        do {
            try importFile(source, context, output)
        } catch let error as ExchangeError {
            throw CLIError.failure(ExchangeMessages.nothingChanged(error))
        }
    }

    private func importFile(_ source: Source, _ context: CommandContext, _ output: CommandOutput) throws {
        switch source {
        case .export(let path, let mode):
            // The file is read and checked completely before the store is opened.
            let data = try ExchangeFile.contents(of: path)
            if RecentAcceptedImport.matches(data) { return try importAccepted(data, path: path, mode: mode, context, output) }
            let document = try ExchangeDocument.read(data, file: path, now: context.now)
            let importer = try tracker(context).importer
            if mode == .replace, !dryRun, !yes {
                try confirmReplace(try importer.run(document, mode: mode, dryRun: true), file: path)
            }
            let summary = try importer.run(document, mode: mode, dryRun: dryRun)
            ImportReport.write(summary, mode: mode, dryRun: dryRun, file: path, to: output)
            try CodeTransfer.restore(document.code, tracker: try tracker(context), dryRun: dryRun, context, output)
        case .app(let path):
            let favorites = try AppFavorites.read(try ExchangeFile.contents(of: path), file: path)
            let outcome = try tracker(context).apply(favorites, dryRun: dryRun)
            ImportReport.write(outcome, dryRun: dryRun, to: output)
        }
    }

    /// Merges LeetCode's accepted submissions as dated solves.
    private func importAccepted(_ data: Data, path: String, mode: ImportMode, _ context: CommandContext, _ output: CommandOutput) throws {
        if replace { throw Self.usageError("a LeetCode submission list can only be merged; leave out '--replace'") }
        // Checked whole before the store is opened for writing; the stored solves decide which days are new.
        let (document, read, merged) = try RecentAcceptedImport.document(
            from: data, file: path, now: context.now, timeZone: context.timeZone, stored: try context.progress())
        let summary = try tracker(context).importer.run(document, mode: .merge, dryRun: dryRun)
        output.line("Read \(Plural.count(read, "accepted submission")) from LeetCode"
            + (merged > 0 ? "; \(merged) on a day already counted for that problem." : "."))
        ImportReport.write(summary, mode: mode, dryRun: dryRun, file: path, to: output)
    }

    /// Asks before `--replace` removes or overwrites anything, as `reset --all` does.
    private func confirmReplace(_ preview: ImportSummary, file: String) throws {
        guard preview.changesSomething else { return }
        var parts: [String] = []
        if !preview.removed.isEmpty { parts.append("remove \(Plural.count(preview.removed.count, "problem record"))") }
        if !preview.updated.isEmpty { parts.append("overwrite \(Plural.count(preview.updated.count, "problem record"))") }
        if !preview.listsRemoved.isEmpty { parts.append("delete \(Plural.count(preview.listsRemoved.count, "own list"))") }
        // Settings too: a file without them puts the defaults in place of the user's.
        if preview.reviewSettingsChanged {
            parts.append(preview.reviewSettingsReset ? "reset your review settings to the defaults (the file has none)" : "replace your review settings")
        }
        if preview.practiceSettingsChanged {
            parts.append(preview.practiceSettingsReset
                ? "reset your practice settings (followed list, daily goal, premium, target date, skipped problems) to the defaults (the file has none)"
                : "replace your practice settings")
        }
        let what = parts.isEmpty ? "change your progress" : parts.joined(separator: ", ")
        Terminal.writeError("Replace your progress with \(file)? This will \(what). [y/N] ")
        let answer = readLine()?.trimmedOfWhitespace.lowercased()
        guard answer == "y" || answer == "yes" else {
            throw CLIError.failure("not confirmed; nothing was imported. (Use --yes to skip the question, --dry-run to see the changes.)")
        }
    }

    /// The tracker to import into. A dry run writes nothing, so it opens the store read-only (it
    /// works on a store the user may only read), and into a store that does not exist yet it works
    /// on an empty store in memory, so that it creates no file.
    private func tracker(_ context: CommandContext) throws -> Tracker {
        guard dryRun, !context.storeExists else { return try context.tracker() }
        return Tracker(store: .memory(), catalog: context.catalog, clock: context.clock, timeZone: context.timeZone)
    }
}

/// The messages shared by the commands that read files.
enum ExchangeMessages {
    /// The error's message, saying that nothing was changed.
    static func nothingChanged(_ error: ExchangeError) -> String {
        var text = error.description
        while text.hasSuffix(".") { text.removeLast() }
        // A reason that ends in a question ("is it the app's preferences file?") needs no period.
        return text + (text.hasSuffix("?") ? " " : ". ") + "Nothing was changed."
    }
}

/// The text an import prints.
enum ImportReport {
    static func write(_ summary: ImportSummary, mode: ImportMode, dryRun: Bool, file: String, to output: CommandOutput) {
        output.line(dryRun ? "Dry run of importing \(Format.outside(file)) (\(mode.rawValue)):" : "Imported \(Format.outside(file)) (\(mode.rawValue)):")
        output.line("  \(dryRun ? "would add" : "added") \(Plural.count(summary.added.count, "problem")), \(dryRun ? "update" : "updated") "
            + "\(summary.updated.count)" + (mode == .replace ? ", \(dryRun ? "remove" : "removed") \(summary.removed.count)" : "")
            + "; \(summary.unchanged) unchanged.")
        if summary.eventsAdded > 0 { output.line("  \(Plural.count(summary.eventsAdded, "history event")) added.") }
        if summary.favoritesAdded > 0 { output.line("  \(Plural.count(summary.favoritesAdded, "new favorite")).") }
        if summary.notesReplaced > 0 { output.line("  \(Plural.count(summary.notesReplaced, "note")) replaced by the file's newer note.") }
        if summary.notesKept > 0 { output.line("  \(Plural.count(summary.notesKept, "note")) kept: yours were as new or newer.") }
        if !summary.unknownSlugs.isEmpty {
            output.line("  \(Plural.count(summary.unknownSlugs.count, "problem")) not in the catalog (kept; `leettrack catalog update` "
                + "may add them): \(summary.unknownSlugs.prefix(5).joined(separator: ", "))"
                + (summary.unknownSlugs.count > 5 ? ", …" : ""))
        }
        let lists = [("created", summary.listsAdded), ("updated", summary.listsUpdated), ("removed", summary.listsRemoved)]
            .filter { !$0.1.isEmpty }
            .map { "\(Plural.count($0.1.count, "own list")) \(dryRun ? "would be " : "")\($0.0) (\($0.1.map { "“\(Format.outside($0))”" }.joined(separator: ", ")))" }
        if !lists.isEmpty { output.line("  \(lists.joined(separator: "; ")).") }
        if let unfollowed = summary.unfollowedList {
            output.line("  You \(dryRun ? "would no longer follow" : "no longer follow") “\(Format.outside(unfollowed))”, which "
                + "\(dryRun ? "would be" : "was") removed; follow another with `leettrack config follow LIST` (e.g. neetcode-150).")
        }
        if summary.reviewSettingsChanged {
            output.line(summary.reviewSettingsReset
                ? "  Review settings \(dryRun ? "would be " : "")reset to the defaults (the file has none)."
                : "  Review settings \(dryRun ? "would be " : "")taken from the file.")
        }
        if summary.practiceSettingsChanged {
            output.line(summary.practiceSettingsReset
                ? "  Practice settings (followed list, daily goal, premium, target date, skipped problems) \(dryRun ? "would be " : "")reset to the defaults (the file has none)."
                : "  Practice settings (followed list, daily goal, skipped problems) \(dryRun ? "would be " : "")updated from the file.")
        }
        if !summary.changesSomething { output.line("Nothing to change: the store already has everything in the file.") }
        if dryRun { output.line("Nothing was written (--dry-run).") }
    }

    static func write(_ outcome: AppFavorites.Outcome, dryRun: Bool, to output: CommandOutput) {
        let would = dryRun ? "Would favorite" : "Favorited"
        output.line("\(would) \(Plural.count(outcome.favorited.count, "problem"))"
            + (outcome.alreadyFavorites.isEmpty ? "."
                : " (\(outcome.alreadyFavorites.count) already \(outcome.alreadyFavorites.count == 1 ? "a favorite" : "favorites"))."))
        for problem in outcome.favorited { output.line("  ♥ \(Format.name(problem))") }
        if !outcome.unmatched.isEmpty {
            output.line("\(Plural.count(outcome.unmatched.count, "title matches", "titles match")) no problem in the catalog:")
            for title in outcome.unmatched { output.line("  \(Format.outside(title))") }
        }
        if dryRun { output.line("Nothing was written (--dry-run).") }
    }
}
