import FoundationEssentials

extension ProgressReport {
    /// The report as one self-contained HTML page: the stylesheet and the charts (SVG) are inline,
    /// and it loads nothing, runs no script, and works opened from disk. Links to problems point to
    /// their LeetCode pages.
    ///
    /// Every chart has a text equivalent (an `aria-label` and a `<title>`), every number the page
    /// shows sits in an element whose `data-metric` attribute names it, and all text from the user
    /// or the catalog is escaped. The markup is also well-formed XML (void elements closed, every
    /// attribute quoted), so any XML parser can check it.
    /// - Complexity: O(days shown + lists + favorites + cards due this week).
    public func html() -> String {
        var page = ReportPage(report: self)
        page.render()
        return page.html
    }
}

/// Writes the report page. Sections are in `ReportPage+Sections.swift`, charts in
/// `ReportPage+Charts.swift`.
struct ReportPage {
    let report: ProgressReport
    /// The page so far.
    var html = ""

    init(report: ProgressReport) {
        self.report = report
    }

    /// The whole page.
    mutating func render() {
        html.reserveCapacity(120_000 + report.favorites.count * 400)
        let title = "LeetTrack report, \(report.calendar.today)"
        html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        html += "<meta name=\"color-scheme\" content=\"light dark\"/>\n"
        html += "<meta name=\"generator\" content=\"leettrack report\"/>\n"
        html += "<title>\(esc(title))</title>\n<style>\n\(ReportStylesheet.css)\n</style>\n</head>\n<body>\n<main>\n"
        header()
        html += "<div class=\"grid\">\n"
        summary()
        difficulties()
        calendar()
        lists()
        tags()
        reviews()
        favorites()
        events()
        html += "</div>\n"
        html += "<footer>Made by <code>leettrack report</code>. Days are counted in "
            + "\(esc(ReportText.utcOffset(report.utcOffset))). This page is self-contained: it loads nothing and runs no script."
            + "</footer>\n"
        html += "</main>\n</body>\n</html>\n"
    }

    private mutating func header() {
        let iso = UTCTimestamp.string(from: report.generated)
        html += "<header class=\"top\"><h1>LeetTrack report</h1><p class=\"muted\">Generated "
        html += "<time datetime=\"\(iso)\">\(esc(report.generatedLocalTime))</time> "
        html += "(\(esc(ReportText.utcOffset(report.utcOffset))))</p></header>\n"
    }

    /// The key numbers, one tile each.
    private mutating func summary() {
        let stats = report.statistics
        let total = stats.total
        let dueThisWeek = report.dueNow.count + report.dueLaterThisWeek.count
        html += "<section class=\"kpis\" aria-label=\"Summary\">\n"
        tile("Solved", metric("solved", total.solved),
             "of \(metric("total", total.total)) · \(ReportText.percent(total.solved, of: total.total))")
        tile("Attempted", metric("attempted", total.attempted), "not solved yet")
        tile("Current streak", metric("streak.current", stats.currentStreak), stats.currentStreak == 1 ? "day" : "days")
        tile("Longest streak", metric("streak.longest", stats.longestStreak), stats.longestStreak == 1 ? "day" : "days")
        tile("Due this week", metric("reviews.week", dueThisWeek), "\(metric("reviews.now", report.dueNow.count)) due now")
        tile("Favorites", metric("favorites", stats.favorites), "\(metric("notes", stats.notes)) with notes")
        html += "</section>\n"
    }

    private mutating func tile(_ label: String, _ value: String, _ sub: String) {
        html += "<div class=\"kpi\"><div class=\"label\">\(label)</div><div class=\"value\">\(value)</div>"
        html += "<div class=\"sub\">\(sub)</div></div>\n"
    }

    // MARK: Helpers shared by the sections

    /// Opens a card: a `<section>` named by its heading, so that a screen reader announces it.
    mutating func openCard(_ id: String, class classes: String, title: String) {
        html += "<section class=\"\(classes)\" id=\"\(id)\" aria-labelledby=\"\(id)-title\"><h2 id=\"\(id)-title\">\(title)</h2>\n"
    }

    /// Closes a card that has nothing to show with `text` (markup) in its place.
    mutating func emptyCard(_ text: String) {
        html += "<p class=\"empty\">\(text)</p></section>\n"
    }

    /// Escapes text for HTML.
    func esc(_ text: String) -> String { ReportText.escaped(text) }

    /// A number in an element that names it, so tests (and readers of the page's source) can find it.
    func metric(_ name: String, _ value: Int, element: String = "span") -> String {
        "<\(element) data-metric=\"\(esc(name))\">\(value)</\(element)>"
    }

    /// A link to the problem's LeetCode page, or its name alone when the catalog does not know it.
    func link(_ problem: ProgressReport.ProblemSummary) -> String {
        guard problem.id != nil else { return esc(problem.name) }
        return "<a href=\"https://leetcode.com/problems/\(esc(problem.slug))/\" rel=\"noreferrer\">\(esc(problem.name))</a>"
    }

    /// The difficulty as a coloured word.
    func chip(_ difficulty: Difficulty?) -> String {
        guard let difficulty else { return "" }
        return "<span class=\"chip \(difficulty.rawValue)\">\(difficulty.displayName)</span>"
    }

    /// A day as `Sun 2026-11-29`.
    func dayName(_ day: LocalDay) -> String { "\(day.weekdayName) \(day)" }
}
