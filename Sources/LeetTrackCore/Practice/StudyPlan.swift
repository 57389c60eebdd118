import FoundationEssentials

/// A day-by-day plan toward an interview date (``StudyTarget``): which new problems of the
/// target's lists to learn each day and which reviews fall due, such that every problem of the
/// lists is recalled with the desired retention ON the date, by the scheduler's own model.
///
/// The plan is computed from the store each time (``StudyPlanner``); nothing of it is stored, so it
/// follows real progress: a day with fewer problems done than planned shows up the next day as
/// more to do, or as a plan that no longer fits.
///
/// **The daily goal** bounds each day's total: new problems plus reviews. That is what the goal
/// counts (a day's solved, attempted and reviewed problems), so a day of the plan done is a day of
/// the goal met. Without a goal the new problems are spread evenly over the days.
public struct StudyPlan: Sendable {
    /// One day of the plan.
    public struct Day: Sendable, Hashable {
        /// The day.
        public var day: LocalDay
        /// The slugs of the new problems to learn that day, in the lists' order.
        public var new: [String]
        /// The slugs of the problems to review that day: those falling due, and the reviews just
        /// before the date of problems that would otherwise be below the retention on it.
        public var reviews: [String]
        /// New problems plus reviews.
        public var total: Int { new.count + reviews.count }
    }

    /// What does not fit, and what would.
    public struct Shortfall: Sendable, Hashable {
        /// New problems that do not fit within the goal by the day before the date.
        public var problemsOver: Int
        /// Reviews needed before the date that no day has room for within the goal.
        public var reviewsOver: Int
        /// Problems a day (new and reviews) the plan needs on average without a goal.
        public var neededPerDay: Double
        /// A date that fits with this goal, the earliest a bisection over the days after the date finds
        /// (fitting is nearly, not strictly, monotonic in the date), or `nil` when none does within ``searchedDays``.
        public var earliestDay: LocalDay?
        /// The smallest daily goal that fits by the date, or `nil` when not even the largest does.
        public var smallestGoal: Int?
        /// The target's lists, each of which, dropped alone, leaves a plan that fits.
        public var listsToDrop: [String]
        /// How far after the date ``earliestDay`` is looked for.
        public static let searchedDays = 3 * 366
    }

    /// The target planned for.
    public var target: StudyTarget
    /// The first day of the plan.
    public var today: LocalDay
    /// The daily goal the plan keeps within, if one is set.
    public var dailyGoal: Int?
    /// The retention every problem should have on the date.
    public var desiredRetention: Double
    /// Every day from today to the day before the date (today alone when the date is today).
    public var days: [Day]
    /// Distinct problems in the target's lists that the catalog knows.
    public var problemCount: Int
    /// Of those, the solved ones (reviewed as they fall due).
    public var solvedCount: Int
    /// Unsolved problems left out: paid-only ones with `config premium no`.
    public var paidOnlyLeftOut: Int
    /// Unsolved problems left out: marked with `leettrack skip`.
    public var skippedLeftOut: Int
    /// Problems practised today before the plan was made; they count against today's goal.
    public var doneToday: Int
    /// `nil` when the plan fits; else by how much it does not, and what would.
    public var shortfall: Shortfall?

    /// Whether every problem reaches the retention on the date within the daily goal.
    public var fits: Bool { shortfall == nil }
    /// New problems the plan learns.
    public var newCount: Int { days.reduce(0) { $0 + $1.new.count } }
    /// Reviews the plan holds.
    public var reviewCount: Int { days.reduce(0) { $0 + $1.reviews.count } }
    /// Today's share of the plan, if the plan has a day today.
    public var todayShare: Day? { days.first { $0.day == today } }
}
