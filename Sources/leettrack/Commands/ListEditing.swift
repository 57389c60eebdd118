import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// The changes `leettrack lists` makes to the user's own lists. Every argument was checked before
/// (problems resolved); each change is one transaction, so a failure leaves the store unchanged.
struct ListEditing {
    let json: Bool
    let context: CommandContext
    let output: CommandOutput
    private var messages: ListMessages { Format.listMessages }

    func run(_ action: ListsCommand.Action) throws {
        let lists = try context.tracker().lists
        let catalog = context.catalog
        switch action {
        case .create(let name):
            let list = try lists.create(name, in: catalog, at: context.now)
            try report(list, messages.created(list) + " Add problems with `leettrack lists add \(Format.argument(list.key)) PROBLEM...`.")
        case .add(let name, let problems):
            let change = try lists.add(problems.map(\.slug), to: name, in: catalog)
            try report(change, problems.map { ($0.slug, Format.name($0)) }, adding: true)
        case .remove(let name, let problems):
            let change = try lists.remove(problems.map(\.slug), from: name, in: catalog)
            try report(change, problems.map { ($0.slug, Format.name($0)) }, adding: false)
        case .removeUnknown(let name, let slugs):
            let change = try lists.remove(slugs, from: name, in: catalog)
            try report(change, slugs.map { ($0, Format.outside($0)) }, adding: false)
        case .move(let name, let problem, let place):
            let change = try lists.move(problem.slug, to: place, in: name, in: catalog)
            try report(change.list, messages.moved(problem, to: place, change))
        case .reorder(let name, let place):
            let placement = try lists.reorder(name, to: place, in: catalog)
            if json { return try output.writeJSON(placement.lists.map(ListJSON.init)) }
            output.line(messages.reordered(placement, to: place))
            output.line(output.style.dim("Your lists: " + placement.lists.map { Format.outside($0.name) }.joined(separator: ", ")))
        case .rename(let old, let new):
            let oldName = try lists.list(named: old, in: catalog).name
            let list = try lists.rename(old, to: new, in: catalog)
            try report(list, messages.renamed(from: oldName, to: list))
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
            try report(deleted, messages.deleted(deleted, wasFollowed: followed))
        case .showAll, .show:
            break  // Shown by `ListsCommand`.
        }
    }

    private func report(_ list: StudyList, _ message: String) throws {
        if json { return try output.writeJSON(ListJSON(list)) }
        output.line(message)
    }

    /// The sentence for each problem `change` was asked about, then the list's size.
    private func report(_ change: OwnLists.Change, _ problems: [(slug: String, name: String)], adding: Bool) throws {
        if json { return try output.writeJSON(ListJSON(change.list)) }
        for sentence in messages.membership(problems, change, adding: adding) { output.line(sentence) }
        output.line(output.style.dim("\(Format.outside(change.list.name)): \(Plural.count(change.list.slugs.count, "problem"))"))
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
