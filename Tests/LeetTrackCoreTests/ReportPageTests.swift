import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The report page: structure, numbers, text equivalents and escaping")
struct ReportPageTests {
    func page() throws -> (ProgressReport, ReportNode, String) {
        let fixture = try ReportFixture()
        try fixture.write()
        let report = try fixture.report()
        let html = report.html()
        return (report, try ReportNode.parse(html), html)
    }

    @Test("the page is well-formed, has a title and every section in order")
    func structure() throws {
        let (_, root, html) = try page()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(root.elements("title").first?.text == "LeetTrack report, 2026-11-29")
        let sections = root.elements("section").compactMap { $0.attributes["id"] }
        #expect(sections == ["difficulty", "calendar", "lists", "tags", "reviews", "favorites", "events"])
        #expect(root.elements("h2").map(\.text).contains("Progress by difficulty"))
        #expect(root.elements("meta").contains { $0.attributes["name"] == "viewport" })
    }

    @Test("a list with topic sections shows its progress by section, in the list's order, folded under it")
    func listsBySection() throws {
        let (report, root, _) = try page()
        let neetcode = try #require(report.lists.first { $0.list.key == "neetcode-150" })
        #expect(neetcode.sections.map(\.list.name).prefix(3) == ["Arrays & Hashing", "Two Pointers", "Sliding Window"])
        #expect(neetcode.sections.reduce(0) { $0 + $1.total } == 150)
        #expect(neetcode.sections.reduce(0) { $0 + $1.solved } == neetcode.solved)
        let details = root.elements("details").compactMap { $0.attributes["id"] }
        #expect(details.contains("sections-neetcode-150") && details.contains("sections-neetcode-all"))
        #expect(!details.contains("sections-grind-75"))
        let metrics = root.metrics
        for (index, section) in neetcode.sections.enumerated() {
            #expect(metrics["list.neetcode-150.\(index + 1).solved"] == section.solved)
        }
    }

    @Test("the page needs nothing outside itself: no script, no link, no image, no font, no import")
    func selfContained() throws {
        let (_, root, html) = try page()
        for name in ["script", "link", "img", "iframe", "object", "embed", "image", "use"] {
            #expect(root.elements(name).isEmpty, "\(name)")
        }
        #expect(root.all.allSatisfy { $0.attributes["src"] == nil })
        for text in ["url(", "@import", "@font-face", "http://"] { #expect(!html.contains(text), "\(text)") }
        // The only addresses are links to the problems' pages.
        #expect(root.elements("a").allSatisfy { $0.attributes["href"]?.hasPrefix("https://leetcode.com/problems/") == true })
    }

    @Test("follows the system's light or dark theme")
    func themes() throws {
        let (_, root, html) = try page()
        #expect(html.contains("@media (prefers-color-scheme:dark)"))
        #expect(root.elements("meta").contains { $0.attributes["name"] == "color-scheme" && $0.attributes["content"] == "light dark" })
    }

    @Test("every number the page names is the known history's")
    func numbers() throws {
        let (report, root, _) = try page()
        let metrics = root.metrics
        let expected: [String: Int] = [
            "solved": 5, "total": 4029, "attempted": 1, "streak.current": 4, "streak.longest": 4,
            "reviews.week": 4, "reviews.now": 3, "favorites": 3, "notes": 1,
            "easy.solved": 2, "easy.attempted": 0, "easy.total": 960, "medium.solved": 2, "medium.attempted": 1,
            "medium.total": 2103, "hard.solved": 1, "hard.attempted": 0, "hard.total": 966,
            "all.solved": 5, "all.attempted": 1, "all.total": 4029,
            "calendar.streak.current": 4, "calendar.streak.longest": 4, "calendar.events": 9, "calendar.days": 7,
            "reviews.overdue": 2, "reviews.today": 1, "reviews.later": 1,
            "list.tom-&-jerry's-<graphs>.solved": 2, "list.tom-&-jerry's-<graphs>.total": 3,
            "list.empty-one.solved": 0, "list.empty-one.total": 0,
        ]
        for (name, value) in expected { #expect(metrics[name] == value, "\(name)") }
        for line in report.lists where !line.list.isOwn {
            #expect(metrics["list.\(line.list.key).solved"] == line.solved)
            #expect(metrics["list.\(line.list.key).total"] == line.total)
        }
        for line in report.statistics.tags {
            #expect(metrics["tag.\(line.tag).solved"] == line.solved)
            #expect(metrics["tag.\(line.tag).practised"] == line.practised)
            #expect(metrics["tag.\(line.tag).total"] == line.total)
        }
        let tagRows = try #require(root.element(id: "tags")).all.filter { $0.attributes["class"] == "row" }
        #expect(tagRows.count == report.statistics.tags.count)
        #expect(report.statistics.tags.count == 15)
    }

    @Test("every chart has a text equivalent: role img, an aria-label, and a title for SVG")
    func textEquivalents() throws {
        let (_, root, _) = try page()
        let svgs = root.elements("svg")
        #expect(svgs.count == 6)  // four rings, the heatmap, its legend
        for svg in svgs {
            #expect(svg.attributes["role"] == "img")
            let label = try #require(svg.attributes["aria-label"])
            #expect(!label.isEmpty)
            #expect(svg.children.first { $0.name == "title" }?.text == label)
        }
        let bars = root.all.filter { $0.attributes["class"] == "bar" }
        let sections = Catalog.builtIn.studyLists.map { Catalog.builtIn.sections(of: $0).count }.reduce(0, +)
        #expect(bars.count == Catalog.builtIn.studyLists.count + sections + 2 + 15)
        #expect(bars.allSatisfy { $0.attributes["role"] == "img" && $0.attributes["aria-label"]?.isEmpty == false })
        let medium = try #require(svgs.first { $0.attributes["data-chart"] == "ring-medium" })
        #expect(medium.attributes["aria-label"] == "Medium: 2 of 2103 solved (0.1%), 1 attempted")
    }

    @Test("the heatmap has a square per day up to today, each with the count and a tooltip of what was done")
    func heatmap() throws {
        let (report, root, _) = try page()
        let calendar = try #require(root.elements("svg").first { $0.attributes["data-chart"] == "calendar" })
        let days = calendar.elements("rect")
        let shown = report.calendar.weeks.joined().filter { !$0.isFuture }
        #expect(days.count == shown.count)
        #expect(days.count >= 365)
        #expect(days.last?.attributes["data-date"] == "2026-11-29")
        #expect(days.map { $0.attributes["data-count"] } == shown.map { "\($0.count)" })
        let busy = try #require(days.first { $0.attributes["data-date"] == "2026-11-27" })
        #expect(busy.attributes["class"] == "l4")
        #expect(busy.elements("title").first?.text == "Fri 2026-11-27: 1 solved, 1 attempted — 2. Add Two Numbers; 146. LRU Cache")
        let quiet = try #require(days.first { $0.attributes["data-date"] == "2026-11-25" })
        #expect(quiet.elements("title").first?.text == "Wed 2026-11-25: no practice")
        #expect(calendar.attributes["aria-label"]?.contains("9 solves, attempts and reviews on 7 days") == true)
        let list = try #require(root.element(id: "calendar")?.elements("li"))
        #expect(list.count == 7)
        #expect(list.first?.text == "Sun 2026-11-29: 1 reviewed — 146. LRU Cache")
    }

    @Test("reviews this week are grouped: overdue, today, then each coming day")
    func reviews() throws {
        let (_, root, _) = try page()
        let section = try #require(root.element(id: "reviews"))
        #expect(section.elements("h3").map(\.text) == ["Overdue (2)", "Today, Sun 2026-11-29 (1)", "Wed 2026-12-02 (1)"])
        let items = section.elements("li").map(\.text)
        #expect(items.first?.hasPrefix("21. Merge Two Sorted Lists Easy") == true)
        #expect(items[1] == "1. Two Sum Easydue 2026-11-25, 4 days overdue")
    }

    @Test("a long review queue shows 25 cards, folds 75 more, and counts the rest")
    func longQueue() throws {
        let fixture = try ReportFixture()
        let slugs = (0..<130).map { Catalog.builtIn.slug(at: $0) }
        try ProgressRepository(store: fixture.store, clock: .system).update(slugs) { _, record in
            record = ProblemProgress(
                status: .solved, events: [ReportFixture.event(.solved, "2026-10-01T12:00:00Z")],
                review: ReportFixture.card(due: "2026-10-05T12:00:00Z", lastReview: "2026-10-01T12:00:00Z"))
        }
        let root = try ReportNode.parse(try fixture.report().html())
        let section = try #require(root.element(id: "reviews"))
        let folded = try #require(section.elements("details").first)
        #expect(section.elements("li").count == 100)
        #expect(folded.elements("li").count == 75)
        #expect(folded.elements("summary").first?.text == "105 more")
        #expect(folded.text.contains("… and 30 more: leettrack review lists them all."))
        #expect(root.metrics["reviews.overdue"] == 130)
    }

    @Test("favorites and the latest events are listed with their problems")
    func favoritesAndEvents() throws {
        let (_, root, _) = try page()
        let favorites = try #require(root.element(id: "favorites")).elements("tr").compactMap { $0.attributes["data-slug"] }
        #expect(favorites == ["two-sum", "valid-parentheses", "lru-cache"])
        let rows = try #require(root.element(id: "events")).elements("tbody").first?.elements("tr") ?? []
        #expect(rows.count == 11)
        #expect(rows.first.map { $0.elements("td").map(\.text) } == ["2026-11-29 08:00", "Reviewed (good)", "146. LRU Cache Medium"])
    }

    @Test("notes, list names and titles are escaped, and read back exactly")
    func escaping() throws {
        let (_, root, html) = try page()
        #expect(!html.contains("<hash map>"))
        #expect(html.contains("Use a &lt;hash map&gt; &amp; &quot;one&quot; pass; it&#39;s O(n)."))
        let note = try #require(root.element(id: "favorites")).all.first { $0.attributes["class"] == "note" }
        #expect(note?.text == ReportFixture.note)
        let names = try #require(root.element(id: "lists")).all.filter { $0.attributes["class"] == "name" }.map(\.text)
        #expect(names.contains(ReportFixture.listName))
        #expect(ReportText.escaped("a\u{1B}[31mb\u{7}\tc\nd") == "a\u{FFFD}[31mb\u{FFFD}\tc\nd")
        #expect(ReportText.escaped("Pow(x, n) & <T>'s") == "Pow(x, n) &amp; &lt;T&gt;&#39;s")
        #expect(ReportText.escaped("Ünïcode ✓") == "Ünïcode ✓")
    }

    @Test("a carriage return and the bidi controls become references, and read back exactly")
    func carriageReturnAndBidiControls() throws {
        let text = "line\rover \u{202E}evil\u{202C} \u{2067}isolate\u{2069} \u{200F}\u{061C}"
        let escaped = ReportText.escaped(text)
        #expect(escaped == "line&#13;over &#x202E;evil&#x202C; &#x2067;isolate&#x2069; &#x200F;&#x61C;")
        let fixture = try ReportFixture()
        try ProgressRepository(store: fixture.store, clock: .system).update(["two-sum"]) { _, record in
            record = ProblemProgress(favorite: true, note: text)
        }
        let html = try fixture.report().html()
        #expect(!html.unicodeScalars.contains { $0 == "\r" || InputRules.isBidiControl($0) })
        let note = try ReportNode.parse(html).all.first { $0.attributes["class"] == "note" }
        #expect(note?.text == text)
    }

    @Test("a note with control characters still makes a well-formed page")
    func controlCharacters() throws {
        let fixture = try ReportFixture()
        try ProgressRepository(store: fixture.store, clock: .system).update(["two-sum"]) { _, record in
            record = ProblemProgress(favorite: true, note: "bell\u{7} escape\u{1B}[0m ]]> </div>")
        }
        let root = try ReportNode.parse(try fixture.report().html())
        let note = root.all.first { $0.attributes["class"] == "note" }
        #expect(note?.text == "bell\u{FFFD} escape\u{FFFD}[0m ]]> </div>")
    }

    @Test("an empty store makes a page that says how to start")
    func empty() throws {
        let html = try ReportFixture().report().html()
        let root = try ReportNode.parse(html)
        #expect(root.metrics["solved"] == 0)
        #expect(root.element(id: "favorites")?.text.contains("leettrack fav PROBLEM") == true)
        #expect(root.element(id: "reviews")?.text.contains("Nothing is due this week.") == true)
        #expect(root.element(id: "events")?.text.contains("Nothing recorded yet.") == true)
        #expect(root.element(id: "lists")?.text.contains("leettrack lists create NAME") == true)
    }
}
