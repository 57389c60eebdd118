import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetCodeClient
import LeetTrackCore
import LeetTrackText

extension LeetCodeCommand {
    /// `leetcode fetch PROBLEM... [--list L [--section S]] [--refresh]`.
    struct Fetch: LeetTrackCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Keep problems' statements, starter code and example tests in the store, for `show` and `code` offline.",
            discussion: paragraphs("""
                Each problem is one request to LeetCode's public question page (a session is used when \
                there is one, for paid-only problems). What was fetched is kept at once, so a list that \
                stopped half-way (a kill, the network, a rate limit) goes on where it stopped: problems \
                already kept are skipped unless --refresh. A paid-only problem without a subscription is \
                named and passed over.
                """))

        @Argument(help: ArgumentHelp("Ids, slugs, or title words.", valueName: "problem"), completion: .problems)
        var problemNames: [String] = []
        @Option(help: ArgumentHelp("Every problem of this list (built-in or own).", valueName: "list"))
        var list: String?
        @Option(help: ArgumentHelp("Only this topic section of the list.", valueName: "section"))
        var section: String?
        @Flag(help: "Fetch again what is already kept.") var refresh = false
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack
        func storeUse(_ context: CommandContext) -> StoreUse { .writing }

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            let session = try LeetCodeSession(context, endpoint: server.endpoint)
            guard !problemNames.isEmpty || list != nil || section != nil else {
                throw Self.usageError("name the problems to fetch, or give '--list LIST'")
            }
            // Every name is resolved before the first request: a typo fails with nothing fetched.
            var problems = try problemNames.map { try context.catalog.resolve($0) }
            if list != nil || section != nil {
                let studyList = try context.listOrFollowed(list, for: "'--section'", command: Self.self)
                let slugs = try section.map { try context.catalog.section(named: $0, in: studyList).slugs } ?? studyList.slugs
                problems += slugs.compactMap { context.catalog.problem(withSlug: $0) }
            }
            var seen = Set<String>()
            problems = problems.filter { seen.insert($0.slug).inserted }
            try session.failing(nothingChanged: false) {
                try StatementFetch(session: session).fetch(problems, refresh: refresh, namedOnly: list == nil && section == nil, output)
            }
        }
    }
}

/// Fetching statements, for `leetcode fetch` and for `code` when the statement is not kept yet.
struct StatementFetch {
    let session: LeetCodeSession

    /// Requests in a batch before a pause: a list of 150 is fetched in a minute and a half,
    /// well under the rate LeetCode's own pages ask at.
    static let batchSize = 20
    /// The pause after a batch, and after a rate limit outlasted the client's retries, in seconds
    /// (`sleep`: a signal ends it early, which only shortens a courtesy).
    static let batchPause: UInt32 = 2
    static let rateLimitPause: UInt32 = 30

    /// Fetches and keeps one problem's statement.
    func fetchOne(_ problem: Problem) throws -> ProblemStatement {
        let client = try session.client(cookies: try session.cookies())
        let statement = try client.question(slug: problem.slug, now: session.context.now)
        try session.context.tracker().statements.save(statement)
        return statement
    }

    /// Fetches `problems` that are not kept yet (all with `refresh`), keeping each as it comes.
    /// A paid-only problem is named and passed over; one LeetCode does not know or answers
    /// wrongly for is named, the others go on, and the command fails at the end. A failure of the
    /// connection or the session stops the run: what was kept stays, and the next run resumes.
    func fetch(_ problems: [Problem], refresh: Bool, namedOnly: Bool, _ output: CommandOutput) throws {
        let statements = try session.context.tracker().statements
        let wanted = try refresh ? problems : problems.filter { !(try statements.contains($0.slug)) }
        let skipped = problems.count - wanted.count
        let client = try session.client(cookies: try session.cookies())
        let bar = ProgressBar(enabled: Terminal.isTerminal(.standardError) && wanted.count > 1)
        var fetched = 0
        var paidOnly: [Problem] = []
        var failed: [(Problem, String)] = []
        defer { bar.clear() }
        for (index, problem) in wanted.enumerated() {
            if index > 0, index % Self.batchSize == 0 { sleep(Self.batchPause) }
            bar.show(index, of: wanted.count)
            do {
                let statement = try Self.question(problem, client: client, now: session.context.now)
                try statements.save(statement)
                fetched += 1
                if namedOnly { bar.clear(); output.line(Self.describe(statement, problem)) }
            } catch LeetCodeError.paidOnly {
                paidOnly.append(problem)
            } catch let error as LeetCodeError {
                switch error {
                case .unknownProblem, .invalidResponse, .graphQL:
                    failed.append((problem, "\(error)"))
                default:
                    bar.clear()
                    output.line(Self.summary(fetched: fetched, skipped: skipped, total: problems.count))
                    throw CLIError.failure("\(error) Stopped at \(Format.name(problem)); what was fetched is kept, "
                        + "and the same command goes on from there.")
                }
            }
        }
        bar.clear()
        if !namedOnly || skipped > 0 || wanted.isEmpty { output.line(Self.summary(fetched: fetched, skipped: skipped, total: problems.count)) }
        for problem in paidOnly {
            Terminal.writeError("\(Format.name(problem)) is paid-only: LeetCode shows its statement to subscribers only; passed over.\n")
        }
        for (problem, reason) in failed { Terminal.writeError("\(Format.name(problem)): \(reason) Nothing was kept for it.\n") }
        if !failed.isEmpty || (namedOnly && !paidOnly.isEmpty) {
            let count = failed.count + (namedOnly ? paidOnly.count : 0)
            throw CLIError.failure("\(Plural.count(count, "problem")) could not be fetched (see above).")
        }
    }

    /// One question, waiting out a rate limit that outlasted the client's own retries once.
    private static func question(_ problem: Problem, client: LeetCodeClient, now: Date) throws -> ProblemStatement {
        do {
            return try client.question(slug: problem.slug, now: now)
        } catch LeetCodeError.rateLimited {
            sleep(rateLimitPause)
            return try client.question(slug: problem.slug, now: now)
        }
    }

    /// `Fetched 1. Two Sum: 19 languages, 3 examples, 2 hints.`
    static func describe(_ statement: ProblemStatement, _ problem: Problem) -> String {
        "Fetched \(Format.name(problem)): \(Plural.count(statement.snippets.count, "language")), "
            + "\(Plural.count(statement.exampleTestcases.count, "example")), \(Plural.count(statement.hints.count, "hint"))."
    }

    static func summary(fetched: Int, skipped: Int, total: Int) -> String {
        var text = "Fetched \(fetched) of \(Plural.count(total, "statement"))"
        if skipped > 0 { text += " (\(skipped) already kept, skipped; --refresh fetches them again)" }
        return text + "."
    }
}
