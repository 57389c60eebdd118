import FoundationEssentials
import LeetTrackCore
import TerminalUI

extension Browser {
    /// The details of the selected problem: what the catalog knows, the status, the note (or its
    /// editor) and the history, newest first.
    func drawDetails(_ frame: inout Frame) {
        guard let position = selectedPosition else { return drawList(&frame) }
        drawDetails(of: position, hints: " f ♥  x solved  a attempted  u todo  n note  ↑↓ next  Esc back", &frame)
    }

    /// The details of the problem at `position`, with `hints` in the footer.
    func drawDetails(of position: Int, hints: String, _ frame: inout Frame) {
        let problem = catalog.problem(at: position)
        let record = progress[problem.slug] ?? ProblemProgress()
        let (header, rest) = frame.area.splitTop(1)
        let (body, footer) = rest.splitBottom(1)
        drawHeader(in: header, frame: &frame)
        let box = Box(title: Line("\(problem.id). \(problem.title)", style: .bold))
        frame.buffer.render(box, in: body)
        let inner = box.inner(body)

        func field(_ label: String, _ value: [Span]) -> Line {
            Line([Span(Format.fit(label, Self.labelWidth), style: Theme.labelStyle)] + value)
        }
        // Short fields first and the note right after them, so the note (and its editor) stays on
        // screen even in a 40x10 terminal; long ones (tags, URL, history) follow.
        var lines: [Line] = []
        lines.append(field("Status", [Theme.describe(record.status)]))
        lines.append(field("Favorite", record.favorite ? [Span("\(Theme.heart) yes", style: Theme.favoriteStyle)] : [Span("no")]))
        if hidesDifficulty {
            lines.append(field("Difficulty", [Span("hidden (h shows it)", style: Theme.labelStyle)]))
        } else {
            lines.append(field("Difficulty", [Span(problem.difficulty.displayName, style: Theme.style(for: problem.difficulty))]))
            lines.append(field("Acceptance", [Span(Theme.percentage(problem.acceptance))]))
        }
        var editor: LineEditor?
        if case .note(let noteEditor, let notePosition, _, _) = overlay, notePosition == position { editor = noteEditor }
        let noteLine = lines.count
        if editor != nil {
            lines.append(field("Note", []))
        } else if record.note.isEmpty {
            lines.append(field("Note", [Span("none (n writes one)", style: Theme.labelStyle)]))
        } else {
            lines.append(field("Note", [Span(record.note)]))
        }
        lines.append(field("Tags", [Span(problem.tags.isEmpty ? "none" : problem.tags.joined(separator: ", "))]))
        lines.append(field("Category", [Span(problem.category + (problem.paidOnly ? " (paid only)" : ""))]))
        let lists = catalog.studyLists.filter { $0.slugs.contains(problem.slug) }.map(\.name)
        if !lists.isEmpty { lines.append(field("Lists", [Span(lists.joined(separator: ", "))])) }
        lines.append(field("URL", [Span(problem.url, style: CellStyle(attributes: .underline))]))
        lines.append("")
        lines.append(Line("History", style: .bold))
        if record.events.isEmpty {
            lines.append(Line("nothing yet", style: Theme.labelStyle))
        } else {
            for event in record.events.reversed() {
                lines.append(Line([Span(Self.format(event.date), style: Theme.labelStyle), Span("  \(event.kind)\(event.details)")]))
            }
        }

        // Wrap, remembering which row holds the note, then scroll so that the editor is visible.
        var rows: [Line] = []
        var editorRow = 0
        for (index, line) in lines.enumerated() {
            if index == noteLine { editorRow = rows.count }
            rows += Paragraph.wrap(line, width: inner.width)
        }
        let maximumOffset = max(0, rows.count - inner.height)
        let offset = editor != nil ? min(maximumOffset, max(0, editorRow - inner.height + 1)) : min(detailsOffset, maximumOffset)
        frame.buffer.render(Paragraph(rows, wraps: false, offset: offset), in: inner)
        if let editor, editorRow >= offset, editorRow < offset + inner.height {
            let fieldArea = Rect(x: inner.x + Self.labelWidth, y: inner.y + editorRow - offset, width: inner.width - Self.labelWidth, height: 1)
            let textField = TextField(editor, style: CellStyle(attributes: .underline))
            frame.buffer.render(textField, in: fieldArea)
            frame.cursor = textField.cursorPosition(in: fieldArea)
        }

        if let message {
            frame.buffer.render(StatusBar(left: Line(" " + message.text, style: message.isError ? Theme.errorStyle : .plain), style: .plain), in: footer)
        } else {
            let hints = editor != nil ? " Enter saves the note  Esc cancels" : hints
            frame.buffer.render(StatusBar(left: Line(hints), style: Theme.barStyle), in: footer)
        }
    }

    /// The width of the labels' column.
    static let labelWidth = 12

    /// `2026-11-29 14:03` in the user's time zone (honouring `TZ`). Built from calendar
    /// components rather than a `DateFormatter`, which is costly to create and not `Sendable`.
    static func format(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone.current, from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
