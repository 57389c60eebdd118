import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack next --weakest`: the next problem of the weakest section of the list (or topic of the
/// catalog), ranked by ``WeakestTopic``.
extension NextCommand {
    /// What `--weakest` adds to `next`'s help: how groups are scored.
    static let weakestHelp = ArgumentHelp(
        "Take the next problem from the weakest section of the list (the weakest topic without one): the lowest "
            + "(solved share + mean recall of its solved problems) / 2; all solved, its most forgotten one.")

    /// The `--json` form of `next --weakest`.
    struct WeakestJSON: Encodable {
        var group: String
        var kind: String
        var list: String?
        var solved: Int
        var total: Int
        var meanRecall: Double?
        var score: Double
        var redo: Bool
        var problem: ProblemJSON

        enum CodingKeys: String, CodingKey { case group, kind, list, solved, total, meanRecall, score, redo, problem }

        /// Encodes every key, `null` for an absent list or recall.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(group, forKey: .group)
            try container.encode(kind, forKey: .kind)
            try container.encode(list, forKey: .list)
            try container.encode(solved, forKey: .solved)
            try container.encode(total, forKey: .total)
            try container.encode(meanRecall.map { ($0 * 1000).rounded() / 1000 }, forKey: .meanRecall)
            try container.encode((score * 1000).rounded() / 1000, forKey: .score)
            try container.encode(redo, forKey: .redo)
            try container.encode(problem, forKey: .problem)
        }
    }

    /// Runs `next --weakest`.
    func runWeakest(_ context: CommandContext, _ output: CommandOutput) throws {
        if section != nil { throw Self.usageError("'--weakest' picks the section itself; leave out '--section'") }
        let settings = try context.practiceSettings()
        let list = try self.list.map { try context.list(named: $0.name) } ?? context.followedList(in: settings)
        let groups: [(name: String, slugs: [String])]
        var kind = "topic"
        if let list {
            let sections = context.catalog.sections(of: list)
            if sections.isEmpty {
                groups = WeakestTopic.topics(of: context.catalog, positions: list.slugs.compactMap(context.catalog.position(ofSlug:)))
            } else {
                groups = sections.map { (name: $0.name, slugs: $0.slugs) }
                kind = "section"
            }
        } else {
            groups = WeakestTopic.topics(of: context.catalog)
        }
        let wanted = list.map { Set($0.slugs) }
        var summaries: [String: ProgressSummary] = [:]
        try context.lending { repository in
            let readable = try repository.readableSummaries { wanted?.contains($0) ?? true }
            summaries = readable.summaries
            return readable.damaged
        }
        let scheduler = try context.reviewSettings().scheduler()
        guard let weakest = WeakestTopic.find(
            in: groups, catalog: context.catalog, summaries: summaries, settings: settings, scheduler: scheduler, now: context.now)
        else {
            let place = list.map { Format.outside($0.name) } ?? "the catalog"
            output.line("Nothing to offer in \(place): every unsolved problem is skipped or paid-only, and nothing solved is left to redo.")
            return
        }
        let group = weakest.group
        if json {
            let record = try context.record(ofPicked: weakest.problem.slug)
            return try output.writeJSON(WeakestJSON(
                group: group.name, kind: kind, list: list?.key, solved: group.solved, total: group.slugs.count, meanRecall: group.meanRecall,
                score: group.score, redo: weakest.isRedo, problem: ProblemJSON(weakest.problem, record, section: kind == "section" ? group.name : nil)))
        }
        let style = output.style
        let recall = group.meanRecall.map { "mean recall \(Int(($0 * 100).rounded()))%" } ?? "none recalled yet"
        output.line("Weakest \(kind): " + style.bold(Format.outside(group.name))
            + ": \(group.solved) of \(group.slugs.count) solved, \(recall)" + style.dim("  (score \(Int((group.score * 100).rounded())) of 100)"))
        let marks = try context.marks(ofSlugs: [weakest.problem.slug])
        output.line(Format.row(weakest.problem, marks: marks[weakest.problem.slug], style))
        output.line("      \(weakest.problem.url)" + (weakest.isRedo ? "  " + style.dim("all solved: the most forgotten, to redo") : ""))
    }
}
