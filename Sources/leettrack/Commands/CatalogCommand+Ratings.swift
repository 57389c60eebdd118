import FoundationEssentials
import LeetTrackCore
import LeetTrackText

extension CatalogCommand {
    /// `catalog update FILE` with zerotrac's ratings file: every rating checked first (a file with
    /// one bad value changes nothing), then laid over the catalog in one transaction.
    func updateRatings(_ contents: Data, file: String, withStatus: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        if withStatus { throw Self.usageError("'--with-status' reads LeetCode's problem lists; a ratings file has no status") }
        let ratings = try ContestRatings.read(contents, file: file)
        let summary = try context.tracker().catalogUpdater.apply(ratings, source: file, date: context.now)
        if json {
            try output.writeJSON(RatingsUpdateJSON(
                shape: ContestRatings.shape, changed: summary.changed.map(\.id), unchanged: summary.unchanged,
                unmatched: summary.unmatched, rated: summary.catalog.ratedCount))
            return
        }
        output.line("Read \(Plural.count(ratings.entries.count, "contest rating")) from \(Format.outside(file)) (\(ContestRatings.shape)).")
        output.line("Rated \(summary.changed.count) anew, \(summary.unchanged) unchanged; "
            + "\(Format.grouped(summary.catalog.ratedCount)) problems have a rating. Your progress is untouched.")
        if summary.unmatched > 0 {
            output.line("  \(Plural.count(summary.unmatched, "rating")) left out: their id and slug name no one problem of the catalog")
        }
        for problem in summary.changed.prefix(10) {
            output.line("  rated    \(Format.name(problem))  \(Format.rating(problem.rating, contest: nil))")
        }
        if summary.changed.count > 10 { output.line("  … and \(summary.changed.count - 10) more") }
    }
}

private struct RatingsUpdateJSON: Encodable {
    var shape: String
    var changed: [Int]
    var unchanged: Int
    var unmatched: Int
    var rated: Int
}
