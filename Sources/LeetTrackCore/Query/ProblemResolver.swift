import FoundationEssentials

extension Catalog {
    /// The problem a user means by `name`: an id (`1`), a slug (`two-sum`), a title in any case
    /// (`two sum`), or words that occur in exactly one title (`median sorted arrays`).
    ///
    /// Ids and slugs are looked up without building any other problem; only a name that is neither
    /// scans the titles.
    /// - Throws: ``LeetTrackError/ambiguousProblem(_:candidates:)`` when the words fit several
    ///   titles, ``LeetTrackError/unknownProblem(_:suggestions:)`` with the three closest titles
    ///   when nothing fits.
    public func resolve(_ name: String) throws(LeetTrackError) -> Problem {
        let trimmed = name.trimmedOfWhitespace
        if let id = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed) {
            if let problem = problem(withID: id) { return problem }
            throw .unknownProblem(name, suggestions: [])
        }
        if let problem = problem(withSlug: trimmed) { return problem }
        // No title or slug is this long, and comparing it with every title would cost its length
        // times the catalog's (a pasted 10,000-character name took minutes): it matches nothing.
        guard trimmed.utf8.count <= Self.longestName else { throw .unknownProblem(name, suggestions: []) }
        let words = TitleWords(trimmed)
        guard words.count > 0 else { throw .unknownProblem(name, suggestions: []) }
        // A title typed in full, in any case and with any punctuation, is the same words as the slug.
        if let problem = problem(withSlug: String(decoding: words.joined(separator: UInt8(ascii: "-")), as: UTF8.self)) {
            return problem
        }

        var exactWords: [Int] = []
        var prefixWords: [Int] = []
        var title = TitleWords()
        for position in 0..<count {
            withTitleUTF8(at: position) { title.load($0) }
            if title.hasSameWords(as: words) { return problem(at: position) }
            if (0..<words.count).allSatisfy({ title.contains(words[$0]) }) {
                exactWords.append(position)
            } else if (0..<words.count).allSatisfy({ title.containsWord(startingWith: words[$0]) }) {
                prefixWords.append(position)
            }
        }
        for candidates in [exactWords, prefixWords] where !candidates.isEmpty {
            if candidates.count == 1 { return problem(at: candidates[0]) }
            throw .ambiguousProblem(name, candidates: candidates.map(problem(at:)))
        }
        // The edit distance costs the name's length times each title's: its first bytes suggest as well.
        let text = words.joined(separator: UInt8(ascii: " ")).prefix(Self.longestSuggestedName)
        throw .unknownProblem(name, suggestions: closestProblems(to: Array(text), count: 3))
    }

    /// The longest name, in bytes, compared with the titles: above any title or slug an entrance
    /// accepts (``InputRules/maximumTitleLength`` characters, ``InputRules/maximumSlugLength`` bytes).
    static let longestName = InputRules.maximumTitleLength * 4

    /// How many bytes of an unknown name the suggestions compare: longer than LeetCode's titles.
    static let longestSuggestedName = 100

    /// Resolves several names, failing on the first that does not resolve; duplicates are dropped.
    public func resolve(_ names: [String]) throws(LeetTrackError) -> [Problem] {
        var problems: [Problem] = []
        for name in names {
            let problem = try resolve(name)
            if !problems.contains(where: { $0.id == problem.id }) { problems.append(problem) }
        }
        return problems
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
