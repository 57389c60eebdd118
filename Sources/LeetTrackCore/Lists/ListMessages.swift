/// The sentences that say what a change to the user's lists did, in the same words wherever it is
/// made: `leettrack lists` prints them and the web app shows them. A name from outside (a list's,
/// a problem's title) goes through ``inert`` first, so each front end makes it safe its own way:
/// the terminal's text is sanitised, the page escapes what it shows.
public struct ListMessages: Sendable {
    /// Makes a name from outside safe where the sentence goes.
    public let inert: @Sendable (String) -> String

    /// Sentences whose outside names pass through `inert` (as they are by default).
    public init(inert: @escaping @Sendable (String) -> String = { $0 }) {
        self.inert = inert
    }

    /// `“My Graphs”`: a list's name in a sentence.
    public func quoted(_ name: String) -> String { "“\(inert(name))”" }

    /// `1. Two Sum`: a problem in a sentence.
    public func name(_ problem: Problem) -> String { "\(problem.id). \(inert(problem.title))" }

    /// `lists create`: `Created the list “My Graphs” (key my-graphs).`
    public func created(_ list: StudyList) -> String { "Created the list \(quoted(list.name)) (key \(list.key))." }

    /// `lists rename`: the old name and the new one, with the new key.
    public func renamed(from oldName: String, to list: StudyList) -> String {
        "Renamed the list \(quoted(oldName)) to \(quoted(list.name)) (key \(list.key))."
    }

    /// `lists delete`; when the deleted list was the followed one, the deletion also stopped
    /// following it, which the sentence says with the way on.
    public func deleted(_ list: StudyList, wasFollowed: Bool) -> String {
        "Deleted the list \(quoted(list.name))."
            + (wasFollowed ? " You no longer follow it; follow another with `leettrack config follow LIST` (e.g. neetcode-150)." : "")
    }

    /// `lists add` and `lists remove`: one sentence for each problem (its slug and how it is
    /// named), in their order, saying whether `change` added (`adding`) or removed it.
    public func membership(_ problems: [(slug: String, name: String)], _ change: OwnLists.Change, adding: Bool) -> [String] {
        let list = quoted(change.list.name)
        return problems.map { problem in
            switch (change.changed.contains(problem.slug), adding) {
            case (true, true): "Added \(problem.name) to \(list)."
            case (true, false): "Removed \(problem.name) from \(list)."
            case (false, true): "\(problem.name) is already in \(list)."
            case (false, false): "\(problem.name) was not in \(list)."
            }
        }
    }

    /// `lists move`: `problem` put at `place` of `change`'s list, or already there.
    public func moved(_ problem: Problem, to place: Int, _ change: OwnLists.Change) -> String {
        change.changed.isEmpty
            ? "\(name(problem)) is already at place \(place) of \(quoted(change.list.name))."
            : "Moved \(name(problem)) to place \(place) of \(quoted(change.list.name))."
    }

    /// `lists reorder`: the list put at `place` among the user's own lists, or already there.
    public func reordered(_ placement: OwnLists.Placement, to place: Int) -> String {
        placement.moved
            ? "Put the list \(quoted(placement.list.name)) at place \(place) of your lists."
            : "The list \(quoted(placement.list.name)) is already at place \(place) of your lists."
    }

    /// Why the day's plan has no followed list: the list `key` names was deleted (or renamed) since,
    /// perhaps on another machine; `today`, `next` and the web app say it in these words.
    public func followedListGone(_ key: String) -> String {
        "the followed list '\(inert(key))' no longer exists. Follow another with `leettrack config follow LIST`, "
            + "or stop following with `leettrack config follow --reset`."
    }

    /// Why the plan toward `target` cannot be made: its list `key` no longer exists.
    public func targetListGone(_ key: String, of target: StudyTarget) -> String {
        "the target's list '\(inert(key))' no longer exists; set the target again with "
            + "`leettrack config target-date \(target.day) --lists LISTS`."
    }

    /// Why a target whose date is before `today` is not planned (the days to it are gone), and how
    /// to set another.
    public func targetPassed(_ target: StudyTarget) -> String {
        "the target date \(target.day) has passed; set a new one with `leettrack config target-date YYYY-MM-DD --lists "
            + target.lists.map(inert).joined(separator: ",") + "`, or clear it with `leettrack config target-date none`."
    }
}
