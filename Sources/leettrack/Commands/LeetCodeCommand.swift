import ArgumentParser
import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import LeetTrackText

/// `leettrack leetcode login|logout|pull [--dry-run]|daily [--json]`: each a thin call into
/// `LeetCodeClient` (requests, politeness) and `LeetCodePull` (the merge).
struct LeetCodeCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "leetcode",
        abstract: "Sign in to LeetCode, pull your progress, fetch statements, run and submit solutions, or show the daily question.",
        discussion: paragraphs("""
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

            `leetcode fetch PROBLEM... | --list L [--section S]` keeps statements, starter code and example tests in the
            store, for `show` and `code` offline.

            `leetcode test` runs a solution file on LeetCode's judge with the examples; `leetcode submit`
            submits it and records the verdict by itself (a solve, or an attempt noting the verdict).
            """),
        subcommands: [Login.self, Logout.self, Pull.self, Daily.self, Fetch.self, Test.self, Submit.self])

    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        throw Self.usageError("missing subcommand; use login, logout, pull, daily, fetch, test or submit")
    }

    /// `leetcode login`.
    struct Login: LeetTrackCommand {
        // Every command names itself: a derived name costs `String(describing:)` of the type, whose
        // protocol-conformance lookups scan the whole binary at every start-up.
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Ask for LeetCode's session cookies, check them and keep them in a private file beside the store.")
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            try server.session(context, nothingChanged: true) { session in try session.login(output) }
        }
    }

    /// `leetcode logout`.
    struct Logout: LeetTrackCommand {
        static let configuration = CommandConfiguration(commandName: "logout", abstract: "Remove the kept LeetCode session.")
        /// Accepted like the other subcommands' (a script may pass it to every one); nothing is sent.
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            _ = try LeetCodeSession(context, endpoint: server.endpoint)
            let file = LeetCodeCookies.file(besideStore: context.storePath)
            do {
                if try LeetCodeCookies.remove(at: file) {
                    output.line("Signed out: removed \(Format.outside(file)).")
                } else {
                    output.line("Not signed in: there was no \(Format.outside(file)).")
                }
            } catch {
                throw CLIError.failure("\(error)")
            }
        }
    }

    /// `leetcode pull [--dry-run]`.
    struct Pull: LeetTrackCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Merge your LeetCode statuses, solve dates and new problems into the store.")
        @Flag(help: "Say what would change, write nothing.") var dryRun = false
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack
        func storeUse(_ context: CommandContext) -> StoreUse { .writing }

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            try server.session(context, nothingChanged: true) { session in try session.pull(dryRun: dryRun, output) }
        }
    }

    /// `leetcode daily [--json]`.
    struct Daily: LeetTrackCommand {
        static let configuration = CommandConfiguration(
            commandName: "daily",
            abstract: "Show today's daily question and whether you solved it; keep it in the store for views of the day.")
        @Flag(help: .json) var json = false
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack
        func storeUse(_ context: CommandContext) -> StoreUse { .writingWhereAllowed }

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            try server.session(context, nothingChanged: false) { session in try session.daily(json: json, output) }
        }
    }
}

/// `--endpoint URL`, hidden: another GraphQL endpoint than LeetCode's, for the tests' local server.
struct LeetCodeServerOption: ParsableArguments {
    @Option(help: .endpoint) var endpoint: String?

    /// Whether `endpoint` is a plain http(s) URL with nothing that could confuse a log or the terminal.
    static func isValid(_ endpoint: String?) -> Bool {
        guard let endpoint else { return true }
        let lowered = endpoint.lowercased()
        return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && endpoint.count < 2048
            && !endpoint.unicodeScalars.contains { InputRules.isControlOrBidi($0) || $0 == " " }
    }

    /// Opens a session at this endpoint and runs `body` in it, its failures reported as
    /// ``LeetCodeSession/failing(nothingChanged:_:)`` says.
    func session(_ context: CommandContext, nothingChanged: Bool, _ body: (LeetCodeSession) throws -> Void) throws {
        let session = try LeetCodeSession(context, endpoint: endpoint)
        try session.failing(nothingChanged: nothingChanged) { try body(session) }
    }
}

extension ArgumentHelp {
    /// The help of the hidden `--endpoint`: the `leetcode` subcommands take it in the
    /// ``LeetCodeServerOption`` group; `today` and `tui` declare it themselves (a group costs the
    /// parser a reflection of one more type at each run, see ``ArgumentHelp/json``).
    static let endpoint = ArgumentHelp("Another GraphQL endpoint than LeetCode's (for tests).", valueName: "url", visibility: .private)
}
