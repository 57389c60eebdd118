import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// The changes `leettrack lists` makes to the user's own lists. Every argument was checked before
/// (problems resolved); each change is one transaction, so a failure leaves the store unchanged.
struct ListEditing {
    let json: Bool
    let context: CommandContext
    let output: CommandOutput

    func run(_ action: ListsCommand.Action) throws {
        let lists = try context.tracker().lists
        let catalog = context.catalog
        switch action {
        case .create(let name):
            let list = try lists.create(name, in: catalog, at: context.now)
            try report(list, "Created the list \(Format.quoted(list.name)) (key \(list.key)). "
                + "Add problems with `leettrack lists add \(Format.argument(list.key)) PROBLEM...`.")
        case .add(let name, let problems):
            let change = try lists.add(problems.map(\.slug), to: name, in: catalog)
            try report(change, problems, done: "Added", to: "to", unchanged: "is already in")
        case .remove(let name, let problems):
            let change = try lists.remove(problems.map(\.slug), from: name, in: catalog)
            try report(change, problems, done: "Removed", to: "from", unchanged: "was not in")
        case .removeUnknown(let name, let slugs):
            let change = try lists.remove(slugs, from: name, in: catalog)
            if json { return try output.writeJSON(ListJSON(change.list)) }
            for slug in slugs {
                let verb = change.changed.contains(slug) ? "Removed \(Format.outside(slug)) from" : "\(Format.outside(slug)) was not in"
                output.line("\(verb) \(Format.quoted(change.list.name)).")
            }
            reportSize(change.list)
        case .move(let name, let problem, let place):
            let change = try lists.move(problem.slug, to: place, in: name, in: catalog)
            if json { return try output.writeJSON(ListJSON(change.list)) }
            let list = Format.quoted(change.list.name)
            output.line(change.changed.isEmpty
                ? "\(Format.name(problem)) is already at place \(place) of \(list)."
                : "Moved \(Format.name(problem)) to place \(place) of \(list).")
        case .reorder(let name, let place):
            let placement = try lists.reorder(name, to: place, in: catalog)
            if json { return try output.writeJSON(placement.lists.map(ListJSON.init)) }
            let list = Format.quoted(placement.list.name)
            output.line(placement.moved
                ? "Put the list \(list) at place \(place) of your lists."
                : "The list \(list) is already at place \(place) of your lists.")
            output.line(output.style.dim("Your lists: " + placement.lists.map { Format.outside($0.name) }.joined(separator: ", ")))
        case .rename(let old, let new):
            let oldName = try lists.list(named: old, in: catalog).name
            let list = try lists.rename(old, to: new, in: catalog)
            try report(list, "Renamed the list \(Format.quoted(oldName)) to \(Format.quoted(list.name)) (key \(list.key)).")
        case .delete(let name, let confirmed):
            let list = try lists.list(named: name, in: catalog)
            if !confirmed {
                guard list.isOwn else { throw LeetTrackError.builtInList(name) }
                let size = Plural.count(list.slugs.count, "problem")
                Terminal.writeError("Delete your list \(Format.quoted(list.name)) (\(size))? Your progress stays. [y/N] ")
                let answer = readLine()?.trimmedOfWhitespace.lowercased()
                guard answer == "y" || answer == "yes" else {
                    throw CLIError.failure("not confirmed; the list \(Format.quoted(list.name)) was kept. (Use --yes to skip the question.)")
                }
            }
            // The deletion also stops following the list (in its transaction); said, with the way on.
            let followed = try context.practiceSettings().followedList == list.key
            let deleted = try lists.delete(name, in: catalog)
            let unfollowed = followed
                ? " You no longer follow it; follow another with `leettrack config follow LIST` (e.g. neetcode-150)."
                : ""
            try report(deleted, "Deleted the list \(Format.quoted(deleted.name)).\(unfollowed)")
        case .showAll, .show:
            break  // Shown by `ListsCommand`.
        }
    }

    private func report(_ list: StudyList, _ message: String) throws {
        if json { return try output.writeJSON(ListJSON(list)) }
        output.line(message)
    }

    private func report(_ change: OwnLists.Change, _ problems: [Problem], done: String, to: String, unchanged: String) throws {
        if json { return try output.writeJSON(ListJSON(change.list)) }
        for problem in problems {
            if change.changed.contains(problem.slug) {
                output.line("\(done) \(Format.name(problem)) \(to) \(Format.quoted(change.list.name)).")
            } else {
                output.line("\(Format.name(problem)) \(unchanged) \(Format.quoted(change.list.name)).")
            }
        }
        reportSize(change.list)
    }

    private func reportSize(_ list: StudyList) {
        output.line(output.style.dim("\(Format.outside(list.name)): \(Plural.count(list.slugs.count, "problem"))"))
    }
}

/// The `--json` form of a list after a change.
struct ListJSON: Encodable {
    var key: String
    var name: String
    var own: Bool
    var problems: [String]

    init(_ list: StudyList) {
        key = list.key
        name = list.name
        own = list.isOwn
        problems = list.slugs
    }
}
