import Testing

@testable import TerminalUI

@Suite("Text made safe for a terminal")
struct TerminalTextTests {
    @Test("escape sequences, BEL and C1 controls become U+FFFD; line feeds and tabs stay")
    func controlsReplaced() {
        let text = "x \u{1B}]0;pwned\u{07} \u{1B}[2J \u{9B}2J\r\nnext\tcolumn"
        #expect(TerminalText.sanitized(text) == "x \u{FFFD}]0;pwned\u{FFFD} \u{FFFD}[2J \u{FFFD}2J\u{FFFD}\nnext\tcolumn")
    }

    @Test("bidirectional overrides, embeddings and isolates become U+FFFD")
    func bidiReplaced() {
        #expect(TerminalText.sanitized("abc\u{202E}fed\u{2066}x\u{200F}") == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}")
    }

    @Test("plain and CJK text comes back unchanged")
    func plainUnchanged() {
        for text in ["Two Sum", "图论练习 — “quoted” ♥ …", ""] { #expect(TerminalText.sanitized(text) == text) }
    }

    @Test("with keepingStyle, exactly the program's own colour sequences survive")
    func ownStylesKept() {
        let styled = "\u{1B}[32msolved\u{1B}[0m \u{1B}[38;5;40m■\u{1B}[0m"
        #expect(TerminalText.sanitized(styled, keepingStyle: true) == styled)
        #expect(TerminalText.sanitized("\u{1B}[2J\u{1B}[38;2;1;2;3m", keepingStyle: true) == "\u{FFFD}[2J\u{FFFD}[38;2;1;2;3m")
        #expect(TerminalText.sanitized(styled) == "\u{FFFD}[32msolved\u{FFFD}[0m \u{FFFD}[38;5;40m■\u{FFFD}[0m")
    }

    @Test("JSON keeps its value but escapes DEL, C1 and bidi characters")
    func jsonEscaped() {
        #expect(TerminalText.escapingJSON(#"{"note":"a\#u{9B}b\#u{202E}c\#u{7F}d é…"}"#) == #"{"note":"a\u009bb\u202ec\u007fd é…"}"#)
    }

    @Test("JSON bytes: each unsafe scalar is escaped wherever it stands, and safe text is the same bytes")
    func jsonBytesEscaped() {
        let unsafe: [Unicode.Scalar] = ["\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}",
                                        "\u{2066}", "\u{2069}", "\u{1B}", "\u{0}", "\u{D}"]
        for scalar in unsafe {
            for text in ["\(scalar)", "a\(scalar)", "\(scalar)b", "é\(scalar)…"] {
                let bytes = Array(text.utf8)
                #expect(TerminalText.escapingJSON(bytes) == Array(TerminalText.escapingJSON(text).utf8))
                #expect(TerminalText.escapingJSON(bytes) != bytes || scalar.value < 0x20, "U+\(String(scalar.value, radix: 16)) in \(bytes)")
            }
        }
        for safe in ["", "plain", "{\n\t\"a\" : \"é … ♥ █ ✓ 🧑‍💻 \u{A0} \u{2028} \u{2010} \u{206A}\"\n}", "\u{C2}\u{A0}"] {
            #expect(TerminalText.escapingJSON(Array(safe.utf8)) == Array(safe.utf8))
        }
        #expect(TerminalText.escapingJSON(Array(#"{"note":"a\#u{9B}b\#u{202E}c\#u{7F}d"}"#.utf8)) == Array(#"{"note":"a\u009bb\u202ec\u007fd"}"#.utf8))
    }

    @Test("a bidi override in a grid cell shows as a replacement character")
    func bufferShowsBidi() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("a\u{202E}b", x: 0, y: 0)
        #expect(buffer.lines[0].hasPrefix("a\u{FFFD}b"))
    }
}
