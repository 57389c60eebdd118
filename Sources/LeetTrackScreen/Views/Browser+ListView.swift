import LeetTrackCore
import LeetTrackText
import TerminalUI

extension Browser {
    /// The list's columns; on a narrow screen acceptance goes first, then difficulty, then the
    /// status mark; the heart, id and title always stay.
    var columns: [Column] {
        var columns = [
            Column(" ", width: .fixed(1), priority: 5),
            Column(Theme.heart, width: .fixed(1), priority: 9),
            Column("#", width: .fixed(4), alignment: .right, priority: 8),
            Column("Title", width: .fill(minimum: 12), priority: 10),
        ]
        if !hidesDifficulty {
            columns.append(Column("Level", width: .fixed(6), priority: 3))
            columns.append(Column("Accept", width: .fixed(6), alignment: .right, priority: 2))
        }
        return columns
    }

    /// The cells of the list's row for the problem at `position`.
    func rowCells(_ position: Int) -> [Line] {
        let mark = marks[position]
        var cells: [Line] = [
            Line([Theme.mark(for: mark.status)]),
            Line([Theme.heart(mark.favorite)]),
            Line("\(catalog.id(at: position))"),
            catalog.problem(at: position).paidOnly
                ? Line([Span(catalog.title(at: position)), Span(" paid", style: Theme.labelStyle)]) : Line(catalog.title(at: position)),
        ]
        if !hidesDifficulty {
            let difficulty = catalog.difficulty(at: position)
            cells.append(Line(difficulty.displayName, style: Theme.style(for: difficulty)))
            cells.append(Line(Format.percent(catalog.problem(at: position).acceptance)))
        }
        return cells
    }

    /// The list screen: header, table, footer.
    func drawList(_ frame: inout Frame) {
        let (header, afterHeader) = frame.area.splitTop(1)
        let (banner, rest) = afterHeader.splitTop(damagedSlugs.isEmpty ? 0 : 1)
        let (body, footer) = rest.splitBottom(1)
        drawHeader(in: header, frame: &frame)
        drawDamageBanner(in: banner, frame: &frame)
        let rows = self.rows
        let columns = self.columns
        frame.buffer.render(Table(columns: columns, state: scroll) { index in
            rows[index] < 0 ? headerCells(sectionHeaders[-rows[index] - 1], columnCount: columns.count) : rowCells(rows[index])
        }, in: body)
        if rows.isEmpty, body.height > 1 {
            let text = filters.isEmpty ? "No problems." : "No problem matches the filters (Esc clears them)."
            frame.buffer.draw(Line(text, style: Theme.labelStyle), in: body.row(1).inset(horizontal: 1))
        }
        drawFooter(in: footer, frame: &frame)
    }

    /// Names the records that cannot be read, which the list leaves out (`leettrack doctor` says more).
    func drawDamageBanner(in area: Rect, frame: inout Frame) {
        guard !damagedSlugs.isEmpty, area.height > 0 else { return }
        let names = damagedSlugs.prefix(3).joined(separator: ", ") + (damagedSlugs.count > 3 ? ", …" : "")
        let text = " ⚠ Cannot read the record of \(names): left out and untouched. Run `leettrack doctor`."
        frame.buffer.render(StatusBar(left: Line(text, style: Theme.errorStyle), style: .plain), in: area)
    }

    /// Solved, attempted and favorite counts per difficulty.
    func drawHeader(in area: Rect, frame: inout Frame) {
        let wide = area.width >= 72
        var spans: [Span] = wide ? [Span(" LeetTrack ", style: .bold)] : [Span(" ")]
        for difficulty in Difficulty.allCases {
            let tally = counts[difficulty]
            let name = wide ? difficulty.displayName : String(difficulty.displayName.prefix(1))
            spans.append(Span(" \(name) ", style: .bold))
            let solved = wide ? "\(tally.solved)/\(tally.total)" : "\(tally.solved)"
            spans.append(Span("\(Theme.solvedMark)\(solved) \(Theme.attemptedMark)\(tally.attempted) \(Theme.heart)\(tally.favorites) "))
        }
        frame.buffer.render(StatusBar(left: Line(spans), style: Theme.barStyle), in: area)
    }

    /// The filters in words, as the footer shows them.
    var filterSummary: String {
        var parts: [String] = []
        if let difficulty = filters.difficulty { parts.append(difficulty.displayName) }
        if let status = filters.status { parts.append(status.rawValue) }
        if let list = filters.list { parts.append(list.name) }
        if let tag = filters.tag { parts.append("#\(tag)") }
        if !filters.search.isEmpty { parts.append("\"\(filters.search)\"") }
        return parts.joined(separator: " · ")
    }

    /// Search field, message, or key hints with the filters and the count.
    func drawFooter(in area: Rect, frame: inout Frame) {
        if case .search(let editor, _) = overlay {
            frame.buffer.fill(area)
            frame.buffer.draw(Line("/", style: .bold), in: area)
            let fieldArea = Rect(x: area.x + 1, y: area.y, width: area.width - 1 - 10, height: 1)
            let field = TextField(editor, placeholder: "id, title words or slug")
            frame.buffer.render(field, in: fieldArea)
            frame.buffer.draw(Line("\(problemRowCount) found", style: Theme.labelStyle), in: Rect(x: fieldArea.maxX, y: area.y, width: 10, height: 1), alignment: .right)
            frame.cursor = field.cursorPosition(in: fieldArea)
            return
        }
        let hints = filters.isEmpty ? " ↑↓ move  ⏎ open  f ♥  x solved  / search  r review  ? keys  q quit" : " \(filterSummary)  (Esc clears)"
        frame.buffer.render(footerBar(hints, right: " \(problemRowCount)/\(catalog.count) "), in: area)
    }
}
