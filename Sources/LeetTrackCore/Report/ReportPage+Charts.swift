import FoundationEssentials

/// The charts: progress rings, bars and the calendar heatmap, as inline SVG (or, for bars, plain
/// elements). Each one carries its text equivalent: `role="img"` with an `aria-label`, and for SVG
/// a `<title>` too, which browsers show as a tooltip.
extension ReportPage {
    /// A ring: the solved share drawn solid, the attempted share after it drawn faint, and the
    /// solved count in the middle.
    mutating func ring(id: String, colour: String, label: String, solved: Int, attempted: Int, total: Int) {
        let radius = 50.0
        let circumference = 2 * Double.pi * radius
        // A first solve of a thousand problems still shows as a sliver.
        func arc(_ count: Int) -> Double {
            guard total > 0, count > 0 else { return 0 }
            return max(2, circumference * Double(count) / Double(total))
        }
        let solvedLength = min(circumference, arc(solved))
        let attemptedLength = min(circumference - solvedLength, arc(attempted))
        html += "<svg viewBox=\"0 0 120 120\" role=\"img\" aria-label=\"\(esc(label))\" data-chart=\"ring-\(id)\">"
        html += "<title>\(esc(label))</title>"
        html += "<circle class=\"track\" cx=\"60\" cy=\"60\" r=\"50\" stroke-width=\"12\"/>"
        let around = ReportText.length(circumference)
        if attemptedLength > 0 {
            html += "<circle class=\"arc attempted \(colour)\" cx=\"60\" cy=\"60\" r=\"50\" stroke-width=\"12\" "
            html += "stroke-dasharray=\"\(ReportText.length(attemptedLength)) \(around)\" "
            html += "stroke-dashoffset=\"\(ReportText.length(-solvedLength))\" transform=\"rotate(-90 60 60)\"/>"
        }
        if solvedLength > 0 {
            html += "<circle class=\"arc \(colour)\" cx=\"60\" cy=\"60\" r=\"50\" stroke-width=\"12\" "
            html += "stroke-dasharray=\"\(ReportText.length(solvedLength)) \(around)\" transform=\"rotate(-90 60 60)\"/>"
        }
        html += "<text class=\"big\" x=\"60\" y=\"64\">\(solved)</text>"
        html += "<text class=\"small\" x=\"60\" y=\"82\">of \(total)</text></svg>"
    }

    /// A horizontal bar: `solved` of `total` solid, then `part` more faint.
    func bar(label: String, solved: Int, part: Int, total: Int) -> String {
        func width(_ count: Int) -> String {
            guard total > 0 else { return "0%" }
            return ReportText.length(Double(count) / Double(total) * 100) + "%"
        }
        var text = "<div class=\"bar\" role=\"img\" aria-label=\"\(esc(label))\" title=\"\(esc(label))\">"
        if solved > 0 { text += "<span class=\"solved\" style=\"width:\(width(solved))\"></span>" }
        if part > 0 { text += "<span class=\"part\" style=\"width:\(width(part))\"></span>" }
        return text + "</div>"
    }

    /// The calendar heatmap: one column per week, Sunday at the top, month names above.
    /// - Parameter descriptions: each practice day's escaped tooltip, by day number.
    mutating func heatmap(_ descriptions: [Int: String]) {
        let calendar = report.calendar
        let pitch = 14
        let cell = 11
        let left = 28
        let top = 16
        let width = left + calendar.weeks.count * pitch
        let height = top + 7 * pitch
        let label = calendarSummary()
        html += "<div class=\"heatmap\"><svg viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(esc(label))\" "
        html += "data-chart=\"calendar\"><title>\(esc(label))</title>"
        for (column, name) in monthLabels() {
            html += "<text class=\"axis\" x=\"\(left + column * pitch)\" y=\"10\">\(name)</text>"
        }
        for (row, name) in [(1, "Mon"), (3, "Wed"), (5, "Fri")] {
            html += "<text class=\"axis\" x=\"0\" y=\"\(top + row * pitch + 9)\">\(name)</text>"
        }
        for (column, week) in calendar.weeks.enumerated() {
            let x = String(left + column * pitch)
            for (row, day) in week.enumerated() where !day.isFuture {
                html += "<rect x=\""
                html += x
                let metGoal = report.goal?.metDays.contains(day.day) == true
                html += "\" y=\"\(top + row * pitch)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" class=\"l\(day.level)"
                html += metGoal ? " goal\" data-goal=\"met\" data-date=\"" : "\" data-date=\""
                html += day.day.description
                html += "\" data-count=\"\(day.count)\"><title>"
                if let description = descriptions[day.day.dayNumber] {
                    html += description
                } else {
                    html += dayName(day.day)
                    html += ": no practice"
                }
                if metGoal { html += " (met the daily goal)" }
                html += "</title></rect>"
            }
        }
        html += "</svg></div>\n"
        let legend = "Colour scale: the lightest square is a day without practice, the darkest the busiest days "
            + "(\(Plural.count(calendar.busiestDay, "event")))"
        html += "<div class=\"legend\"><span>Less</span><svg viewBox=\"0 0 66 12\" role=\"img\" aria-label=\"\(esc(legend))\">"
        html += "<title>\(esc(legend))</title>"
        for level in 0...4 { html += "<rect x=\"\(level * 14)\" y=\"0\" width=\"11\" height=\"11\" rx=\"2\" class=\"l\(level)\"/>" }
        html += "</svg><span>More</span>"
        if let goal = report.goal {
            html += "<span>· outlined: met the goal of \(Plural.count(goal.goal, "problem")) a day "
            html += "(\(metric("goal.streak.current", goal.currentStreak)) in a row)</span>"
        }
        html += "</div>\n"
    }

    /// The calendar in one sentence.
    func calendarSummary() -> String {
        let calendar = report.calendar
        let first = calendar.weeks.first?.first?.day ?? calendar.today
        return "Practice calendar from \(first) to \(calendar.today): "
            + "\(Plural.count(calendar.total, "solve, attempt or review", "solves, attempts and reviews")) on "
            + "\(Plural.count(calendar.activeDays, "day")); the busiest day had \(Plural.count(calendar.busiestDay, "event"))."
    }

    /// What a day's tooltip says: the date, then what was done and on which problems.
    func dayDescription(_ day: LocalDay, count: Int) -> String {
        let date = dayName(day)
        guard count > 0, let detail = report.dayDetails[day.dayNumber] else { return "\(date): no practice" }
        var kinds: [String] = []
        if detail.solved > 0 { kinds.append("\(detail.solved) solved") }
        if detail.attempted > 0 { kinds.append("\(detail.attempted) attempted") }
        if detail.reviewed > 0 { kinds.append("\(detail.reviewed) reviewed") }
        let shown = detail.problems.prefix(5).map(\.name)
        let more = detail.problems.count > 5 ? ", and \(detail.problems.count - 5) more" : ""
        return "\(date): \(kinds.joined(separator: ", ")) — \(shown.joined(separator: "; "))\(more)"
    }

    /// The columns where a month begins, with the month's name; a name that would run into the
    /// previous one is left out (as GitHub does).
    private func monthLabels() -> [(Int, String)] {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var labels: [(Int, String)] = []
        var previousMonth: Int?
        for (column, week) in report.calendar.weeks.enumerated() {
            let month = week[0].day.components.month
            defer { previousMonth = month }
            // The first column is named only if its month begins in it.
            guard month != previousMonth, previousMonth != nil || week[0].day.components.day <= 7 else { continue }
            if let last = labels.last, column - last.0 < 3 { continue }
            if column > report.calendar.weeks.count - 2 { continue }
            labels.append((column, names[month - 1]))
        }
        return labels
    }
}
