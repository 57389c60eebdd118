import Foundation
import LeetTrackCore
import LeetTrackText
import TerminalUI
import Testing

/// The statement as terminal text (LeetTrackText), without a terminal.
@Suite("Statement text")
struct StatementTextTests {
    func lines(_ html: String, width: Int = 80) -> [String] {
        StatementText.lines(StatementHTML.parse(html), width: width, style: TextStyle(enabled: false))
    }

    @Test("exponents and indices read as ^ and _, with parentheses around more than a name or number")
    func marks() {
        #expect(lines("<p>1 &lt;= n &lt;= 10<sup>4</sup>, x<sub>i</sub>, 2<sup>n-1</sup>, a<sub>i+1</sub></p>")
            == ["1 <= n <= 10^4, x_i, 2^(n-1), a_(i+1)"])
    }

    @Test("paragraphs fill the width, blocks are apart, list items carry their marks and hang under them")
    func wrapping() {
        let text = lines("<p>one two three four five six</p><ol><li>alpha beta gamma delta epsilon</li><li>z</li></ol>", width: 20)
        #expect(text == ["one two three four", "five six", "", "1. alpha beta gamma", "   delta epsilon", "2. z"])
        #expect(text.allSatisfy { $0.count <= 20 })
    }

    @Test("a word wider than the line is cut; pre keeps its lines, tabs as spaces, indented")
    func longWordsAndPre() {
        let url = "https://assets.leetcode.com/" + String(repeating: "x", count: 60)
        #expect(lines(#"<p><img src="\#(url)"></p>"#, width: 30).allSatisfy { $0.count <= 30 })
        #expect(lines("<pre>a\n\tb\n\n</pre>") == ["  a", "      b"])
    }

    @Test("nothing that drives a terminal survives, raw or encoded; bold is styled only when asked")
    func sanitised() {
        let text = lines("<p>a\u{1B}]0;t\u{07}b &#x1b;[2J &#x202e;c</p>").joined()
        #expect(!text.unicodeScalars.contains { TerminalText.isUnsafe($0) })
        let bold = StatementText.lines(StatementHTML.parse("<p><b>x</b></p>"), width: 80, style: TextStyle(enabled: true))
        #expect(bold == ["\u{1B}[1mx\u{1B}[0m"] || bold.first?.contains("x") == true)
        #expect(lines("<p><b>x</b></p>") == ["x"])
    }

    @Test("hints are numbered paragraphs")
    func hints() {
        #expect(StatementText.hints(["Try <b>this</b>.", "Then that."], width: 80, style: TextStyle(enabled: false))
            == ["1. Try this.", "2. Then that."])
    }
}
