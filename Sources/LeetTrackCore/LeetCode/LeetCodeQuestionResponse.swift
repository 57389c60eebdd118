import FoundationEssentials
import Persistence

/// What LeetCode answered to `question(titleSlug:)`.
public enum LeetCodeQuestionAnswer: Sendable, Equatable {
    /// The problem's page, checked.
    case statement(ProblemStatement)
    /// A paid-only problem and no subscription: LeetCode sends its name with `content: null`.
    case paidOnly(title: String)
    /// LeetCode has no problem of that slug (`question: null`).
    case notFound
}

extension LeetCodeResponses {
    /// The largest statement accepted, in bytes (LeetCode's longest are about 20 KB).
    public static let maximumStatementSize = 512 << 10
    /// The largest snippet, example test case, hint or `metaData` accepted, in bytes.
    public static let maximumPartSize = 64 << 10
    /// The most snippets, test cases, hints or similar problems accepted of each.
    public static let maximumParts = 100

    /// `{"data":{"question":{"questionId":…,"questionFrontendId":…,"title":…,"titleSlug":…,
    /// "isPaidOnly":…,"content":…,"codeSnippets":[{"lang","langSlug","code"}],
    /// "exampleTestcaseList":[…],"exampleTestcases":…,"hints":[…],"similarQuestions":"[…]",
    /// "metaData":"{…}"}}}`, checked like an import: a value that breaks a rule refuses the whole
    /// answer. `similarQuestions` and `metaData` are JSON inside strings, as LeetCode sends them.
    public static func question(from data: Data, source: String, slug: String, now: Date) throws(ExchangeError) -> LeetCodeQuestionAnswer {
        struct Body: Decodable {
            struct Payload: Decodable { var question: Question? }
            struct Question: Decodable {
                var questionId: String
                var questionFrontendId: String
                var title: String
                var titleSlug: String
                var isPaidOnly: Bool
                var content: String?
                var codeSnippets: [ProblemStatement.Snippet]?
                var exampleTestcaseList: [String]?
                var exampleTestcases: String?
                var hints: [String]?
                var similarQuestions: String?
                var metaData: String?
            }
            var data: Payload
        }
        struct Similar: Decodable {
            var title: String
            var titleSlug: String
            var difficulty: String
        }
        guard let question = try JSONFile.decode(Body.self, from: data, file: source).data.question else { return .notFound }
        let path = "data.question"
        try rule(source) { () throws(InputRules.Violation) in
            try InputRules.check(slug: question.titleSlug, at: "\(path).titleSlug")
            guard question.titleSlug == slug else {
                throw InputRules.Violation("\(path).titleSlug", "'\(question.titleSlug)' is not the problem asked for ('\(slug)')")
            }
            for (value, field) in [(question.questionId, "questionId"), (question.questionFrontendId, "questionFrontendId")] {
                try InputRules.check(text: value, at: "\(path).\(field)", what: field, limit: 20)
            }
            try InputRules.check(text: question.title, at: "\(path).title", what: "title")
        }
        guard let content = question.content, !content.isEmpty else {
            if question.isPaidOnly { return .paidOnly(title: question.title) }
            throw .invalidContent(file: source, path: "\(path).content", reason: "the statement is missing")
        }
        var similar: [ProblemStatement.SimilarProblem] = []
        if let text = question.similarQuestions, !text.isEmpty {
            let list = try JSONFile.decode([Similar].self, from: Data(text.utf8), file: "\(source) (\(path).similarQuestions)")
            similar = list.map { ProblemStatement.SimilarProblem(slug: $0.titleSlug, title: $0.title, difficulty: $0.difficulty) }
        }
        let snippets = question.codeSnippets ?? []
        let testcases = question.exampleTestcaseList ?? question.exampleTestcases.map { [$0] } ?? []
        let hints = question.hints ?? []
        try rule(source) { () throws(InputRules.Violation) in
            try checkSize(content, at: "\(path).content", limit: maximumStatementSize)
            try checkCount(snippets.count, at: "\(path).codeSnippets")
            for (index, snippet) in snippets.enumerated() {
                let at = "\(path).codeSnippets[\(index)]"
                try InputRules.check(text: snippet.lang, at: "\(at).lang", what: "language", limit: 50)
                try InputRules.check(slug: snippet.langSlug, at: "\(at).langSlug")
                try checkCode(snippet.code, at: "\(at).code")
            }
            try checkCount(testcases.count, at: "\(path).exampleTestcaseList")
            for (index, testcase) in testcases.enumerated() { try checkCode(testcase, at: "\(path).exampleTestcaseList[\(index)]") }
            try checkCount(hints.count, at: "\(path).hints")
            for (index, hint) in hints.enumerated() { try checkSize(hint, at: "\(path).hints[\(index)]", limit: maximumPartSize) }
            try checkCount(similar.count, at: "\(path).similarQuestions")
            for (index, problem) in similar.enumerated() {
                try InputRules.check(slug: problem.slug, at: "\(path).similarQuestions[\(index)].titleSlug")
                try InputRules.check(text: problem.title, at: "\(path).similarQuestions[\(index)].title", what: "title")
                try InputRules.check(text: problem.difficulty, at: "\(path).similarQuestions[\(index)].difficulty", what: "difficulty", limit: 20)
            }
            if let metaData = question.metaData {
                try checkSize(metaData, at: "\(path).metaData", limit: maximumPartSize)
                do {
                    try JSONValue.check(Data(metaData.utf8))
                } catch {
                    throw InputRules.Violation("\(path).metaData", "is not JSON")
                }
            }
        }
        return .statement(ProblemStatement(
            slug: question.titleSlug, questionID: question.questionId, frontendID: question.questionFrontendId, title: question.title,
            paidOnly: question.isPaidOnly, content: content, snippets: snippets, exampleTestcases: testcases, hints: hints,
            similar: similar, metaData: question.metaData, fetchedAt: now))
    }

    /// At most `limit` bytes, and no NUL (HTML's other control characters are made inert by the parser).
    private static func checkSize(_ text: String, at path: String, limit: Int) throws(InputRules.Violation) {
        if text.utf8.count > limit { throw InputRules.Violation(path, "is longer than \(limit) bytes") }
        if text.utf8.contains(0) { throw InputRules.Violation(path, "contains a NUL character") }
    }

    private static func checkCount(_ count: Int, at path: String) throws(InputRules.Violation) {
        if count > maximumParts { throw InputRules.Violation(path, "has more than \(maximumParts) entries") }
    }

    /// Code goes into the user's files and terminal as it is: at most ``maximumPartSize`` bytes,
    /// and no control or bidirectional formatting character but line breaks and tabs (bidi
    /// controls in code make it read otherwise than it runs).
    private static func checkCode(_ text: String, at path: String) throws(InputRules.Violation) {
        try checkSize(text, at: path, limit: maximumPartSize)
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        if text.unicodeScalars.contains(where: { InputRules.isControlOrBidi($0) && !allowed.contains($0) }) {
            throw InputRules.Violation(path, "contains control or bidirectional formatting characters")
        }
    }
}
