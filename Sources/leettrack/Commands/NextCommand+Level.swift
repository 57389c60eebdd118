import FoundationEssentials
import LeetTrackCore
import LeetTrackText

extension NextCommand {
    /// `next --level`: the user's contest-rating level, fitted on every rated problem they solved
    /// or attempted (``RatingLevel``), and the unsolved rated problem closest to 100 above it, in
    /// `--list` (and `--section`), else the followed list, else the whole catalog.
    func nextByLevel(_ context: CommandContext, _ output: CommandOutput) throws {
        let settings = try context.practiceSettings()
        let list: StudyList?
        if self.list != nil || self.section != nil {
            list = try context.listOrFollowed(self.list?.name, for: "'--section'", command: Self.self)
        } else {
            list = try context.followedList(in: settings)
        }
        let section = try self.section.flatMap { name in try list.map { try context.catalog.section(named: name, in: $0) } }
        var levels = RatingLevel.Builder(catalog: context.catalog)
        try context.lending { try $0.forEachReadableSummary(card: false) { slug, summary in levels.add(summary, slug: slug) } }
        let level = levels.level(asOf: context.now)
        let target = level.level.map { $0 + RatingLevel.stretch }
        let next = target.flatMap { target in
            context.catalog.problem(
                near: target, in: section?.slugs ?? list?.slugs, statuses: levels.statuses, skipped: Set(settings.skipped),
                premium: settings.premium)
        }
        let place = list.map { $0.name + (section.map { ": \($0.name)" } ?? "") } ?? "the catalog"
        if json {
            let record = try next.flatMap { try context.record(ofPicked: $0.slug) }
            return try output.writeJSON(LevelNextJSON(
                level: RatingLevel.JSON(level), target: NumberOrNull(target), list: list?.key, section: section?.name,
                problem: next.map { ProblemJSON($0, record) }))
        }
        let style = output.style
        guard let levelValue = level.level, let target else {
            let need = Format.levelNeeds(level)
            output.line(need.prefix(1).uppercased() + need.dropFirst() + ".")
            output.line(style.dim("`leettrack list --rating ..1500 --sort rating` lists rated problems to start with."))
            return
        }
        output.line("Level \(Format.grouped(levelValue))" + style.dim(
            " (fitted on \(Plural.count(level.outcomes, "rated problem")), \(level.successes) solved on the first try)")
            + "; looking near \(Format.grouped(target)) in \(place).")
        guard let next else {
            output.line("No unsolved rated problem is left in \(place)"
                + (settings.premium ? "" : " that needs no subscription") + " (skipped ones are passed over).")
            return
        }
        let position = context.catalog.position(ofSlug: next.slug)
        output.line(Format.row(next, marks: try context.marks(ofSlugs: [next.slug])[next.slug], style))
        output.line("      \(next.url)  " + style.dim("Rating " + Format.rating(next.rating, contest: position.flatMap(context.catalog.contest(at:)))))
    }
}

/// `next --level --json`.
private struct LevelNextJSON: Encodable {
    var level: RatingLevel.JSON
    /// The rating looked near: the level + 100, or `null` without a level.
    var target: NumberOrNull
    var list: String?
    var section: String?
    var problem: ProblemJSON?
}
