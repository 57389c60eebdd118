import LeetTrackCore

extension Format {
    /// A contest rating as `show` and the screen's details print it: `1,532 · Weekly Contest 408 Q4`,
    /// or `1,532` when the contest is not known, or `-` for an unrated problem.
    public static func rating(_ rating: Int?, contest: String?) -> String {
        guard let rating else { return "-" }
        // The contest name comes from the built-in catalog's columns, never from the store.
        return grouped(rating) + (contest.map { " · " + outside($0) } ?? "")
    }

    /// A whole number with commas between thousands (`1,532`, `-84`): ratings and levels read as
    /// the contest sites print them.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}

extension Format {
    /// `stats`' level line: `Level:      1,612 (+84 in 30 days; 23 rated problems)`, or how many
    /// more rated problems a level needs.
    public static func levelLine(_ trend: RatingLevel.Trend, _ style: TextStyle) -> String {
        guard let level = trend.now.level else {
            return "Level:      " + style.dim("\(levelNeeds(trend.now)) (`leettrack next --level` then offers one at your level)")
        }
        let change = trend.change.map { ($0 >= 0 ? "+" : "") + grouped($0) + " in \(RatingLevel.Trend.days) days; " } ?? ""
        return "Level:      \(grouped(level))" + style.dim(" (\(change)\(Plural.count(trend.now.outcomes, "rated problem")))")
    }

    /// What a level still needs: `a contest-rating level needs 10 rated problems solved or
    /// attempted; 3 so far (7 more)`.
    public static func levelNeeds(_ level: RatingLevel) -> String {
        "a contest-rating level needs \(RatingLevel.minimumOutcomes) rated problems solved or attempted; "
            + "\(level.outcomes) so far (\(level.outcomesNeeded) more)"
    }
}
