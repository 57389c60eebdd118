import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack doctor [--export-raw FILE [--remove-damaged | --remove-unreadable-settings]] [--rebuild-summaries]`
/// and `leettrack doctor --restore-record FILE`.
struct DoctorCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store: SQLite's integrity check, every record, the catalog.",
        discussion: paragraphs("""
            Reads the store without changing it and lists what it finds; exits 1 when it finds a problem.
            --rebuild-summaries first rebuilds the summaries that stats, review and the listings read, from the records.
            --export-raw saves the bytes of the records that cannot be read to FILE (JSON), for repair by hand; FILE must be new.
            --remove-unreadable-settings, with --export-raw, then removes the settings records that cannot be read (review,
            practice, code), so that the defaults apply and config can set them again; no other record is touched.
            --remove-damaged, with --export-raw, then removes every record that cannot be read (a problem's progress, a list,
            the settings): its bytes are in FILE first. --restore-record FILE loads records back from such a file once repaired
            (edit a record's "text"), checked as an import is; only a damaged or missing record is replaced.
            """))

    @Option(
        name: .customLong("export-raw"), help: ArgumentHelp("Save the unreadable records' bytes to this file.", valueName: "file"),
        completion: .file())
    var exportFile: String?
    @Flag(
        name: .customLong("rebuild-summaries"),
        help: "Rebuild the summaries that stats, review and the listings read from the records (the records are not changed).")
    var rebuildSummaries = false
    @Flag(
        name: .customLong("remove-unreadable-settings"),
        help: "With --export-raw: remove the settings records that cannot be read, once their bytes are saved.")
    var removeUnreadableSettings = false
    @Flag(
        name: .customLong("remove-damaged"),
        help: "With --export-raw: remove every record that cannot be read, once its bytes are saved.")
    var removeDamaged = false
    @Option(
        name: .customLong("restore-record"),
        help: ArgumentHelp("Load records back from a file --export-raw wrote (repaired), checked as an import.", valueName: "file"),
        completion: .file())
    var restoreFile: String?
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    /// A removal saves the records' bytes before it writes, which a store the user may only read still allows.
    func storeUse(_ context: CommandContext) -> StoreUse { rebuildSummaries || restoreFile != nil ? .writing : removeDamaged || removeUnreadableSettings ? .writingWhereAllowed : .reading }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        // Every line names what the store holds (keys, slugs, list names, SQLite's findings), which
        // a hand edit can fill with escape codes: no line keeps any, on a colour terminal too.
        func say(_ text: String) { output.line(Format.outside(text)) }
        if let exportFile, exportFile.isEmpty { throw Self.usageError("'--export-raw' needs a file name") }
        if removeUnreadableSettings && exportFile == nil {
            throw Self.usageError("'--remove-unreadable-settings' needs '--export-raw FILE', which saves the records' bytes first")
        }
        if removeDamaged && exportFile == nil {
            throw Self.usageError("'--remove-damaged' needs '--export-raw FILE', which saves the records' bytes first")
        }
        if let restoreFile {
            if restoreFile.isEmpty { throw Self.usageError("'--restore-record' needs a file name") }
            if exportFile != nil || rebuildSummaries {
                throw Self.usageError("'--restore-record' loads records back; run it alone, then doctor again")
            }
        }
        guard context.storeExists else {
            if context.storeIsEmptyFile {
                say("\(context.storePath) is an empty file: no store has been written there yet, so there is nothing to check."
                    + " The first command that writes makes a store of it.")
            } else {
                say("No store at \(context.storePath) yet: nothing to check.")
            }
            return
        }
        if let restoreFile { try restore(from: restoreFile, context, output) }
        if rebuildSummaries {
            let written = try context.tracker().progress.summaries.rebuild()
            say("Rebuilt the summaries from the records: \(Plural.count(written, "entry", "entries")) written or removed.")
        }
        let check: StoreCheck
        do {
            check = try StoreCheck.run(on: try context.tracker().store, catalog: context.catalog, now: context.now)
        } catch let error as PersistenceError {
            say("✗ \(context.storePath) cannot be checked: \(error)")
            throw CLIError.failure("the store has a problem (see above).")
        }
        if let exportFile { try export(check.undecodable, to: exportFile, sparingStoreAt: context.storePath) }
        var removed: [String] = []
        if removeUnreadableSettings || removeDamaged, let exportFile {
            do {
                removed = removeDamaged
                    ? try context.tracker().removeDamaged(check.undecodable)
                    : try removeSettings(among: check.undecodable, context)
            } catch PersistenceError.readOnly(_, let reason) {
                throw CLIError.failure(
                    "the unreadable records' bytes are saved to \(exportFile), but the store cannot be written (\(reason)), so no "
                        + "record was removed. Make the store and its directory writable, and run the same command with a new FILE.")
            }
        }
        let findings = check.removing(removed)
        if json {
            try output.writeJSON(CheckJSON(findings, store: context.storePath, removed: removed))
            guard findings.isHealthy else {
                throw CLIError.failure("the store has problems; \(removed.isEmpty ? "nothing was changed" : "nothing else was changed").")
            }
            return
        }
        say("Store: \(context.storePath) (\(Plural.count(findings.recordCount, "record")))")
        var problems = 0
        if check.integrity == ["ok"] {
            say("✓ SQLite integrity check: ok")
        } else {
            problems += check.integrity.count
            say("✗ SQLite integrity check:")
            for finding in check.integrity { say("    \(finding)") }
        }
        if let reason = check.unreadable {
            problems += 1
            say("✗ The records cannot all be read: \(reason)")
            say("    Keep \(context.storePath) with its -wal and -shm files together.")
            say("    " + PersistenceError.rescueSteps(forStoreAt: context.storePath))
        } else if findings.undecodable.isEmpty {
            say(removed.isEmpty ? "✓ Every record can be read" : "✓ Every record left can be read")
        } else {
            problems += findings.undecodable.count
            for entry in findings.undecodable {
                say("✗ The record '\(entry.key)' cannot be read: \(entry.reason)")
            }
        }
        if !check.unimportable.isEmpty {
            problems += check.unimportable.count
            for (key, reason) in check.unimportable {
                say("✗ The record '\(key)' breaks a rule an import holds records to: \(reason)")
            }
            say("    An export of this store would be refused by `leettrack import` until "
                + "\(check.unimportable.count == 1 ? "this record is" : "these records are") changed (a note made shorter "
                + "with `leettrack note`, or the problem's history cleared with `leettrack reset PROBLEM --forget`).")
        }
        if check.unknownProblems.isEmpty && check.listsWithUnknownProblems.isEmpty {
            say("✓ Every problem is in the catalog")
        } else {
            problems += check.unknownProblems.count + check.listsWithUnknownProblems.count
            for slug in check.unknownProblems {
                say("✗ Progress of '\(slug)', which the catalog does not have (`leettrack catalog update` may add it;"
                    + " `leettrack show \(slug)` shows it, `leettrack reset \(slug) --forget` removes it)")
            }
            for (list, slugs) in check.listsWithUnknownProblems {
                say("✗ The list '\(list)' names problems the catalog does not have: \(slugs.joined(separator: ", "))"
                    + " (`leettrack catalog update` may add them; `leettrack lists remove \(list) SLUG` takes one out)")
            }
        }
        switch check.summariesCurrent {
        case true?:
            if check.disagreeingSummaries.isEmpty {
                say("✓ The summaries match the records")
            } else {
                problems += 1
                let count = check.disagreeingSummaries.count
                say("✗ The summaries of \(Plural.count(count, "problem disagree", "problems disagree")) with their records "
                    + "(\(check.disagreeingSummaries.prefix(5).joined(separator: ", "))\(count > 5 ? ", …" : "")): stats and the "
                    + "listings show them wrongly; `leettrack doctor --rebuild-summaries` rebuilds them (the records are not changed)")
            }
        case false?:
            say("✓ The summaries are out of date and not used (records were changed without them); the next change rebuilds them")
        case nil:
            break
        }
        if check.malformedAcceptancePairs > 0 {
            problems += 1
            let count = check.malformedAcceptancePairs
            say("✗ The catalog update ('\(CatalogUpdate.key.name)') has \(Plural.count(count, "malformed acceptance pair")), "
                + "left out (those problems keep the built-in acceptance); `leettrack catalog update FILE` stores a whole one again")
        }
        if let exportFile {
            say("Saved the bytes of \(Plural.count(check.undecodable.count, "unreadable record")) to \(exportFile).")
        }
        for key in removed {
            let after = key.hasPrefix("settings.") ? "the defaults apply, and `leettrack config` sets them again." : "`leettrack doctor --restore-record FILE` loads it back once repaired."
            say("Removed the unreadable record '\(key)' (its bytes are in \(exportFile ?? "")): \(after)")
        }
        guard problems == 0 else {
            let changed = removed.isEmpty ? "nothing was changed" : "nothing else was changed"
            throw CLIError.failure("the store has \(Plural.count(problems, "problem")), listed above; \(changed).")
        }
        say("No problems found.")
    }

    /// Removes the settings records among `entries` as ``Tracker/removeDamaged(_:)`` removes
    /// records: only those whose bytes are still the ones saved, not sent to other machines.
    /// - Returns: the keys removed.
    private func removeSettings(among entries: [UndecodableEntry], _ context: CommandContext) throws -> [String] {
        let settingsKeys = [ReviewSettings.key.name, PracticeSettings.key.name, CodeSettings.key.name]
        return try context.tracker().removeDamaged(entries.filter { settingsKeys.contains($0.key) })
    }

    /// Loads repaired records back (see ``Tracker/restoreRecords(_:file:now:)``) and says which.
    private func restore(from path: String, _ context: CommandContext, _ output: CommandOutput) throws {
        let loaded: [String]
        do {
            let data = try ExchangeFile.contents(of: path == "-" ? "/dev/stdin" : path)
            loaded = try context.tracker().restoreRecords(data, file: path, now: context.now)
        } catch let error as ExchangeError {
            throw CLIError.failure(ExchangeMessages.nothingChanged(error))
        }
        for key in loaded { output.line(Format.outside("Loaded the record '\(key)' back from \(path).")) }
    }

    /// Writes the records as JSON: key, reason, the bytes as text (when UTF-8) and in base64.
    private func export(_ entries: [UndecodableEntry], to path: String, sparingStoreAt storePath: String) throws {
        struct RawRecord: Encodable {
            let key: String
            let reason: String
            let text: String?
            let base64: String
        }
        let records = entries.map {
            RawRecord(key: $0.key, reason: $0.reason, text: String(data: $0.raw, encoding: .utf8), base64: $0.raw.base64EncodedString())
        }
        do {
            var data = Data(try OutputJSON.encode(records, pretty: true, dates: .deferredToDate))
            data.append(UInt8(ascii: "\n"))
            try OutputFile.save(data, to: path, sparingStoreAt: storePath, replacing: false)
        } catch let error as OutputFile.Failure {
            throw CLIError.failure("cannot write \(error.path): \(error.reason). Nothing was written.")
        } catch {
            throw CLIError.failure("cannot write \(path): \(FileErrorReason.text(error))")
        }
    }
}

/// `doctor --json`: what the check found.
private struct CheckJSON: Encodable {
    struct Record: Encodable {
        let key: String
        let reason: String
    }
    struct ListFinding: Encodable {
        let list: String
        let unknownProblems: [String]
    }

    let store: String
    let records: Int
    let healthy: Bool
    let integrity: [String]
    let unreadable: String?
    let undecodable: [Record]
    /// Progress records an import of an export would refuse, with the rule each breaks.
    let unimportable: [Record]
    let unknownProblems: [String]
    let listsWithUnknownProblems: [ListFinding]
    let malformedAcceptancePairs: Int
    /// Whether the summaries are in use (absent when the store cannot tell), and which disagree.
    let summariesCurrent: Bool?
    let disagreeingSummaries: [String]

    /// The unreadable settings records removed by `--remove-unreadable-settings` or `--remove-damaged`.
    let removedSettings: [String]
    /// Every unreadable record removed (`--remove-damaged`, `--remove-unreadable-settings`).
    let removed: [String]

    init(_ check: StoreCheck, store: String, removed: [String]) {
        removedSettings = removed.filter { $0.hasPrefix("settings.") }
        self.removed = removed
        self.store = store
        records = check.recordCount
        healthy = check.isHealthy
        integrity = check.integrity
        unreadable = check.unreadable
        undecodable = check.undecodable.map { Record(key: $0.key, reason: $0.reason) }
        unimportable = check.unimportable.map { Record(key: $0.key, reason: $0.reason) }
        unknownProblems = check.unknownProblems
        listsWithUnknownProblems = check.listsWithUnknownProblems.map { ListFinding(list: $0.list, unknownProblems: $0.slugs) }
        malformedAcceptancePairs = check.malformedAcceptancePairs
        summariesCurrent = check.summariesCurrent
        disagreeingSummaries = check.disagreeingSummaries
    }
}

extension StoreCheck {
    /// The findings once the records under `keys` are gone.
    fileprivate func removing(_ keys: [String]) -> StoreCheck {
        var check = self
        let before = check.undecodable.count
        check.undecodable.removeAll { keys.contains($0.key) }
        check.recordCount -= before - check.undecodable.count
        return check
    }
}
