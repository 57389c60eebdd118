import LeetTrackCore

/// The list's filters, as the footer shows them.
struct Filters: Equatable {
    var difficulty: Difficulty?
    var status: Status?
    var list: StudyList?
    /// The positions of `list`'s problems, in the list's order.
    var listPositions: [Int]?
    var tag: String?
    /// Whether each position has `tag` (indexed by catalog position).
    var tagMembers: [Bool]?
    var search = ""

    var isEmpty: Bool { difficulty == nil && status == nil && list == nil && tag == nil && search.isEmpty }
}

extension Browser {
    /// Recomputes the rows from the filters, keeping the selected problem selected when it is
    /// still shown (otherwise the selection stays at the same index, clamped).
    /// - Complexity: O(n) over the catalog (or the list) with O(1) checks per problem, plus a byte
    ///   scan of titles when searching: well under a millisecond for the whole catalog.
    mutating func refilter(selectFirst: Bool = false) {
        let selected = selectedPosition
        if !filters.search.isEmpty, searchIndex == nil { searchIndex = SearchIndex(catalog: catalog) }
        let query = SearchIndex.Query(filters.search)
        let candidates: [Int] = filters.listPositions ?? Array(0..<catalog.count)
        var rows: [Int] = []
        rows.reserveCapacity(candidates.count)
        for position in candidates where matchesExceptSearch(position) {
            rows.append(position)
        }
        if let searchIndex { rows = searchIndex.filter(rows, query) }
        self.rows = rows
        groupRowsBySection()
        scroll.resize(count: self.rows.count, visibleRows: visibleRows)
        if selectFirst {
            scroll.home()
        } else if let selected, let index = self.rows.firstIndex(of: selected) {
            scroll.select(index)
        }
        stepOffHeader(forward: true)
    }

    /// Whether the problem at `position` passes every filter.
    func matches(_ position: Int) -> Bool {
        guard matchesExceptSearch(position) else { return false }
        let query = SearchIndex.Query(filters.search)
        if !query.isEmpty, let searchIndex, !searchIndex.matches(position, query) { return false }
        return true
    }

    /// Whether the problem at `position` passes the difficulty, status and tag filters: O(1).
    private func matchesExceptSearch(_ position: Int) -> Bool {
        if let difficulty = filters.difficulty, catalog.difficulty(at: position) != difficulty { return false }
        if let status = filters.status, marks[position].status != status { return false }
        if let members = filters.tagMembers, !members[position] { return false }
        return true
    }

    /// Cycles the difficulty filter: all, easy, medium, hard, all.
    mutating func cycleDifficulty() {
        filters.difficulty = switch filters.difficulty {
        case nil: .easy
        case .easy: .medium
        case .medium: .hard
        case .hard: nil
        }
        refilter()
    }

    /// Cycles the status filter: all, todo, attempted, solved, all.
    mutating func cycleStatus() {
        filters.status = switch filters.status {
        case nil: .todo
        case .todo: .attempted
        case .attempted: .solved
        case .solved: nil
        }
        refilter()
    }

    /// Shows only `list`'s problems, in its order (or every problem for `nil`).
    mutating func setList(_ list: StudyList?) {
        filters.list = list
        filters.listPositions = list.map { $0.slugs.compactMap { catalog.position(ofSlug: $0) } }
        refilter(selectFirst: true)
    }

    /// Shows only problems with `tag` (or every problem for `nil`).
    mutating func setTag(_ tag: String?) {
        filters.tag = tag
        filters.tagMembers = tag.map { tag in (0..<catalog.count).map { catalog.problem(at: $0).tags.contains(tag) } }
        refilter(selectFirst: true)
    }

    /// Sets the search text, selecting the first match.
    mutating func setSearch(_ text: String) {
        guard text != filters.search else { return }
        filters.search = text
        refilter(selectFirst: true)
    }

    /// Clears every filter, keeping the selected problem selected.
    mutating func clearFilters() {
        filters = Filters()
        refilter()
    }

    /// Selects the problem at `position`, clearing the filters first if they hide it.
    mutating func reveal(_ position: Int) {
        if !rows.contains(position) { clearFilters() }
        if let index = rows.firstIndex(of: position) { scroll.select(index) }
    }
}
