import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The report page parsed as XML into a small tree, so tests can check its structure and read its
/// numbers. The page is written to be well-formed XML; a page that is not fails to parse.
final class ReportNode {
    let name: String
    let attributes: [String: String]
    /// Elements and text nodes (named `#text`), in document order.
    var children: [ReportNode] = []
    /// A text node's text.
    var ownText = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// All text inside, as a browser would show it (without the layout).
    var text: String { name == "#text" ? ownText : children.map(\.text).joined() }

    /// This element and every element inside it, in document order.
    var all: [ReportNode] { [self] + children.flatMap(\.all) }

    /// Every element inside with this name.
    func elements(_ name: String) -> [ReportNode] { all.filter { $0.name == name } }

    /// The element with this `id`.
    func element(id: String) -> ReportNode? { all.first { $0.attributes["id"] == id } }

    /// Every `data-metric` number inside, by name.
    var metrics: [String: Int] {
        var values: [String: Int] = [:]
        for node in all {
            if let name = node.attributes["data-metric"], let value = Int(node.text) { values[name] = value }
        }
        return values
    }

    /// Parses a page; throws when it is not well-formed.
    static func parse(_ html: String) throws -> ReportNode {
        let delegate = TreeBuilder()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = delegate
        guard parser.parse(), let root = delegate.root else {
            throw ParseError(description: "the page is not well-formed: \(parser.parserError.map { "\($0)" } ?? "no root") "
                + "at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        return root
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: ReportNode?
        var stack: [ReportNode] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let node = ReportNode(name: elementName, attributes: attributes)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let parent = stack.last else { return }
            if let last = parent.children.last, last.name == "#text" {
                last.ownText += string
            } else {
                let node = ReportNode(name: "#text", attributes: [:])
                node.ownText = string
                parent.children.append(node)
            }
        }
    }
}
