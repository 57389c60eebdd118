import FoundationEssentials

/// The marks a listing shows of a problem (status, favorite) and sorts by (latest activity),
/// read from the start of a stored summary without its review card and events, which are most
/// of its bytes: `list` and `favorites` print thousands of rows from these.
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

    /// Reads the marks from a stored summary's JSON bytes (see ProgressSummary+Text.swift:
    /// `"1sfn|<card>|<latest activity>|…"`); `nil` for anything else, as the whole summary's
    /// reader gives for a foreign one.
    init?(storedSummaryJSON data: Data) {
        guard let marks = data.withUnsafeBytes({ raw -> ProblemMarks? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = bytes.count - 1
            guard bytes.count >= 8, bytes[0] == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\""),
                  bytes[1] == UInt8(ascii: "1"), bytes[5] == UInt8(ascii: "|") else { return nil }
            let status: Status
            switch bytes[2] {
            case UInt8(ascii: "t"): status = .todo
            case UInt8(ascii: "a"): status = .attempted
            case UInt8(ascii: "s"): status = .solved
            default: return nil
            }
            guard bytes[3] == UInt8(ascii: "f") || bytes[3] == UInt8(ascii: "-"),
                  bytes[4] == UInt8(ascii: "n") || bytes[4] == UInt8(ascii: "-") else { return nil }
            // Past the card (it holds no "|") to the latest activity, a Unix time or nothing.
            var index = 6
            while index < end, bytes[index] != UInt8(ascii: "|") { index += 1 }
            guard index < end else { return nil }
            index += 1
            var lastActivity: Date?
            if index < end, bytes[index] != UInt8(ascii: "|") {
                let negative = bytes[index] == UInt8(ascii: "-")
                if negative { index += 1 }
                var value = 0
                var digits = 0
                while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    // A time has at most twelve digits; more is a foreign value, not an overflow.
                    guard digits < 15 else { return nil }
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                lastActivity = Date(timeIntervalSince1970: Double(negative ? -value : value))
            }
            guard index < end, bytes[index] == UInt8(ascii: "|") else { return nil }
            return ProblemMarks(status: status, favorite: bytes[3] == UInt8(ascii: "f"), lastActivity: lastActivity)
        }) else { return nil }
        self = marks
    }

    private init(status: Status, favorite: Bool, lastActivity: Date?) {
        self.status = status
        self.favorite = favorite
        self.lastActivity = lastActivity
    }
}
