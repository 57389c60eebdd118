import FoundationEssentials

/// The `--json` form of `leettrack plan`, a stable shape:
/// `{"target": "2027-02-15", "lists": [...], "today": "...", "dailyGoal": 3 | null,
///   "desiredRetention": 0.9, "fits": true, "problems": n, "solved": n, "new": n, "reviews": n,
///   "leftOut": {"paidOnly": n, "skipped": n}, "doneToday": n,
///   "days": [{"date": "...", "new": [slug...], "reviews": [slug...], "total": n}],
///   "shortfall": null | {"problemsOver": n, "reviewsOver": n, "neededPerDay": x,
///                        "earliestDate": "..." | null, "smallestGoal": n | null, "listsToDrop": [...]}}`.
public struct StudyPlanJSON: Encodable {
    private let plan: StudyPlan

    /// The JSON of `plan`.
    public init(_ plan: StudyPlan) { self.plan = plan }

    enum CodingKeys: String, CodingKey {
        case target, lists, today, dailyGoal, desiredRetention, fits, problems, solved, new, reviews, leftOut, doneToday, days, shortfall
    }

    private struct DayJSON: Encodable {
        var date: String
        var new: [String]
        var reviews: [String]
        var total: Int
    }

    private struct LeftOutJSON: Encodable {
        var paidOnly: Int
        var skipped: Int
    }

    private struct ShortfallJSON: Encodable {
        let shortfall: StudyPlan.Shortfall
        enum CodingKeys: String, CodingKey { case problemsOver, reviewsOver, neededPerDay, earliestDate, smallestGoal, listsToDrop }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(shortfall.problemsOver, forKey: .problemsOver)
            try container.encode(shortfall.reviewsOver, forKey: .reviewsOver)
            // Two decimals: what the text says, and stable across platforms' last bits.
            try container.encode((shortfall.neededPerDay * 100).rounded() / 100, forKey: .neededPerDay)
            try container.encode(shortfall.earliestDay?.description, forKey: .earliestDate)
            try container.encode(shortfall.smallestGoal, forKey: .smallestGoal)
            try container.encode(shortfall.listsToDrop, forKey: .listsToDrop)
        }
    }

    /// Encodes the plan; absent values are `null`, so every key is always there.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan.target.day.description, forKey: .target)
        try container.encode(plan.target.lists, forKey: .lists)
        try container.encode(plan.today.description, forKey: .today)
        try container.encode(plan.dailyGoal, forKey: .dailyGoal)
        try container.encode(plan.desiredRetention, forKey: .desiredRetention)
        try container.encode(plan.fits, forKey: .fits)
        try container.encode(plan.problemCount, forKey: .problems)
        try container.encode(plan.solvedCount, forKey: .solved)
        try container.encode(plan.newCount, forKey: .new)
        try container.encode(plan.reviewCount, forKey: .reviews)
        try container.encode(LeftOutJSON(paidOnly: plan.paidOnlyLeftOut, skipped: plan.skippedLeftOut), forKey: .leftOut)
        try container.encode(plan.doneToday, forKey: .doneToday)
        try container.encode(plan.days.map { DayJSON(date: $0.day.description, new: $0.new, reviews: $0.reviews, total: $0.total) }, forKey: .days)
        try container.encode(plan.shortfall.map(ShortfallJSON.init), forKey: .shortfall)
    }
}
