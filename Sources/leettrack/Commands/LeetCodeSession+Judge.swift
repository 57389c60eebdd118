import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leetcode test` and `leetcode submit`: the solution read, the judge asked, the verdict printed
/// and (for a submission) recorded by itself.
extension LeetCodeSession {
    /// The most a solution file may hold: LeetCode's editor takes about 100,000 characters.
    static let maximumSolution = 256 * 1024

    /// A solution to send: its text and LeetCode's name of its language.
    struct Solution {
        var path: String
        var code: String
        var language: SolutionLanguage
        var judgeLanguage: String
    }


    /// The file given, else the problem's file that `code` made (the last remembered one that
    /// exists), else the one `code` would make in the default language; read and checked.
    func solution(for problem: Problem, file: String?, command: any LeetTrackCommand.Type) throws -> Solution {
        // The slug goes into LeetCode's URLs: a plain slug only, whatever a catalog update said.
        do throws(InputRules.Violation) {
            try InputRules.check(slug: problem.slug, at: "slug")
        } catch {
            throw CLIError.failure("\(Format.name(problem)) cannot be sent to LeetCode: \(error.reason).")
        }
        let path: String
        let language: SolutionLanguage
        /// The language a file's extension names (`two-sum.py`), if any.
        func extensionLanguage(_ path: String) -> SolutionLanguage? {
            guard let name = path.split(separator: "/").last, name.contains(".") else { return nil }
            return name.split(separator: ".").last.flatMap { SolutionLanguage(named: String($0)) }
        }
        if let file {
            guard let named = extensionLanguage(file) else {
                throw command.usageError("cannot tell the language of \(Format.outside(file)) from its extension; the languages are \(SolutionLanguage.namesText)")
            }
            (path, language) = (file, named)
        } else {
            let tracker = try context.tracker()
            let remembered = try tracker.codeFiles.paths(for: problem.slug).last { FileManager.default.fileExists(atPath: $0) }
            if let remembered, let named = extensionLanguage(remembered) {
                (path, language) = (remembered, named)
            } else {
                let settings = try tracker.codeFiles.settings()
                language = settings.defaultLanguage
                path = SolutionFile.path(
                    for: problem, language: language, in: settings.resolvedDirectory(home: CodeSolution.home(context.environment)))
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CLIError.failure("\(Format.name(problem)) has no solution file (\(Format.outside(path))): "
                        + "write one with `leettrack code \(problem.id)`, or give the FILE to send.")
                }
            }
        }
        let data: Data
        do {
            data = try ExchangeFile.contents(of: path)
        } catch {
            throw CLIError.failure("\(error)")
        }
        guard data.count <= Self.maximumSolution else {
            throw CLIError.failure("\(Format.outside(path)) is larger than \(Self.maximumSolution / 1024) KiB: not a solution LeetCode takes.")
        }
        guard let code = String(validating: data, as: UTF8.self), !code.utf8.contains(0) else {
            throw CLIError.failure("\(Format.outside(path)) is not UTF-8 text.")
        }
        if InputRules.showsNothing(code) { throw CLIError.failure("\(Format.outside(path)) is empty: there is nothing to send.") }
        return Solution(path: path, code: code, language: language, judgeLanguage: language.leetCodeSlug)
    }

    /// Runs `solution` on `cases` (the problem's examples when empty) and prints each case.
    func test(_ problem: Problem, _ solution: Solution, cases given: [String], _ output: CommandOutput) throws {
        let client = try client(cookies: try signedInCookies())
        let question = try judgedStatement(problem, client)
        let cases = given.isEmpty ? question.exampleTestcases : given
        guard !cases.isEmpty else { throw CLIError.failure("LeetCode gave no example cases for \(Format.name(problem)); give one with --case.") }
        output.line("Running \(Format.outside(solution.path)) (\(solution.judgeLanguage)) on \(Plural.count(cases.count, "case")) of \(Format.name(problem))…")
        let id = try client.interpret(
            slug: problem.slug, questionID: question.questionID, language: solution.judgeLanguage, code: solution.code,
            input: cases.joined(separator: "\n"))
        let result = try JudgeWait.around { progress throws(LeetCodeError) in try client.verdict(of: id, slug: problem.slug, progress: progress) }
        // Like a test runner: a case that failed (or a run that did not compile) exits 1, so
        // `leetcode test 1 && leetcode submit 1` submits only what passed.
        guard JudgeReport.run(result, cases: cases, output) else { throw CLIError.saidInOutput }
    }

    /// Sends `solution`, waits for the verdict and records it (see ``SubmissionLedger``). A
    /// submission left pending by an earlier run is resolved first.
    func submit(_ problem: Problem, _ solution: Solution, rating: ReviewRating?, seconds: Int?, _ output: CommandOutput) throws {
        let client = try client(cookies: try signedInCookies())
        try resolvePending(client, output, before: "this submission")
        let question = try judgedStatement(problem, client)
        // Without --time, the time of a `timer` running on the problem (in another terminal).
        let timer = seconds == nil ? try context.tracker().store.value(for: RunningTimer.key(for: problem.slug)) : nil
        let id = try client.submit(slug: problem.slug, questionID: question.questionID, language: solution.judgeLanguage, code: solution.code)
        let submitted = context.now
        let submission = PendingSubmission(
            id: id, slug: problem.slug, submitted: submitted, rating: rating, seconds: seconds ?? timer?.seconds(until: submitted))
        let ledger = SubmissionLedger(tracker: try context.tracker())
        // Kept before the first look at the verdict: a kill or a lost network from here on leaves
        // it for the next `submit` or `pull`, which records it once; it is never sent again.
        try ledger.keep(submission)
        output.line("Submitted \(Format.outside(solution.path)) (\(solution.judgeLanguage)) for \(Format.name(problem)) as submission \(id).")
        try output.flush(storeWritten: true)
        let result = try verdict(
            of: submission, client, ledger,
            ifKept: "The submission is kept: the next `leettrack leetcode submit` or `leetcode pull` records its verdict.")
        JudgeReport.verdict(result, output)
        try record(submission, result, ledger: ledger, problem: problem, output)
        // Recorded either way; a verdict other than Accepted exits 1, as a rejected push does.
        guard result.isAccepted else { throw CLIError.saidInOutput }
    }

    /// The statement the judge needs (LeetCode's question id, the example cases): the kept one,
    /// else fetched with the client. One fetched here is not kept: a failure of the run or the
    /// submission must leave the store as it was (`leetcode fetch` and `code` keep statements).
    private func judgedStatement(_ problem: Problem, _ client: LeetCodeClient) throws -> ProblemStatement {
        if context.storeExists, let kept = try context.tracker().statements.statement(for: problem.slug) { return kept }
        return try client.question(slug: problem.slug, now: context.now)
    }

    /// Asks for the verdict of each pending submission and records it; says so for each. One the
    /// judge has still not finished stops `before` (a new submission is not sent meanwhile).
    func resolvePending(_ client: LeetCodeClient, _ output: CommandOutput, before: String) throws {
        guard context.storeExists else { return }
        let ledger = SubmissionLedger(tracker: try context.tracker())
        for submission in try ledger.pending() {
            let problem = context.catalog.problem(withSlug: submission.slug)
            let name = problem.map(Format.name) ?? Format.outside(submission.slug)
            let day = LocalDay(submission.submitted, in: context.timeZone)
            output.line("Submission \(submission.id) of \(name), sent on \(day), had no recorded verdict; asking LeetCode first.")
            let result = try verdict(
                of: submission, client, ledger, ifKept: "Submission \(submission.id) stays pending; \(before) waits for it. Try again later.")
            JudgeReport.verdict(result, output)
            if let problem {
                try record(submission, result, ledger: ledger, problem: problem, output)
            } else if try ledger.record(submission, result: result) != nil {
                output.line("Recorded it for \(name).")
            }
        }
    }

    /// Waits for the verdict of a kept submission. An answer that breaks the rules would break
    /// them again, and a submission LeetCode does not know will stay unknown, so the submission is
    /// then let go (nothing recorded); after any other failure it stays kept, and `ifKept` says
    /// what happens next.
    private func verdict(of submission: PendingSubmission, _ client: LeetCodeClient, _ ledger: SubmissionLedger, ifKept: String) throws -> JudgeResult {
        do {
            return try JudgeWait.around { progress throws(LeetCodeError) in
                try client.verdict(of: submission.id, slug: submission.slug, progress: progress)
            }
        } catch where error.meansLetGo {
            try ledger.forget(submission)
            throw CLIError.failure("\(error) Submission \(submission.id) is let go; nothing was recorded.")
        } catch {
            throw CLIError.failure("\(error) \(ifKept)")
        }
    }

    private func record(_ submission: PendingSubmission, _ result: JudgeResult, ledger: SubmissionLedger, problem: Problem, _ output: CommandOutput) throws {
        guard let record = try ledger.record(submission, result: result) else {
            output.line("Submission \(submission.id) was recorded already (by another leettrack meanwhile).")
            return
        }
        if let rating = record.rating {
            output.line(ProgressChanges.solved(problem, record.change, date: submission.submitted, rating: rating, seconds: submission.seconds, context))
            CodeGit.afterSolve([problem], context, output)
        } else {
            output.line("Recorded an attempt at \(Format.name(problem)): \(Format.outside(record.note ?? result.statusMessage)).")
        }
    }
}

/// A line on standard error while the judge works, on a terminal only, cleared once it is done.
enum JudgeWait {
    /// Runs `body`, giving it the callback that shows each pending state.
    static func around<Result>(_ body: (_ progress: (String) -> Void) throws(LeetCodeError) -> Result) throws(LeetCodeError) -> Result {
        let shown = Terminal.isTerminal(.standardError)
        var drawn = false
        defer { if drawn { Terminal.writeAsItIs("\r\u{1B}[2K", to: .standardError) } }
        return try body { state in
            guard shown else { return }
            // The state is one of LeetCode's three words (checked): nothing else reaches the terminal.
            Terminal.writeAsItIs("\rWaiting for LeetCode's judge (\(state.lowercased()))…", to: .standardError)
            drawn = true
        }
    }
}

/// How a verdict is printed: each value from LeetCode sanitised, long text cut, lines indented.
enum JudgeReport {
    /// The most lines of one field shown (a compile error can be long).
    static let shownLines = 30

    /// A run of examples: each case's input, output, expected output and printed lines.
    /// - Returns: whether the run was accepted and every case passed.
    static func run(_ result: JudgeResult, cases: [String], _ output: CommandOutput) -> Bool {
        if let failure = failure(result) {
            output.line(Format.outside(result.statusMessage) + ":")
            block(failure, output)
            return false
        }
        // A time, memory or output limit fails the run as a whole; the cases show what there is.
        if !result.isAccepted { output.line(Format.outside(result.statusMessage)) }
        let compare = Array((result.compareResult ?? "").utf8)
        var passed = 0
        for (index, input) in cases.enumerated() {
            let answer = index < result.answers.count ? result.answers[index] : nil
            let expected = index < result.expectedAnswers.count ? result.expectedAnswers[index] : nil
            let ok = index < compare.count ? compare[index] == UInt8(ascii: "1") : (answer != nil && answer == expected)
            if ok { passed += 1 }
            output.line("Case \(index + 1): \(ok ? "passed" : "FAILED")")
            field("Input", input, output)
            field("Output", answer ?? "(none)", output)
            field("Expected", expected ?? "(none)", output)
            if index < result.stdout.count, !result.stdout[index].isEmpty { field("Stdout", result.stdout[index], output) }
        }
        output.line("\(passed) of \(Plural.count(cases.count, "case")) passed.")
        return result.isAccepted && passed == cases.count
    }

    /// A submission's verdict: runtime and memory with percentiles, or what failed.
    static func verdict(_ result: JudgeResult, _ output: CommandOutput) {
        let counts = result.totalTestcases.map { total in " \(result.totalCorrect ?? 0)/\(total) cases passed." } ?? ""
        output.line("\(Format.outside(result.statusMessage)):\(counts)")
        if result.isAccepted {
            if let runtime = result.runtime {
                output.line("  Runtime:  \(Format.outside(runtime))" + (result.runtimePercentile.map { ", faster than \(percent($0)) of submissions" } ?? ""))
            }
            if let memory = result.memory {
                output.line("  Memory:   \(Format.outside(memory))" + (result.memoryPercentile.map { ", less than \(percent($0))" } ?? ""))
            }
            return
        }
        if let failure = failure(result) { return block(failure, output) }
        if let input = result.lastTestcase { field("Input", input, output) }
        if let actual = result.actualOutput { field("Output", actual, output) }
        if let expected = result.expectedOutput { field("Expected", expected, output) }
        if let printed = result.stdout.first, !printed.isEmpty { field("Stdout", printed, output) }
    }

    /// A compile or runtime error's text.
    private static func failure(_ result: JudgeResult) -> String? {
        result.compileError ?? (result.statusCode == 15 ? result.runtimeError : nil)
    }

    private static func percent(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths == tenths.rounded(.down) && Int(tenths) % 10 == 0 ? "\(Int(tenths) / 10)%" : "\(tenths / 10)%"
    }

    /// `  Name:     first line`, further lines below it, each made safe for the terminal.
    private static func field(_ name: String, _ text: String, _ output: CommandOutput) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(shownLines)
        for (index, line) in lines.enumerated() {
            let label = index == 0 ? "  \(name):" : ""
            output.line(label + String(repeating: " ", count: max(1, 12 - label.count)) + Format.outside(String(line.prefix(500))))
        }
    }

    private static func block(_ text: String, _ output: CommandOutput) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.prefix(shownLines) { output.line("    " + Format.outside(String(line.prefix(500)))) }
        if lines.count > shownLines { output.line("    … (\(lines.count - shownLines) more lines)") }
    }
}

extension LeetCodeError {
    /// Whether asking again for a kept submission's verdict could never succeed.
    fileprivate var meansLetGo: Bool {
        switch self {
        case .invalidResponse, .unknownSubmission: true
        default: false
        }
    }
}
