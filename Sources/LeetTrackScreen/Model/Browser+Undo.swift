import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// One change made on the screen that `U` can take back.
enum UndoStep: Equatable {
    /// A problem's record went from `before` to `after` (a heart, a status, a note, a rating).
    case progress(slug: String, before: ProblemProgress, after: ProblemProgress, what: String)
    /// A problem was added to an own list.
    case listAddition(slug: String, listKey: String, listName: String)
    /// An own list was made with one problem in it.
    case listCreation(slug: String, listKey: String, listName: String)
}

extension Browser {
    /// How many steps `U` can go back.
    static let undoDepth = 100

    /// Remembers a change for `U`, forgetting the oldest beyond ``undoDepth``.
    mutating func remember(_ step: UndoStep) {
        undoSteps.append(step)
        if undoSteps.count > Self.undoDepth { undoSteps.removeFirst(undoSteps.count - Self.undoDepth) }
    }

    /// Takes back the latest change made on the screen, itself saved at once as a change of its own
    /// (and so synced like any). A record changed since by another process is left alone: undoing
    /// would lose that change, so the footer says so and the step is dropped.
    mutating func undoLastChange() {
        guard let step = undoSteps.popLast() else {
            message = Message(text: "Nothing to undo")
            return
        }
        do {
            switch step {
            case .progress(let slug, let before, let after, let what):
                guard let position = catalog.position(ofSlug: slug) else { return }
                var changedElsewhere = false
                let changes = try repository.update([slug]) { _, record in
                    guard record == after else {
                        changedElsewhere = true
                        return
                    }
                    record = before
                }
                if changedElsewhere {
                    message = Message(text: "Not undone: \(catalog.title(at: position)) was changed elsewhere since", isError: true)
                    return
                }
                if let change = changes.first { apply(change, at: position) }
                if review != nil { try rebuildReview() }
                message = Message(text: "Undone: \(what)")
            case .listAddition(let slug, let listKey, let listName):
                _ = try tracker.lists.remove([slug], from: listKey, in: catalog)
                let title = catalog.position(ofSlug: slug).map { catalog.title(at: $0) } ?? slug
                message = Message(text: "Undone: \(title) taken out of \(Format.quoted(listName))")
            case .listCreation(let slug, let listKey, let listName):
                // Only the list as it was made goes (checked in the deleting transaction): one that
                // gained problems since stays.
                let deleted = try tracker.lists.delete(listKey, in: catalog, onlyIfProblemsAre: [slug])
                guard deleted != nil else {
                    message = Message(text: "Not undone: \(Format.quoted(listName)) was changed since", isError: true)
                    return
                }
                message = Message(text: "Undone: the new list \(Format.quoted(listName)) deleted")
            }
        } catch {
            undoSteps.append(step)
            message = Message(text: "Not undone: \(error)", isError: true)
        }
    }
}
