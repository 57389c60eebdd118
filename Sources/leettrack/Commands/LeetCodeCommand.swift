import Foundation
import LeetCodeClient
import LeetTrackCore

/// `leettrack leetcode login|logout|pull [--dry-run]|daily`: each a thin call into
/// `LeetCodeClient` (requests, politeness) and `LeetCodePull` (the merge).
struct LeetCodeCommand: Command {
    static let spec = CommandSpec(
        name: "leetcode",
        abstract: "Sign in to LeetCode, pull your progress and dates, or show the daily question.",
        discussion: """
            `leetcode login` asks for the LEETCODE_SESSION and csrftoken cookies (in a browser signed in to
            leetcode.com: developer tools, Application (Storage in Firefox), Cookies, https://leetcode.com),
            checks them with LeetCode and keeps them in a private file beside the store. They are read
            without echo on a terminal, else from standard input (one per line), or from the environment
            variables LEETCODE_SESSION and LEETCODE_CSRFTOKEN, which every leetcode command also honours.
            `leetcode logout` removes the file.
            `leetcode pull` reads the whole problem list with your status, your progress list with its
            last-submission dates and your recent accepted submissions, then merges them like an import:
            new problems added, renamed slugs followed, solves dated; notes, favorites, lists and review
            cards are never touched. Nothing is written unless everything was read. --dry-run only says
            what would change.
            `leetcode daily` shows today's daily coding challenge.
            """,
        arguments: [ArgumentSpec("ACTION", help: "login, logout, pull or daily.")],
        options: [
            .flag("dry-run", help: "With pull: say what would change, write nothing."),
            .flag("json", help: "With daily: print JSON."),
            .option("endpoint", value: "url", help: "Another GraphQL endpoint than LeetCode's (for tests)."),
        ])

    enum Action: String {
        case login, logout, pull, daily
    }

    let action: Action
    let dryRun: Bool
    let json: Bool
    let endpoint: String?

    init(_ arguments: ParsedArguments) throws {
        guard let action = Action(rawValue: arguments.positionals[0]) else {
            throw Self.usageError("unknown action '\(arguments.positionals[0])'; use login, logout, pull or daily")
        }
        if arguments.positionals.count > 1 { throw Self.usageError("unexpected argument '\(arguments.positionals[1])'") }
        if arguments.flag("dry-run"), action != .pull { throw Self.usageError("'--dry-run' goes with 'leetcode pull'") }
        if arguments.flag("json"), action != .daily { throw Self.usageError("'--json' goes with 'leetcode daily'") }
        if let endpoint = arguments.value("endpoint") {
            let lowered = endpoint.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), endpoint.count < 2048,
                !endpoint.unicodeScalars.contains(where: { InputRules.isControlOrBidi($0) || $0 == " " })
            else {
                throw Self.usageError("'--endpoint' must be an http:// or https:// URL")
            }
        }
        self.action = action
        dryRun = arguments.flag("dry-run")
        json = arguments.flag("json")
        endpoint = arguments.value("endpoint")
    }

    func run(_ context: CommandContext) throws {
        do {
            switch action {
            case .login: try login(context)
            case .logout: try logout(context)
            case .pull: try pull(context)
            case .daily: try daily(context)
            }
        } catch let error as LeetCodeError {
            throw CLIError.failure("\(error)" + (action == .pull || action == .login ? " Nothing was changed." : ""))
        } catch let error as ExchangeError {
            throw CLIError.failure(ExchangeMessages.nothingChanged(error))
        }
    }

    /// The file that keeps the session.
    private func cookieFile(_ context: CommandContext) -> String {
        LeetCodeCookies.file(besideStore: context.storePath)
    }

    /// A client of the endpoint; the timeout from `LEETTRACK_LEETCODE_TIMEOUT` is honoured only
    /// with `--endpoint`, so a stray variable cannot cut LeetCode's requests short.
    private func client(_ context: CommandContext, cookies: LeetCodeCookies?) throws -> LeetCodeClient {
        var timeout = LeetCodeClient.defaultTimeout
        if endpoint != nil, let text = context.environment["LEETTRACK_LEETCODE_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds > 0, seconds <= 300 else {
                throw CLIError.usage("LEETTRACK_LEETCODE_TIMEOUT must be a number of seconds between 0 and 300", command: Self.spec)
            }
            timeout = seconds
        }
        return LeetCodeClient(endpoint: endpoint ?? LeetCodeClient.defaultEndpoint, cookies: cookies, timeout: timeout)
    }

    /// The environment's cookies, else the saved ones, else `nil`.
    private func cookies(_ context: CommandContext) throws -> LeetCodeCookies? {
        let session = context.environment["LEETCODE_SESSION"] ?? ""
        let token = context.environment["LEETCODE_CSRFTOKEN"] ?? ""
        if !session.isEmpty || !token.isEmpty {
            return try LeetCodeCookies(session: session, csrfToken: token)
        }
        return try LeetCodeCookies.load(from: cookieFile(context))
    }

    private func login(_ context: CommandContext) throws {
        let file = cookieFile(context)
        let fromEnvironment = !(context.environment["LEETCODE_SESSION"] ?? "").isEmpty || !(context.environment["LEETCODE_CSRFTOKEN"] ?? "").isEmpty
        var cookies = try fromEnvironment ? cookies(context) ?? CookiePrompt.ask() : CookiePrompt.ask()
        let user = try client(context, cookies: cookies).signedInUser()
        cookies.username = user.username
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try cookies.save(to: file)
        context.line("Signed in to LeetCode as \(user.username). The session is kept in \(file) (readable by you only).")
    }

    private func logout(_ context: CommandContext) throws {
        let file = cookieFile(context)
        if try LeetCodeCookies.remove(at: file) {
            context.line("Signed out: removed \(file).")
        } else {
            context.line("Not signed in: there was no \(file).")
        }
    }

    private func pull(_ context: CommandContext) throws {
        guard let cookies = try cookies(context) else { throw LeetCodeError.notSignedIn(cookieFile: cookieFile(context)) }
        let bar = ProgressBar(enabled: Terminal.isTerminal(.standardError))
        let pulled: LeetCodePull
        do {
            pulled = try client(context, cookies: cookies).pull(now: context.now) { done, total in bar.show(done, of: total) }
            bar.clear()
        } catch {
            bar.clear()
            throw error
        }
        let summary = try pulled.apply(to: try context.repository().store, now: context.now, dryRun: dryRun)
        if !dryRun { Catalog.install(try CatalogUpdate.stored(in: try context.repository().store)) }
        LeetCodePullReport.write(summary, pulled, dryRun: dryRun, to: context)
    }

    private func daily(_ context: CommandContext) throws {
        let daily = try client(context, cookies: try cookies(context)).daily()
        try context.repository().store.set(daily, for: LeetCodeDaily.key)
        let problem = daily.problem
        let status = try context.progress(for: problem.slug).status
        if json {
            try context.writeJSON(DailyJSON(
                date: daily.date, id: problem.id, slug: problem.slug, title: problem.title, difficulty: problem.difficulty.rawValue,
                paidOnly: problem.paidOnly, url: "https://leetcode.com/problems/\(problem.slug)/", status: status.rawValue))
            return
        }
        context.line("Daily question, \(daily.date): \(problem.id). \(problem.title) (\(problem.difficulty.rawValue.capitalized))"
            + (problem.paidOnly ? " [Premium]" : ""))
        context.line("https://leetcode.com/problems/\(problem.slug)/")
        context.line(status == .solved ? "You have solved it." : status == .attempted ? "You have attempted it." : "Not solved yet.")
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
