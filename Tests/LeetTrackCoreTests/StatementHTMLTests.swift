import Foundation
import Testing

@testable import LeetTrackCore

@Suite("Statement HTML")
struct StatementHTMLTests {
    func blocks(_ html: String) -> [StatementBlock] { StatementHTML.parse(html).blocks }

    @Test("paragraphs, inline code, bold, italic, sup and sub become the document's shapes")
    func shapes() {
        #expect(blocks("<p>Given <code>nums</code>, <strong>return</strong> <em>x</em><sub>i</sub> &lt;= 10<sup>4</sup>.</p>") == [
            .paragraph([
                .text("Given "), .code("nums"), .text(", "), .bold([.text("return")]), .text(" "), .italic([.text("x")]),
                .subscript([.text("i")]), .text(" <= 10"), .superscript([.text("4")]), .text("."),
            ])
        ])
    }

    @Test("white space collapses in paragraphs and stays in pre, whose first line break is dropped")
    func whiteSpace() {
        #expect(blocks("<p>  a \n\t b  </p><pre>\n<strong>Input:</strong> x = 1\n  y</pre>") == [
            .paragraph([.text("a b")]), .preformatted([.bold([.text("Input:")]), .text(" x = 1\n  y")]),
        ])
    }

    @Test("lists keep their items, nested lists included; an unclosed li is closed by the next")
    func lists() {
        #expect(blocks("<ul><li>one<li>two<ol><li>a</li></ol></ul>") == [
            .list(ordered: false, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")]), .list(ordered: true, items: [[.paragraph([.text("a")])]])]])
        ])
    }

    @Test("entities: named, decimal and hex decode; unknown, unterminated or out-of-range ones stay as written")
    func entities() {
        #expect(blocks("<p>&amp;&lt;&#65;&#x42;&le;&nbsp;x</p>") == [.paragraph([.text("&<AB≤\u{00A0}x")])])
        #expect(blocks("<p>&bogus; &amp &#0; &#xD800; &#99999999; &#x110000;</p>")
            == [.paragraph([.text("&bogus; &amp &#0; &#xD800; &#99999999; &#x110000;")])])
    }

    @Test("script, style, iframe and svg are dropped with their contents, other tags are looked through")
    func hostileElements() {
        let html = """
            <p>a<script>alert('<p>x</p>')</script>b<style>p{}</style><iframe src="https://evil"></iframe>\
            <svg><text>s</text></svg><span onclick="x()">c</span><SCRIPT>y</SCRIPT >d</p>
            """
        #expect(blocks(html) == [.paragraph([.text("abcd")])])
    }

    @Test("only http(s) links and images are kept; javascript: and data: URLs, even entity-encoded, are not")
    func urls() {
        #expect(blocks(#"<p><a href="javascript:alert(1)">x</a><a href="java&#115;cript&#58;y">y</a><img src="data:image/png;base64,AA" alt="z"></p>"#)
            == [.paragraph([.text("xyz")])])
        #expect(blocks(#"<p><img src="https://assets.leetcode.com/a.png" alt="tree" onerror="x"><a href='/problems/two-sum/'>t</a></p>"#)
            == [.paragraph([.image(alt: "tree", url: "https://assets.leetcode.com/a.png"), .link([.text("t")], url: "https://leetcode.com/problems/two-sum/")])])
    }

    @Test("control and bidirectional characters, raw or encoded, become U+FFFD")
    func controls() {
        #expect(blocks("<p>a\u{1B}[2Jb&#27;c&#x202E;d\u{9B}e</p>") == [.paragraph([.text("a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\u{FFFD}e")])])
    }

    @Test("deep nesting is cut at the limit without losing text, and huge input parses in one pass")
    func limits() {
        let deep = String(repeating: "<b>", count: 100_000) + "x" + String(repeating: "</b>", count: 100_000)
        #expect(StatementInline.plainText(paragraphInlines(deep)) == "x")
        let huge = String(repeating: "<p>a &amp; b <code>c</code></p>", count: 20_000)
        #expect(blocks(huge).count == 20_000)
        #expect(blocks("<p>" + String(repeating: "<", count: 50_000) + "</p>") == [.paragraph([.text(String(repeating: "<", count: 50_000))])])
    }

    @Test("broken markup never fails: stray end tags, an unclosed comment, a tag cut off at the end")
    func brokenMarkup() {
        #expect(blocks("</p></div>a<!-- never closed") == [.paragraph([.text("a")])])
        #expect(blocks("a<b") == [.paragraph([.text("a")])])
        #expect(blocks("a < b").first == .paragraph([.text("a < b")]))
    }

    @Test("the web serialisation holds only allowed tags, escapes text and keeps no attribute but href")
    func serialisation() {
        let document = StatementHTML.parse(
            #"<p onclick="x">1 &lt; 2 "q" <a href="https://leetcode.com/x" target="_blank">l</a><img src="https://a/b.png" alt="<i>"></p><script>s</script><pre>a&amp;b</pre>"#)
        #expect(StatementHTML.serialize(document)
            == #"<p>1 &lt; 2 &quot;q&quot; <a href="https://leetcode.com/x" rel="noopener noreferrer nofollow">l</a><a href="https://a/b.png" rel="noopener noreferrer nofollow">[image: &lt;i&gt;]</a></p><pre>a&amp;b</pre>"#)
    }

    func paragraphInlines(_ html: String) -> [StatementInline] {
        guard case .paragraph(let inlines)? = blocks(html).first else { return [] }
        return inlines
    }
}
