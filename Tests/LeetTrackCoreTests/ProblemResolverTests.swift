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
    @Test("are lowercased ASCII runs, with non-ASCII text kept whole")
    func words() {
        let words = TitleWords("Two Sum II - Input Array Is Sorted")
        #expect((0..<words.count).map { String(decoding: words[$0], as: UTF8.self) } == ["two", "sum", "ii", "input", "array", "is", "sorted"])
        let knight = TitleWords("The Knight’s Tour 日本")
        #expect((0..<knight.count).map { String(decoding: knight[$0], as: UTF8.self) } == ["the", "knight’s", "tour", "日本"])
        #expect(TitleWords("  -- ").count == 0)
    }

    @Test("a title with non-ASCII characters can be named by its words")
    func nonASCIITitle() throws {
        #expect(try Catalog.builtIn.resolve("the knight’s tour").id == 2664)
        #expect(try Catalog.builtIn.resolve("Paint N × 3 Grid").id == 1411)
    }
}
