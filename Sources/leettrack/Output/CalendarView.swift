import LeetTrackCore
import LeetTrackText

/// Draws a ``PracticeCalendar`` like GitHub's contribution graph: seven rows (Sunday to
/// Saturday), one column per week, month names above, and a legend.
///
/// With colour, each day is a `■` in one of GitHub's five greens (256-colour palette). Without
/// colour (not a terminal, or `NO_COLOR`), the levels are glyphs that read in any terminal and in
/// a pasted text: `·` none, `░` `▒` `▓` `█` from light to busy; days after today are blank. With
/// a daily goal, a day that met it is a `◆` (in its green with colour).
struct CalendarView {
    let graph: PracticeCalendar
    let style: TextStyle
    var goal: DailyGoalProgress?

    /// GitHub's greens, as xterm 256-colour indices: empty, then four levels.
    private static let colours = [238, 22, 28, 34, 40]
    private static let glyphs: [Character] = ["·", "░", "▒", "▓", "█"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let rowLabels = ["", "Mon", "", "Wed", "", "Fri", ""]
    private static let labelWidth = 4

    func draw(_ output: CommandOutput) {
        output.line(monthLine())
        for weekday in 0..<7 {
            var line = Format.fit(Self.rowLabels[weekday], Self.labelWidth)
            for week in graph.weeks { line += cell(week[weekday]) }
            // Days after today are blank; the line ends at today.
            while line.hasSuffix(" ") { line.removeLast() }
            output.line(line)
        }
        var legend = String(repeating: " ", count: Self.labelWidth) + "Less "
        for level in 0...4 { legend += glyph(level) }
        legend += " More"
        if let goal { legend += "   " + mark(4) + " met the goal of \(goal.goal)" }
        output.line(legend)
        output.line()
        let events = graph.total == 1 ? "1 solve, attempt or review" : "\(graph.total) solves, attempts and reviews"
        let days = Plural.count(graph.activeDays, "day")
        let first = graph.weeks.first?.first?.day.description ?? ""
        output.line("\(events) on \(days) from \(first) to \(graph.today) (busiest day: \(graph.busiestDay)).")
    }

    /// Month names over the week in which each month begins, skipped where they would overlap.
    private func monthLine() -> String {
        var line = String(repeating: " ", count: Self.labelWidth)
        var column = 0
        var previousMonth: Int?
        for week in graph.weeks {
            let month = week[0].day.components.month
            defer {
                previousMonth = month
                column += 1
            }
            guard month != previousMonth, previousMonth != nil || week[0].day.components.day <= 7 else { continue }
            let position = Self.labelWidth + column
            let currentLength = line.count
            // A name needs its three letters and a space before the next.
            guard position >= currentLength, column + 3 <= graph.weeks.count else { continue }
            line += String(repeating: " ", count: position - currentLength) + Self.monthNames[month - 1]
        }
        return line
    }

    private func cell(_ cell: PracticeCalendar.Cell) -> String {
        if cell.isFuture { return " " }
        return goal?.metDays.contains(cell.day) == true ? mark(cell.level) : glyph(cell.level)
    }

    private func mark(_ level: Int) -> String {
        guard style.enabled else { return "◆" }
        return "\u{1B}[38;5;\(Self.colours[level])m◆\u{1B}[0m"
    }

    private func glyph(_ level: Int) -> String {
        guard style.enabled else { return String(Self.glyphs[level]) }
        return "\u{1B}[38;5;\(Self.colours[level])m■\u{1B}[0m"
    }
}
