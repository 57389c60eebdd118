import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// `StatementJSONReader` must read exactly what the store's decoder reads, or give up (`nil`) so
/// that the decoder reads it and names what is wrong.
@Suite("Statement records read without JSONDecoder")
struct StatementJSONReaderTests {
    static let statement = ProblemStatement(
        slug: "two-sum", questionID: "1", frontendID: "1", title: "Two \"Sum\" ✓", paidOnly: true,
        content: "<p>Find two numbers,\n10<sup>4</sup> &lt; n.\t✓ 😀</p>",
        snippets: [
            .init(lang: "Python3", langSlug: "python3", code: "class Solution:\n    pass\n"),
            .init(lang: "C++", langSlug: "cpp", code: "class Solution {\n};"),
        ],
        exampleTestcases: ["[1,2]\n3", ""], hints: ["Use a <b>map</b>.", "\\u0041 stays text"],
        similar: [.init(slug: "3sum", title: "3Sum", difficulty: "Medium")], metaData: #"{"name":"twoSum"}"#,
        fetchedAt: Date(timeIntervalSinceReferenceDate: 786_153_600.25))

    func decoded(_ json: String) throws -> ProblemStatement {
        try JSONDecoder().decode(ProblemStatement.self, from: Data(json.utf8))
    }

    @Test("a record as the store writes it reads the same as through JSONDecoder")
    func sameAsDecoder() throws {
        let data = try JSONEncoder().encode(Self.statement)
        let read = try #require(StatementJSONReader.read(data))
        #expect(read == Self.statement)
        #expect(read == (try JSONDecoder().decode(ProblemStatement.self, from: data)))
    }

    @Test("the golden record reads the same as through JSONDecoder")
    func golden() throws {
        let data = try GoldenFiles.bytes("statement.json")
        #expect(StatementJSONReader.read(data) == (try JSONDecoder().decode(ProblemStatement.self, from: data)))
    }

    @Test("unknown members are skipped, metaData may be null or absent, white space anywhere")
    func tolerant() throws {
        let json = """
             { "slug" : "a", "questionID":"7","frontendID":"7","title":"A","paidOnly":false,"content":"<p>x</p>",
            "future": {"nested": [1, {"x": null}]}, "snippets":[{"lang":"Go","langSlug":"golang","code":"func a()","new":1}],
            "exampleTestcases":[],"hints":[],"similar":[],"metaData":null,"fetchedAt":-1.5e3 }
            """
        let read = try #require(StatementJSONReader.read(Data(json.utf8)))
        #expect(read == (try decoded(json)))
        #expect(read.metaData == nil && read.fetchedAt == Date(timeIntervalSinceReferenceDate: -1500))
    }

    @Test(
        "what the reader does not understand is left to the decoder",
        arguments: [
            #"{"slug":"a"}"#,  // members missing
            #"{"sl\u0075g":"a","questionID":"7","frontendID":"7","title":"A","paidOnly":false,"content":"","snippets":[],"exampleTestcases":[],"hints":[],"similar":[],"fetchedAt":0}"#,
            #"{"slug":1,"questionID":"7","frontendID":"7","title":"A","paidOnly":false,"content":"","snippets":[],"exampleTestcases":[],"hints":[],"similar":[],"fetchedAt":0}"#,
            #"{"slug":"a","questionID":"7","frontendID":"7","title":"A","paidOnly":"no","content":"","snippets":[],"exampleTestcases":[],"hints":[],"similar":[],"fetchedAt":0}"#,
            #"{"slug":"a","questionID":"7","frontendID":"7","title":"A","paidOnly":false,"content":"","snippets":[{"lang":"Go"}],"exampleTestcases":[],"hints":[],"similar":[],"fetchedAt":0}"#,
            #"{"slug":"a","questionID":"7","frontendID":"7","title":"A","paidOnly":false,"content":"","snippets":[],"exampleTestcases":[],"hints":[],"similar":[],"fetchedAt":0} x"#,
            "null", "", "[]",
        ])
    func givesUp(_ json: String) {
        #expect(StatementJSONReader.read(Data(json.utf8)) == nil)
    }

    @Test("a kept statement reads back through Statements; one never kept is nil")
    func throughStatements() throws {
        let store = Store.memory()
        try Statements(store: store).save(Self.statement)
        #expect(try Statements(store: store).statement(for: "two-sum") == Self.statement)
        #expect(try Statements(store: store).statement(for: "three-sum") == nil)
    }
}
