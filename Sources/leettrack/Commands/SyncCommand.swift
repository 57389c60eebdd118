import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack sync [--remote URL]` and `leettrack sync --status`.
struct SyncCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share your progress, lists and settings with your other machines through a PostgreSQL server.",
        discussion: paragraphs("""
            Pushes the changes made here and pulls those made elsewhere; the local store stays the working
            copy, so everything works offline in between. The server is --remote URL, else $LEETTRACK_REMOTE,
            else the first line of the file named by $LEETTRACK_REMOTE_FILE (which must have mode 600), else
            the server of the last successful sync --remote URL, which the store remembers without its password.
            Any libpq connection string works (postgresql://user@host/db?sslmode=verify-full); PGPASSWORD,
            PGPASSFILE, ~/.pgpass and the PGSSL* variables apply. A record on the server that is not valid (or
            cannot be read), or one in this store that cannot be read, is named and left out; the rest is synced,
            and the command exits 1. Your own lists and the settings are synced too, and the solution files of
            the code folder (`config code-dir`; up to 256 KiB each, a larger one is named and left out): a file
            changed on one machine only takes that version; one changed on both keeps yours and writes the
            other beside it (1.two-sum.remote.py); a file is never deleted, and never written through a link.
            Favorite, note, each list and the review settings go to the latest change (by a hybrid logical clock);
            the followed list, the daily goal and each skip separately so; a
            deleted list stays deleted unless created again; histories are merged, no event twice. Safe to
            interrupt and run again.
            """))

    @Option(help: ArgumentHelp("The PostgreSQL connection string or URL.", valueName: "url")) var remote: String?
    @Flag(name: .customLong("status"), help: "Say what is waiting to be pushed, without contacting the server.")
    var statusOnly = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { statusOnly ? .reading : .writing }

    private struct StatusJSON: Encodable {
        let pending: Int
        let pendingLists: Int
        let pendingSettings: Bool
        let remote: String?
        let lastSync: String?
        /// The server a plain `sync` uses, as the store remembers it (never with a password).
        let rememberedRemote: String?
    }

    private struct ReportJSON: Encodable {
        let pushed: Int
        let pulled: Int
        let remote: String
        /// The server remembered for a plain `sync` by this run (without its password), if it changed.
        let remembered: String?
        /// The server's records left out because they are not valid.
        let refused: [String]
        /// The solution files pushed, by name (absent when none).
        let codePushed: [String]?
        /// What each solution file pulled did here (absent when none).
        let codePulled: [String]?
        /// `true` when the server was behind this machine and everything was exchanged again (absent otherwise).
        let exchangedAgain: Bool?
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        if remote?.isEmpty == true { throw Self.usageError("'--remote' needs a connection string") }
        if statusOnly { return try showStatus(context, output) }
        if let remote, SyncRemote.containsPassword(remote) {
            Terminal.writeError(
                "Warning: the password given with --remote is visible to other users (ps) and kept in your shell's "
                    + "history. Put the connection string in a file (mode 600) named by $LEETTRACK_REMOTE_FILE, or use ~/.pgpass.\n")
        }
        // Read before anything is created: a sync with no server set leaves no store behind.
        let remembered = context.storeExists ? try SyncRemote.remembered(in: context.tracker().store) : nil
        let connectionString = try SyncRemote.connectionString(
            option: remote, environment: context.environment, remembered: remembered)
        let tracker = try context.tracker()
        let remoteStore: Store
        do {
            remoteStore = try Store.postgres(connectionString, applicationName: "leettrack")
        } catch let error as PersistenceError {
            throw CLIError.failure(Self.message(for: error))
        }
        let location = remoteStore.path ?? "the sync server"
        let report: SyncEngine.Report
        var codeReport = CodeSyncReport()
        var codeFailures: [String] = []
        do {
            report = try tracker.sync(with: remoteStore).run()
            (codeReport, codeFailures) = try CodeTransfer.sync(tracker, with: remoteStore, context)
        } catch let error as PersistenceError where Self.isRemote(error, location: location) {
            throw CLIError.failure(Self.message(for: error))
        } catch let error as SyncError {
            throw CLIError.failure(error.description)
        }
        // Only a server given on the command line is remembered: the environment already holds its own.
        let newlyRemembered = try remote.flatMap { try SyncRemote.remember($0, in: tracker.store) }
        if json {
            try output.writeJSON(ReportJSON(
                pushed: report.pushed, pulled: report.pulled, remote: location, remembered: newlyRemembered,
                refused: report.refused.map(\.description),
                codePushed: codeReport.pushed.isEmpty ? nil : codeReport.pushed,
                codePulled: codeReport.pulled.isEmpty ? nil : codeReport.pulled.map(CodeTransfer.describe),
                exchangedAgain: report.exchangedAgain ? true : nil))
        } else {
            // A solution file pushed or pulled is one change more.
            let (pushed, pulled) = (report.pushed + codeReport.pushed.count, report.pulled + codeReport.pulled.count)
            if report.exchangedAgain {
                output.line("The server had fewer pushes than this machine had merged (restored from a backup, or replaced): "
                    + "everything was exchanged again, as on a first sync.")
            }
            if pushed == 0 && pulled == 0 && report.refused.isEmpty {
                output.line("Up to date with \(Format.outside(location)).")
            } else {
                output.line("Synced with \(Format.outside(location)): pushed \(Plural.count(pushed, "change")), pulled \(Plural.count(pulled, "change")).")
            }
            if let newlyRemembered, let remote {
                let stripped = newlyRemembered != remote
                output.line("Remembered \(Format.outside(newlyRemembered)) as the server of a plain `leettrack sync`"
                    + (stripped
                        ? ", without the password it held: put the password in ~/.pgpass (or the file $PGPASSFILE names) or $PGPASSWORD."
                        : "."))
            }
        }
        codeFailures += CodeTransfer.write(codeReport, json: json, output)
        for refusal in report.refused { Terminal.writeError("Error: \(refusal.description)\n") }
        for failure in codeFailures { Terminal.writeError("Error: \(failure)\n") }
        if report.refused.isEmpty, !codeFailures.isEmpty { throw CLIError.failure("the solution files named above were not synced; everything else was.") }
        guard report.refused.isEmpty else {
            let local = report.refused.filter(\.isLocalRecord).count
            let server = report.refused.count - local
            var parts: [String] = []
            if server > 0 {
                parts.append("\(Plural.count(server, "record")) on the sync server \(server == 1 ? "is" : "are") not valid and \(server == 1 ? "was" : "were") left out")
            }
            if local > 0 {
                parts.append("\(Plural.count(local, "record")) in this store cannot be read and \(local == 1 ? "was" : "were") not synced")
            }
            throw CLIError.failure(
                parts.joined(separator: "; ") + " (named above); everything else was synced, and the next sync tries "
                    + "\(report.refused.count == 1 ? "it" : "them") again.")
        }
    }

    private func showStatus(_ context: CommandContext, _ output: CommandOutput) throws {
        let status = FileManager.default.fileExists(atPath: context.storePath)
            ? try SyncRemote.status(of: context.tracker().store)
            : SyncRemote.Status()
        let remembered = context.storeExists ? try SyncRemote.remembered(in: context.tracker().store) : nil
        let lastSync = status.state?.lastSync.map(UTCTimestamp.string(from:))
        if json {
            try output.writeJSON(StatusJSON(
                pending: status.pending, pendingLists: status.pendingLists, pendingSettings: status.pendingSettings,
                remote: status.state?.location, lastSync: lastSync, rememberedRemote: remembered))
            return
        }
        var waiting: [String] = []
        if status.pending > 0 { waiting.append(Plural.count(status.pending, "problem")) }
        if status.pendingLists > 0 { waiting.append(Plural.count(status.pendingLists, "list")) }
        if status.pendingSettings { waiting.append("the settings") }
        if waiting.isEmpty {
            output.line("Nothing waiting to be pushed.")
        } else {
            let subject = waiting.count == 1 ? waiting[0] : waiting.dropLast().joined(separator: ", ") + " and " + waiting[waiting.count - 1]
            let singular = waiting.count == 1 && (status.pending == 1 || status.pendingLists == 1)
            output.line(subject.prefix(1).uppercased() + subject.dropFirst() + " \(singular ? "has" : "have") changes waiting to be pushed.")
        }
        if let state = status.state, let lastSync {
            output.line("Last sync: \(lastSync) with \(Format.outside(state.location)).")
        } else {
            output.line("Never synced. Run `leettrack sync --remote URL`.")
        }
        if let remembered { output.line("A plain `leettrack sync` uses \(Format.outside(remembered)).") }
    }

    /// Whether a store error came from the server (its messages name the server, never the password).
    private static func isRemote(_ error: PersistenceError, location: String) -> Bool {
        switch error {
        case .server(let path, _), .newerFormat(let path, _): path == location
        default: false
        }
    }

    private static func message(for error: PersistenceError) -> String {
        let unchanged = "Your local store is unchanged; your changes wait for the next sync."
        switch (error, error.serverFailure) {
        case (.server(let location, let reason), .login?):
            return "the sync server \(location) refused the login: \(reason). \(unchanged)"
        case (.server(_, let reason), .setting?) where reason.hasPrefix("the connection string"):
            return "the sync server's \(reason.dropFirst("the ".count)). \(unchanged)"
        case (.server(let location, let reason), .setting?):
            return "the sync server's URL \(location) cannot be used: \(reason). Correct the URL. \(unchanged)"
        case (.server(let location, let reason), .unreachable?):
            let end = reason.hasSuffix(".") || reason.hasSuffix("?") ? "" : "."
            return "cannot reach the sync server \(location): \(reason)\(end) \(unchanged)"
        case (.newerFormat(let location, let migration), _):
            return "the sync server \(location) was set up by a newer version (schema change '\(migration)'). "
                + "Nothing was changed; upgrade leettrack on this machine to sync."
        case (.server(let location, let reason), _):
            return "the sync server \(location) failed: \(reason). \(unchanged)"
        default:
            return "\(error) \(unchanged)"
        }
    }
}
