import FoundationEssentials

/// A problem statement as the few things a terminal and a page show: paragraphs, lists and
/// preformatted blocks of inline text. It is made only by ``StatementHTML/parse(_:)``, which keeps
/// nothing of LeetCode's HTML but these shapes and their text, so what renders it (the terminal
/// text in LeetTrackText, ``StatementHTML/serialize(_:)`` for the web page) never sees a tag,
/// an attribute or a URL scheme it did not choose.
///
/// Text in the document holds no control or bidirectional formatting character but line feeds
/// (in preformatted blocks): the parser replaces the others with U+FFFD.
public struct StatementDocument: Sendable, Equatable {
    /// The blocks, in reading order.
    public var blocks: [StatementBlock]

    /// A document of `blocks`.
    public init(blocks: [StatementBlock]) {
        self.blocks = blocks
    }
}

/// One block of a statement.
public enum StatementBlock: Sendable, Equatable {
    /// A paragraph of running text (white space collapsed).
    case paragraph([StatementInline])
    /// A `<pre>` block: its line breaks and spaces kept (LeetCode's examples).
    case preformatted([StatementInline])
    /// A list; each item is a sequence of blocks.
    case list(ordered: Bool, items: [[StatementBlock]])
}

/// Inline text of a statement.
public enum StatementInline: Sendable, Equatable {
    /// Plain text.
    case text(String)
    /// `<code>`: a name or value from the code.
    case code(String)
    /// `<strong>`/`<b>`.
    case bold([StatementInline])
    /// `<em>`/`<i>`.
    case italic([StatementInline])
    /// `<sup>`: an exponent (`10<sup>4</sup>`).
    case superscript([StatementInline])
    /// `<sub>`: an index (`nums<sub>i</sub>`).
    case `subscript`([StatementInline])
    /// `<a href>` to an http(s) URL; a link to anything else is kept as its text alone.
    case link([StatementInline], url: String)
    /// `<img>` with an http(s) source, shown as a link to the picture.
    case image(alt: String, url: String)
    /// `<br>`.
    case lineBreak
}

extension StatementInline {
    /// The text of `inlines` without any marks (for a superscript's test of whether it needs
    /// parentheses, and for alternative texts).
    public static func plainText(_ inlines: [StatementInline]) -> String {
        var text = ""
        for inline in inlines {
            switch inline {
            case .text(let value), .code(let value): text += value
            case .bold(let inner), .italic(let inner), .superscript(let inner), .subscript(let inner), .link(let inner, _):
                text += plainText(inner)
            case .image(let alt, _): text += alt
            case .lineBreak: text += "\n"
            }
        }
        return text
    }
}
