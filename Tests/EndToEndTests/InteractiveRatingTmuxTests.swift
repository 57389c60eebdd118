import Foundation
import LeetTrackCore
import LeetTrackText
import Testing

/// The screen's details show a problem's contest rating (issue 40, point 5), on the real binary.
@Suite(
    "The screen's rating line in tmux",
    .enabled(if: InteractiveTmux.executable != nil, "tmux is not installed (.ci/run installs it)"),
    .serialized)
struct InteractiveRatingTmuxTests {
    /// A rated problem with a contest, whose full title finds it first (no problem before it holds
    /// that title), so that a search selects it.
    static func ratedProblem() throws -> (problem: Problem, rating: String) {
        let catalog = Catalog.builtIn
        let titles = catalog.problems.map { $0.title.lowercased() }
        let found = (0..<catalog.count).first { position in
            guard catalog.rating(at: position) != nil, catalog.contest(at: position) != nil else { return false }
            let title = titles[position]
            return title.allSatisfy { $0.isASCII } && !titles[..<position].contains { $0.contains(title) }
        }
        let position = try #require(found)
        return (catalog.problem(at: position), Format.rating(catalog.rating(at: position), contest: catalog.contest(at: position)))
    }

    @Test("A rated problem's details show its rating and contest; an unrated one's show no rating line")
    func ratingLine() throws {
        let (problem, rating) = try Self.ratedProblem()
        let tmux = try InteractiveTmux(width: 120)
        #expect(try tmux.waitFor("1 Two Sum"))
        try tmux.send("/")
        try tmux.type(problem.title)
        #expect(try tmux.waitFor("found"))
        try tmux.send("Enter")
        try tmux.send("Enter")
        let details = try tmux.waitForScreen { $0.contains("\(problem.id). \(problem.title)") && $0.contains("Acceptance") }
        #expect(details.contains("│ Rating      \(rating)"), "\(details)")
        // Back to the list, its search cleared, and Two Sum's details (no contest rating): no rating line.
        try tmux.send("Escape")
        try tmux.send("Escape")
        #expect(try tmux.waitFor("Filters cleared"))
        try tmux.send("/")
        try tmux.type("two sum")
        #expect(try tmux.waitFor("19 found"))
        try tmux.send("Enter")
        try tmux.send("Enter")
        let unrated = try tmux.waitForScreen { $0.contains("1. Two Sum") && $0.contains("Acceptance") }
        #expect(!unrated.contains("Rating"), "\(unrated)")
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try tmux.exitCode() == 0)
    }
}
