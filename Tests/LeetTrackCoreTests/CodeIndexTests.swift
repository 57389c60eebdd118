import FoundationEssentials
import LeetTrackCore
import Testing

@Suite("The code folder's README index and commit messages")
struct CodeIndexTests {
    let catalog = Catalog.builtIn

    func entry(_ id: Int, on day: String, seconds: Int? = nil, files: [String]) throws -> CodeIndex.Entry {
        CodeIndex.Entry(problem: try #require(catalog.problem(withID: id)), solved: try LocalDay(parsing: day), seconds: seconds, files: files)
    }

    @Test func theUsersBytesOutsideTheMarkersAreKept() {
        let before = Data("intro \u{FF}\n<!-- leettrack:index:start -->\nold\n<!-- leettrack:index:end -->\ntail\r\n".utf8)
        let merged = CodeIndex.merged(CodeIndex.startMarker + "\nnew\n" + CodeIndex.endMarker + "\n", into: before) ?? Data()
        #expect(String(decoding: merged, as: UTF8.self)
            == "intro \u{FF}\n<!-- leettrack:index:start -->\nnew\n<!-- leettrack:index:end -->\ntail\r\n")
    }

    @Test func aReadmeWithoutMarkersGetsTheBlockAtItsEndAndNoneIsCreated() {
        let block = CodeIndex.startMarker + "\nx\n" + CodeIndex.endMarker + "\n"
        #expect(CodeIndex.merged(block, into: Data("mine".utf8)).map { String(decoding: $0, as: UTF8.self) } == "mine\n\n" + block)
        #expect(CodeIndex.merged(block, into: nil).map { String(decoding: $0, as: UTF8.self) } == "# Solutions\n\n" + block)
    }

    @Test func markersOtherThanOneStartBeforeOneEndLeaveTheReadmeAlone() {
        let block = CodeIndex.startMarker + "\nx\n" + CodeIndex.endMarker + "\n"
        let (start, end) = (CodeIndex.startMarker, CodeIndex.endMarker)
        // A start the user typed with notes after it: replacing up to a later end would delete them.
        for text in [
            "Intro\n\(start)\nMy precious notes\n",
            "\(end)\n\(start)\n",
            "\(start)\nnotes\n\(start)\nold\n\(end)\n",
            "\(start)\nold\n\(end)\nmore\n\(end)\n",
            "Intro\n\(end)\n",
        ] {
            #expect(CodeIndex.merged(block, into: Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func entriesAreGroupedBySectionOrTopicWithLinks() throws {
        let entries = [try entry(1, on: "2026-12-06", seconds: 720, files: ["1.two-sum.py"]), try entry(2, on: "2026-12-07", files: ["2.add-two-numbers.rs"])]
        let sections = CodeIndex(entries: entries, grouping: .sections).block(catalog: catalog, followedList: nil)
        #expect(sections.contains("## Arrays & Hashing\n"), "\(sections)")
        #expect(sections.contains("| 1 | [Two Sum](https://leetcode.com/problems/two-sum/) | Easy | 2026-12-06 | 12m | [py](./1.two-sum.py) |\n"), "\(sections)")
        let topics = CodeIndex(entries: entries, grouping: .topics).block(catalog: catalog, followedList: nil)
        #expect(topics.contains("## Array\n"))
        #expect(topics.contains("## Linked List\n"))
    }

    @Test func markdownInATitleIsEscaped() throws {
        var problem = try #require(catalog.problem(withID: 1))
        problem.title = "A | B](http://evil)\n# x"
        let block = CodeIndex(entries: [CodeIndex.Entry(problem: problem, solved: try LocalDay(parsing: "2026-12-06"), seconds: nil, files: [])],
            grouping: .topics).block(catalog: catalog, followedList: nil)
        #expect(block.contains("[A \\| B\\]\\(http://evil\\) \\# x](https://leetcode.com/problems/two-sum/)"), "\(block)")
    }

    @Test func aLinkPercentEncodesEveryByteOutsideLettersDigitsDotHyphenAndUnderscore() throws {
        let entries = [try entry(1, on: "2026-12-06", files: ["1.two sum\u{1}\u{1F}(é)_x-y.py"])]
        let block = CodeIndex(entries: entries, grouping: .topics).block(catalog: catalog, followedList: nil)
        #expect(block.contains("](./1.two%20sum%01%1F%28%C3%A9%29_x-y.py)"), "\(block)")
    }

    @Test func onlyFilesOfTheShapeCodeGivesAreSolutions() {
        let files = CodeIndex.solutionFiles(in: ["1.two-sum.py", "1.two-sum.rs", "2.two-sum.py", "notes.txt", "1.two-sum.py.orig", "README.md"], catalog: catalog)
        #expect(files == ["two-sum": ["1.two-sum.py", "1.two-sum.rs"]])
    }

    @Test func theMessageNamesTheSolveAndItsTrailersFindTheDaysCommit() throws {
        let problem = try #require(catalog.problem(withID: 1))
        let message = CodeCommitMessage(problem: problem, day: try LocalDay(parsing: "2026-12-06"), seconds: 720)
        #expect(message.text == "1. Two Sum (Easy) · 12 min · Array, Hash Table\n\nLeetTrack-Problem: two-sum\nLeetTrack-Day: 2026-12-06\n")
        #expect(message.isSameSolve(asMessage: message.text))
        let nextDay = CodeCommitMessage(problem: problem, day: try LocalDay(parsing: "2026-12-07"), seconds: nil)
        #expect(!nextDay.isSameSolve(asMessage: message.text))
        #expect(!message.isSameSolve(asMessage: "fix typo\n"))
        // The same day's solve without a time, or with another, is the same commit; a subject the
        // user edited (trailers kept) is theirs, and is not amended away.
        let untimed = CodeCommitMessage(problem: problem, day: try LocalDay(parsing: "2026-12-06"), seconds: nil)
        #expect(untimed.isSameSolve(asMessage: message.text) && message.isSameSolve(asMessage: untimed.text))
        #expect(message.isSameSolve(asMessage: "1. Two Sum (Easy) · 45 s · Array, Hash Table\n\n" + message.trailers))
        for edited in ["1. Two Sum (Easy): used a hash map, O(n)", "1. Two Sum (Easy) · 12 min · Array, Hash Table · one pass", "Two Sum"] {
            #expect(!message.isSameSolve(asMessage: edited + "\n\n" + message.trailers + "\n"), "\(edited)")
        }
    }

    @Test func aTitleWithALineBreakStaysOneSubjectLine() throws {
        var problem = try #require(catalog.problem(withID: 1))
        problem.title = "Two\nSum\u{1B}[31m"
        let message = CodeCommitMessage(problem: problem, day: try LocalDay(parsing: "2026-12-06"), seconds: 30)
        #expect(!message.subject.contains("\n") && !message.subject.contains("\u{1B}"))
        #expect(message.subject.hasPrefix("1. Two Sum [31m (Easy) · 30 s"), "\(message.subject)")
    }
}
