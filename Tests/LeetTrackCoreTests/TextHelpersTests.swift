import Testing
@testable import LeetTrackCore

/// The standard-library-only text helpers the command line uses on its hot paths instead of
/// Foundation's or the generic ones: they must give exactly what those give.
@Suite("Text helpers")
struct TextHelpersTests {
    @Test("joinedText joins as joined(separator:) does", arguments: [[], [""], ["a"], ["a", "b"], ["", "", ""], ["Two Sum", "é", "日本", "👩‍💻"]])
    func joinedText(_ parts: [String]) {
        #expect(parts.joinedText(separator: ", ") == parts.joined(separator: ", "))
        #expect(parts.joinedText(separator: "") == parts.joined())
    }

    @Test("the tag aliases' summary names each alias and its tag, in order")
    func aliasSummary() {
        #expect(TagAliases.summary == TagAliases.all.map { "\($0.alias) (\($0.tag))" }.joined(separator: ", "))
        #expect(TagAliases.summary.hasPrefix("dp (Dynamic Programming), bfs (Breadth-First Search), "))
    }

    @Test("trimmedOfWhitespace trims spaces, tabs and line ends at both ends only", arguments: [
        ("  easy ", "easy"), ("\teasy\n", "easy"), ("two sum", "two sum"), ("   ", ""), ("", ""), (" a b ", "a b"),
    ])
    func trimmed(_ pair: (String, String)) {
        #expect(pair.0.trimmedOfWhitespace == pair.1)
    }
}
