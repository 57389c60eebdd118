import FoundationEssentials

/// The sections about single problems: reviews due this week, favorites, the latest events.
extension ReportPage {
    /// How many review rows show before the rest fold away under "more".
    static let visibleReviewRows = 25
    /// How many review rows the page holds at most; the counts always cover every card, and
    /// `leettrack review` lists them all. (A year of solves never reviewed can leave a thousand
    /// cards overdue, and a page that lists them all is no report.)
    static let reviewRowLimit = 100

    /// What is due today or overdue, then each coming day of the week: the first
    /// ``visibleReviewRows`` cards, then up to ``reviewRowLimit`` in a folded `<details>`.
    mutating func reviews() {
        let dueNow = report.dueNow
        let later = report.dueLaterThisWeek
        let overdue = dueNow.filter { $0.daysOverdue > 0 }
        let today = dueNow.filter { $0.daysOverdue == 0 }
        openCard("reviews", class: "card wide", title: "Due for review this week")
        guard !dueNow.isEmpty || !later.isEmpty else {
            html += "<p class=\"empty\">Nothing is due this week."
            if let next = report.nextReview {
                html += " Next: \(link(ProgressReport.ProblemSummary(next.problem))) on \(dayName(next.dueDay))."
            } else {
                html += " Solving a problem schedules its first redo."
            }
            html += "</p></section>\n"
            return
        }
        html += "<p>\(metric("reviews.overdue", overdue.count)) overdue, \(metric("reviews.today", today.count)) due today, "
        html += "\(metric("reviews.later", later.count)) more in the next \(ProgressReport.reviewDaysAhead) days.</p>\n"
        var groups: [(title: String, items: ArraySlice<ReviewItem>)] = []
        if !overdue.isEmpty { groups.append(("Overdue", overdue[...])) }
        if !today.isEmpty { groups.append(("Today, \(dayName(report.calendar.today))", today[...])) }
        var start = later.startIndex
        while start < later.endIndex {
            let day = later[start].dueDay
            let end = later[start...].firstIndex { $0.dueDay != day } ?? later.endIndex
            groups.append((dayName(day), later[start..<end]))
            start = end
        }
        var budget = Self.visibleReviewRows
        var folded: [(title: String, items: ArraySlice<ReviewItem>)] = []
        for group in groups {
            let shown = group.items.prefix(budget)
            if !shown.isEmpty { reviewGroup("\(group.title) (\(group.items.count))", shown) }
            budget -= shown.count
            let rest = group.items.dropFirst(shown.count)
            if !rest.isEmpty { folded.append((shown.isEmpty ? "\(group.title) (\(group.items.count))" : "\(group.title), continued", rest)) }
        }
        if !folded.isEmpty {
            let count = folded.reduce(0) { $0 + $1.items.count }
            var room = Self.reviewRowLimit - Self.visibleReviewRows
            html += "<details><summary>\(count) more</summary>\n"
            for group in folded where room > 0 {
                let shown = group.items.prefix(room)
                reviewGroup(group.title, shown)
                room -= shown.count
            }
            let hidden = count - (Self.reviewRowLimit - Self.visibleReviewRows - room)
            if hidden > 0 {
                html += "<p class=\"muted\">… and \(hidden) more: <code>leettrack review</code> lists them all.</p>\n"
            }
            html += "</details>\n"
        }
        html += "</section>\n"
    }

    private mutating func reviewGroup(_ title: String, _ items: ArraySlice<ReviewItem>) {
        html += "<h3>\(esc(title))</h3>\n<ul class=\"items\">\n"
        for item in items {
            html += "<li>\(link(ProgressReport.ProblemSummary(item.problem))) \(chip(item.problem.difficulty))"
            if item.daysOverdue > 0 {
                html += "<span class=\"when overdue\">due \(item.dueDay), \(Plural.count(item.daysOverdue, "day")) overdue</span>"
            }
            html += "</li>\n"
        }
        html += "</ul>\n"
    }

    /// The favorites with their status and note.
    mutating func favorites() {
        let favorites = report.favorites
        openCard("favorites", class: "card narrow", title: "Favorites (\(favorites.count))")
        guard !favorites.isEmpty else { return emptyCard("None yet: <code>leettrack fav PROBLEM</code> adds one.") }
        html += "<div class=\"scroll\"><table>\n<thead><tr><th scope=\"col\">Problem</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n"
        for favorite in favorites {
            html += "<tr data-slug=\"\(esc(favorite.problem.slug))\"><td>\(link(favorite.problem)) \(chip(favorite.problem.difficulty))"
            if !favorite.note.isEmpty { html += "<div class=\"note\">\(esc(favorite.note))</div>" }
            html += "</td><td class=\"nowrap\">\(favorite.status.rawValue)</td></tr>\n"
        }
        html += "</tbody></table></div></section>\n"
    }

    /// The latest events of any kind, newest first.
    mutating func events() {
        let events = report.recentEvents
        openCard("events", class: "card", title: "Latest events")
        guard !events.isEmpty else { return emptyCard("Nothing recorded yet.") }
        html += "<div class=\"scroll\"><table>\n<thead><tr><th scope=\"col\">When</th><th scope=\"col\">What</th>"
        html += "<th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n"
        for event in events {
            let what = Self.eventWord(event.kind) + ProgressEvent(
                kind: event.kind, date: event.date, rating: event.rating, seconds: event.seconds).details
            let note = event.note.map { "<br><small>\(esc($0))</small>" } ?? ""
            // Day and clock apart, so that a phone can stack them and leave room for the problem.
            let parts = event.localTime.split(separator: " ", maxSplits: 1).map(String.init)
            html += "<tr><td class=\"nowrap\"><time datetime=\"\(UTCTimestamp.string(from: event.date))\">"
            html += "<span>\(esc(parts.first ?? ""))</span> <span class=\"clock\">\(esc(parts.dropFirst().first ?? ""))</span></time></td>"
            html += "<td class=\"nowrap\">\(esc(what))</td><td>\(link(event.problem)) \(chip(event.problem.difficulty))\(note)</td></tr>\n"
        }
        html += "</tbody></table></div></section>\n"
    }

    /// `Solved`, `Attempted`, `Reviewed`, `Reset`; a kind from a newer version shows its stored name.
    static func eventWord(_ kind: ProgressEvent.Kind) -> String {
        switch kind {
        case .solved: "Solved"
        case .attempted: "Attempted"
        case .reviewed: "Reviewed"
        case .reset: "Reset"
        default: kind.rawValue
        }
    }
}

extension ProgressReport.ProblemSummary {
    /// The summary of a catalog problem.
    init(_ problem: Problem) {
        self.init(id: problem.id, slug: problem.slug, title: problem.title, difficulty: problem.difficulty)
    }
}
