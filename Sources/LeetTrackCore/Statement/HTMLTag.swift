import FoundationEssentials

/// What the statement parser knows of an element, found once per tag by its lowercased name.
///
/// One dictionary lookup per tag replaces what were up to seven: a `Set<String>` each for void,
/// raw-text, block and dropped elements, and `switch`es over the name's strings (each case a
/// string comparison) in the tree builder and the converter. `show` meets a few hundred tags in a
/// statement, and the hashing and comparing were a tenth of its parse.
struct HTMLTag: Equatable {
    /// The element's part in the document model.
    enum Role: UInt8 {
        /// An element the model has no part for: its contents are looked through.
        case other
        /// A text node (no element).
        case text
        case preformatted, unorderedList, orderedList, listItem
        /// `<strong>`, `<b>`.
        case bold
        /// `<em>`, `<i>`, `<cite>`, `<dfn>`.
        case italic
        case superscript, `subscript`
        /// `<code>`, `<tt>`, `<kbd>`, `<samp>`, `<var>`.
        case code
        case link, image, lineBreak
        /// `<td>`, `<th>`: their text followed by two spaces inside inline text.
        case tableCell
        /// `<tr>`, `<p>`, `<div>`: their text between spaces inside inline text (as `<li>`'s).
        case spaced
    }

    /// Facts about an element for the tree builder and the converter.
    struct Traits: OptionSet {
        let rawValue: UInt16
        /// Takes no children (`<br>`, `<img>`).
        static let void = Traits(rawValue: 1 << 0)
        /// Its contents are never shown and are skipped as raw text to its end tag.
        static let rawText = Traits(rawValue: 1 << 1)
        /// Its start closes an open `<p>`.
        static let closesParagraph = Traits(rawValue: 1 << 2)
        /// Where closing an open `<p>` stops looking.
        static let paragraphBoundary = Traits(rawValue: 1 << 3)
        /// Where closing an open `<li>` stops looking.
        static let itemBoundary = Traits(rawValue: 1 << 4)
        /// Ends a paragraph and holds blocks of its own.
        static let blockContainer = Traits(rawValue: 1 << 5)
        /// Dropped with everything inside it.
        static let dropped = Traits(rawValue: 1 << 6)
        /// `<h1>` to `<h6>`: reads as a bold paragraph.
        static let heading = Traits(rawValue: 1 << 7)
    }

    var role: Role
    var traits: Traits

    /// A text node's.
    static let text = HTMLTag(role: .text, traits: [])
    /// An element the parser does not know.
    static let unknown = HTMLTag(role: .other, traits: [])

    /// The element named `name` (lowercased).
    static func named(_ name: String) -> HTMLTag {
        table[name] ?? .unknown
    }

    /// Every element the parser treats in its own way, with its role and traits.
    private static let table: [String: HTMLTag] = [
        "br": HTMLTag(role: .lineBreak, traits: [.void]),
        "img": HTMLTag(role: .image, traits: [.void]),
        "hr": HTMLTag(role: .other, traits: [.void, .closesParagraph, .blockContainer]),
        "wbr": HTMLTag(role: .other, traits: [.void]),
        "input": HTMLTag(role: .other, traits: [.void]),
        "meta": HTMLTag(role: .other, traits: [.void]),
        "link": HTMLTag(role: .other, traits: [.void]),
        "area": HTMLTag(role: .other, traits: [.void]),
        "base": HTMLTag(role: .other, traits: [.void]),
        "col": HTMLTag(role: .other, traits: [.void]),
        "embed": HTMLTag(role: .other, traits: [.void]),
        "source": HTMLTag(role: .other, traits: [.void]),
        "track": HTMLTag(role: .other, traits: [.void]),
        "param": HTMLTag(role: .other, traits: [.void]),
        "script": HTMLTag(role: .other, traits: [.rawText]),
        "style": HTMLTag(role: .other, traits: [.rawText]),
        "textarea": HTMLTag(role: .other, traits: [.rawText]),
        "title": HTMLTag(role: .other, traits: [.rawText]),
        "xmp": HTMLTag(role: .other, traits: [.rawText]),
        "iframe": HTMLTag(role: .other, traits: [.rawText]),
        "noembed": HTMLTag(role: .other, traits: [.rawText]),
        "noframes": HTMLTag(role: .other, traits: [.rawText]),
        "noscript": HTMLTag(role: .other, traits: [.rawText]),
        "plaintext": HTMLTag(role: .other, traits: [.rawText]),
        "p": HTMLTag(role: .spaced, traits: [.closesParagraph, .blockContainer]),
        "div": HTMLTag(role: .spaced, traits: [.closesParagraph, .paragraphBoundary, .blockContainer]),
        "ul": HTMLTag(role: .unorderedList, traits: [.closesParagraph, .paragraphBoundary, .itemBoundary]),
        "ol": HTMLTag(role: .orderedList, traits: [.closesParagraph, .paragraphBoundary, .itemBoundary]),
        "li": HTMLTag(role: .listItem, traits: [.closesParagraph, .paragraphBoundary]),
        "pre": HTMLTag(role: .preformatted, traits: [.closesParagraph]),
        "table": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer]),
        "blockquote": HTMLTag(role: .other, traits: [.closesParagraph, .paragraphBoundary, .blockContainer]),
        "h1": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "h2": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "h3": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "h4": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "h5": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "h6": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer, .heading]),
        "section": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer]),
        "dl": HTMLTag(role: .other, traits: [.closesParagraph, .blockContainer]),
        "td": HTMLTag(role: .tableCell, traits: [.paragraphBoundary]),
        "th": HTMLTag(role: .tableCell, traits: [.paragraphBoundary]),
        "article": HTMLTag(role: .other, traits: [.blockContainer]),
        "header": HTMLTag(role: .other, traits: [.blockContainer]),
        "footer": HTMLTag(role: .other, traits: [.blockContainer]),
        "main": HTMLTag(role: .other, traits: [.blockContainer]),
        "aside": HTMLTag(role: .other, traits: [.blockContainer]),
        "nav": HTMLTag(role: .other, traits: [.blockContainer]),
        "figure": HTMLTag(role: .other, traits: [.blockContainer]),
        "figcaption": HTMLTag(role: .other, traits: [.blockContainer]),
        "center": HTMLTag(role: .other, traits: [.blockContainer]),
        "thead": HTMLTag(role: .other, traits: [.blockContainer]),
        "tbody": HTMLTag(role: .other, traits: [.blockContainer]),
        "tfoot": HTMLTag(role: .other, traits: [.blockContainer]),
        "tr": HTMLTag(role: .spaced, traits: [.blockContainer]),
        "caption": HTMLTag(role: .other, traits: [.blockContainer]),
        "dt": HTMLTag(role: .other, traits: [.blockContainer]),
        "dd": HTMLTag(role: .other, traits: [.blockContainer]),
        "details": HTMLTag(role: .other, traits: [.blockContainer]),
        "summary": HTMLTag(role: .other, traits: [.blockContainer]),
        "body": HTMLTag(role: .other, traits: [.blockContainer]),
        "html": HTMLTag(role: .other, traits: [.blockContainer]),
        "address": HTMLTag(role: .other, traits: [.blockContainer]),
        "head": HTMLTag(role: .other, traits: [.dropped]),
        "svg": HTMLTag(role: .other, traits: [.dropped]),
        "math": HTMLTag(role: .other, traits: [.dropped]),
        "object": HTMLTag(role: .other, traits: [.dropped]),
        "template": HTMLTag(role: .other, traits: [.dropped]),
        "select": HTMLTag(role: .other, traits: [.dropped]),
        "option": HTMLTag(role: .other, traits: [.dropped]),
        "button": HTMLTag(role: .other, traits: [.dropped]),
        "form": HTMLTag(role: .other, traits: [.dropped]),
        "canvas": HTMLTag(role: .other, traits: [.dropped]),
        "video": HTMLTag(role: .other, traits: [.dropped]),
        "audio": HTMLTag(role: .other, traits: [.dropped]),
        "frameset": HTMLTag(role: .other, traits: [.dropped]),
        "frame": HTMLTag(role: .other, traits: [.dropped]),
        "applet": HTMLTag(role: .other, traits: [.dropped]),
        "dialog": HTMLTag(role: .other, traits: [.dropped]),
        "map": HTMLTag(role: .other, traits: [.dropped]),
        "strong": HTMLTag(role: .bold, traits: []),
        "b": HTMLTag(role: .bold, traits: []),
        "em": HTMLTag(role: .italic, traits: []),
        "i": HTMLTag(role: .italic, traits: []),
        "cite": HTMLTag(role: .italic, traits: []),
        "dfn": HTMLTag(role: .italic, traits: []),
        "sup": HTMLTag(role: .superscript, traits: []),
        "sub": HTMLTag(role: .subscript, traits: []),
        "code": HTMLTag(role: .code, traits: []),
        "tt": HTMLTag(role: .code, traits: []),
        "kbd": HTMLTag(role: .code, traits: []),
        "samp": HTMLTag(role: .code, traits: []),
        "var": HTMLTag(role: .code, traits: []),
        "a": HTMLTag(role: .link, traits: []),
    ]
}
