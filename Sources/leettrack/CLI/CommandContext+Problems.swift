import LeetTrackCore
import LeetTrackText

extension CommandContext {
    /// The problem a reading command (`show`, `open`, a note's display) shows for `name`: the one it
    /// names, else the one title whose words start with its words, said on standard error as a
    /// guess ("Showing the closest match for 'median sort': 4. Median of Two Sorted Arrays"), so
    /// a script reading standard output is not told a guess is the problem. A change never takes
    /// a guess: it resolves with `Catalog.resolve`.
    func problemToShow(_ name: String, doing verb: String = "Showing") throws -> Problem {
        let match = try catalog.bestMatch(for: name)
        if match.isGuess {
            Terminal.writeError("\(verb) the closest match for '\(name.lineFeedsEscaped)': \(Format.name(match.problem)).\n")
        }
        return match.problem
    }
}
