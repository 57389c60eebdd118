import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore
import LeetTrackText

/// `leettrack code PROBLEM [--lang L]`: the problem's solution file, made or reused, in the editor.
struct CodeCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Create (or reuse) a problem's solution file and open it in $VISUAL or $EDITOR.",
        discussion: paragraphs("""
            The file is <id>.<slug>.<ext> in the folder `leettrack config code-dir` names (default \
            ~/leetcode, created 0700 when missing), and starts with a comment: title, URL, difficulty \
            and tags. Below it come the example test cases, in a comment, and LeetCode's starter code for \
            the language, from the statement `leettrack leetcode fetch` kept (when signed in, a statement \
            not kept yet is fetched first). A file that exists is opened as it is, never overwritten. The path is remembered \
            for `leettrack show` on this machine (not synced or exported). Without an editor set, the \
            path is printed.

            Languages: \(SolutionLanguage.namesText).

            With `leettrack config code-git on`, the folder is a git repository: each solve commits the \
            problem's files and a README.md index. `leettrack code commit PROBLEM` commits them now (after \
            a commit that failed, or a later edit); `leettrack code push` pushes to the branch's upstream, \
            else to its only remote (or origin), with your own git credentials. A push that fails (no \
            remote, rejected, offline, credentials) exits 1 and keeps the local commits.
            """))

    @Argument(help: .problem, completion: .problems) var problemName: String
    /// After `commit`, the problem to commit. `commit` and `push` are words of this command rather
    /// than subcommands: the parser gives a command's own argument the first word, so a
    /// subcommand beside `PROBLEM` would never be reached.
    @Argument(help: ArgumentHelp("After `commit`: the problem whose files to commit now.", valueName: "problem"))
    var commitTarget: String?
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp("The language (default: `config code-lang`, else py).", valueName: "language"),
        completion: .list(SolutionLanguage.all.map(\.fileExtension)),
        transform: { name in
            guard let language = SolutionLanguage(named: name) else {
                throw ValidationError("'\(name)' is not a language; the languages are \(SolutionLanguage.namesText)")
            }
            return language
        })
    var language: SolutionLanguage?
    @Option(help: .endpoint) var endpoint: String?
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        switch (problemName, commitTarget) {
        case ("push", nil): return try CodeGit.push(context, output)
        case ("commit", let target?): return try CodeGit.commitNow(target, context, output)
        case ("commit", nil): throw Self.usageError("`code commit` needs the PROBLEM whose files to commit")
        case (_, let extra?): throw Self.usageError("unexpected argument '\(extra)'")
        default: break
        }
        let problem = try context.catalog.resolve(problemName)
        let session = try LeetCodeSession(context, endpoint: endpoint, command: Self.self)
        let file = try CodeSolution.prepare(problem, language: language, tracker: try context.tracker(), environment: context.environment) {
            Self.fetchStatement(problem, session)
        }
        let editor = Editor(environment: context.environment)
        output.line(file.created ? "Created \(Format.outside(file.path))" : "Opening \(Format.outside(file.path))")
        if file.missingSnippet {
            Terminal.writeError("The kept statement of \(problem.id) has no starter code in this language: the file has its header only.\n")
        }
        guard let command = editor.command else {
            Terminal.writeError("Set $VISUAL or $EDITOR to open it in your editor.\n")
            return
        }
        try output.flush(storeWritten: context.storeOpenedForWriting)  // Before the editor takes the terminal.
        try editor.open(file.path, command: command, unchanged: "the file stays at \(file.path).")
        // An editor that removed the file (or saved it elsewhere by renaming) left no solution there.
        var status = stat()
        if lstat(file.path, &status) != 0 {
            throw CLIError.failure("the editor '\(command)' removed \(file.path): no solution file is left there. "
                + "`leettrack code \(problem.id)` makes a new one.")
        }
    }
}

extension CodeCommand {
    /// The statement for a new file when none is kept: fetched when signed in. Without a session
    /// nothing is asked of the network and the file gets today's header alone, as before
    /// statements were kept; when the fetch fails, the same, with a word on standard error.
    static func fetchStatement(_ problem: Problem, _ session: LeetCodeSession) -> ProblemStatement? {
        guard LeetCodeSession.isSignedIn(session.context) else { return nil }
        do {
            return try StatementFetch(session: session).fetchOne(problem)
        } catch {
            Terminal.writeError("The starter code of \(problem.id) could not be fetched (\(Format.outside("\(error)"))): "
                + "the file has its header only.\n")
            return nil
        }
    }
}

/// What `code` and the screen's `e` share: the settings read, the file made or reused, its path
/// remembered.
enum CodeSolution {
    /// The home folder `~` in `code-dir` stands for: `$HOME`, else the user's.
    static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// Makes or reuses `problem`'s solution file through `tracker`'s store. A new file gets the
    /// starter code of the kept statement, else of what `fetch` gives (asked only when the file
    /// is to be made and no statement is kept).
    static func prepare(
        _ problem: Problem, language: SolutionLanguage?, tracker: Tracker, environment: [String: String],
        fetch: () -> ProblemStatement? = { nil }
    ) throws -> (path: String, created: Bool, missingSnippet: Bool) {
        let codeFiles = tracker.codeFiles
        let settings = try codeFiles.settings()
        let language = language ?? settings.defaultLanguage
        let directory = settings.resolvedDirectory(home: home(environment))
        var statement: ProblemStatement?
        var status = stat()
        if lstat(SolutionFile.path(for: problem, language: language, in: directory), &status) != 0 {
            statement = try tracker.statements.statement(for: problem.slug) ?? fetch()
        }
        let file = try SolutionFile.prepare(for: problem, language: language, in: directory, statement: statement)
        try codeFiles.remember(file.path, for: problem.slug)
        let missingSnippet = file.created && statement != nil && statement?.snippet(for: language.leetCodeSlug) == nil
        return (file.path, file.created, missingSnippet)
    }
}
