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

    /// These marks.
    init(status: Status, favorite: Bool, lastActivity: Date?) {
        self.status = status
        self.favorite = favorite
        self.lastActivity = lastActivity
    }

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
    /// its card passed over and its events left unread; `nil` for anything that is not a summary.
    init?(storedSummaryJSON data: Data) {
        guard let marks = data.withUnsafeBytes({ ProblemMarks(storedSummaryJSON: $0) }) else { return nil }
        self = marks
    }

    /// As ``init(storedSummaryJSON:)-(Data)``, from the bytes where they lie.
    init?(storedSummaryJSON bytes: UnsafeRawBufferPointer) {
        guard let marks = ProgressSummary.storedMarks(bytes) else { return nil }
        self = marks
    }

    /// Whether the stored summary in `bytes` marks a favorite, from its one byte that says so:
    /// `"1` and the status come first. A summary that is not one (too short, another format) may
    /// be anything, so it passes, to be read in full.
    static func mayBeFavorite(storedSummaryJSON bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 3, bytes[0] == UInt8(ascii: "\""), bytes[1] == UInt8(ascii: "1") else { return true }
        return bytes[3] != UInt8(ascii: "-")
    }
}
