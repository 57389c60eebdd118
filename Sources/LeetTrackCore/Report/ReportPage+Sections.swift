import FoundationEssentials

/// The page's sections, in the order they appear.
extension ReportPage {
    /// Solved, attempted and total per difficulty, as rings, with the numbers below each.
    mutating func difficulties() {
        let stats = report.statistics
        openCard("difficulty", class: "card", title: "Progress by difficulty")
        html += "<div class=\"rings\">\n"
        for line in stats.byDifficulty + [stats.total] {
            let key = line.difficulty?.rawValue ?? "all"
            let name = line.difficulty?.displayName ?? "All"
            let label = "\(name): \(line.solved) of \(line.total) solved (\(ReportText.percent(line.solved, of: line.total))), "
                + "\(line.attempted) attempted"
            html += "<figure class=\"ring\">"
            ring(id: key, colour: key, label: label, solved: line.solved, attempted: line.attempted, total: line.total)
            html += "<figcaption><strong class=\"\(key)\">\(name)</strong><dl class=\"counts\">"
            html += "<div><dt>solved</dt><dd>\(metric("\(key).solved", line.solved))</dd></div>"
            html += "<div><dt>attempted</dt><dd>\(metric("\(key).attempted", line.attempted))</dd></div>"
            html += "<div><dt>total</dt><dd>\(metric("\(key).total", line.total))</dd></div>"
            html += "</dl></figcaption></figure>\n"
        }
        html += "</div>\n<p class=\"key\"><span>The solid arc is solved, the faint arc attempted.</span></p></section>\n"
    }

    /// The heatmap, the streaks, and the days with practice as a list.
    mutating func calendar() {
        let stats = report.statistics
        let calendar = report.calendar
        openCard("calendar", class: "card", title: "Practice in the last year")
        html += "<div class=\"streaks\">"
        html += "<span>Current streak <strong>\(metric("calendar.streak.current", stats.currentStreak))</strong> "
            + "\(stats.currentStreak == 1 ? "day" : "days")</span>"
        html += "<span>Longest streak <strong>\(metric("calendar.streak.longest", stats.longestStreak))</strong> "
            + "\(stats.longestStreak == 1 ? "day" : "days")</span>"
        html += "<span><strong>\(metric("calendar.events", calendar.total))</strong> solves, attempts and reviews on "
            + "<strong>\(metric("calendar.days", calendar.activeDays))</strong> days</span></div>\n"
        let active = calendar.weeks.joined().filter { $0.count > 0 }.reversed()
        // Each description is written twice (tooltip and list): made and escaped once.
        var descriptions: [Int: String] = [:]
        for day in active { descriptions[day.day.dayNumber] = esc(dayDescription(day.day, count: day.count)) }
        heatmap(descriptions)
        html += "<details><summary>Days with practice, newest first (\(active.count))</summary>"
        if active.isEmpty {
            html += "<p class=\"empty\">No practice yet: <code>leettrack solve PROBLEM</code> records one.</p>"
        } else {
            html += "<ul>"
            for day in active {
                html += "<li>"
                html += descriptions[day.day.dayNumber] ?? ""
                html += "</li>"
            }
            html += "</ul>"
        }
        html += "</details>\n<p class=\"note-line\">A streak counts days with at least one solve, attempt or review; "
            + "today does not break it before it is over.</p></section>\n"
    }

    /// Each built-in list, then each of the user's own, with a bar.
    mutating func lists() {
        openCard("lists", class: "card half", title: "Study lists")
        let builtIn = report.lists.filter { !$0.list.isOwn }
        let own = report.lists.filter(\.list.isOwn)
        // One grid for both groups, so the bars of the built-in lists and of the user's line up.
        html += "<div class=\"rows\">\n"
        listRows(builtIn)
        html += "<h3 class=\"span\">Your lists</h3>\n"
        if own.isEmpty {
            html += "<p class=\"empty span\">None yet: <code>leettrack lists create NAME</code> makes one.</p>\n"
        } else {
            listRows(own)
        }
        html += "</div>\n<p class=\"key\"><span><i class=\"solved\"></i>solved</span><span><i class=\"part\"></i>attempted</span></p>"
        html += "</section>\n"
    }

    private mutating func listRows(_ lines: [StudyListProgress]) {
        for line in lines {
            let key = "list.\(line.list.key)"
            let label = "\(line.list.name): \(line.solved) of \(line.total) solved "
                + "(\(ReportText.percent(line.solved, of: line.total))), \(line.attempted) attempted"
            html += "<div class=\"row\"><div class=\"name\" title=\"\(esc(line.list.name))\">\(esc(line.list.name))</div>"
            html += bar(label: label, solved: line.solved, part: line.attempted, total: line.total)
            html += "<div class=\"numbers\">\(metric("\(key).solved", line.solved)) / \(metric("\(key).total", line.total))"
            html += line.attempted > 0 ? " <small>+\(metric("\(key).attempted", line.attempted))</small>" : ""
            html += "</div></div>\n"
            if !line.sections.isEmpty {
                // The list's progress by topic, folded away so the card stays as short as the others.
                html += "<details class=\"span sections\" id=\"sections-\(esc(line.list.key))\"><summary>\(esc(line.list.name)) by topic</summary>"
                html += "<div class=\"rows\">\n"
                listRows(line.sections)
                html += "</div></details>\n"
            }
        }
    }

    /// The 15 most practised tags, each with its coverage: solved, and practised but not solved.
    mutating func tags() {
        let tags = report.statistics.tags
        openCard("tags", class: "card half", title: "Most practised tags")
        guard !tags.isEmpty else { return emptyCard("No practice yet.") }
        html += "<div class=\"rows\">\n"
        for line in tags {
            let key = "tag.\(line.tag)"
            let label = "\(line.tag): \(line.solved) of \(line.total) solved (\(ReportText.percent(line.solved, of: line.total))), "
                + "\(line.practised) practised"
            html += "<div class=\"row\"><div class=\"name\" title=\"\(esc(line.tag))\">\(esc(line.tag))</div>"
            html += bar(label: label, solved: line.solved, part: line.practised - line.solved, total: line.total)
            html += "<div class=\"numbers\">\(metric("\(key).solved", line.solved)) / \(metric("\(key).total", line.total))"
            html += " <small>\(metric("\(key).practised", line.practised)) practised</small></div></div>\n"
        }
        html += "</div>\n<p class=\"key\"><span><i class=\"solved\"></i>solved</span>"
        html += "<span><i class=\"part\"></i>practised, not solved</span></p></section>\n"
    }
}
