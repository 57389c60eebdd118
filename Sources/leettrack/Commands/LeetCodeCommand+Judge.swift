import ArgumentParser
import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import LeetTrackText

extension LeetCodeCommand {
    /// `leetcode test PROBLEM [FILE] [--case TEXT]...`.
    struct Test: LeetTrackCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run a solution on LeetCode's judge with the example cases (or yours) and show each case's output.",
            discussion: paragraphs("""
                Sends the problem's solution file (the one `leettrack code` made, or FILE; the language \
                from its extension) to POST /problems/SLUG/interpret_solution/ and waits for the judge. \
                Nothing is recorded. Exits 1 when a case fails or the code does not compile.
                """))

        @Argument(help: .problem, completion: .problems) var problemName: String
        @Argument(help: ArgumentHelp("The solution file (default: the problem's file from `leettrack code`).", valueName: "file"),
            completion: .file())
        var file: String?
        @Option(name: .customLong("case"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A case to run instead of the examples: its arguments, one a line (repeatable).", valueName: "text"))
        var cases: [String] = []
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            try server.session(context, nothingChanged: true) { session in
                for (index, text) in cases.enumerated() {
                    if InputRules.showsNothing(text) { throw Self.usageError("'--case' \(index + 1) is empty") }
                    if text.utf8.count > SubmissionResponses.maximumText || text.utf8.contains(0) {
                        throw Self.usageError("'--case' \(index + 1) is longer than \(SubmissionResponses.maximumText / 1024) KiB or holds a NUL")
                    }
                }
                let problem = try context.catalog.resolve(problemName)
                try session.test(problem, try session.solution(for: problem, file: file, command: Self.self), cases: cases, output)
            }
        }
    }

    /// `leetcode submit PROBLEM [FILE] [--rating R] [--time T]`.
    struct Submit: LeetTrackCommand {
        static let configuration = CommandConfiguration(
            commandName: "submit",
            abstract: "Submit a solution to LeetCode's judge, show the verdict and record it.",
            discussion: paragraphs("""
                Sends the problem's solution file (or FILE) to POST /problems/SLUG/submit/ and waits for \
                the verdict. Accepted becomes a solve, rated good at the day's first try and hard after a \
                failed one that day (--rating overrides), with its review scheduled as `solve` does; any \
                other verdict becomes an attempt whose note is the verdict ("Wrong Answer 40/63").

                The submission's id is kept before the verdict is asked: if leettrack is stopped or the \
                network drops meanwhile, the next `submit` or `leetcode pull` records it once. A \
                submission is never sent twice. Exits 1 when the verdict is not Accepted (the attempt is \
                recorded all the same).
                """))

        @Argument(help: .problem, completion: .problems) var problemName: String
        @Argument(help: ArgumentHelp("The solution file (default: the problem's file from `leettrack code`).", valueName: "file"),
            completion: .file())
        var file: String?
        @Option(name: .shortAndLong, parsing: .unconditional,
            help: ArgumentHelp("The rating of an accepted solve (default: from the day's attempts).", valueName: "rating"))
        var rating: ReviewRating?
        @Option(name: .customLong("time"), parsing: .unconditional, help: ProgressChanges.timeHelp, transform: PracticeTime.seconds(parsing:))
        var seconds: Int?
        @OptionGroup var server: LeetCodeServerOption
        @ParentCommand var root: LeetTrack
        func storeUse(_ context: CommandContext) -> StoreUse { .writing }

        func run(_ context: CommandContext, _ output: CommandOutput) throws {
            try server.session(context, nothingChanged: true) { session in
                let problem = try context.catalog.resolve(problemName)
                try session.submit(problem, try session.solution(for: problem, file: file, command: Self.self), rating: rating, seconds: seconds, output)
            }
        }
    }
}
