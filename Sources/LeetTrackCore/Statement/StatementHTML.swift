import FoundationEssentials

/// Reads LeetCode's statement HTML into a ``StatementDocument``, and writes a document back as
/// HTML of a strict allowlist for the web page (``serialize(_:)``).
///
/// Safe by construction: the parser keeps only the shapes of the document model and their text.
/// Every other tag is dropped (its text kept), and the contents of `script`, `style`, `iframe`,
/// `svg` and their kind are dropped whole. No attribute survives but an `<a>`'s `href` and an
/// `<img>`'s `src` and `alt`, and a URL only when it is http(s). Entities are decoded (named,
/// decimal, hex); one that names nothing, or no Unicode scalar, stays as it was written. Control and
/// bidirectional formatting characters become U+FFFD.
///
/// A small tokenizer of our own rather than SwiftSoup: SwiftSoup imports all of Foundation, which
/// the `leettrack` binary keeps out for its start-up (BENCHMARKS.md, "Statement HTML").
///
/// ```swift
/// let document = StatementHTML.parse("<p>1 &lt;= n &lt;= 10<sup>4</sup></p>")
/// // [.paragraph([.text("1 <= n <= 10"), .superscript([.text("4")])])]
/// ```
/// - Complexity: O(n) in the length of the HTML; elements nest at most ``maximumDepth`` deep
///   (deeper tags are ignored, their text kept), so nothing recurses further.
public enum StatementHTML {
    /// How deep elements may nest before further tags are ignored.
    public static let maximumDepth = 48

    /// Parses `html`. It never fails: whatever is not understood is kept as text or dropped.
    public static func parse(_ html: String) -> StatementDocument {
        var builder = TreeBuilder()
        var tokenizer = Tokenizer(bytes: Array(html.utf8))
        while let token = tokenizer.next() { builder.add(token) }
        return StatementDocument(blocks: DocumentConverter.blocks(of: builder.root.children))
    }

    /// The URL a statement may link to: http(s) (a protocol-relative `//host/…` becomes https, a
    /// path on LeetCode's site becomes its https URL), at most 2,048 bytes, with no white space,
    /// control character or quote in it; else `nil`.
    public static func allowedURL(_ raw: String) -> String? {
        var url = raw.trimmedOfWhitespace
        if url.hasPrefix("//") {
            url = "https:" + url
        } else if url.hasPrefix("/") {
            url = "https://leetcode.com" + url
        }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), url.utf8.count <= 2048 else { return nil }
        for scalar in url.unicodeScalars {
            switch scalar {
            case "\"", "'", "<", ">", "`", "\\": return nil
            default: if InputRules.isControlOrBidi(scalar) || scalar.properties.isWhitespace { return nil }
            }
        }
        return url
    }
}

// MARK: Tokens

/// One piece of the HTML.
enum HTMLToken: Equatable {
    case text(String)
    case start(name: String, tag: HTMLTag, attributes: [String: String])
    case end(name: String)
}

/// Splits HTML bytes into tokens. Comments, doctypes and processing instructions are skipped; the
/// contents of raw-text elements (`script`, `style`, …) are skipped to their end tag.
struct Tokenizer {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> HTMLToken? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count {
            let following = bytes[index + 1]
            if following == UInt8(ascii: "!") || following == UInt8(ascii: "?") {
                skipMarkup()
                return next()
            }
            if following == UInt8(ascii: "/"), index + 2 < bytes.count, Self.isLetter(bytes[index + 2]) {
                index += 2
                let name = readName()
                skip(past: UInt8(ascii: ">"))
                return .end(name: name)
            }
            if Self.isLetter(following) {
                index += 1
                return startTag()
            }
        }
        return .text(readText())
    }

    /// Text up to the next `<` that starts markup (a lone `<` is text), entities decoded.
    private mutating func readText() -> String {
        let start = index
        index += 1  // The first byte is text whatever it is (a `<` here is not markup).
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count {
                let following = bytes[index + 1]
                if Self.isLetter(following) || following == UInt8(ascii: "/") || following == UInt8(ascii: "!") || following == UInt8(ascii: "?") {
                    break
                }
            }
            index += 1
        }
        return HTMLEntities.decode(bytes[start..<index])
    }

    private mutating func startTag() -> HTMLToken {
        let name = readName()
        var attributes: [String: String] = [:]
        while index < bytes.count {
            skipSpaces()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let attributeStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
                bytes[index] != UInt8(ascii: "/") || index == attributeStart
            {
                index += 1
            }
            let attribute = Self.lowercasedName(bytes[attributeStart..<index])
            skipSpaces()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpaces()
                value = readAttributeValue()
            }
            // The first of a repeated attribute counts, as in browsers.
            if attributes[attribute] == nil, attributes.count < 32 { attributes[attribute] = value }
        }
        // Elements whose contents are never shown are skipped as raw text to their closing tag.
        let tag = HTMLTag.named(name)
        if tag.traits.contains(.rawText) { skipRawText(of: name) }
        return .start(name: name, tag: tag, attributes: attributes)
    }

    private mutating func readAttributeValue() -> String {
        guard index < bytes.count else { return "" }
        let quote = bytes[index]
        let start: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            let value = bytes[start..<index]
            if index < bytes.count { index += 1 }
            return HTMLEntities.decode(value)
        }
        start = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return HTMLEntities.decode(bytes[start..<index])
    }

    /// A tag's name, lowercased: letters, digits, `-` and `:` (anything else ends it).
    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isLetter(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
            || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ":")
        {
            index += 1
        }
        return Self.lowercasedName(bytes[start..<index])
    }

    /// A name's bytes as text, ASCII letters lowercased byte by byte (`String.lowercased()` goes
    /// through Unicode's case tables for every tag); other bytes as they are.
    private static func lowercasedName(_ name: ArraySlice<UInt8>) -> String {
        if !name.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return String(decoding: name, as: UTF8.self) }
        return String(decoding: name.map(Self.lowercased), as: UTF8.self)
    }

    /// `<!-- … -->`, `<!DOCTYPE …>`, `<![CDATA[ … ]]>` or `<? … >`: skipped whole.
    private mutating func skipMarkup() {
        if bytes[index...].starts(with: Array("<!--".utf8)) {
            index += 4
            while index < bytes.count, !bytes[index...].starts(with: Array("-->".utf8)) { index += 1 }
            index = min(bytes.count, index + 3)
            return
        }
        skip(past: UInt8(ascii: ">"))
    }

    /// Skips to the end tag `</name` (in any case) and past its `>`, or to the end.
    private mutating func skipRawText(of name: String) {
        let closing = Array("</\(name)".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + closing.count <= bytes.count,
                zip(bytes[index..<index + closing.count], closing).allSatisfy({ Self.lowercased($0) == $1 })
            {
                index += closing.count
                skip(past: UInt8(ascii: ">"))
                return
            }
            index += 1
        }
    }

    private mutating func skip(past byte: UInt8) {
        while index < bytes.count, bytes[index] != byte { index += 1 }
        index = min(bytes.count, index + 1)
    }

    private mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}

// MARK: The tree

/// An element or a text of the parsed tree.
final class HTMLNode {
    /// The element's name; empty for a text.
    let name: String
    /// What the parser knows of the element (looked up once, when its tag was read).
    let tag: HTMLTag
    let text: String
    let attributes: [String: String]
    var children: [HTMLNode] = []

    init(name: String, tag: HTMLTag, text: String = "", attributes: [String: String] = [:]) {
        self.name = name
        self.tag = tag
        self.text = text
        self.attributes = attributes
    }
}

/// Builds the tree as browsers do for the cases statements meet: void elements take no children,
/// a block closes an open `<p>`, an `<li>` closes the previous one, an end tag closes up to its
/// element (a stray one is ignored), and tags nested deeper than ``StatementHTML/maximumDepth``
/// are ignored.
struct TreeBuilder {
    let root = HTMLNode(name: "#root", tag: .unknown)
    private var open: [HTMLNode]

    // Which elements are void, close a paragraph or bound the search for an open one: `HTMLTag`.

    init() {
        open = [root]
    }

    mutating func add(_ token: HTMLToken) {
        switch token {
        case .text(let text):
            open[open.count - 1].children.append(HTMLNode(name: "", tag: .text, text: text))
        case .start(let name, let tag, let attributes):
            if tag.traits.contains(.closesParagraph) { close("p", stoppingAt: .paragraphBoundary) }
            if tag.role == .listItem { close("li", stoppingAt: .itemBoundary) }
            let node = HTMLNode(name: name, tag: tag, attributes: attributes)
            if tag.traits.contains(.void) {
                open[open.count - 1].children.append(node)
            } else if tag.traits.contains(.rawText) {
                // Its contents were skipped: nothing goes inside it.
            } else if open.count <= StatementHTML.maximumDepth {
                open[open.count - 1].children.append(node)
                open.append(node)
            }
        case .end(let name):
            if let position = open.lastIndex(where: { $0.name == name }), position > 0 { open.removeSubrange(position...) }
        }
    }

    /// Closes the innermost open `name`, unless an element with the trait `boundary` is met first.
    private mutating func close(_ name: String, stoppingAt boundary: HTMLTag.Traits) {
        for position in stride(from: open.count - 1, to: 0, by: -1) {
            if open[position].name == name {
                open.removeSubrange(position...)
                return
            }
            if open[position].tag.traits.contains(boundary) { return }
        }
    }
}
