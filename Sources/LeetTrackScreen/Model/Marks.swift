import LeetTrackCore

/// What the list shows about one problem's progress: its status, heart and whether it has a note.
/// Kept per catalog position, so filtering and drawing never hash a slug.
struct Mark: Hashable, Sendable {
    var status: Status = .todo
    var favorite = false
    var hasNote = false

    init() {}

    init(_ record: ProblemProgress) {
        status = record.status
        favorite = record.favorite
        hasNote = !record.note.isEmpty
    }
}

/// The header's counts: solved, attempted and favorite problems per difficulty.
///
/// Built once from the records, then adjusted by each change (`apply`), so a toggle costs O(1).
struct Counts: Hashable, Sendable {
    struct Tally: Hashable, Sendable {
        var solved = 0
        var attempted = 0
        var favorites = 0
        var total = 0
    }

    private(set) var byDifficulty: [Difficulty: Tally] = [.easy: Tally(), .medium: Tally(), .hard: Tally()]

    init(catalog: Catalog, marks: [Mark], touched: some Sequence<Int>) {
        for (difficulty, total) in catalog.countsByDifficulty() { byDifficulty[difficulty, default: Tally()].total = total }
        for position in touched { apply(before: Mark(), after: marks[position], difficulty: catalog.difficulty(at: position)) }
    }

    /// Moves one problem's contribution from `before` to `after`.
    mutating func apply(before: Mark, after: Mark, difficulty: Difficulty) {
        var tally = byDifficulty[difficulty, default: Tally()]
        tally.solved += (after.status == .solved ? 1 : 0) - (before.status == .solved ? 1 : 0)
        tally.attempted += (after.status == .attempted ? 1 : 0) - (before.status == .attempted ? 1 : 0)
        tally.favorites += (after.favorite ? 1 : 0) - (before.favorite ? 1 : 0)
        byDifficulty[difficulty] = tally
    }

    subscript(difficulty: Difficulty) -> Tally { byDifficulty[difficulty] ?? Tally() }

    /// The sum over all difficulties.
    var total: Tally {
        byDifficulty.values.reduce(into: Tally()) { sum, tally in
            sum.solved += tally.solved
            sum.attempted += tally.attempted
            sum.favorites += tally.favorites
            sum.total += tally.total
        }
    }
}
