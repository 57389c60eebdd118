import Foundation

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
        let words = Self.searchWords(trimmed)
        guard !words.isEmpty else { throw .unknownProblem(name, suggestions: []) }
        // A title typed in full, in any case and with any punctuation, is the same words as the slug.
        if let problem = problem(withSlug: words.joined(separator: "-")) { return problem }

        var exactWords: [Int] = []
        var prefixWords: [Int] = []
        for position in 0..<count {
            let titleWords = Self.searchWords(title(at: position))
            if titleWords == words { return problem(at: position) }
            if words.allSatisfy(titleWords.contains) {
                exactWords.append(position)
            } else if words.allSatisfy({ word in titleWords.contains { $0.hasPrefix(word) } }) {
                prefixWords.append(position)
            }
        }
        for candidates in [exactWords, prefixWords] where !candidates.isEmpty {
            if candidates.count == 1 { return problem(at: candidates[0]) }
            throw .ambiguousProblem(name, candidates: candidates.map(problem(at:)))
        }
        throw .unknownProblem(name, suggestions: closestProblems(to: words.joined(separator: " "), count: 3))
    }

    /// Resolves several names, failing on the first that does not resolve; duplicates are dropped.
    public func resolve(_ names: [String]) throws(LeetTrackError) -> [Problem] {
        var problems: [Problem] = []
        for name in names {
            let problem = try resolve(name)
            if !problems.contains(where: { $0.id == problem.id }) { problems.append(problem) }
        }
        return problems
    }

    /// The `count` problems whose titles or slugs are closest to `text` by edit distance.
    func closestProblems(to text: String, count wanted: Int) -> [Problem] {
        var best: [(distance: Int, position: Int)] = []
        for position in 0..<count {
            let title = Self.searchWords(title(at: position)).joined(separator: " ")
            let distance = min(
                EditDistance.between(title, text),
                EditDistance.between(slug(at: position).replacingOccurrences(of: "-", with: " "), text))
            if best.count < wanted || distance < best[best.count - 1].distance {
                best.append((distance, position))
                best.sort { ($0.distance, $0.position) < ($1.distance, $1.position) }
                if best.count > wanted { best.removeLast() }
            }
        }
        return best.map { problem(at: $0.position) }
    }
}
