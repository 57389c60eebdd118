import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

/// The keys of the practice loop: `x` asks for the rating, `o` opens the page, `e` edits the
/// solution file, `+` adds the problem to one of your lists.
extension Browser {
    /// Keys while the rating is asked: 1–4 rate, Enter is good, Esc (or q) records nothing.
    mutating func handleRatingKey(_ key: KeyEvent, position: Int) {
        let ratings: [Character: ReviewRating] = ["1": .again, "2": .hard, "3": .good, "4": .easy]
        if key.modifiers.isEmpty, case .character(let character) = key.key, let rating = ratings[character] {
            overlay = nil
            markSolved(position, rating: rating)
            return
        }
        switch key {
        case KeyEvent(.enter):
            overlay = nil
            markSolved(position, rating: .good)
        case KeyEvent(.escape), .character("q"):
            overlay = nil
            message = Message(text: "Nothing changed")
        default:
            break
        }
    }

    /// `o`: the problem's page in the browser.
    mutating func openPage(_ position: Int) {
        let problem = catalog.problem(at: position)
        run(actions.open, on: problem, unavailable: "Opening pages is not available here; the URL: \(problem.url)")
    }

    /// `e`: the solution file in the editor, the screen suspended meanwhile.
    mutating func editCode(_ position: Int) {
        let problem = catalog.problem(at: position)
        run(actions.editCode, on: problem, unavailable: "Editing code is not available here; use `leettrack code \(problem.id)`")
    }

    /// Runs one of the program's actions on `problem` and shows its outcome, or `unavailable`
    /// where the program gave none.
    private mutating func run(_ action: ((Problem) -> ScreenActions.Outcome)?, on problem: Problem, unavailable: @autoclosure () -> String) {
        guard let action else {
            message = Message(text: unavailable())
            return
        }
        let outcome = action(problem)
        message = Message(text: outcome.text, isError: outcome.isError)
    }

    /// `+`: a picker of your own lists (read now), to add the problem to one, or to a new one.
    mutating func openAddToList(_ position: Int) {
        let lists: [StudyList]
        do {
            lists = try tracker.lists.all()
        } catch {
            message = Message(text: "Could not read your own lists: \(error)", isError: true)
            return
        }
        var state = ScrollState(count: lists.count + 1, visibleRows: pickerRows)
        if !lists.isEmpty { state.select(1) }
        overlay = .addToList(lists, state, position: position)
    }

    /// Makes a list named `name` holding the problem at `position`; on a bad or taken name the
    /// footer says why and the field stays open.
    mutating func createList(_ name: String, with position: Int) -> Bool {
        let slug = catalog.slug(at: position)
        do {
            // One change: a list is never left behind empty when the add could not be made.
            let list = try tracker.lists.create(name, in: catalog, at: now(), problems: [slug])
            remember(.listCreation(slug: slug, listKey: list.key, listName: list.name))
            message = Message(text: "+ \(catalog.title(at: position)) added to the new list \(Format.quoted(list.name))")
            return true
        } catch {
            message = Message(text: "\(error)", isError: true)
            return false
        }
    }

    /// Adds the problem at `position` to `list` and saves it at once.
    mutating func add(_ position: Int, to list: StudyList) {
        let slug = catalog.slug(at: position)
        let title = catalog.title(at: position)
        do {
            let change = try tracker.lists.add([slug], to: list.key, in: catalog)
            if change.changed.isEmpty {
                message = Message(text: "\(title) is already in \(Format.quoted(list.name))")
            } else {
                remember(.listAddition(slug: slug, listKey: list.key, listName: list.name))
                message = Message(text: "+ \(title) added to \(Format.quoted(list.name))")
            }
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
        }
    }
}
