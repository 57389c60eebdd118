import FoundationEssentials

extension StatementHTML {
    /// `document` as HTML made of these tags alone: `p`, `pre`, `ul`, `ol`, `li`, `code`, `strong`,
    /// `em`, `sup`, `sub`, `br`, and `a` with an http(s) `href` and `rel="noopener noreferrer nofollow"`.
    /// Images are links to the picture (the page's Content-Security-Policy loads nothing from
    /// elsewhere). Every text is escaped (``ReportText/escaped(_:)``); nothing of the input passes through.
    public static func serialize(_ document: StatementDocument) -> String {
        var html = ""
        for block in document.blocks { serialize(block, into: &html) }
        return html
    }

    private static func serialize(_ block: StatementBlock, into html: inout String) {
        switch block {
        case .paragraph(let inlines):
            html += "<p>"
            serialize(inlines, into: &html)
            html += "</p>"
        case .preformatted(let inlines):
            html += "<pre>"
            serialize(inlines, into: &html)
            html += "</pre>"
        case .list(let ordered, let items):
            html += ordered ? "<ol>" : "<ul>"
            for item in items {
                html += "<li>"
                for inner in item { serialize(inner, into: &html) }
                html += "</li>"
            }
            html += ordered ? "</ol>" : "</ul>"
        }
    }

    private static func serialize(_ inlines: [StatementInline], into html: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text): html += ReportText.escaped(text)
            case .code(let text): html += "<code>" + ReportText.escaped(text) + "</code>"
            case .bold(let inner): wrap("strong", inner, into: &html)
            case .italic(let inner): wrap("em", inner, into: &html)
            case .superscript(let inner): wrap("sup", inner, into: &html)
            case .subscript(let inner): wrap("sub", inner, into: &html)
            case .link(let inner, let url):
                html += "<a href=\"" + ReportText.escaped(url) + "\" rel=\"noopener noreferrer nofollow\">"
                serialize(inner, into: &html)
                html += "</a>"
            case .image(let alt, let url):
                html += "<a href=\"" + ReportText.escaped(url) + "\" rel=\"noopener noreferrer nofollow\">[image"
                html += alt.isEmpty ? "]</a>" : ": " + ReportText.escaped(alt) + "]</a>"
            case .lineBreak: html += "<br>"
            }
        }
    }

    private static func wrap(_ tag: String, _ inner: [StatementInline], into html: inout String) {
        html += "<" + tag + ">"
        serialize(inner, into: &html)
        html += "</" + tag + ">"
    }
}
