import LeetTrackCore
import TerminalUI

/// A topic section's header row in the list (a sectioned study list is shown by section).
struct SectionHeader: Equatable {
    /// The section's name.
    var name: String
    /// The catalog positions of its problems, for its solved count.
    var positions: [Int]
}

extension Browser {
    /// Whether the row at `index` is a section's header: header rows are stored in ``rows`` as
    /// `-(index into sectionHeaders + 1)`, so every other use of a row stays a catalog position.
    func isHeaderRow(_ index: Int) -> Bool {
        rows.indices.contains(index) && rows[index] < 0
    }

    /// Puts a header before each section's rows when the list filter is a list with topic
    /// sections; sections left empty by the other filters get no header.
    /// - Complexity: O(rows + the list's length).
    mutating func groupRowsBySection() {
        sectionHeaders = []
        guard let list = filters.list else { return }
        let sections = catalog.sections(of: list)
        guard !sections.isEmpty else { return }
        var sectionOf: [Int: Int] = [:]
        var headers: [SectionHeader] = []
        for (index, section) in sections.enumerated() {
            let positions = section.slugs.compactMap { catalog.position(ofSlug: $0) }
            for position in positions { sectionOf[position] = index }
            headers.append(SectionHeader(name: section.name, positions: positions))
        }
        var grouped: [Int] = []
        grouped.reserveCapacity(rows.count + sections.count)
        var shown: [Int: Int] = [:]  // Section index to its header's index in `sectionHeaders`.
        for position in rows {
            let section = sectionOf[position] ?? -1
            if section >= 0, shown[section] == nil {
                shown[section] = sectionHeaders.count
                sectionHeaders.append(headers[section])
                grouped.append(-sectionHeaders.count)
            }
            grouped.append(position)
        }
        rows = grouped
    }

    /// Moves the selection off a header row: on in the direction of travel, or back at the end.
    mutating func stepOffHeader(forward: Bool) {
        guard isHeaderRow(scroll.selected) else { return }
        let canGoForward = scroll.selected + 1 < rows.count
        scroll.move(by: (forward && canGoForward) || scroll.selected == 0 ? 1 : -1)
    }

    /// The number of problems the list shows (its rows without the section headers).
    var problemRowCount: Int { rows.count - sectionHeaders.count }

    /// The cells of a section's header row: its name and solved count in the title column.
    func headerCells(_ header: SectionHeader, columnCount: Int) -> [Line] {
        let solved = header.positions.filter { marks[$0].status == .solved }.count
        var cells = Array(repeating: Line(""), count: columnCount)
        cells[3] = Line([Span(header.name, style: .bold), Span("  \(solved)/\(header.positions.count) solved", style: Theme.labelStyle)])
        return cells
    }
}
