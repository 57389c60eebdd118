import FoundationEssentials

/// The marks a listing shows of a problem (status, favorite) and sorts by (latest activity),
/// read from a stored summary without its events, which are most of its bytes: `list` and
/// `favorites` print thousands of rows from these.
public struct ProblemMarks: ProgressMarks, Sendable, Hashable {
    /// The problem's status.
    public var status: Status
    /// Whether the problem is a favorite.
    public var favorite: Bool
    /// The latest event of any kind.
    public var lastActivity: Date?

    /// The marks of `summary`.
    public init(_ summary: ProgressSummary) {
        status = summary.status
        favorite = summary.favorite
        lastActivity = summary.lastActivity
    }

    /// The marks of `record`.
    public init(_ record: ProblemProgress) {
        status = record.status
        favorite = record.favorite
        lastActivity = record.lastActivity
    }

    /// Reads the marks from a stored summary's JSON bytes, through the summary's own reader with
    /// its events left unread; `nil` for anything that is not a summary.
    init?(storedSummaryJSON data: Data) {
        guard let summary = ProgressSummary(storedJSON: data, events: false) else { return nil }
        self.init(summary)
    }
}
