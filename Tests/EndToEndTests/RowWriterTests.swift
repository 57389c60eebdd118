import Foundation
import LeetTrackCore
import LeetTrackText
import Testing

/// The rows `list`, `favorites` and `review` print, written into room measured for each row.
@Suite("Problem rows")
struct RowWriterTests {
    let marks = [nil, ProblemMarks(ProblemProgress(status: .attempted, favorite: true)), ProblemMarks(ProblemProgress(status: .solved))]

    @Test("a row from the catalog's fields is the row of the problem built from them, for every problem and style",
          arguments: [false, true])
    func catalogRowsMatchProblemRows(updated: Bool) {
        var catalog = Catalog.builtIn
        if updated {
            // A catalog update over the built-in one: a changed problem and a new one.
            var first = catalog.problem(at: 0)
            first.title = "两数之和 \u{1B}[31m"
            first.acceptance = 12.34
            let added = Problem(
                id: 9_999, slug: "new-one", title: "A New One", difficulty: .medium, paidOnly: true, category: "Algorithms",
                tags: [], acceptance: 0.05)
            catalog = catalog.applying([first, added])
        }
        for style in [TextStyle(enabled: false), TextStyle(enabled: true)] {
            let writer = RowWriter(style: style)
            for position in 0..<catalog.count {
                let record = marks[position % marks.count]
                var fromCatalog: [UInt8] = []
                var fromProblem: [UInt8] = []
                writer.append(
                    catalog, at: position, status: record?.status ?? .todo, favorite: record?.favorite ?? false,
                    skipped: position % 7 == 0, to: &fromCatalog)
                writer.append(catalog.problem(at: position), record, skipped: position % 7 == 0, to: &fromProblem)
                #expect(fromCatalog == fromProblem, "\(catalog.problem(at: position).slug)")
            }
        }
    }

    @Test("hostile titles, ids and rates fit their columns or are cut, never overrun the row", arguments: [0, 1, 2, 48])
    func hostileFields(titleWidth: Int) throws {
        let titles = [
            "", "a", String(repeating: "x", count: 500), "e" + String(repeating: "\u{301}", count: 400),
            String(repeating: "\u{200D}", count: 300), String(repeating: "图", count: 200), "x\u{1B}]0;pwned\u{07}\u{202E}",
            String(repeating: "\u{1B}[31m", count: 100),
        ]
        // Just inside ±1e12, a rate rounds up to thirteen digits: the widest acceptance written.
        let numbers: [(id: Int, acceptance: Double)] = [
            (Int.min, -999_999_999_999.96), (Int.min, -1e11), (Int.max, 999_999_999_999.96), (Int.max, 1e18), (0, .nan),
            (-1, -0.04), (7, 99.95), (8, -.infinity),
        ]
        for style in [TextStyle(enabled: false), TextStyle(enabled: true)] {
            let writer = RowWriter(style: style, titleWidth: titleWidth)
            for title in titles {
                for (id, acceptance) in numbers {
                    let problem = Problem(
                        id: id, slug: "s", title: title, difficulty: .hard, paidOnly: true, category: "Algorithms", tags: [],
                        acceptance: acceptance)
                    var row: [UInt8] = []
                    writer.append(problem, marks[1], skipped: true, to: &row)
                    let text = try #require(String(validating: row, as: UTF8.self))
                    #expect(text.hasPrefix(String(repeating: " ", count: max(0, 4 - String(id).count)) + String(id)))
                    #expect(!text.unicodeScalars.contains { $0 == "\u{07}" || $0 == "\u{202E}" })
                    #expect(text.contains("Hard") && text.contains("attempted") && text.contains("skipped"))
                    var lead: [UInt8] = []
                    writer.appendLead(problem, to: &lead)
                    #expect(row.starts(with: lead))
                    if title.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                        // id, blanks, the title in its width (or cut with an ellipsis), blanks, "Hard".
                        let shown = title.count > titleWidth ? String(title.prefix(max(0, titleWidth - 1))) + "…" : title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
                        #expect(text.contains("  " + shown + "  "))
                    }
                }
            }
        }
    }

    @Test("with ratings, a row has the rating in five columns after the acceptance, a dash when unrated, and a huge one never overruns")
    func ratingColumn() {
        let rated = Problem(
            id: 9_998, slug: "rated", title: "Rated", difficulty: .hard, paidOnly: false, category: "Algorithms", tags: [], acceptance: 50,
            rating: 1_854)
        var hostile = rated
        (hostile.id, hostile.slug, hostile.rating) = (9_999, "hostile", Int.min)
        let catalog = Catalog.builtIn.applying([rated, hostile])
        for style in [TextStyle(enabled: false), TextStyle(enabled: true)] {
            let writer = RowWriter(style: style, showsRatings: true)
            for position in 0..<catalog.count {
                var fromCatalog: [UInt8] = []
                var fromProblem: [UInt8] = []
                writer.append(catalog, at: position, status: .todo, favorite: position % 2 == 0, skipped: position % 3 == 0, to: &fromCatalog)
                writer.append(catalog.problem(at: position), status: .todo, favorite: position % 2 == 0, skipped: position % 3 == 0, to: &fromProblem)
                #expect(fromCatalog == fromProblem, "\(catalog.problem(at: position).slug)")
            }
        }
        let plain = RowWriter(style: TextStyle(enabled: false), showsRatings: true)
        func row(_ slug: String) -> String {
            var bytes: [UInt8] = []
            if let position = catalog.position(ofSlug: slug) { plain.append(catalog, at: position, status: .todo, favorite: false, skipped: false, to: &bytes) }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(row("rated").hasSuffix("Hard     50.0%  1,854  todo"))
        #expect(row("two-sum").hasSuffix("Easy     58.0%      -  todo"))
        // A rating no catalog takes, in a problem built by hand: the row grows, never overruns.
        var bytes: [UInt8] = []
        plain.append(hostile, status: .attempted, favorite: true, skipped: true, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("50.0%  -9,223,372,036,854,775,808  attempted ♥ skipped"))
    }
}
