import LeetTrackCore
import TerminalUI

extension Browser {
    /// Keys on the problem list.
    mutating func handleListKey(_ key: KeyEvent) -> UpdateResult {
        if handleMovement(key) { return .running }
        if handleProblemAction(key) { return .running }
        switch key {
        case .character("q"):
            return .quit
        case KeyEvent(.enter):
            if selectedPosition != nil {
                screen = .details
                detailsOffset = 0
            }
        case .character("/"):
            overlay = .search(LineEditor(filters.search), previous: filters.search)
            if searchIndex == nil { searchIndex = SearchIndex(catalog: catalog) }
        case .character("d"):
            cycleDifficulty()
        case .character("s"):
            cycleStatus()
        case .character("l"):
            let lists = pickerLists()
            var state = ScrollState(count: lists.count + 1, visibleRows: pickerRows)
            if let current = filters.list, let index = lists.firstIndex(where: { $0.key == current.key }) { state.select(index + 1) }
            overlay = .listPicker(lists, state)
        case .character("t"):
            overlay = .tagPicker(LineEditor(), ScrollState(count: catalog.tagNames.count + 1, visibleRows: pickerRows))
        case .character("r"):
            openReview()
        case .character("T"):
            openToday()
        case .character("v"):
            let favorites = favoritePositions()
            overlay = .favorites(favorites, ScrollState(count: favorites.count, visibleRows: pickerRows))
        case KeyEvent(.escape):
            if !filters.isEmpty {
                clearFilters()
                message = Message(text: "Filters cleared")
            }
        default:
            break
        }
        return .running
    }

    /// Keys on the details screen: the same actions, Up/Down for the previous and next problem.
    mutating func handleDetailsKey(_ key: KeyEvent) -> UpdateResult {
        if handleProblemAction(key) { return .running }
        switch key {
        case .character("q"), KeyEvent(.escape), KeyEvent(.enter), KeyEvent(.backspace), KeyEvent(.left):
            screen = .list
        case .character("k"), KeyEvent(.up):
            scroll.move(by: -1)
            stepOffHeader(forward: false)
            detailsOffset = 0
        case .character("j"), KeyEvent(.down):
            scroll.move(by: 1)
            stepOffHeader(forward: true)
            detailsOffset = 0
        case KeyEvent(.pageDown), .character("J"):
            detailsOffset += max(1, size.height - 5)
        case KeyEvent(.pageUp), .character("K"):
            detailsOffset = max(0, detailsOffset - max(1, size.height - 5))
        default:
            break
        }
        if selectedPosition == nil { screen = .list }
        return .running
    }

    /// Moves the list's selection; returns whether `key` was a movement key.
    mutating func handleMovement(_ key: KeyEvent) -> Bool {
        var forward = true
        switch key {
        case .character("k"), KeyEvent(.up):
            scroll.move(by: -1)
            forward = false
        case .character("j"), KeyEvent(.down): scroll.move(by: 1)
        case KeyEvent(.pageUp), .control("b"):
            scroll.pageUp()
            forward = false
        case KeyEvent(.pageDown), .control("f"): scroll.pageDown()
        case .character("g"), KeyEvent(.home): scroll.home()
        case .character("G"), KeyEvent(.end): scroll.end()
        default: return false
        }
        stepOffHeader(forward: forward)
        return true
    }

    /// The keys that act on the selected problem, shared by the list and the details.
    mutating func handleProblemAction(_ key: KeyEvent) -> Bool {
        switch key {
        case .character("h"):
            toggleHidesDifficulty()
            return true
        case .character("?"):
            overlay = .help(offset: 0)
            return true
        case .character("U"):
            undoLastChange()
            return true
        default:
            break
        }
        guard let position = selectedPosition else { return false }
        switch key {
        case .character("f"), .character(" "):
            toggleFavorite(position)
        case .character("x"):
            overlay = .rateSolve(position: position)  // Asks how the solve went before recording it.
        case .character("o"):
            openPage(position)
        case .character("e"):
            editCode(position)
        case .character("+"):
            openAddToList(position)
        case .character("a"):
            markAttempted(position)
        case .character("u"):
            if marks[position].status == .todo {
                message = Message(text: "\(catalog.title(at: position)) is already todo")
            } else {
                overlay = .confirmReset(position: position)
            }
        case .character("n"):
            let note = progress[catalog.slug(at: position)]?.note ?? ""
            overlay = .note(LineEditor(note), position: position, closesDetails: screen == .list, original: note)
            if screen == .list { detailsOffset = 0 }
            screen = .details
        default:
            return false
        }
        return true
    }

    /// Rows a popup list shows at the current size.
    /// The lists the picker offers: the built-in ones, then the user's own (read now, so a list
    /// made by `leettrack lists create` while the screen is open is there).
    mutating func pickerLists() -> [StudyList] {
        do {
            return catalog.studyLists + (try tracker.lists.all())
        } catch {
            message = Message(text: "Could not read your own lists: \(error)", isError: true)
            return catalog.studyLists
        }
    }

    var pickerRows: Int { max(1, min(16, size.height - 6)) }
}
