import ArgumentParser
import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import LeetTrackText
import Persistence

/// What the `leetcode` subcommands share: the checked endpoint, the cookies (environment, else the
/// kept file) and the client, over the command's ``CommandContext`` and its ``Tracker``.
struct LeetCodeSession {
    let context: CommandContext
    let endpoint: String?

    /// Checks `endpoint` (exit 64 for anything but an http(s) URL) before anything is read or written.
    /// A usage error names the usage of `command`: `leetcode`'s by default, which lists the
    /// subcommands (the report of a usage error knows only the commands directly under `leettrack`).
    init(_ context: CommandContext, endpoint: String?, command: ParsableCommand.Type = LeetCodeCommand.self) throws {
        guard LeetCodeServerOption.isValid(endpoint) else {
            throw CLIError.usage("'--endpoint' must be an http:// or https:// URL", command: command)
        }
        self.context = context
        self.endpoint = endpoint
    }

    /// Runs `body`, turning LeetCode's and the checks' errors into failures that say whether the
    /// store was left as it was.
    func failing(nothingChanged: Bool, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LeetCodeError {
            throw CLIError.failure("\(error)" + (nothingChanged ? " Nothing was changed." : ""))
        } catch let error as ExchangeError {
            throw CLIError.failure(ExchangeMessages.nothingChanged(error))
        }
    }

    /// The file that keeps the session.
    var cookieFile: String { LeetCodeCookies.file(besideStore: context.storePath) }

    private static func cookiesInEnvironment(_ context: CommandContext) -> Bool {
        !(context.environment["LEETCODE_SESSION"] ?? "").isEmpty || !(context.environment["LEETCODE_CSRFTOKEN"] ?? "").isEmpty
    }

    /// Whether a session is at hand: the environment's cookies or the file beside the store
    /// (asked before the store is opened: `today` then opens it for writing, to keep the day's question).
    static func isSignedIn(_ context: CommandContext) -> Bool {
        cookiesInEnvironment(context) || FileManager.default.fileExists(atPath: LeetCodeCookies.file(besideStore: context.storePath))
    }

    /// A client of the endpoint; the timeout from `LEETTRACK_LEETCODE_TIMEOUT` is honoured only
    /// with `--endpoint`, so a stray variable cannot cut LeetCode's requests short.
    func client(cookies: LeetCodeCookies?, timeout longest: Double = LeetCodeClient.defaultTimeout) throws -> LeetCodeClient {
        LeetCodeClient(endpoint: endpoint ?? LeetCodeClient.defaultEndpoint, cookies: cookies, timeout: try timeout(longest))
    }

    /// The timeout of one request: `longest`, or less when `LEETTRACK_LEETCODE_TIMEOUT` says so.
    func timeout(_ longest: Double) throws -> Double {
        guard endpoint != nil, let text = context.environment["LEETTRACK_LEETCODE_TIMEOUT"], !text.isEmpty else { return longest }
        guard let seconds = Double(text), seconds > 0, seconds <= 300 else {
            throw LeetCodeCommand.usageError("LEETTRACK_LEETCODE_TIMEOUT must be a number of seconds between 0 and 300")
        }
        return min(seconds, longest)
    }

    /// The environment's cookies, else the kept ones, else `nil`. `LEETCODE_CF_CLEARANCE` adds
    /// Cloudflare's cookie to either.
    func cookies() throws -> LeetCodeCookies? {
        let clearance = context.environment["LEETCODE_CF_CLEARANCE"].flatMap { $0.isEmpty ? nil : $0 }
        if Self.cookiesInEnvironment(context) {
            return try LeetCodeCookies(
                session: context.environment["LEETCODE_SESSION"] ?? "", csrfToken: context.environment["LEETCODE_CSRFTOKEN"] ?? "",
                cfClearance: clearance)
        }
        guard var kept = try LeetCodeCookies.load(from: cookieFile) else { return nil }
        if let clearance {
            kept = try LeetCodeCookies(session: kept.session, csrfToken: kept.csrfToken, username: kept.username, cfClearance: clearance)
        }
        return kept
    }

    /// The cookies, or the failure that says how to sign in.
    func signedInCookies() throws -> LeetCodeCookies {
        guard let cookies = try cookies() else { throw LeetCodeError.notSignedIn(cookieFile: cookieFile) }
        return cookies
    }

    func login(_ output: CommandOutput) throws {
        let file = cookieFile
        var cookies = try Self.cookiesInEnvironment(context) ? cookies() ?? CookiePrompt.ask() : CookiePrompt.ask()
        let user = try client(cookies: cookies).signedInUser()
        cookies.username = user.username
        try FileManager.default.createDirectory(
            atPath: FilePaths.folder(of: file), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try cookies.save(to: file)
        output.line("Signed in to LeetCode as \(user.username). The session is kept in \(Format.outside(file)) (readable by you only).")
    }

    func pull(dryRun: Bool, _ output: CommandOutput) throws {
        let cookies = try signedInCookies()
        // A submission whose verdict a killed `submit` never saw is recorded first, once.
        if !dryRun { try resolvePending(client(cookies: cookies), output, before: "the pull") }
        let bar = ProgressBar(enabled: Terminal.isTerminal(.standardError))
        let pulled: LeetCodePull
        do {
            pulled = try client(cookies: cookies).pull(now: context.now) { done, total in bar.show(done, of: total) }
            bar.clear()
        } catch {
            bar.clear()
            throw error
        }
        let summary = try pulled.apply(to: try context.tracker(), dryRun: dryRun)
        LeetCodePullReport.write(summary, pulled, dryRun: dryRun, to: output)
        guard !dryRun else { return }
        // The day's question too, for `today` and the screen; the pull stands without it.
        if case .failed(let reason) = refreshDailyIfSignedIn(stored: try context.tracker().store.value(for: LeetCodeDaily.key)) {
            Terminal.writeError("Today's daily question could not be read: \(reason)\n")
        }
    }

    func daily(json: Bool, _ output: CommandOutput) throws {
        let daily = try client(cookies: try cookies()).daily()
        let tracker = try context.tracker()
        try tracker.store.set(daily, for: LeetCodeDaily.key)
        let problem = daily.problem
        let status = try tracker.progress.progress(for: problem.slug).status
        if json {
            try output.writeJSON(DailyJSON(
                date: daily.date, id: problem.id, slug: problem.slug, title: problem.title, difficulty: problem.difficulty.rawValue,
                paidOnly: problem.paidOnly, url: "https://leetcode.com/problems/\(problem.slug)/", status: status.rawValue))
            return
        }
        output.line("Daily question, \(Format.outside(daily.date)): \(problem.id). \(Format.outside(problem.title)) (\(problem.difficulty.rawValue.capitalized))"
            + (problem.paidOnly ? " [Premium]" : ""))
        output.line("https://leetcode.com/problems/\(problem.slug)/")
        output.line(status == .solved ? "You have solved it." : status == .attempted ? "You have attempted it." : "Not solved yet.")
    }
}

private struct DailyJSON: Encodable {
    var date: String
    var id: Int
    var slug: String
    var title: String
    var difficulty: String
    var paidOnly: Bool
    var url: String
    var status: String
}
