import FoundationEssentials

extension InputRules {
    /// Checks one progress record from outside: its events (dates, ratings), note, card, and that
    /// its status agrees with its history.
    /// - Parameters:
    ///   - path: where the record is (`problems[12]`); `historyKey` names its events there.
    public static func check(
        _ progress: ProblemProgress, at path: String, historyKey: String = "history", now: Date
    ) throws(Violation) {
        if progress.events.count > maximumEvents {
            throw Violation("\(path).\(historyKey)", "more than \(maximumEvents) events")
        }
        for (index, event) in progress.events.enumerated() {
            try check(event, at: "\(path).\(historyKey)[\(index)]", now: now)
        }
        try check(note: progress.note, at: "\(path).note")
        if let date = progress.noteUpdated { try check(date: date, at: "\(path).noteUpdated", now: now) }
        if let date = progress.favoriteUpdated { try check(date: date, at: "\(path).favoriteAt", now: now) }
        if let card = progress.review {
            if progress.status == .todo { throw Violation("\(path).review", "a todo problem has no review card") }
            try check(card, at: "\(path).review", now: now)
        }
        try checkStatus(progress, at: path)
    }

    /// Why an import would refuse `progress` as of `now` (`history[0].rating: 'superb' is not a
    /// rating …`), or `nil`: for a record already stored, which its export carries.
    public static func importRefusal(of progress: ProblemProgress, now: Date) -> String? {
        do {
            try check(progress, at: "", now: now)
            return nil
        } catch {
            return "\(error.path.drop { $0 == "." }): \(error.reason)"
        }
    }

    /// Checks an own list from outside (a file, another machine's sync, a record loaded back, a
    /// store's record before an export) by the rules a list made here keeps: a name that can name
    /// one (``OwnLists/checkedKey(_:in:)``: not a built-in list's, not a subcommand, though the
    /// subcommands added later, which older builds allowed, are kept), the key it is stored under
    /// when it has one, a UTC creation time from 2010 to `now`, at most ``maximumListProblems``
    /// problems, each a slug and none twice, and a finite place.
    static func check(
        list name: String, created: String, problems: [String], place: Double?, key: String?, at path: String, now: Date
    ) throws(Violation) {
        func at(_ part: String) -> String { path.isEmpty ? part : path + "." + part }
        let folded: String
        do {
            folded = try OwnLists.checkedKey(name, in: .builtIn)
        } catch {
            throw Violation(at("name"), "\(error)")
        }
        if let key, OwnLists.keyPrefix + folded != key { throw Violation(at("name"), "the name does not match the key") }
        guard let date = UTCTimestamp.date(from: created) else {
            throw Violation(at("created"), "'\(created)' is not a UTC time like 2026-11-29T14:03:12Z")
        }
        try check(date: date, at: at("created"), now: now)
        if problems.count > maximumListProblems { throw Violation(at("problems"), "more than \(maximumListProblems) problems") }
        var seen = Set<String>()
        for (position, slug) in problems.enumerated() {
            try check(slug: slug, at: at("problems[\(position)]"))
            if !seen.insert(slug).inserted { throw Violation(at("problems[\(position)]"), "'\(slug)' appears twice") }
        }
        // A place that is not a number would make the lists' order depend on the sort.
        if let place, !place.isFinite { throw Violation(at("place"), "not a finite number") }
    }

    /// Checks a stored own list `record` under `key` (``check(list:created:problems:place:key:at:now:)``).
    static func check(_ record: OwnLists.Record, key: String, at path: String, now: Date) throws(Violation) {
        try check(list: record.name, created: record.created, problems: record.problems, place: record.place, key: key, at: path, now: now)
    }

    /// Why `leettrack import` would refuse the own list `record` stored under `key`, as an export
    /// of it would hold it (the rule broken, after its path within the record); `nil` when it would
    /// take it.
    static func importRefusal(of record: OwnLists.Record, key: String, now: Date) -> String? {
        do {
            try check(record, key: key, at: "", now: now)
            return nil
        } catch {
            return "\(error.path): \(error.reason)"
        }
    }

    /// Why `leettrack import` would refuse `list` of an export (``importRefusal(of:key:now:)``).
    public static func importRefusal(of list: ExchangeList, now: Date) -> String? {
        importRefusal(of: OwnLists.Record(name: list.name, problems: list.problems, created: list.created), key: OwnLists.keyPrefix + list.key, now: now)
    }

    /// Checks an event: its date, and a rating that is a rating word where one belongs.
    static func check(_ event: ProgressEvent, at path: String, now: Date) throws(Violation) {
        if event.kind.rawValue.isEmpty || event.kind.rawValue.utf8.count > 40
            || event.kind.rawValue.unicodeScalars.contains(where: isControlOrBidi)
        {
            throw Violation("\(path).kind", "'\(event.kind.rawValue)' is not an event kind")
        }
        try check(date: event.date, at: "\(path).at", now: now)
        if let rating = event.rating, ReviewRating(rawValue: rating) == nil {
            throw Violation("\(path).rating", "'\(rating)' is not a rating (again, hard, good, easy)")
        }
        if event.kind == .reviewed, event.rating == nil { throw Violation("\(path).rating", "a review needs a rating") }
        if event.kind == .attempted || event.kind == .reset, event.rating != nil {
            throw Violation("\(path).rating", "a \(event.kind) event has no rating")
        }
        if let seconds = event.seconds, !PracticeTime.range.contains(seconds) {
            throw Violation("\(path).seconds", "\(seconds) is not a time in seconds from 1 to \(PracticeTime.range.upperBound)")
        }
        if let note = event.note { try check(note: note, at: "\(path).note") }
        if event.kind == .reset, event.seconds != nil || event.note != nil {
            throw Violation(path, "a reset event has no time or note")
        }
    }

    /// Checks an FSRS card: finite values in the model's ranges, dates that can be.
    static func check(_ card: ReviewCard, at path: String, now: Date) throws(Violation) {
        if card.due < earliestDate || card.due > now.addingTimeInterval(200 * 365 * 86_400) {
            throw Violation("\(path).due", "\(UTCTimestamp.string(from: card.due)) is not a due date between 2010 and 200 years from now")
        }
        if let last = card.lastReview { try check(date: last, at: "\(path).lastReview", now: now) }
        if let stability = card.stability { try check(stability, in: stabilityRange, at: "\(path).stability", what: "stability") }
        if let difficulty = card.difficulty { try check(difficulty, in: difficultyRange, at: "\(path).difficulty", what: "difficulty") }
        if (card.stability == nil) != (card.difficulty == nil) {
            throw Violation(path, "stability and difficulty come together (both or neither)")
        }
        try check(count: card.reps, maximum: maximumCount, at: "\(path).reps", what: "reps")
        try check(count: card.lapses, maximum: maximumCount, at: "\(path).lapses", what: "lapses")
    }

    /// The status must agree with what happened since the last reset (``ProgressHistory/status(of:)``):
    /// a solve or a review makes a problem solved, an attempt at least attempted. (A status further
    /// than the history is fine: a catalog update marks problems solved on LeetCode's word, without an event.)
    static func checkStatus(_ progress: ProblemProgress, at path: String) throws(Violation) {
        guard let shown = ProgressHistory.status(of: progress.events), progress.status.rank < shown.rank else { return }
        throw Violation(
            "\(path).status",
            "'\(progress.status.rawValue)' contradicts the history, which has \(shown == .solved ? "a solve or a review" : "an attempt") since the last reset")
    }
}

extension InputRules {
    /// Practice settings as `config` and `skip` would have made them, from a file or another
    /// machine: a goal in range, a followed list's key that could be one, skipped problems that are
    /// slugs, no more than a list holds. `path` prefixes the JSON paths (`settings.practice`).
    public static func check(_ practice: PracticeSettings, at path: String) throws(Violation) {
        let prefix = path.isEmpty ? "" : path + "."
        if let goal = practice.dailyGoal, !PracticeSettings.dailyGoalRange.contains(goal) {
            let range = PracticeSettings.dailyGoalRange
            throw Violation(prefix + "dailyGoal", "\(goal) is not from \(range.lowerBound) to \(range.upperBound)")
        }
        if let followed = practice.followedList {
            try check(text: followed, at: prefix + "follow", what: "followed list", limit: maximumSlugLength)
        }
        if practice.skipped.count > maximumListProblems {
            throw Violation(prefix + "skipped", "more than \(maximumListProblems) problems")
        }
        for (index, slug) in practice.skipped.enumerated() { try check(slug: slug, at: prefix + "skipped[\(index)]") }
        // The target's date and list count are checked as it decodes; its list names here, as the followed list's.
        for (index, list) in (practice.target?.lists ?? []).enumerated() {
            try check(text: list, at: prefix + "target.lists[\(index)]", what: "target list", limit: maximumSlugLength)
        }
    }
}
