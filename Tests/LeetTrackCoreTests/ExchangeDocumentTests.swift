import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The export document")
struct ExchangeDocumentTests {
    static let solvedAt = Date(timeIntervalSince1970: 1_764_424_992)  // 2025-11-29T14:03:12Z

    static let sample = ExchangeDocument(problems: [
        ExchangeProblem(slug: "two-sum", id: 1, title: "Two Sum", progress: ProblemProgress(
            status: .solved, favorite: true, note: "hash map, \"one pass\"\nline two",
            events: [ProgressEvent(kind: .solved, date: solvedAt), ProgressEvent(kind: .reviewed, date: solvedAt + 86_400, rating: "good")],
            noteUpdated: solvedAt)),
        ExchangeProblem(slug: "add-two-numbers", id: 2, title: "Add Two Numbers", progress: ProblemProgress(favorite: true)),
    ])

    @Test("writes a versioned document with problems sorted by slug and UTC instants")
    func writtenForm() throws {
        let text = String(decoding: try Self.sample.jsonData(), as: UTF8.self)
        #expect(text.contains(#""format" : "leettrack-export""#))
        #expect(text.contains(#""version" : 1"#))
        #expect(text.contains(#""noteUpdated" : "2025-11-29T14:03:12Z""#))
        #expect(text.contains(#""rating" : "good""#))
        let addTwo = try #require(text.range(of: "add-two-numbers"))
        let twoSum = try #require(text.range(of: "\"two-sum\""))
        #expect(addTwo.lowerBound < twoSum.lowerBound)
        #expect(text.hasSuffix("}\n"))
    }

    @Test("reading what was written gives the same document and the same bytes")
    func roundTrip() throws {
        let data = try Self.sample.jsonData()
        let read = try ExchangeDocument.read(data, file: "export.json", now: Date())
        #expect(read == Self.sample)
        #expect(try read.jsonData() == data)
    }

    @Test("a truncated file is a syntax error at its end, with line and column")
    func truncated() throws {
        let data = try Self.sample.jsonData()
        let cut = data.prefix(data.count / 2)
        let lines = String(decoding: cut, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(throws: ExchangeError.malformedJSON(
            file: "e.json", line: lines.count, column: (lines.last?.count ?? 0) + 1, reason: "the file ends early (is it truncated?)")
        ) {
            try ExchangeDocument.read(Data(cut), file: "e.json", now: Date())
        }
    }

    @Test("a file of more problem records or lists than an export can hold is refused, naming the section")
    func tooManyRecordsOrLists() throws {
        func document(problems: Int, lists: Int) -> Data {
            let records = (0..<problems).map { #"{"slug":"made-up-\#($0)","status":"todo"}"# }.joined(separator: ",")
            let own = (0..<lists).map { #"{"name":"list \#($0)","created":"2026-01-01T00:00:00Z","problems":[]}"# }.joined(separator: ",")
            return Data(#"{"format":"leettrack-export","version":1,"problems":[\#(records)],"lists":[\#(own)]}"#.utf8)
        }
        #expect(try ExchangeDocument.read(document(problems: InputRules.maximumProblemRecords, lists: 2), file: "e.json", now: Date())
            .problems.count == InputRules.maximumProblemRecords)
        for (data, path) in [
            (document(problems: InputRules.maximumProblemRecords + 1, lists: 0), "problems"),
            (document(problems: 1, lists: InputRules.maximumOwnLists + 1), "lists"),
        ] {
            do {
                _ = try ExchangeDocument.read(data, file: "e.json", now: Date())
                Issue.record("expected the \(path) to be refused")
            } catch {
                guard case .invalidContent(_, let place, let reason) = error else { return #expect(Bool(false), "\(error)") }
                #expect(place == path)
                #expect(reason.contains("more than"), "\(reason)")
            }
        }
    }

    @Test("a syntax error in the middle names the line and column where the bad word starts")
    func syntaxErrorPosition() throws {
        let text = "{\n  \"format\": \"leettrack-export\",\n  \"version\": 1,\n  \"problems\": [tru]\n}\n"
        do {
            _ = try ExchangeDocument.read(Data(text.utf8), file: "e.json", now: Date())
            Issue.record("expected an error")
        } catch {
            guard case .malformedJSON(_, let line, let column, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 4)
            #expect(column == 16, "\(error)")
        }
    }

    @Test("line and column count characters, not bytes")
    func positionsCountCharacters() {
        let data = Data("{\"é\": 1,\n  \"ü🎉\": x".utf8)
        guard case .malformedJSON(_, let line, let column, _) = JSONFile.unreadableJSONError(in: data, file: "e.json") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(line == 2)
        #expect(column == 9)
    }

    @Test("another version is refused with both version numbers")
    func otherVersion() {
        let data = Data(#"{"format": "leettrack-export", "version": 4, "problems": []}"#.utf8)
        #expect(throws: ExchangeError.unsupportedVersion(file: "e.json", found: 4, supported: 3)) {
            try ExchangeDocument.read(data, file: "e.json", now: Date())
        }
    }

    @Test("JSON that is not an export is refused")
    func notAnExport() {
        let data = Data(#"{"stat_status_pairs": []}"#.utf8)
        #expect(throws: ExchangeError.self) { try ExchangeDocument.read(data, file: "e.json", now: Date()) }
    }

    @Test("a JSON array is not an export")
    func arrayIsNotAnExport() {
        #expect(throws: ExchangeError.wrongKind(file: "e.json", expected: "a LeetTrack export (it is not a JSON object)")) {
            try ExchangeDocument.read(Data("[1, 2]".utf8), file: "e.json", now: Date())
        }
    }

    @Test("a bad status names its place in the document")
    func badStatus() {
        let data = Data(#"{"format": "leettrack-export", "version": 1, "problems": [{"slug": "two-sum", "status": "solvd"}]}"#.utf8)
        #expect(throws: ExchangeError.invalidContent(
            file: "e.json", path: "problems[0].status", reason: "'solvd' is not a status (todo, attempted, solved)")
        ) {
            try ExchangeDocument.read(data, file: "e.json", now: Date())
        }
    }

    @Test("a slug listed twice is refused")
    func duplicateSlug() {
        let data = Data(#"{"format":"leettrack-export","version":1,"problems":[{"slug":"a","status":"todo"},{"slug":"a","status":"solved"}]}"#.utf8)
        #expect(throws: ExchangeError.invalidContent(file: "e.json", path: "problems[1].slug", reason: "'a' appears twice")) {
            try ExchangeDocument.read(data, file: "e.json", now: Date())
        }
    }

    @Test("an empty file says so")
    func emptyFile() {
        #expect(throws: ExchangeError.malformedJSON(file: "e.json", line: 1, column: 1, reason: "the file is empty")) {
            try ExchangeDocument.read(Data("\n".utf8), file: "e.json", now: Date())
        }
    }
}

@Suite("Note times in stored records")
struct NoteTimeTests {
    @Test("a record stored before notes had a time still decodes, with no time")
    func oldRecordDecodes() throws {
        let old = Data(#"{"status":"solved","note":"two pointers","events":[{"kind":"solved","at":"2025-11-29T14:03:12Z"}]}"#.utf8)
        let decoded = try JSONDecoder().decode(ProblemProgress.self, from: old)
        #expect(decoded.note == "two pointers")
        #expect(decoded.noteUpdated == nil)
        #expect(ProgressJSONReader.progress(from: old) == decoded)
    }

    @Test("the note time is stored as noteAt and read back by both readers")
    func noteTimeRoundTrips() throws {
        let record = ProblemProgress(note: "n", noteUpdated: Date(timeIntervalSince1970: 1_764_424_992))
        let data = try JSONEncoder().encode(record)
        #expect(String(decoding: data, as: UTF8.self).contains(#""noteAt":"2025-11-29T14:03:12Z""#))
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: data) == record)
        #expect(ProgressJSONReader.progress(from: data) == record)
    }

    @Test("changing a note through the repository dates it; other changes do not")
    func repositoryDatesNotes() throws {
        let repository = ProgressRepository(store: .memory(), clock: .system)
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try repository.progress(for: "two-sum").noteUpdated == nil)
        let before = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        try repository.update(["two-sum"]) { _, record in record.note = "hash map" }
        let dated = try #require(try repository.progress(for: "two-sum").noteUpdated)
        #expect(dated >= before)
        try repository.update(["two-sum"]) { _, record in record.favorite = false }
        #expect(try repository.progress(for: "two-sum").noteUpdated == dated)
    }
}
