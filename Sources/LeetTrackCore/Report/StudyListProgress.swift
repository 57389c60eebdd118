import Foundation

/// How far a user is through one study list: the counts `leettrack lists` prints beside each list.
public struct StudyListProgress: Sendable, Equatable {
    /// The list.
    public var list: StudyList
    /// How many problems it holds.
    public var total: Int
    /// How many of them are solved.
    public var solved: Int
    /// How many of them are attempted and not solved.
    public var attempted: Int

    /// Counts the statuses of the list's problems in `progress` (a problem without a record is todo).
    /// - Complexity: O(problems in the list).
    public init(_ list: StudyList, progress: [String: ProblemProgress]) {
        self.list = list
        total = list.slugs.count
        var solved = 0
        var attempted = 0
        for slug in list.slugs {
            switch progress[slug]?.status {
            case .solved: solved += 1
            case .attempted: attempted += 1
            case .todo, nil: break
            }
        }
        self.solved = solved
        self.attempted = attempted
    }
}
