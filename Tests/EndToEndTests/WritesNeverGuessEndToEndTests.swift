import Foundation
import Testing

/// Issue 37, point 1: a command that changes something acts only on a problem named for sure (an
/// id, a slug, a title, or words that occur whole in one title); reading commands may show a
/// guess, said to be one. End to end on the real binary and a store in a temporary folder.
@Suite("A write never acts on a guess, end to end")
struct WritesNeverGuessEndToEndTests {
    /// Runs `arguments`, expects exit 64, no output, the store unchanged, and returns stderr.
    private func refused(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> String {
        let before = try leettrack.snapshot()
        let result = try leettrack.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        #expect(try leettrack.snapshot() == before, "\(arguments) changed the store")
        return result.stderr
    }

    private func status(_ leettrack: LeetTrackRunner, _ problem: String) throws -> String? {
        (try leettrack.json(try leettrack.run("show", problem, "--json")) as? [String: Any])?["status"] as? String
    }

    @Test("ids joined by commas or blanks are those ids, for every command that takes several problems")
    func idsAndCommas() throws {
        let leettrack = try LeetTrackRunner()
        // `solve 1,2` solved "717. 1-bit and 2-bit Characters", whose title has the words 1 and 2.
        let solved = try leettrack.run("solve", "1,2")
        #expect(solved.status == 0, "\(solved.stderr)")
        #expect(solved.stdout.contains("Solved 1. Two Sum") && solved.stdout.contains("Solved 2. Add Two Numbers"), "\(solved.stdout)")
        #expect(try status(leettrack, "717") == "todo")
        #expect(try leettrack.run("fav", "#3, 4", "5 6").status == 0)
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["id"] as? Int } == [3, 4, 5, 6])
        try leettrack.run("lists", "create", "mine")
        #expect(try leettrack.run("lists", "add", "mine", "7,8").status == 0)
        let list = try #require(try leettrack.json(try leettrack.run("lists", "mine", "--json")) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? Int } == [7, 8])
        // An unknown id among them changes nothing and is named.
        #expect(try refused(leettrack, ["attempt", "9,99999"]).contains("'99999'"))
    }

    @Test("several ids where one problem is meant are refused, naming them")
    func severalIDsForOne() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["note", "1,2", "text"], ["review", "1,2", "good"], ["code", "1,2"], ["show", "1,2"]] {
            let message = try refused(leettrack, arguments)
            #expect(message.contains("1  Two Sum") && message.contains("2  Add Two Numbers"), "\(arguments): \(message)")
        }
    }

    @Test("starts of title words are refused by every write, naming the candidates, and change nothing")
    func startsOfWordsRefused() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "2570")
        try leettrack.run("lists", "create", "mine")
        let writes: [[String]] = [
            ["solve", "merge two 2d arr"], ["attempt", "merge two 2d arr"], ["fav", "merge two 2d arr"],
            ["unfav", "merge two 2d arr"], ["note", "merge two 2d arr", "text"], ["note", "merge two 2d arr", "--clear"],
            ["reset", "merge two 2d arr"], ["skip", "merge two 2d arr"], ["unskip", "merge two 2d arr"],
            ["review", "merge two 2d arr", "good"], ["code", "merge two 2d arr"],
            ["lists", "add", "mine", "merge two 2d arr"], ["lists", "remove", "mine", "merge two 2d arr"],
        ]
        for arguments in writes {
            let message = try refused(leettrack, arguments)
            #expect(message.contains("2570  Merge Two 2D Arrays by Summing Values"), "\(arguments): \(message)")
            #expect(message.contains("id, slug, title or whole words"), "\(arguments): \(message)")
        }
    }

    @Test("a number in the name must be a whole word of the title: `two sum 2` is not problem 2570")
    func numbersAreWholeWords() throws {
        let leettrack = try LeetTrackRunner()
        // `show "two sum 2"` opened "2570. Merge Two 2D Arrays by Summing Values".
        let shown = try leettrack.run("show", "two sum 2")
        #expect(shown.status == 64, "\(shown.stdout)")
        #expect(!shown.stdout.contains("2570") && !shown.stderr.contains("2570"), "\(shown.stderr)")
        #expect(try refused(leettrack, ["fav", "two sum 2"]).contains("no problem matches 'two sum 2'"))
        // Numbers that are words of one title name it, for a write too.
        let solved = try leettrack.run("solve", "1 bit 2 bit characters")
        #expect(solved.status == 0 && solved.stdout.contains("717. 1-bit and 2-bit Characters"), "\(solved.stderr)")
    }

    @Test("an id, a slug, a title and whole words of one title still name the problem for a write")
    func sureNamesWork() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("fav", "1", "lru-cache", "Two Sum II - Input Array Is Sorted", "median sorted arrays")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["id"] as? Int } == [1, 4, 146, 167])
    }

    @Test("words occurring whole in several titles are refused with the candidates")
    func severalTitles() throws {
        let leettrack = try LeetTrackRunner()
        let message = try refused(leettrack, ["solve", "sum ii"])
        #expect(message.contains("167  Two Sum II - Input Array Is Sorted") && message.contains("113  Path Sum II"), "\(message)")
    }

    @Test("reading commands show the one title the words start, saying on stderr it is a guess")
    func readsLabelTheGuess() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "2570", "hash the ids")
        let shown = try leettrack.run("show", "merge two 2d arr")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("2570. Merge Two 2D Arrays by Summing Values\n"), "\(shown.stdout)")
        #expect(shown.stderr == "Showing the closest match for 'merge two 2d arr': 2570. Merge Two 2D Arrays by Summing Values.\n")
        let url = try leettrack.run("open", "merge two 2d arr", "--print")
        #expect(url.stdout == "https://leetcode.com/problems/merge-two-2d-arrays-by-summing-values/\n")
        #expect(url.stderr.contains("closest match"), "\(url.stderr)")
        let note = try leettrack.run("note", "merge two 2d arr")
        #expect(note.stdout == "hash the ids\n" && note.stderr.contains("closest match"), "\(note.stderr)")
        // A name that is sure is shown without a word on stderr.
        #expect(try leettrack.run("show", "median sorted arrays").stderr.isEmpty)
        // Several titles the words start: no guess, the candidates.
        let several = try leettrack.run("show", "median sort")
        #expect(several.status == 64 && several.stdout.isEmpty)
        #expect(several.stderr.contains("4  Median of Two Sorted Arrays"), "\(several.stderr)")
    }

    @Test("a name without letters is the ids it holds, whatever separates them, for every write and read")
    func idsWithAnySeparator() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "717", "--note", "keep me")
        let names = ["1;2", "1|2", "1#2", "(1,2)", "[1,2]", "1 & 2"]
        for name in names {
            let added = try leettrack.run("fav", name)
            #expect(added.status == 0 && !added.stdout.contains("717"), "\(name): \(added.stdout)\(added.stderr)")
            let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
            #expect(favorites.compactMap { $0["id"] as? Int } == [1, 2], "\(name)")
            #expect(try leettrack.run("unfav", name).status == 0)
        }
        let solved = try leettrack.run("solve", "1;2")
        #expect(solved.stdout.contains("Solved 1. Two Sum") && solved.stdout.contains("Solved 2. Add Two Numbers"), "\(solved.stdout)")
        #expect(!solved.stdout.contains("717"))
        // Several ids where one problem is meant: refused, 717's note kept.
        for arguments in [["note", "1;2", "--clear"], ["note", "1|2", "text"], ["review", "1;2", "good"], ["code", "[1,2]"],
                          ["show", "1;2"], ["open", "(1,2)", "--print"], ["note", "1#2"]] {
            let message = try refused(leettrack, arguments)
            #expect(message.contains("1  Two Sum") && !message.contains("717"), "\(arguments): \(message)")
        }
        #expect(try leettrack.run("note", "717").stdout == "keep me\n")
        // A sign, a point, a slash or a range could mean other numbers: refused, nothing changed.
        for arguments in [["solve", "--", "-3"], ["fav", "5-"], ["solve", "1-3"], ["reset", "1/2", "--forget"], ["fav", "1.2"],
                          ["fav", "2,18446744073709551617"], ["list", "1..3"], ["show", "1-3"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("separated by commas or blanks") && !result.stderr.contains("'-1'"), "\(arguments): \(result.stderr)")
        }
        #expect(try status(leettrack, "3") == "todo" && status(leettrack, "1") == "solved")
        let reset = try leettrack.run("reset", "1;2", "--forget")
        #expect(reset.status == 0 && !reset.stdout.contains("717"), "\(reset.stdout)\(reset.stderr)")
        #expect(try status(leettrack, "1") == "todo" && status(leettrack, "717") == "solved")
        try leettrack.run("lists", "create", "mine")
        #expect(try leettrack.run("lists", "add", "mine", "1|2").status == 0)
        let list = try #require(try leettrack.json(try leettrack.run("lists", "mine", "--json")) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? Int } == [1, 2])
    }

    @Test("a number is a whole word of a title: `1 and 2` and `1 a` name nothing, for writes and reads")
    func numbersAreWholeWordsForEveryCommand() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["solve", "1 and 2"], ["fav", "1 a"], ["attempt", "1 bit and 2"], ["show", "1 and 2"], ["note", "1 and 2"]] {
            let message = try refused(leettrack, arguments)
            #expect(!message.contains("717  ") && !message.contains("2510  "), "\(arguments): \(message)")
        }
        // Read, `1 a` is at most a guess said to be one, never "… Number of 0's And 1's" (2510).
        for arguments in [["show", "1 a"], ["note", "1 a"]] {
            let shown = try leettrack.run(arguments)
            #expect(!shown.stdout.contains("2510"), "\(arguments): \(shown.stdout)")
            #expect(shown.status != 0 || shown.stderr.contains("closest match"), "\(arguments): \(shown.stderr)")
        }
        // A word with a hyphen or an apostrophe is named whole, with any punctuation between its parts.
        let solved = try leettrack.run("solve", "1 bit 2 bit characters")
        #expect(solved.status == 0 && solved.stdout.contains("717."), "\(solved.stderr)")
    }

    @Test("`list` and `random` read ids and numbers by the same rules")
    func listAndRandom() throws {
        let leettrack = try LeetTrackRunner()
        for names in [["1,2"], ["1, 2"], ["1 2"], ["1;2"], ["1", "2"]] {
            let listed = try #require(try leettrack.json(try leettrack.run(["list"] + names + ["--json"])) as? [[String: Any]])
            #expect(listed.compactMap { $0["id"] as? Int } == [1, 2], "\(names)")
        }
        let unknown = try leettrack.run("list", "1;99999")
        #expect(unknown.status == 64 && unknown.stderr.contains("99999"), "\(unknown.stderr)")
        let searched = try #require(try leettrack.json(try leettrack.run("list", "two sum 2", "--json")) as? [[String: Any]])
        #expect(!searched.contains { $0["id"] as? Int == 2570 })
        let noRandom = try leettrack.run("random", "two sum 2")
        #expect(noRandom.status == 1 && !noRandom.stdout.contains("2570"), "\(noRandom.stdout)")
        for _ in 0..<3 {
            let picked = try #require(try leettrack.json(try leettrack.run("random", "1,2", "--json")) as? [String: Any])
            #expect([1, 2].contains(picked["id"] as? Int ?? 0), "\(picked)")
        }
    }

    @Test("titles with typographic characters are named in plain ASCII")
    func typographicTitles() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(
            "fav", "the knight's tour", "number of ways to paint n x 3 grid", "maximize y-sum by picking a triplet of distinct x-values")
        #expect(result.status == 0, "\(result.stderr)")
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["id"] as? Int } == [1411, 2664, 3572])
    }
}
