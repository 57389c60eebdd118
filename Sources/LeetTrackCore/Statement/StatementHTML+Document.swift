import FoundationEssentials

/// Turns the parsed tree into the document model: what it knows becomes a block or an inline,
/// what it does not is looked through (its text kept), and what must never show (`head`, `svg`,
/// `math`, `object`, `template`, forms) is dropped with its contents. Which element is which is
/// the node's ``HTMLTag``, found when its tag was read.
enum DocumentConverter {
    /// The blocks of `nodes`.
    static func blocks(of nodes: [HTMLNode]) -> [StatementBlock] {
        var result: [StatementBlock] = []
        var run: [StatementInline] = []
        func flush() {
            let paragraph = Self.trimmed(run)
            if !paragraph.isEmpty { result.append(.paragraph(paragraph)) }
            run = []
        }
        for node in nodes {
            let traits = node.tag.traits
            switch node.tag.role {
            case .text:
                run.append(.text(Self.collapsed(node.text)))
            case .preformatted:
                flush()
                var inlines = Self.merged(Self.inlines(of: node.children, preformatted: true))
                if case .text(let first)? = inlines.first, first.hasPrefix("\n") {
                    if first.count == 1 { inlines.removeFirst() } else { inlines[0] = .text(String(first.dropFirst())) }
                }
                if !StatementInline.plainText(inlines).trimmedOfWhitespace.isEmpty { result.append(.preformatted(inlines)) }
            case .unorderedList, .orderedList:
                flush()
                let items = listItems(of: node)
                if !items.isEmpty { result.append(.list(ordered: node.tag.role == .orderedList, items: items)) }
            case .listItem:
                flush()
                let item = Self.blocks(of: node.children)
                if !item.isEmpty { result.append(.list(ordered: false, items: [item])) }
            case _ where traits.contains(.blockContainer):
                flush()
                let inner = Self.blocks(of: node.children)
                // A heading reads as a bold paragraph.
                if traits.contains(.heading), inner.count == 1, case .paragraph(let text) = inner[0] {
                    result.append(.paragraph([.bold(text)]))
                } else {
                    result += inner
                }
            case _ where traits.contains(.dropped):
                continue
            default:
                run += Self.inlines(of: [node], preformatted: false)
            }
        }
        flush()
        return result
    }

    /// The items of a list: each `<li>`, and any other content with text as an item of its own.
    private static func listItems(of list: HTMLNode) -> [[StatementBlock]] {
        var items: [[StatementBlock]] = []
        var stray: [HTMLNode] = []
        func flushStray() {
            let item = blocks(of: stray)
            if !item.isEmpty { items.append(item) }
            stray = []
        }
        for child in list.children {
            if child.tag.role == .listItem {
                flushStray()
                let item = blocks(of: child.children)
                if !item.isEmpty { items.append(item) }
            } else {
                stray.append(child)
            }
        }
        flushStray()
        return items
    }

    /// The inlines of `nodes`; a block inside inline text gives its text.
    static func inlines(of nodes: [HTMLNode], preformatted: Bool) -> [StatementInline] {
        var result: [StatementInline] = []
        for node in nodes {
            func children() -> [StatementInline] { Self.inlines(of: node.children, preformatted: preformatted) }
            switch node.tag.role {
            case .text:
                result.append(.text(preformatted ? node.text : Self.collapsed(node.text)))
            case .bold:
                result.append(.bold(children()))
            case .italic:
                result.append(.italic(children()))
            case .superscript:
                result.append(.superscript(children()))
            case .subscript:
                result.append(.subscript(children()))
            case .code:
                let inner = children()
                // `<code>10<sup>4</sup></code>` keeps its exponent: code with marks inside is its inlines.
                if inner.allSatisfy({ if case .text = $0 { true } else { false } }) {
                    let text = StatementInline.plainText(inner)
                    result.append(.code(preformatted ? text : Self.collapsed(text)))
                } else {
                    result += inner
                }
            case .link:
                let inner = children()
                if let url = node.attributes["href"].flatMap(StatementHTML.allowedURL) {
                    result.append(.link(inner, url: url))
                } else {
                    result += inner
                }
            case .image:
                let alt = Self.collapsed(node.attributes["alt"] ?? "").trimmedOfWhitespace
                if let url = node.attributes["src"].flatMap(StatementHTML.allowedURL) {
                    result.append(.image(alt: String(alt.prefix(300)), url: url))
                } else if !alt.isEmpty {
                    result.append(.text(alt))
                }
            case .lineBreak:
                result.append(.lineBreak)
            case .tableCell:
                result += children()
                result.append(.text("  "))
            case .spaced, .listItem:
                if !preformatted { result.append(.text(" ")) }
                result += children()
                if !preformatted { result.append(.text(" ")) }
            case _ where node.tag.traits.contains(.dropped):
                continue
            case .other, .preformatted, .unorderedList, .orderedList:
                result += children()
            }
        }
        return result
    }

    /// Runs of HTML white space as one space (a no-break space stays).
    static func collapsed(_ text: String) -> String {
        // Most texts hold single spaces only: nothing to collapse, and no copy. Over the bytes in
        // place (`withUTF8`), which costs a fifth of stepping through `utf8`'s iterator.
        var contiguous = text
        let changes = contiguous.withUTF8 { bytes in
            var previousWasSpace = false
            for byte in bytes {
                let isSpace = Tokenizer.isSpace(byte)
                if isSpace && (previousWasSpace || byte != UInt8(ascii: " ")) { return true }
                previousWasSpace = isSpace
            }
            return false
        }
        guard changes else { return text }
        // By bytes: a space is ASCII, and no byte of a longer UTF-8 sequence is below 0x80.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for byte in text.utf8 {
            if Tokenizer.isSpace(byte) {
                if !lastWasSpace { result.append(UInt8(ascii: " ")) }
                lastWasSpace = true
            } else {
                result.append(byte)
                lastWasSpace = false
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A paragraph's inlines without the spaces at its start, its end, around line breaks, and
    /// doubled across inline boundaries; empty when nothing but space is left.
    static func trimmed(_ inlines: [StatementInline]) -> [StatementInline] {
        var lastWasSpace = true
        var result = merged(trimming(inlines, lastWasSpace: &lastWasSpace))
        // Plain loops: `show` runs this once, and each generic adaptor (`reversed()`, `drop(while:)`)
        // met for the first time costs the runtime a search of every conformance record.
        while case .text(var text)? = result.last {
            while text.utf8.last == UInt8(ascii: " ") { text.removeLast() }
            if text.isEmpty {
                result.removeLast()
            } else {
                result[result.count - 1] = .text(text)
                break
            }
        }
        for inline in result {
            if case .image = inline { return result }
            for scalar in StatementInline.plainText([inline]).unicodeScalars where !scalar.properties.isWhitespace { return result }
        }
        return []
    }

    private static func trimming(_ inlines: [StatementInline], lastWasSpace: inout Bool) -> [StatementInline] {
        var result: [StatementInline] = []
        for inline in inlines {
            switch inline {
            case .text(let text):
                // By bytes, as `collapsed(_:)`: the space is ASCII. A text with no space to drop
                // (the usual case: the parser collapsed its runs) is kept as it is, uncopied.
                if let first = text.utf8.first, !(lastWasSpace && first == UInt8(ascii: " ")), !Self.hasDoubleSpace(text) {
                    result.append(inline)
                    lastWasSpace = text.utf8.last == UInt8(ascii: " ")
                    continue
                }
                var kept: [UInt8] = []
                kept.reserveCapacity(text.utf8.count)
                for byte in text.utf8 {
                    if byte == UInt8(ascii: " ") {
                        if lastWasSpace { continue }
                        lastWasSpace = true
                    } else {
                        lastWasSpace = false
                    }
                    kept.append(byte)
                }
                if !kept.isEmpty { result.append(.text(String(decoding: kept, as: UTF8.self))) }
            case .code(let text):
                if !text.isEmpty {
                    result.append(.code(text))
                    lastWasSpace = false
                }
            case .bold(let inner): append({ .bold($0) }, inner, to: &result, &lastWasSpace)
            case .italic(let inner): append({ .italic($0) }, inner, to: &result, &lastWasSpace)
            case .superscript(let inner): append({ .superscript($0) }, inner, to: &result, &lastWasSpace)
            case .subscript(let inner): append({ .subscript($0) }, inner, to: &result, &lastWasSpace)
            case .link(let inner, let url): append({ .link($0, url: url) }, inner, to: &result, &lastWasSpace)
            case .image:
                result.append(inline)
                lastWasSpace = false
            case .lineBreak:
                if case .text(let text)? = result.last, text.hasSuffix(" ") {
                    let kept = String(text.dropLast())
                    if kept.isEmpty { result.removeLast() } else { result[result.count - 1] = .text(kept) }
                }
                result.append(.lineBreak)
                lastWasSpace = true
            }
        }
        return result
    }

    /// Whether `text` holds two spaces in a row.
    private static func hasDoubleSpace(_ text: String) -> Bool {
        var contiguous = text  // Over the bytes in place, as in `collapsed(_:)`.
        return contiguous.withUTF8 { bytes in
            var previousWasSpace = false
            for byte in bytes {
                let isSpace = byte == UInt8(ascii: " ")
                if isSpace && previousWasSpace { return true }
                previousWasSpace = isSpace
            }
            return false
        }
    }

    /// `inlines` with neighbouring texts joined (inside marks too), and empty texts gone.
    static func merged(_ inlines: [StatementInline]) -> [StatementInline] {
        var result: [StatementInline] = []
        for inline in inlines {
            switch inline {
            case .text(let text):
                if text.isEmpty { continue }
                if case .text(let previous)? = result.last {
                    result[result.count - 1] = .text(previous + text)
                } else {
                    result.append(inline)
                }
            case .bold(let inner): result.append(.bold(merged(inner)))
            case .italic(let inner): result.append(.italic(merged(inner)))
            case .superscript(let inner): result.append(.superscript(merged(inner)))
            case .subscript(let inner): result.append(.subscript(merged(inner)))
            case .link(let inner, let url): result.append(.link(merged(inner), url: url))
            case .code, .image, .lineBreak: result.append(inline)
            }
        }
        return result
    }

    private static func append(
        _ make: ([StatementInline]) -> StatementInline, _ inner: [StatementInline], to result: inout [StatementInline], _ lastWasSpace: inout Bool
    ) {
        let kept = trimming(inner, lastWasSpace: &lastWasSpace)
        if !kept.isEmpty { result.append(make(kept)) }
    }
}
