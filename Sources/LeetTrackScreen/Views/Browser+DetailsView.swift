import FoundationEssentials
import LeetTrackCore
import LeetTrackText
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
        let (inner, footer) = drawBoxed(title: "\(problem.id). \(problem.title)", &frame)

        func field(_ label: String, _ value: [Span]) -> Line { Self.field(label, value) }
        // Short fields first and the note right after them, so the note (and its editor) stays on
        // screen even in a 40x10 terminal; long ones (tags, URL, history) follow.
        var lines: [Line] = []
        lines.append(field("Status", [Theme.describe(record.status)]))
        lines.append(field("Favorite", record.favorite ? [Span("\(Theme.heart) yes", style: Theme.favoriteStyle)] : [Span("no")]))
        lines.append(difficultyField(problem.difficulty))
        if !hidesDifficulty {
            lines.append(field("Acceptance", [Span(Format.percent(problem.acceptance))]))
            if problem.rating != nil { lines.append(field("Rating", [Span(Format.rating(problem.rating, contest: catalog.contest(at: position)))])) }
        }
        var editor: TextArea?
        if case .note(let noteEditor, let notePosition, _, _) = overlay, notePosition == position {
            editor = TextArea(noteEditor, style: CellStyle(attributes: .underline))
        }
        let editorWidth = max(1, inner.width - Self.labelWidth)
        let noteLine = lines.count
        if let editor {
            // Rows kept for the editor, which is drawn over them below.
            lines.append(field("Note", []))
            lines += Array(repeating: Line(""), count: editor.height(width: editorWidth) - 1)
        } else if record.note.isEmpty {
            lines.append(field("Note", [Span("none (n writes one)", style: Theme.labelStyle)]))
        } else {
            lines += Self.fieldLines("Note", text: record.note)
        }
        let fieldsEnd = lines.count
        lines.append(field("Tags", [Span(problem.tags.isEmpty ? "none" : problem.tags.joined(separator: ", "))]))
        lines.append(field("Category", [Span(problem.category + (problem.paidOnly ? " (paid only)" : ""))]))
        let lists = catalog.studyLists.filter { $0.slugs.contains(problem.slug) }.map(\.name)
        if !lists.isEmpty { lines.append(field("Lists", [Span(lists.joined(separator: ", "))])) }
        lines.append(field("URL", [Span(problem.url, style: CellStyle(attributes: .underline))]))
        let labelledEnd = lines.count
        lines.append("")
        lines.append(Line("History", style: .bold))
        if record.events.isEmpty {
            lines.append(Line("nothing yet", style: Theme.labelStyle))
        } else {
            for event in record.events.reversed() {
                lines.append(Line([Span(LocalDay.minute(of: event.date, in: timeZone), style: Theme.labelStyle), Span("  \(event.kind)\(event.details)")]))
            }
        }
        lines += statementLines(for: problem, width: inner.width)

        // Wrap (a field's value under its value column), remembering which row holds the note,
        // then scroll so that the editor's cursor is visible.
        var rows: [Line] = []
        var editorRow = 0
        for (index, line) in lines.enumerated() {
            if index == noteLine { editorRow = rows.count }
            let isEditorRow = editor != nil && index >= noteLine && index < fieldsEnd
            rows += isEditorRow ? [line] : Paragraph.wrap(line, width: inner.width, hangingIndent: index < labelledEnd ? Self.labelWidth : 0)
        }
        let maximumOffset = max(0, rows.count - inner.height)
        let cursorRow = editorRow + (editor?.cursorCell(width: editorWidth).row ?? 0)
        let offset = editor != nil ? min(maximumOffset, max(0, cursorRow - inner.height + 1)) : min(detailsOffset, maximumOffset)
        frame.buffer.render(Paragraph(rows, wraps: false, offset: offset), in: inner)
        if var editor {
            // The editor's rows that are on screen: those scrolled above the top are skipped.
            editor.offset = max(0, offset - editorRow)
            let top = inner.y + max(0, editorRow - offset)
            let height = min(editor.height(width: editorWidth) - editor.offset, inner.maxY - top)
            if height > 0 {
                let area = Rect(x: inner.x + Self.labelWidth, y: top, width: editorWidth, height: height)
                frame.buffer.render(editor, in: area)
                frame.cursor = editor.cursorPosition(in: area)
            }
        }

        let noteHints = " Enter saves the note  Alt-Enter or Ctrl-J new line  Esc cancels"
        frame.buffer.render(footerBar(editor != nil ? noteHints : hints), in: footer)
    }

    /// The fetched statement (`leettrack leetcode fetch`), after the history, as `show` prints it
    /// (hints folded); nothing when none is kept. Read and laid out once per problem and width
    /// (``StatementLinesCache``), only in this view.
    func statementLines(for problem: Problem, width: Int) -> [Line] {
        do {
            return try statementLines.lines(for: problem.slug, width: width) {
                guard let statement = try tracker.statements.statement(for: problem.slug) else { return [] }
                var lines: [Line] = ["", Line("Statement", style: .bold)]
                lines += StatementText.lines(statement.document, width: width, style: TextStyle(enabled: false)).map { Line($0) }
                if !statement.hints.isEmpty {
                    lines += ["", Line("Hints (\(statement.hints.count)): leettrack show \(problem.id) --hints", style: Theme.labelStyle)]
                }
                return lines
            }
        } catch {
            return ["", Line("The kept statement cannot be read: \(error)", style: Theme.errorStyle)]
        }
    }

    /// The width of the labels' column.
    static let labelWidth = 12

    /// A field: its label in the labels' column, then its value.
    static func field(_ label: String, _ value: [Span]) -> Line {
        Line([Span(Format.fit(label, labelWidth), style: Theme.labelStyle)] + value)
    }

    /// The difficulty's field, as the details and the review card show it: hidden while `h` hides
    /// difficulties.
    func difficultyField(_ difficulty: Difficulty) -> Line {
        Self.field("Difficulty", [hidesDifficulty
            ? Span("hidden (h shows it)", style: Theme.labelStyle) : Span(difficulty.displayName, style: Theme.style(for: difficulty))])
    }

    /// A field whose value is text of several lines (a note): the first after the label, the
    /// others under it, in the value's column. Wrapped with ``labelWidth`` as the hanging indent,
    /// every row of the value stays in that column.
    static func fieldLines(_ label: String, text: String) -> [Line] {
        let lines = Line.lines(of: text)
        return [field(label, lines[0].spans)] + lines.dropFirst().map { Line([Span(String(repeating: " ", count: labelWidth))] + $0.spans) }
    }
}
