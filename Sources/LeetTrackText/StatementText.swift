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
                lines += preformatted(pieces(of: inlines), style: style)
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

    /// A `<pre>` block's lines as they are, indented by two, a tab as four spaces, without its
    /// trailing blank lines. On bytes, as ``wrap(_:width:style:)``.
    private static func preformatted(_ pieces: [Piece], style: TextStyle) -> [String] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: " ")]
        for piece in pieces {
            let text = piece.bold ? style.bold(piece.text) : piece.text
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\n"):
                    lines.append(line)
                    line.removeSubrange(2...)
                case UInt8(ascii: "\t"):
                    line += [0x20, 0x20, 0x20, 0x20]
                default:
                    line.append(byte)
                }
            }
        }
        lines.append(line)
        while let last = lines.last, String(decoding: last, as: UTF8.self).trimmedOfWhitespace.isEmpty { lines.removeLast() }
        return lines.map { String(decoding: $0, as: UTF8.self) }
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

    /// Fills lines of at most `width` columns with the words of `pieces`: runs without a space,
    /// possibly of several pieces (`10^4,`).
    ///
    /// On bytes: the space and the line feed are ASCII, and no byte of a longer UTF-8 sequence is
    /// below 0x80, so splitting there never cuts a character; a word of ASCII bytes is as wide as
    /// it is long, and only other words ask ``DisplayWidth``. Splitting the `String`s by
    /// `Character` cost `show` about as much as parsing the statement (BENCHMARKS.md).
    static func wrap(_ pieces: [Piece], width: Int, style: TextStyle) -> [String] {
        var filler = LineFiller(pieces: pieces, width: width, style: style)
        for index in filler.texts.indices {
            let count = filler.texts[index].count
            if count == 1, filler.texts[index][0] == UInt8(ascii: "\n") {
                filler.placeWord()
                filler.endLine()
                continue
            }
            var start = 0
            for position in 0..<count {
                let byte = filler.texts[index][position]
                if byte == UInt8(ascii: " ") {
                    if position > start { filler.word.append((index, start..<position)) }
                    filler.placeWord()
                    start = position + 1
                } else if byte >= 0x80 {
                    filler.wordIsASCII = false
                }
            }
            if count > start { filler.word.append((index, start..<count)) }
        }
        filler.placeWord()
        if !filler.line.isEmpty || filler.lines.isEmpty { filler.endLine() }
        return filler.lines
    }

    /// The state of ``wrap(_:width:style:)``: a struct with mutating methods rather than nested
    /// functions over captured variables, whose every use was a dynamic exclusivity check and a
    /// retain of the variables' boxes (a third of the wrapping's cost).
    private struct LineFiller {
        let pieces: [Piece]
        let width: Int
        let style: TextStyle
        let texts: [[UInt8]]
        var lines: [String] = []
        var line: [UInt8] = []
        var lineWidth = 0
        /// The word being read: a range of bytes in each of one or more pieces.
        var word: [(piece: Int, bytes: Range<Int>)] = []
        var wordIsASCII = true

        init(pieces: [Piece], width: Int, style: TextStyle) {
            self.pieces = pieces
            self.width = width
            self.style = style
            texts = pieces.map { Array($0.text.utf8) }
        }

        mutating func append(_ piece: Int, _ bytes: Range<Int>) {
            let look = pieces[piece]
            if style.enabled, look.bold || look.dim {
                let text = String(decoding: texts[piece][bytes], as: UTF8.self)
                line += (look.bold ? style.bold(text) : style.dim(text)).utf8
            } else {
                line += texts[piece][bytes]
            }
        }

        mutating func endLine() {
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
        }

        mutating func placeWord() {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordIsASCII = true
            }
            var wordWidth = 0
            for part in word {
                wordWidth += wordIsASCII ? part.bytes.count : DisplayWidth.of(String(decoding: texts[part.piece][part.bytes], as: UTF8.self))
            }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width { endLine() }
            if lineWidth > 0 {
                line.append(UInt8(ascii: " "))
                lineWidth += 1
            }
            if wordWidth <= width - lineWidth {
                for part in word { append(part.piece, part.bytes) }
                lineWidth += wordWidth
                return
            }
            // A word wider than the line (a long URL): cut it by characters.
            for part in word {
                var start = part.bytes.lowerBound
                var position = start
                for character in String(decoding: texts[part.piece][part.bytes], as: UTF8.self) {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width, lineWidth > 0 {
                        append(part.piece, start..<position)
                        endLine()
                        start = position
                    }
                    position += character.utf8.count
                    lineWidth += characterWidth
                }
                append(part.piece, start..<position)
            }
        }
    }
}
