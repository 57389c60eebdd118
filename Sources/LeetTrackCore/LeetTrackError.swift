/// What went wrong in the tracker's domain, with a message that names the problem and what to do.
public enum LeetTrackError: Error, Equatable, CustomStringConvertible {
    /// No problem has this id, slug or title; `suggestions` are the closest (at most three).
    case unknownProblem(String, suggestions: [Problem])
    /// Several problems match these title words; `candidates` lists them in id order.
    case ambiguousProblem(String, candidates: [Problem])
    /// The words only start words of these titles (`median sort` of "Median of Two Sorted
    /// Arrays"): close, but not the problem's id, slug, title or whole title words, so a change
    /// is refused rather than made to a guess.
    case inexactProblem(String, candidates: [Problem])
    /// No study list (built-in or the user's own) has this key or name.
    case unknownList(String, known: [String])
    /// No problem has this tag; `suggestions` are the closest tag names.
    case unknownTag(String, suggestions: [String])
    /// No problem is in this category.
    case unknownCategory(String, known: [String])
    /// A date that is not a real `YYYY-MM-DD` day, or that lies in the future; `reason` names
    /// the form when the form is what is wrong.
    case invalidDate(String, reason: String)
    /// A review rating that is not again, hard, good or easy.
    case invalidRating(String)
    /// A practice time (`--time`) that is not like `25m`, `1h10m` or `90s`, or out of range.
    case invalidTime(String, reason: String)
    /// A problem that has no review card: it was never solved, or was reset since.
    case notSolved(Problem)
    /// A review dated on a day before the problem's first solve or its last reset (`since`: what
    /// happened when, "first solved on 2026-12-04"): nothing can be redone before it was solved.
    case reviewBeforeLastReview(Problem, since: String)
    /// A name that cannot be a list name.
    case invalidListName(String, reason: String)
    /// A list with this name already exists (`existing` is its spelling).
    case duplicateList(String, existing: String)
    /// A built-in study list cannot be changed.
    case builtInList(String)
    /// A move within a list that cannot be made: the problem is not in it, or the place is not one of its places.
    case invalidListMove(String, reason: String)
    /// An own list put at a place its lists do not have (`count`: how many own lists there are).
    case invalidListPlace(String, place: Int, count: Int)
    /// A setting value out of range, or an unknown setting.
    case invalidSetting(String, value: String, reason: String)
    /// A solution file (`leettrack code`) cannot be made or reused; names the path.
    case codeFile(String, reason: String)
    /// The folder of the solution files cannot be used; names the folder.
    case codeFolder(String, reason: String)
    /// The catalog data is inconsistent (only possible for a catalog decoded from outside JSON).
    case invalidCatalog(String)
    /// No section of `list` has this name or starts with it (`known`: the list's sections), or
    /// several start with it (`matches`: those).
    case unknownSection(String, list: String, known: [String], matches: [String])
    /// The list has no topic sections (`sectioned`: the lists that have them).
    case listWithoutSections(String, sectioned: [String])
    /// Too little review history to fit the scheduler (`review optimize`): `have` redos on a later
    /// day than the rating before, after the outlier filter, where `need` are needed.
    case notEnoughReviews(have: Int, need: Int)
    /// A change would give the problem `slug` a note that breaks the note rule
    /// (``InputRules/check(note:at:)``, whose `reason` this is): refused where records are
    /// changed, so no entrance can store a note that `import` refuses.
    case invalidNote(slug: String, reason: String)

    /// The message a user sees: one line, but for the candidates of an ambiguous name. A line break
    /// in what the user typed is shown as `\n`, so an argument cannot add a line of its own to the
    /// message (`show $'x\nSolved 1. Two Sum'`).
    public var description: String {
        switch self {
        case .ambiguousProblem, .inexactProblem: return message
        default: return message.lineFeedsEscaped
        }
    }

    private var message: String {
        switch self {
        case .unknownProblem(let name, let suggestions):
            let hint = Catalog.ids(in: name.trimmedOfWhitespace) == [Catalog.unnamedID]
                ? "Give ids separated by commas or blanks (`1,3`), a slug or a title's words."
                : suggestions.isEmpty
                ? "Use `leettrack list TEXT` to search."
                : "Did you mean: " + suggestions.map { "\($0.id) \($0.title)" }.joined(separator: "; ") + "?"
            return "no problem matches \(Self.quoted(name)). \(hint)"
        case .ambiguousProblem(let name, let candidates):
            return "'\(name.lineFeedsEscaped)' matches \(candidates.count) problems; name one by id or slug:\n"
                + Self.listed(candidates)
        case .inexactProblem(let name, let candidates):
            let which = candidates.count == 1 ? "a title" : "\(candidates.count) titles"
            return "'\(name.lineFeedsEscaped)' only starts words of \(which), so it names no problem for sure; "
                + "name it by id, slug, title or whole words of its title:\n" + Self.listed(candidates)
        case .unknownList(let name, let known):
            return "no study list is called '\(name)'. Lists: \(known.joined(separator: ", "))."
        case .unknownTag(let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?"
            return "no problem has the tag '\(name)'.\(hint)"
        case .unknownCategory(let name, let known):
            return "no category is called '\(name)'. Categories: \(known.joined(separator: ", "))."
        case .invalidDate(let text, let reason):
            // The reason gives the form where the form is what is wrong, so it is said once.
            return "'\(text)' is not a valid date: \(reason)."
        case .invalidTime(let text, let reason):
            return "'\(text)' is not a valid time: \(reason). Use a time like 25m, 1h10m or 90s (a bare number is minutes)."
        case .invalidRating(let text):
            return "'\(text)' is not a rating; use again, hard, good or easy."
        case .notSolved(let problem):
            return "\(problem.id). \(problem.title) has nothing to review: it is not solved. "
                + "Solve it first with `leettrack solve \(problem.id)`."
        case .reviewBeforeLastReview(let problem, let since):
            return "\(problem.id). \(problem.title) was \(since); a review cannot be dated on an earlier day."
        case .invalidListName(let name, let reason):
            return "'\(name)' cannot be a list name: \(reason)."
        case .duplicateList(let name, let existing):
            return "a list called '\(existing)' already exists; choose another name than '\(name)'."
        case .invalidListMove(let name, let reason):
            return "cannot move within the list '\(name)': \(reason)."
        case .invalidListPlace(let name, let place, let count):
            let places = count == 1 ? "you have one list of your own, at place 1" : "your lists have places 1 to \(count)"
            return "cannot put the list '\(name)' at place \(place): \(places)."
        case .builtInList(let name):
            return "'\(name)' is a built-in study list and cannot be changed; create your own with `leettrack lists create NAME`."
        case .invalidSetting(let name, let value, let reason):
            return "'\(value)' is not a valid \(name): \(reason)."
        case .codeFile(let path, let reason):
            return "cannot prepare the solution file \(path): \(reason)."
        case .codeFolder(let path, let reason):
            return "cannot keep solution files in \(path): \(reason)."
        case .invalidCatalog(let reason):
            return "the catalog is invalid: \(reason)"
        case .unknownSection(let name, let list, let known, let matches):
            if matches.count > 1 {
                return "'\(name)' could be any of these sections of \(list): \(matches.joined(separator: ", ")); type more of the name."
            }
            return "\(list) has no section called '\(name)'. Sections: \(known.joined(separator: ", "))."
        case .listWithoutSections(let list, let sectioned):
            return "\(list) has no topic sections; the lists with sections are \(sectioned.joined(separator: ", "))."
        case .notEnoughReviews(let have, let need):
            return "too little review history to fit the scheduler: it needs at least \(need) redos rated on a later day than "
                + "the rating before (after setting aside rare first-redo delays), and this store has \(have). "
                + "Keep rating your redos (`leettrack review PROBLEM RATING`) and try again later; nothing was changed."
        case .invalidNote(let slug, let reason):
            return "cannot save the note of \(slug): \(reason); nothing was changed."
        }
    }

    /// The candidates one a line, `   167  Two Sum II - Input Array Is Sorted`, at most ten.
    private static func listed(_ candidates: [Problem]) -> String {
        let shown = candidates.prefix(10).map { candidate in
            let id = String(candidate.id)
            return String(repeating: " ", count: max(0, 6 - id.count)) + id + "  " + candidate.title
        }.joined(separator: "\n")
        return shown + (candidates.count > 10 ? "\n  … and \(candidates.count - 10) more" : "")
    }

    /// `'name'`, or its start and length when it is longer than a line (a pasted page, not a name).
    private static func quoted(_ name: String) -> String {
        name.count <= 100 ? "'\(name)'" : "'\(name.prefix(60))…' (\(name.count) characters)"
    }
}
