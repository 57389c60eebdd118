import Testing

@testable import LeetTrackCore

@Suite("Naming a problem")
struct ProblemResolverTests {
    let catalog = Catalog.builtIn

    @Test("an id names the problem with that id")
    func byID() throws {
        #expect(try catalog.resolve("1").slug == "two-sum")
        #expect(try catalog.resolve(" 146 ").slug == "lru-cache")
    }

    @Test("a slug names its problem")
    func bySlug() throws {
        #expect(try catalog.resolve("median-of-two-sorted-arrays").id == 4)
    }

    @Test("a title in any case names its problem even when other titles contain its words")
    func byTitle() throws {
        #expect(try catalog.resolve("two sum").id == 1)
        #expect(try catalog.resolve("TWO SUM").id == 1)
        #expect(try catalog.resolve("Two Sum II - Input Array Is Sorted").id == 167)
    }

    @Test("words that occur in exactly one title name that problem")
    func byUniqueWords() throws {
        #expect(try catalog.resolve("median sorted arrays").id == 4)
    }

    @Test("words that occur in several titles are ambiguous and list the candidates")
    func ambiguous() {
        #expect {
            try catalog.resolve("sum ii")
        } throws: { error in
            guard case LeetTrackError.ambiguousProblem(_, let candidates) = error else { return false }
            return candidates.map(\.id).contains(167) && candidates.map(\.id).contains(113)
        }
    }

    @Test("an unknown name is an error with the three closest problems")
    func unknownWithSuggestions() {
        #expect {
            try catalog.resolve("tow sum")
        } throws: { error in
            guard case LeetTrackError.unknownProblem("tow sum", let suggestions) = error else { return false }
            return suggestions.count == 3 && suggestions.first?.id == 1
        }
    }

    @Test("a name with a path's separator or only dots is unknown, with no titles suggested for it")
    func aPathGetsNoSuggestions() throws {
        for name in ["../../etc/passwd", "..\\..\\boot.ini", "/etc/passwd", "zzq/qqz", "..", "."] {
            #expect(throws: LeetTrackError.unknownProblem(name, suggestions: []), "\(name)") { try catalog.resolve(name) }
        }
        // A title with a slash still names its problem.
        #expect(try catalog.resolve("Capital Gain/Loss").title == "Capital Gain/Loss")
    }

    @Test("an unknown id is an error")
    func unknownID() {
        #expect(throws: LeetTrackError.unknownProblem("99999", suggestions: [])) { try catalog.resolve("99999") }
    }

    @Test("several names resolve in order without duplicates")
    func several() throws {
        #expect(try catalog.resolve(["1", "two-sum", "146"]).map(\.id) == [1, 146])
    }

    @Test("a name made only of ids and commas or blanks is those ids, never title words")
    func idLists() throws {
        // "1-bit and 2-bit Characters" has the words 1 and 2; `solve 1,2` solved it.
        #expect(try catalog.resolve(["1,2"]).map(\.id) == [1, 2])
        #expect(try catalog.resolve(["#1, #2", "3 4", "2"]).map(\.id) == [1, 2, 3, 4])
        #expect(throws: LeetTrackError.unknownProblem("99999", suggestions: [])) { try catalog.resolve(["1,99999"]) }
        // Where one problem is meant, several ids are refused with them as the candidates.
        #expect {
            try catalog.resolve("1,2")
        } throws: { error in
            guard case LeetTrackError.ambiguousProblem("1,2", let candidates) = error else { return false }
            return candidates.map(\.id) == [1, 2]
        }
        #expect(try catalog.resolve("7,7").id == 7)
    }

    @Test("starts of title words are refused for a change, naming the titles they start")
    func startsOfWordsAreRefused() {
        #expect {
            try catalog.resolve("merge two 2d arr")
        } throws: { error in
            guard case LeetTrackError.inexactProblem(_, let candidates) = error else { return false }
            return candidates.map(\.id) == [2570]
        }
        #expect {
            try catalog.resolve("median sort")
        } throws: { error in
            guard case LeetTrackError.inexactProblem(_, let candidates) = error else { return false }
            return candidates.map(\.id).contains(4) && candidates.count > 1
        }
    }

    @Test("a reading command gets the one title whose words start with the name's, marked as a guess")
    func bestMatchIsAGuess() throws {
        let guess = try catalog.bestMatch(for: "merge two 2d arr")
        #expect(guess.problem.id == 2570 && guess.isGuess)
        let exact = try catalog.bestMatch(for: "median sorted arrays")
        #expect(exact.problem.id == 4 && !exact.isGuess)
        #expect(try !catalog.bestMatch(for: "lru cache").isGuess)
    }

    @Test("a number in the name must be a whole word of the title, also for a guess")
    func numbersMatchWholeWords() throws {
        // "two sum 2" opened 2570, "Merge Two 2D Arrays by Summing Values".
        for name in ["two sum 2", "merge two 2 arrays summing"] {
            #expect(throws: LeetTrackError.self) { try catalog.bestMatch(for: name) }
        }
        // Numbers that are words of the title name it.
        #expect(try catalog.resolve("1 bit 2 bit characters").id == 717)
    }
}

@Suite("Title words")
struct TitleWordsTests {
    @Test("are lowercased runs of letters and digits, with typographic characters folded and non-ASCII letters kept")
    func words() {
        let words = TitleWords("Two Sum II - Input Array Is Sorted")
        #expect((0..<words.count).map { String(decoding: words[$0], as: UTF8.self) } == ["two", "sum", "ii", "input", "array", "is", "sorted"])
        #expect(words.wordCount == 7)
        let knight = TitleWords("The Knight’s Tour 日本")
        #expect((0..<knight.count).map { String(decoding: knight[$0], as: UTF8.self) } == ["the", "knight", "s", "tour", "日本"])
        // "Knight’s" is one whole word of two runs.
        #expect(knight.wordCount == 4 && knight.runs(ofWord: 1) == 1..<3)
        let paint = TitleWords("Paint N × 3 Grid")
        #expect((0..<paint.count).map { String(decoding: paint[$0], as: UTF8.self) } == ["paint", "n", "x", "3", "grid"])
        #expect(TitleWords("  -- ").count == 0)
        #expect(TitleWords("Y\u{2011}Sum\u{00A0}by").wordCount == 2)
        #expect(TitleWords("Some \u{200C}Binary").count == 2)
    }

    /// Whether `name` matches `title` by `looseness`.
    private func matches(_ title: String, _ name: String, _ looseness: TitleWords.Looseness) -> Bool {
        var words = TitleWords(title)
        return words.matches(TitleWords(name), looseness)
    }

    @Test("a number matches a whole word only, and runs of a name may spell a word with punctuation")
    func wholeWords() {
        let bits = "1-bit and 2-bit Characters"
        for name in ["1", "1 and 2", "2", "bit", "1 a"] {
            #expect(!matches(bits, name, .wholeWords), "\(name)")
        }
        #expect(matches(bits, "1 bit characters", .wholeWords))
        #expect(matches(bits, "2-bit", .wholeWords))
        // A letter may start a word for a guess and occur in one for a search; a number may not.
        #expect(matches(bits, "1 bit char", .startsOfWords))
        #expect(!matches(bits, "1 char", .startsOfWords))
        #expect(matches(bits, "bit", .within) && !matches(bits, "2", .within))
        let ones = "Check if There is a Path With Equal Number of 0's And 1's"
        #expect(!matches(ones, "1 a", .startsOfWords) && matches(ones, "0's 1's", .wholeWords))
    }
}

@Suite("Naming a problem: ids with any separator, whole words, typographic titles")
struct ProblemResolverRulesTests {
    let catalog = Catalog.builtIn

    @Test("a name without letters is the ids it holds, whatever separates them")
    func idsWithAnySeparator() throws {
        for name in ["1;2", "1|2", "1#2", "(1,2)", "[1,2]", "1 & 2", "#1 + #2", "1+2", "1 + 2", "1\u{00A0}2"] {
            #expect(Catalog.ids(in: name) == [1, 2], "\(name)")
            #expect(try catalog.resolve([name]).map(\.id) == [1, 2], "\(name)")
            #expect(throws: LeetTrackError.ambiguousProblem(name, candidates: [try catalog.resolve("1"), try catalog.resolve("2")])) {
                try catalog.bestMatch(for: name)
            }
        }
        #expect(Catalog.ids(in: "(717)") == [717] && Catalog.ids(in: "#") == nil && Catalog.ids(in: "1 a") == nil)
        // A sign, a point, a slash or a range could mean other numbers: one id that names no problem.
        for name in ["-3", "5-", "1-3", "1..3", "1.2", "1/2", "1~3", "1\u{2013}3", "2,18446744073709551617", "+1", "1, +2", "(+3)"] {
            #expect(Catalog.ids(in: name) == [Catalog.unnamedID], "\(name)")
            #expect(throws: LeetTrackError.unknownProblem(name, suggestions: [])) { try catalog.resolve([name]) }
        }
        // A digit of another script is not an id.
        #expect(Catalog.ids(in: "\u{0661}") == nil)
    }

    @Test("a number must equal a whole word: 1 is not a word of 1-bit nor of 1's")
    func numbersAreWholeWords() {
        for name in ["1 and 2", "1 bit and 2", "two sum 2"] {
            #expect(throws: LeetTrackError.self, "\(name)") { try catalog.bestMatch(for: name) }
        }
        // `fav "1 a"` took "0's And 1's" (2510); "1" is a word of "… Equal to 1" only, "a" starts words.
        #expect(throws: LeetTrackError.self) { try catalog.resolve("1 a") }
        let guess = try? catalog.bestMatch(for: "1 a")
        #expect(guess?.problem.id != 2510 && guess?.isGuess != false)
    }

    @Test("the names that worked before still work")
    func sureNames() throws {
        let names: [(String, Int)] = [
            ("3sum", 15), ("4sum ii", 454), ("two sum ii", 167), ("24 game", 679), ("01 matrix", 542),
            ("132 pattern", 456), ("two sum", 1), ("lru cache", 146), ("median sorted arrays", 4),
            ("1-bit and 2-bit characters", 717), ("non overlapping intervals", 435),
        ]
        for (name, id) in names { #expect(try catalog.resolve(name).id == id, "\(name)") }
    }

    @Test("titles with typographic characters are named in plain ASCII")
    func typographicTitles() throws {
        #expect(try catalog.resolve("the knight's tour").id == 2664)
        #expect(try catalog.resolve("The Knight’s Tour").id == 2664)
        #expect(try catalog.resolve("number of ways to paint n x 3 grid").id == 1411)
        #expect(try catalog.resolve("maximize y-sum by picking a triplet of distinct x-values").id == 3572)
        #expect(try catalog.resolve("is array a preorder of some binary tree").id == 2764)
    }

    @Test("a search finds a number only as a whole word")
    func searchNumbers() {
        var query = ProblemQuery()
        query.text = "two sum 2"
        #expect(catalog.problems(matching: query, progress: [:]).isEmpty)
        query.text = "1 bit"
        let bits = catalog.problems(matching: query, progress: [:]).map(\.id)
        #expect(bits.contains(717) && bits.contains(191))  // "1-bit and 2-bit Characters", "Number of 1 Bits"
        query.text = "2"
        #expect(catalog.problems(matching: query, progress: [:]).map(\.id) == [2])
        // A text without letters is ids, as a change reads it.
        query.text = "1;2"
        #expect(catalog.problems(matching: query, progress: [:]).map(\.id) == [1, 2])
        query.text = "sum"
        #expect(catalog.problems(matching: query, progress: [:]).map(\.id).contains(1))
    }
}
