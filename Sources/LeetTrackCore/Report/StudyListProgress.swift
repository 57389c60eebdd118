import FoundationEssentials

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
    /// The same counts for each topic section of the list, in order (each section as a list named
    /// after it); empty for a list without sections.
    public var sections: [StudyListProgress]

    /// Counts the statuses of the list's problems in `progress` (a problem without a record is
    /// todo), and of each of its `sections`.
    /// - Complexity: O(problems in the list).
    public init(_ list: StudyList, progress: [String: some ProgressMarks], sections: [StudySection] = []) {
        self.list = list
        self.sections = sections.enumerated().map { index, section in
            StudyListProgress(StudyList(key: "\(list.key).\(index + 1)", name: section.name, slugs: section.slugs), progress: progress)
        }
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
