import Foundation
import Testing

@testable import LeetTrackCore

@Suite("LeetCode's question response")
struct LeetCodeQuestionResponseTests {
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    func body(_ changes: [String: Any?] = [:]) throws -> Data {
        var question: [String: Any] = [
            "questionId": "1", "questionFrontendId": "1", "title": "Two Sum", "titleSlug": "two-sum", "isPaidOnly": false,
            "content": "<p>x</p>", "codeSnippets": [["lang": "Python3", "langSlug": "python3", "code": "class Solution:\n    pass\n"]],
            "exampleTestcaseList": ["[1,2]\n3"], "exampleTestcases": "[1,2]\n3", "hints": ["h"],
            "similarQuestions": #"[{"title":"3Sum","titleSlug":"3sum","difficulty":"Medium","translatedTitle":null}]"#,
            "metaData": #"{"name":"twoSum"}"#,
        ]
        for (key, value) in changes { question[key] = value ?? NSNull() }
        return try JSONSerialization.data(withJSONObject: ["data": ["question": question]])
    }

    func answer(_ data: Data, slug: String = "two-sum") throws(ExchangeError) -> LeetCodeQuestionAnswer {
        try LeetCodeResponses.question(from: data, source: "LeetCode's question response", slug: slug, now: Self.now)
    }

    @Test("a whole answer becomes the statement with its parts, similar problems read from their JSON string")
    func whole() throws {
        guard case .statement(let statement) = try answer(try body()) else { Issue.record("no statement"); return }
        #expect(statement.questionID == "1" && statement.snippets.count == 1 && statement.exampleTestcases == ["[1,2]\n3"])
        #expect(statement.similar == [.init(slug: "3sum", title: "3Sum", difficulty: "Medium")])
        #expect(statement.snippet(for: "python3")?.code == "class Solution:\n    pass\n")
    }

    @Test("a paid-only problem without its statement, and an unknown slug, are answers, not errors")
    func paidAndMissing() throws {
        #expect(try answer(try body(["isPaidOnly": true, "content": nil])) == .paidOnly(title: "Two Sum"))
        #expect(try answer(Data(#"{"data":{"question":null}}"#.utf8)) == .notFound)
    }

    @Test("each broken rule refuses the whole answer and names the place", arguments: [
        ("titleSlug", #""three-sum""#, "data.question.titleSlug"),
        ("content", "null", "data.question.content"),
        ("content", "\"" + String(repeating: "a", count: 600_000) + "\"", "data.question.content"),
        ("codeSnippets", #"[{"lang":"Python3","langSlug":"python3","code":"x\u001b]0;t\u0007"}]"#, "data.question.codeSnippets[0].code"),
        ("codeSnippets", #"[{"lang":"Python3","langSlug":"python3","code":"a\u202eb"}]"#, "data.question.codeSnippets[0].code"),
        ("codeSnippets", #"[{"lang":"Python3","langSlug":"../x","code":""}]"#, "data.question.codeSnippets[0].langSlug"),
        ("metaData", #""{not json""#, "data.question.metaData"),
        ("title", #""a\u001bb""#, "data.question.title"),
        ("hints", "[" + Array(repeating: #""h""#, count: 101).joined(separator: ",") + "]", "data.question.hints"),
    ])
    func refused(field: String, json: String, path: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        do {
            _ = try answer(try body([field: value is NSNull ? nil : value]))
            Issue.record("accepted \(field)")
        } catch {
            #expect("\(error)".contains(path), "\(error)")
        }
    }

    @Test("similar questions that are not the list LeetCode sends refuse the answer")
    func similarNotJSON() throws {
        #expect(throws: ExchangeError.self) { try answer(try body(["similarQuestions": "[{\"title\": 1}]"])) }
    }
}

@Suite("LeetCode's daily question")
struct LeetCodeDailyTests {
    @Test("it is current through its UTC day, whatever the machine's time zone")
    func currentOnItsUTCDay() throws {
        let daily = GoldenFileTests.daily
        let start = Date(timeIntervalSince1970: 1_764_460_800)  // 2025-11-30T00:00:00Z, its day
        #expect(daily.isCurrent(at: start))
        #expect(daily.isCurrent(at: start.addingTimeInterval(86_399)))
        #expect(!daily.isCurrent(at: start.addingTimeInterval(86_400)))
        #expect(!daily.isCurrent(at: start.addingTimeInterval(-1)))
    }
}
