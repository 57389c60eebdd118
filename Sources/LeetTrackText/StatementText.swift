import FoundationEssentials
import LeetTrackCore
import TerminalUI

/// A statement as terminal lines, wrapped to a width: paragraphs filled, lists with their marks,
/// examples (`<pre>`) as they are, indented. `10<sup>4</sup>` reads `10^4`, `x<sub>i</sub>` reads
/// `x_i` (with parentheses around anything longer than a name or number: `2^(n-1)`), an image is
/// `[image: alt] URL`, a link its text with the URL after it. Bold shows bold when styling is on.
///
/// Every piece of text passes ``Format/outside(_:)`` (the document holds no control character
/// already; this is the terminal's own guard, as for notes).
public enum StatementText {
    /// The lines of `document` at most `width` columns wide (a word longer than that is cut),
    /// blocks separated by a blank line.
    public static func lines(_ document: StatementDocument, width: Int, style: TextStyle) -> [String] {
        var lines: [String] = []
        render(document.blocks, width: max(20, width), style: style, into: &lines)
        return lines
    }

    /// A statement's hints (HTML each) as numbered, wrapped paragraphs.
    public static func hints(_ hints: [String], width: Int, style: TextStyle) -> [String] {
        var lines: [String] = []
        for (index, hint) in hints.enumerated() {
            let marker = "\(index + 1). "
            var inner: [String] = []
            render(StatementHTML.parse(hint).blocks, width: max(20, width) - marker.count, style: style, into: &inner)
            for (position, line) in inner.enumerated() {
                lines.append((position == 0 ? marker : String(repeating: " ", count: marker.count)) + line)
            }
        }
        return lines
    }

    /// Plain `text` (sanitised) filled into lines of at most `width` columns.
    public static func wrapped(_ text: String, width: Int) -> [String] {
        wrap([Piece(text: Format.outside(text))], width: max(20, width), style: TextStyle(enabled: false))
    }

    private static func render(_ blocks: [StatementBlock], width: Int, style: TextStyle, into lines: inout [String]) {
        for (index, block) in blocks.enumerated() {
            if index > 0, !isList(blocks[index - 1]) || !isList(block) { lines.append("") }
            switch block {
            case .paragraph(let inlines):
                lines += wrap(pieces(of: inlines), width: width, style: style)
            case .preformatted(let inlines):
                var text = ""
                for piece in pieces(of: inlines) {
                    text += piece.bold ? style.bold(piece.text) : piece.text
                }
                var preLines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    "  " + $0.replacing("\t", with: "    ")
                }
                while let last = preLines.last, last.trimmedOfWhitespace.isEmpty { preLines.removeLast() }
                lines += preLines
            case .list(let ordered, let items):
                for (number, item) in items.enumerated() {
                    let marker = ordered ? "\(number + 1). " : "• "
                    var inner: [String] = []
                    render(item, width: max(10, width - marker.count), style: style, into: &inner)
                    for (position, line) in inner.enumerated() {
                        let prefix = position == 0 ? marker : String(repeating: " ", count: marker.count)
                        lines.append(line.isEmpty ? "" : prefix + line)
                    }
                }
            }
        }
    }

    private static func isList(_ block: StatementBlock) -> Bool {
        if case .list = block { return true }
        return false
    }

    /// A run of text with one look.
    struct Piece {
        var text: String
        var bold = false
        var dim = false
    }

    /// The inlines as pieces of text, each sanitised; a line break as a piece holding `"\n"`.
    static func pieces(of inlines: [StatementInline], bold: Bool = false) -> [Piece] {
        var result: [Piece] = []
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text):
                result.append(Piece(text: Format.outside(text), bold: bold))
            case .bold(let inner):
                result += pieces(of: inner, bold: true)
            case .italic(let inner):
                result += pieces(of: inner, bold: bold)
            case .superscript(let inner):
                result += marked("^", inner, bold: bold)
            case .subscript(let inner):
                result += marked("_", inner, bold: bold)
            case .link(let inner, let url):
                result += pieces(of: inner, bold: bold)
                if StatementInline.plainText(inner) != url { result.append(Piece(text: " " + Format.outside(url), dim: true)) }
            case .image(let alt, let url):
                result.append(Piece(text: alt.isEmpty ? "[image]" : "[image: \(Format.outside(alt))]", bold: bold))
                result.append(Piece(text: " " + Format.outside(url), dim: true))
            case .lineBreak:
                result.append(Piece(text: "\n"))
            }
        }
        return result
    }

    /// `^4`, `^(n-1)`: parentheses when the marked text is more than letters and digits.
    private static func marked(_ mark: String, _ inner: [StatementInline], bold: Bool) -> [Piece] {
        let text = StatementInline.plainText(inner)
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return [Piece(text: Format.outside(plain ? mark + text : mark + "(" + text + ")"), bold: bold)]
    }

    /// Fills lines of at most `width` columns with the words of `pieces`.
    static func wrap(_ pieces: [Piece], width: Int, style: TextStyle) -> [String] {
        // Words: runs without a space, possibly of several pieces (`10^4,`).
        var words: [[Piece]] = [[]]
        var breaksBefore = [false]  // Whether a line break comes before each word.
        for piece in pieces {
            if piece.text == "\n" {
                words.append([])
                breaksBefore.append(true)
                continue
            }
            for (index, part) in piece.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    words.append([])
                    breaksBefore.append(false)
                }
                if !part.isEmpty { words[words.count - 1].append(Piece(text: String(part), bold: piece.bold, dim: piece.dim)) }
            }
        }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func styled(_ piece: Piece) -> String {
            piece.bold ? style.bold(piece.text) : piece.dim ? style.dim(piece.text) : piece.text
        }
        for (index, word) in words.enumerated() {
            if breaksBefore[index] {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            guard !word.isEmpty else { continue }
            var wordWidth = 0
            for piece in word { wordWidth += DisplayWidth.of(piece.text) }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            if wordWidth <= width - lineWidth {
                for piece in word { line += styled(piece) }
                lineWidth += wordWidth
                continue
            }
            // A word wider than the line (a long URL): cut it by characters.
            for piece in word {
                var part = Piece(text: "", bold: piece.bold, dim: piece.dim)
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width, lineWidth > 0 {
                        line += styled(part)
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                        part.text = ""
                    }
                    part.text.append(character)
                    lineWidth += characterWidth
                }
                line += styled(part)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
