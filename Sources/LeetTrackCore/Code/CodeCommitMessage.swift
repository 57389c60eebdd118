import FoundationEssentials
import Persistence

/// The message of a solve's commit: `1. Two Sum (Easy) · 12 min · Array, Hash Table`, then the
/// trailers that say which problem and day it holds. The trailers let a later solve of the
/// problem that day find the commit and amend it (at most one commit a problem a day).
public struct CodeCommitMessage: Sendable, Equatable {
    /// The trailer naming the problem's slug.
    public static let problemTrailer = "LeetTrack-Problem"
    /// The trailer naming the day of the solve.
    public static let dayTrailer = "LeetTrack-Day"

    /// The first line.
    public var subject: String
    /// The problem's slug.
    public var slug: String
    /// The day of the solve.
    public var day: LocalDay

    /// The message for a solve of `problem` on `day` that took `seconds`, if timed. The title and
    /// tags come from the catalog, which a catalog update can change: control characters become
    /// spaces, so the subject stays one line.
    public init(problem: Problem, day: LocalDay, seconds: Int?) {
        var parts = ["\(problem.id). \(problem.title) (\(problem.difficulty.displayName))"]
        if let seconds { parts.append(seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min") }
        if !problem.tags.isEmpty { parts.append(problem.tags.prefix(3).joined(separator: ", ")) }
        subject = SolutionFile.commentSafe(parts.joined(separator: " · "))
        slug = problem.slug
        self.day = day
    }

    /// The trailer paragraph.
    public var trailers: String {
        "\(Self.problemTrailer): \(slug)\n\(Self.dayTrailer): \(day)"
    }

    /// The whole message, as `git commit -F -` would read it.
    public var text: String { subject + "\n\n" + trailers + "\n" }

    /// Whether `message` (a commit's whole message) carries this message's trailers: the commit
    /// holds this problem's solve of this day.
    public func isSameSolve(asMessage message: String) -> Bool {
        var problem: Substring?
        var day: Substring?
        for line in message.split(separator: "\n") {
            if line.hasPrefix(Self.problemTrailer + ": ") { problem = line.dropFirst(Self.problemTrailer.count + 2) }
            if line.hasPrefix(Self.dayTrailer + ": ") { day = line.dropFirst(Self.dayTrailer.count + 2) }
        }
        return problem.map(String.init) == slug && day.map(String.init) == "\(self.day)"
    }
}
