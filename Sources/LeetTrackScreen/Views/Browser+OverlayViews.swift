import LeetTrackCore
import LeetTrackText
import TerminalUI

extension Browser {
    /// Draws whatever is open over the screen (the search and the note editor are drawn in place
    /// by the footer and the details).
    func drawOverlay(_ frame: inout Frame) {
        switch overlay {
        case nil, .search, .note:
            break
        case .listPicker(let lists, let state):
            let labels: [Line] = [Line("All problems")] + lists.map { list in
                let solved = list.slugs.reduce(0) { count, slug in
                    count + (catalog.position(ofSlug: slug).map { marks[$0].status == .solved ? 1 : 0 } ?? 0)
                }
                return Line([Span(list.name), Span("  \(solved)/\(list.slugs.count)", style: Theme.labelStyle)])
            }
            drawPicker(title: "Study list", labels: labels, state: state, footer: "⏎ choose  Esc cancel", frame: &frame)
        case .tagPicker(let editor, let state):
            let labels = tagChoices(editor.text).map { Line($0 ?? "Any tag") }
            let area = drawPicker(title: "Tag", labels: labels, state: state, footer: "type to filter  ⏎ choose  Esc cancel", frame: &frame, topRows: 1,
                fitsContent: false)
            let field = TextField(editor, style: CellStyle(attributes: .underline), placeholder: "filter tags")
            let fieldArea = area.row(0)
            frame.buffer.render(field, in: fieldArea)
            frame.cursor = field.cursorPosition(in: fieldArea)
        case .favorites(let favorites, let state):
            let labels = favorites.map { position in
                Line([
                    Theme.heart(true), Span(" "), Theme.mark(for: marks[position].status),
                    Span(" \(catalog.id(at: position)). \(catalog.title(at: position))"),
                ])
            }
            let footer = favorites.isEmpty ? "No favorites yet: f hearts a problem.  Esc close" : "⏎ go to  f unheart  Esc close"
            drawPicker(title: "\(Theme.heart) Favorites (\(favorites.count))", labels: labels, state: state, footer: footer, frame: &frame)
        case .addToList(let lists, let state, let position):
            let labels = [Line("New list…", style: Theme.keyStyle)] + lists.map { list in
                let member = list.slugs.contains(catalog.slug(at: position))
                return Line([Span(list.name), Span(member ? "  (has it)" : "  \(list.slugs.count)", style: Theme.labelStyle)])
            }
            drawPicker(title: "Add \(catalog.id(at: position)). \(catalog.title(at: position)) to", labels: labels, state: state,
                footer: "⏎ add  Esc cancel", frame: &frame)
        case .newList(let editor, let position):
            let width = min(frame.area.width, 52)
            let area = frame.area.centered(width: width, height: 5)
            let box = Box(title: Line("New list for \(catalog.id(at: position)). \(catalog.title(at: position))", style: .bold))
            frame.buffer.render(box, in: area)
            let inner = box.inner(area)
            let field = TextField(editor, style: CellStyle(attributes: .underline), placeholder: "the list's name")
            frame.buffer.render(field, in: inner.row(0))
            frame.cursor = field.cursorPosition(in: inner.row(0))
            frame.buffer.draw(Line("⏎ create  Esc cancel", style: Theme.labelStyle), in: inner.row(2))
        case .rateSolve(let position):
            drawQuestion(title: "Solved", width: 52, frame: &frame, [
                Line("How did \(catalog.id(at: position)). \(catalog.title(at: position)) go?"),
                "",
                Line("1 again  2 hard  3 good  4 easy", style: Theme.keyStyle),
                Line("Enter good   Esc cancel", style: Theme.labelStyle),
            ])
        case .help(let offset):
            drawHelp(offset: offset, frame: &frame)
        case .confirmReset(let position):
            drawQuestion(title: "Back to todo?", width: 48, frame: &frame, [
                Line("Set \(catalog.id(at: position)). \(catalog.title(at: position)) back to todo? Its history is kept."),
                "",
                Line("y yes   n no", style: Theme.keyStyle),
            ])
        }
    }

    /// A centred box of at most `width` columns, as tall as `lines` wrap to, asking a question.
    private func drawQuestion(title: String, width: Int, frame: inout Frame, _ lines: [Line]) {
        let width = min(frame.area.width, width)
        let question = Paragraph(lines)
        let area = frame.area.centered(width: width, height: question.rows(width: width - 4).count + 2)
        let box = Box(title: Line(title, style: .bold))
        frame.buffer.render(box, in: area)
        frame.buffer.render(question, in: box.inner(area))
    }

    /// A centred box with a scrolling list; returns the area above the list (`topRows` rows) for
    /// a field.
    @discardableResult
    private func drawPicker(
        title: String, labels: [Line], state: ScrollState, footer: String, frame: inout Frame, topRows: Int = 0, fitsContent: Bool = true
    ) -> Rect {
        let widest = max(labels.map(\.width).max() ?? 0, Line(footer).width, Line(title).width + 2)
        let width = min(frame.area.width, max(36, min(60, widest + 8)))
        let listRows = fitsContent ? min(pickerRows, max(1, labels.count)) : pickerRows
        let height = min(frame.area.height, listRows + 3 + topRows)
        let area = frame.area.centered(width: width, height: height)
        let box = Box(title: Line(title, style: .bold))
        frame.buffer.render(box, in: area)
        let inner = box.inner(area)
        let (top, rest) = inner.splitTop(topRows)
        let (listArea, hintArea) = rest.splitBottom(1)
        let table = Table(columns: [Column("", width: .fill(minimum: 1))], state: state, showsHeader: false) { [labels] index in
            [labels[index]]
        }
        frame.buffer.render(table, in: listArea)
        frame.buffer.draw(Line(footer, style: Theme.labelStyle), in: hintArea)
        return top
    }

    /// Every key and what it does, as the help shows them.
    static let helpKeys: [(key: String, meaning: String)] = [
        ("↑ ↓  j k", "move"), ("PgUp PgDn", "page"), ("Home End  g G", "first, last"),
        ("Enter", "details"), ("f  Space", "heart / unheart"), ("x  a", "solved (asks 1-4), attempted"),
        ("u", "back to todo (asks)"), ("n", "edit the note"), ("/", "search as you type"),
        ("d  s", "difficulty, status filters"), ("l  t", "study list, tag filters"),
        ("v", "favorites sheet"), ("r", "review queue"), ("T", "today's plan"), ("1 2 3 4", "rate: again hard good easy"),
        ("o", "open page (queue: details)"), ("e  +  U", "edit code, add to list, undo"), ("h", "hide difficulty"),
        ("Esc", "clear filters, close"), ("?", "this help"), ("q", "quit (Ctrl-C too)"),
    ]

    /// Every key, in a box (scrolled by `offset` rows when the screen is too short for all).
    private func drawHelp(offset: Int, frame: inout Frame) {
        let lines = Self.helpKeys.map { entry in
            Line([Span(Format.fit(entry.key, 15), style: Theme.keyStyle), Span(entry.meaning)])
        }
        // As wide as its longest line (the border and its padding take 4 columns): at 80 columns
        // and more every line shows whole; a narrower screen cuts the longest with `…`.
        let width = (lines.map(\.width).max() ?? 0) + 4
        let area = frame.area.centered(width: width, height: lines.count + 2)
        let box = Box(title: Line("Keys", style: .bold))
        frame.buffer.render(box, in: area)
        let inner = box.inner(area)
        let offset = min(offset, max(0, lines.count - inner.height))
        frame.buffer.render(Paragraph(lines, wraps: false, offset: offset), in: inner)
        if lines.count > inner.height {
            let more = offset + inner.height < lines.count ? "↓ more" : "↑ back"
            frame.buffer.draw(Line(" \(more) ", style: Theme.labelStyle), in: Rect(x: area.maxX - 10, y: area.maxY - 1, width: 8, height: 1), alignment: .right)
        }
    }
}
