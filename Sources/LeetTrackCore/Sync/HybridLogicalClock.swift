import FoundationEssentials

/// A hybrid logical clock timestamp (Kulkarni et al., 2014): wall-clock milliseconds, a counter
/// that orders events within one millisecond or when a clock runs behind, and the id of the
/// machine that made it, which breaks the last ties.
///
/// A machine whose clock is slow still stamps a change later than every change it has seen,
/// so "the latest writer wins" follows what each machine knew, not whose wall clock ran ahead.
public struct HLCTimestamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970 (the larger of the wall clock and every timestamp seen).
    public var milliseconds: Int64
    /// Orders timestamps within the same millisecond.
    public var counter: Int
    /// The machine (local store) that made the change.
    public var node: String

    /// Creates a timestamp.
    public init(milliseconds: Int64, counter: Int, node: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.node = node
    }

    /// Orders by time, then counter, then node.
    public static func < (a: HLCTimestamp, b: HLCTimestamp) -> Bool {
        (a.milliseconds, a.counter, a.node) < (b.milliseconds, b.counter, b.node)
    }

    /// `1764424992123.0@node`.
    public var description: String { "\(milliseconds).\(counter)@\(node)" }
}

/// The clock of one local store: the last timestamp it issued or saw.
public struct HybridLogicalClock: Codable, Sendable, Hashable {
    /// The latest timestamp issued or observed.
    public var last: HLCTimestamp

    /// A clock for `node` that has seen nothing yet.
    public init(node: String) {
        last = HLCTimestamp(milliseconds: 0, counter: 0, node: node)
    }

    /// A timestamp for a local change at wall-clock time `now`, later than everything seen.
    public mutating func tick(now: Date) -> HLCTimestamp {
        let wall = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        if wall > last.milliseconds {
            last = HLCTimestamp(milliseconds: wall, counter: 0, node: last.node)
        } else {
            last = HLCTimestamp(milliseconds: last.milliseconds, counter: last.counter + 1, node: last.node)
        }
        return last
    }

    /// Moves the clock past a timestamp received from another machine, so the next local change
    /// is stamped after it.
    public mutating func observe(_ remote: HLCTimestamp) {
        if remote.milliseconds > last.milliseconds
            || (remote.milliseconds == last.milliseconds && remote.counter > last.counter)
        {
            last = HLCTimestamp(milliseconds: remote.milliseconds, counter: remote.counter, node: last.node)
        }
    }
}
