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
    /// The subject's first part (`1. Two Sum (Easy)`) and its tags part, as written: what tells a
    /// subject this type wrote from one the user edited.
    private var lead: String, tagsPart: String?

    /// The message for a solve of `problem` on `day` that took `seconds`, if timed. The title and
    /// tags come from the catalog, which a catalog update can change: control characters become
    /// spaces, so the subject stays one line.
    public init(problem: Problem, day: LocalDay, seconds: Int?) {
        lead = SolutionFile.commentSafe("\(problem.id). \(problem.title) (\(problem.difficulty.displayName))")
        tagsPart = problem.tags.isEmpty ? nil : SolutionFile.commentSafe(problem.tags.prefix(3).joined(separator: ", "))
        var parts = [lead]
        if let seconds { parts.append(seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min") }
        if let tagsPart { parts.append(tagsPart) }
        subject = parts.joined(separator: " · ")
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
            && isOwnSubject(message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "")
    }

    /// Whether `line` is a subject this type writes for the problem (any time, or none): one the
    /// user edited (`git commit --amend`) is theirs, and a later solve makes a commit of its own
    /// rather than amend it away.
    private func isOwnSubject(_ line: String) -> Bool {
        var parts = line.components(separatedBy: " · ")
        guard parts.first == lead else { return false }
        parts.removeFirst()
        if let tagsPart, parts.last == tagsPart { parts.removeLast() }
        guard let time = parts.first else { return true }
        let words = time.split(separator: " ")
        return parts.count == 1 && words.count == 2 && (words[1] == "s" || words[1] == "min") && words[0].allSatisfy(\.isASCII) && Int(words[0]) != nil
    }
}
