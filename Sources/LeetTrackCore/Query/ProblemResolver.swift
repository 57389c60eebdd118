import FoundationEssentials

/// A problem found for a name, and whether the name only comes close to it.
public struct ProblemMatch: Sendable, Equatable {
    /// The problem.
    public let problem: Problem
    /// `true` when the name is not the problem's id, slug or title, nor words that occur whole in
    /// its title alone, but only starts of its title's words (`median sort arr`): a guess a reading
    /// command may show, labelled, and a writing command refuses.
    public let isGuess: Bool
}

extension Catalog {
    /// The problem a user names for a change: an id (`1`, `#1`), a slug (`two-sum`), a title in
    /// any case and punctuation (`two sum`, `the knight's tour` for "The Knight’s Tour"), or words
    /// that are whole words of exactly one title (`median sorted arrays`; see ``TitleWords``: `1`
    /// is not a word of "1-bit" nor of "1's"). Nothing looser: a change never acts on a guess.
    ///
    /// Ids and slugs are looked up without building any other problem; only a name that is neither
    /// scans the titles.
    /// - Throws: ``LeetTrackError/ambiguousProblem(_:candidates:)`` when the words occur whole in
    ///   several titles, or the name is several ids (`1,2`);
    ///   ``LeetTrackError/inexactProblem(_:candidates:)`` when the words only start words of
    ///   titles (those titles are the candidates); ``LeetTrackError/unknownProblem(_:suggestions:)``
    ///   with the three closest titles when nothing fits (none for a name with a path's separator,
    ///   `../../etc/passwd`).
    public func resolve(_ name: String) throws(LeetTrackError) -> Problem {
        let match = try bestMatch(for: name)
        guard match.isGuess else { return match.problem }
        throw .inexactProblem(name, candidates: [match.problem])
    }

    /// The problem a reading command shows for `name`: what ``resolve(_:)-(String)`` finds, else the
    /// one title whose words start with the name's words, marked as a guess. A number in the name
    /// must be a whole word of the title (`two sum 2` is not "Merge Two 2D Arrays by Summing Values").
    /// - Throws: as ``resolve(_:)-(String)`` does, ``LeetTrackError/inexactProblem(_:candidates:)``
    ///   only for several looser candidates.
    public func bestMatch(for name: String) throws(LeetTrackError) -> ProblemMatch {
        let trimmed = name.trimmedOfWhitespace
        if let ids = Self.ids(in: trimmed) {
            var problems: [Problem] = []
            for id in ids where !problems.contains(where: { $0.id == id }) { problems.append(try problem(withListedID: id, name: name)) }
            guard problems.count == 1 else { throw .ambiguousProblem(name, candidates: problems) }
            return ProblemMatch(problem: problems[0], isGuess: false)
        }
        if let problem = problem(withSlug: trimmed) { return ProblemMatch(problem: problem, isGuess: false) }
        // No title or slug is this long, and comparing it with every title would cost its length
        // times the catalog's (a pasted 10,000-character name took minutes): it matches nothing.
        guard trimmed.utf8.count <= Self.longestName else { throw .unknownProblem(name, suggestions: []) }
        let words = TitleWords(trimmed)
        guard words.count > 0 else { throw .unknownProblem(name, suggestions: []) }
        // A title typed in full, in any case and with any punctuation, is the same words as the slug.
        if let problem = problem(withSlug: String(decoding: words.joined(separator: UInt8(ascii: "-")), as: UTF8.self)) {
            return ProblemMatch(problem: problem, isGuess: false)
        }

        var wholeWords: [Int] = []
        var startsOfWords: [Int] = []
        var title = TitleWords()
        for position in 0..<count {
            withTitleUTF8(at: position) { title.load($0) }
            if title.hasSameWords(as: words) { return ProblemMatch(problem: problem(at: position), isGuess: false) }
            if title.matches(words, .wholeWords) {
                wholeWords.append(position)
            } else if title.matches(words, .startsOfWords) {
                startsOfWords.append(position)
            }
        }
        if wholeWords.count == 1 { return ProblemMatch(problem: problem(at: wholeWords[0]), isGuess: false) }
        if wholeWords.count > 1 { throw .ambiguousProblem(name, candidates: wholeWords.map(problem(at:))) }
        if startsOfWords.count == 1 { return ProblemMatch(problem: problem(at: startsOfWords[0]), isGuess: true) }
        if startsOfWords.count > 1 { throw .inexactProblem(name, candidates: startsOfWords.map(problem(at:))) }
        // A file's path (`../../etc/passwd`, sent to the server's routes) is no misspelt title:
        // titles close to its words would only look like an answer to it. (Dots alone, `..`, are
        // no words, and were refused above without suggestions.)
        if Self.hasPathSeparator(trimmed) { throw .unknownProblem(name, suggestions: []) }
        // The edit distance costs the name's length times each title's: its first bytes suggest as well.
        let text = words.joined(separator: UInt8(ascii: " ")).prefix(Self.longestSuggestedName)
        throw .unknownProblem(name, suggestions: closestProblems(to: Array(text), count: 3))
    }

    /// Whether `name` has a path's separator, `/` or `\\`.
    static func hasPathSeparator(_ name: String) -> Bool {
        name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
    }

    /// The longest name, in bytes, compared with the titles: above any title or slug an entrance
    /// accepts (``InputRules/maximumTitleLength`` characters, ``InputRules/maximumSlugLength`` bytes).
    static let longestName = InputRules.maximumTitleLength * 4

    /// How many bytes of an unknown name the suggestions compare: longer than LeetCode's titles.
    static let longestSuggestedName = 100

    /// Resolves several names for a change, failing on the first that does not resolve (see
    /// ``resolve(_:)-(String)``); duplicates are dropped. A name without letters is the ids it holds
    /// (`1,2`, `"1 2"`, `1;2`: see ``ids(in:)``), never title words ("1-bit and 2-bit Characters").
    public func resolve(_ names: [String]) throws(LeetTrackError) -> [Problem] {
        var problems: [Problem] = []
        func add(_ problem: Problem) {
            if !problems.contains(where: { $0.id == problem.id }) { problems.append(problem) }
        }
        for name in names {
            if let ids = Self.ids(in: name.trimmedOfWhitespace) {
                for id in ids { add(try problem(withListedID: id, name: ids.count == 1 || id == Self.unnamedID ? name : String(id))) }
            } else {
                add(try resolve(name))
            }
        }
        return problems
    }

    /// The ids of a name without letters that holds numbers (`12`, `#12`, `1,2`, `1;2`, `(1, 2)`,
    /// `1 & 2`): its numbers, else `nil`. Such a name is never title words ("1-bit and 2-bit
    /// Characters"), as a filter's commas are several values (`-d easy,medium`). A letter, or a
    /// digit other than ASCII's, makes it a name of words.
    ///
    /// A sign, a decimal point, a slash or a range (`-3`, `+3`, `1-3`, `1.2`, `1/2`, `1..3`, `1~3`) could
    /// mean something else than those numbers (a range, a negative number, a fraction): such a
    /// name is one id, ``unnamedID``, that names no problem, so a command refuses it rather than
    /// guess. So is a number too long for an `Int`.
    public static func ids(in name: String) -> [Int]? {
        var ids: [Int] = []
        var digits = ""
        var isUnclear = false
        func endNumber() {
            guard !digits.isEmpty else { return }
            ids.append(Int(digits) ?? unnamedID)
            digits = ""
        }
        // A "+" that follows no digit and comes right before one is a sign (`+1`, `1, +2`); between
        // numbers it joins them as `&` does (`1+2`, `#1 + #2`).
        var isSign = false
        var followsDigit = false
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x30, scalar.value <= 0x39 {
                if digits.isEmpty && isSign { isUnclear = true }
                digits.unicodeScalars.append(scalar)
                (isSign, followsDigit) = (false, true)
                continue
            }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return nil }
            if unclearSeparators.contains(scalar) || scalar.properties.generalCategory == .dashPunctuation || scalar == "\u{2212}" {
                isUnclear = true
            }
            (isSign, followsDigit) = (scalar == "+" && !followsDigit, false)
            endNumber()
        }
        endNumber()
        if ids.isEmpty { return nil }
        return isUnclear || ids.contains(unnamedID) ? [unnamedID] : ids
    }

    /// The id of a name of numbers that names no problem (see ``ids(in:)``).
    public static let unnamedID = -1

    /// Characters between numbers that could make them something else than a list of ids.
    private static let unclearSeparators: Set<Unicode.Scalar> = [".", "/", ":", "~", "\\", "^", "*", "%", "="]

    /// The problem with `id`, or an unknown problem named `name`.
    private func problem(withListedID id: Int, name: String) throws(LeetTrackError) -> Problem {
        guard id >= 0, let problem = problem(withID: id) else { throw .unknownProblem(name, suggestions: []) }
        return problem
    }

    /// The `count` problems whose titles or slugs are closest to `text` (lowercased words joined
    /// by spaces) by edit distance.
    func closestProblems(to text: [UInt8], count wanted: Int) -> [Problem] {
        var best: [(distance: Int, position: Int)] = []
        var title = TitleWords()
        var distance = EditDistance()
        for position in 0..<count {
            withTitleUTF8(at: position) { title.load($0) }
            var closest = distance.between(title.joined(separator: UInt8(ascii: " ")), text)
            withSlugUTF8(at: position) { slug in
                closest = min(closest, distance.between(slug.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: " ") : $0 }, text))
            }
            if best.count < wanted || closest < best[best.count - 1].distance {
                best.append((closest, position))
                best.sort { ($0.distance, $0.position) < ($1.distance, $1.position) }
                if best.count > wanted { best.removeLast() }
            }
        }
        return best.map { problem(at: $0.position) }
    }
}
