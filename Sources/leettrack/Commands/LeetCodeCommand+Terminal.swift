import FoundationEssentials
import LeetCodeClient
import LeetTrackCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the two cookies: without echo on a terminal, else one per line from standard input.
/// The values are never echoed, printed or passed on in an error.
enum CookiePrompt {
    static func ask() throws -> LeetCodeCookies {
        let interactive = Terminal.isTerminal(.standardInput)
        if interactive {
            Terminal.writeError("""
                Copy two cookies from a browser signed in to leetcode.com: open the developer tools,
                then Application (Storage in Firefox) > Cookies > https://leetcode.com. A third,
                cf_clearance, is needed only when LeetCode answers with a bot check.

                """)
        }
        let session = try read("LEETCODE_SESSION", interactive: interactive)
        let token = try read("csrftoken", interactive: interactive)
        // Optional: only a user whom Cloudflare's bot check stops needs it; Enter (or no third line) skips it.
        let clearance = try read("cf_clearance", interactive: interactive, optional: true)
        return try LeetCodeCookies(session: session, csrfToken: token, cfClearance: clearance)
    }

    private static func read(_ name: String, interactive: Bool, optional: Bool = false) throws -> String {
        guard interactive else {
            guard let line = readLine(strippingNewline: true) else {
                if optional { return "" }
                throw LeetCodeError.invalidCookie(name: name, reason: "was not given (standard input ended)")
            }
            return line
        }
        // Echo off before the prompt: what is typed once the prompt shows is never echoed.
        let silence = EchoOff()
        Terminal.writeError("\(name) (\(optional ? "optional, Enter to skip; " : "")not shown as you type): ")
        defer {
            silence.restore()
            Terminal.writeError("\n")
        }
        guard let line = readLine(strippingNewline: true) else {
            if optional { return "" }
            throw LeetCodeError.invalidCookie(name: name, reason: "was not given")
        }
        return line
    }
}

/// A bar on standard error while pages arrive, on a terminal only.
final class ProgressBar {
    private let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        Terminal.writeAsItIs("\r[\(bar)] \(done)/\(total) \(total == 1 ? "request" : "requests") to LeetCode", to: .standardError)
        shown = true
    }

    func clear() {
        guard shown else { return }
        Terminal.writeAsItIs("\r\u{1B}[2K", to: .standardError)
        shown = false
    }
}

/// The summary a pull prints.
enum LeetCodePullReport {
    static func write(_ summary: LeetCodePullSummary, _ pull: LeetCodePull, dryRun: Bool, to output: CommandOutput) {
        let catalog = summary.catalog
        let progress = summary.progress
        output.line((dryRun ? "Dry run of a pull" : "Pulled") + " from LeetCode as \(pull.username): "
            + "\(Plural.count(pull.problems.entries.count, "problem")), \(pull.progress.count) with your progress, "
            + "\(Plural.count(pull.accepted.count, "recent accepted submission")).")
        let would = dryRun ? "would be " : ""
        output.line("  Catalog: \(catalog.added.count) new, \(catalog.changed.count) changed, \(catalog.unchanged) unchanged"
            + (catalog.renamed.isEmpty ? "" : ", \(catalog.renamed.count) renamed") + "; \(Plural.count(catalog.catalog.count, "problem")).")
        for rename in catalog.renamed.prefix(10) { output.line("    renamed  \(rename) (its progress and list places \(dryRun ? "would move" : "moved"))") }
        output.line("  History: \(Plural.count(progress.added.count, "problem")) \(would)added, \(progress.updated.count) \(would)updated, "
            + "\(Plural.count(progress.eventsAdded, "dated event")) \(would)added to problems you had.")
        if dryRun { output.line("Nothing was written (--dry-run).") }
    }
}
