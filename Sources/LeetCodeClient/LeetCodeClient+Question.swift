import FoundationEssentials
import LeetTrackCore

extension LeetCodeClient {
    /// One problem's page: statement, starter code, example test cases, hints, similar problems and
    /// the signature (`metaData`), checked by ``LeetCodeResponses/question(from:source:slug:now:)``.
    /// The query is public: without a session LeetCode answers every free problem, and a paid-only
    /// one without its statement.
    /// - Throws: ``LeetCodeError/paidOnly(slug:)`` for a paid-only problem without a subscription,
    ///   ``LeetCodeError/unknownProblem(slug:)`` for a slug LeetCode does not know, and the
    ///   errors of every request.
    public func question(slug: String, now: Date) throws(LeetCodeError) -> ProblemStatement {
        let name = "question"
        let data = try request(LeetCodeQuestionQuery.question, variables: ["titleSlug": .string(slug)], name: name)
        let answer = try decode { () throws(ExchangeError) in
            try LeetCodeResponses.question(from: data, source: source("\(name) (\(slug))"), slug: slug, now: now)
        }
        switch answer {
        case .statement(let statement): return statement
        case .paidOnly: throw .paidOnly(slug: slug)
        case .notFound: throw .unknownProblem(slug: slug)
        }
    }
}

/// The GraphQL document of a problem's page.
enum LeetCodeQuestionQuery {
    /// `question(titleSlug:)`, as LeetCode's problem page asks it. Checked against
    /// kawre/leetcode.nvim (`lua/leetcode/api/queries.lua`, `queries.question()`: questionId,
    /// questionFrontendId, title, titleSlug, isPaidOnly, content, codeSnippets { lang langSlug code },
    /// exampleTestcaseList, metaData, hints) and leetcode-query (`src/graphql/problem.graphql`: the
    /// same, with `exampleTestcases` and `similarQuestions`, a JSON string of
    /// `[{title titleSlug difficulty}]`), both sent with or without a session.
    static let question = """
        query questionData($titleSlug: String!) {
          question(titleSlug: $titleSlug) {
            questionId questionFrontendId title titleSlug isPaidOnly content
            codeSnippets { lang langSlug code }
            exampleTestcaseList exampleTestcases hints similarQuestions metaData
          }
        }
        """
}
