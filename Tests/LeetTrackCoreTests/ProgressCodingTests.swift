import Foundation
import Testing

@testable import LeetTrackCore

@Suite("Stored progress records")
struct ProgressCodingTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    @Test("store events as UTC ISO 8601 text and leave out default fields")
    func storedForm() throws {
        let record = ProblemProgress(
            status: .solved, events: [ProgressEvent(kind: .solved, date: Date(timeIntervalSince1970: 1_764_424_992))])
        let text = String(decoding: try Self.encoder.encode(record), as: UTF8.self)
        #expect(text == #"{"events":[{"at":"2025-11-29T14:03:12Z","kind":"solved"}],"status":"solved"}"#)
    }

    @Test("an old record without the newer fields still decodes")
    func oldRecord() throws {
        let record = try JSONDecoder().decode(ProblemProgress.self, from: Data(#"{"status":"attempted"}"#.utf8))
        #expect(record == ProblemProgress(status: .attempted))
    }

    @Test("a review event keeps its rating and an unknown event kind is kept as is")
    func reviewAndUnknownKinds() throws {
        let record = ProblemProgress(status: .solved, events: [
            ProgressEvent(kind: .reviewed, date: Date(timeIntervalSince1970: 0), rating: "good"),
            ProgressEvent(kind: ProgressEvent.Kind(rawValue: "imported"), date: Date(timeIntervalSince1970: 60)),
        ])
        let data = try Self.encoder.encode(record)
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: data) == record)
        #expect(ProgressJSONReader.progress(from: data) == record)
    }

    @Test("the fast reader reads what JSONDecoder reads, escapes and all")
    func fastReaderAgreesWithJSONDecoder() throws {
        let notes = ["", "plain", "quote \" and backslash \\ and slash /", "line\nbreak\ttab", "日本語 🎉 emoji", "\u{1}control"]
        for (offset, note) in notes.enumerated() {
            let record = ProblemProgress(
                status: .attempted, favorite: offset % 2 == 0, note: note,
                events: [ProgressEvent(kind: .attempted, date: Date(timeIntervalSince1970: Double(offset) * 86_400))])
            let data = try Self.encoder.encode(record)
            #expect(ProgressJSONReader.progress(from: data) == record)
        }
        let unicodeEscapes = Data(#"{"note":"\u00e9\ud83c\udf89","status":"todo","later":{"x":[1,2.5e3,null,true]}}"#.utf8)
        #expect(ProgressJSONReader.progress(from: unicodeEscapes)?.note == "é🎉")
    }

    @Test("a key written with an escape is left to JSONDecoder, which reads it; dates are read from their bytes")
    func escapedKeyFallsBack() throws {
        let escaped = Data(#"{"st\u0061tus":"solved","favorite":true}"#.utf8)
        #expect(ProgressJSONReader.progress(from: escaped) == nil)
        let decoded = try JSONDecoder().decode(ProblemProgress.self, from: escaped)
        #expect(decoded.status == .solved && decoded.favorite)
        // A timestamp with an escaped digit is still a timestamp.
        let dated = Data(#"{"status":"solved","events":[{"kind":"solved","at":"2025-11-29T14:03:1\u0032Z"}]}"#.utf8)
        #expect(ProgressJSONReader.progress(from: dated)?.events.first?.date == Date(timeIntervalSince1970: 1_764_424_992))
    }

    @Test("the fast reader gives up on anything but a record")
    func fastReaderRejectsOtherJSON() {
        for text in [#"[]"#, #"{"status":"done"}"#, #"{"status":"todo""#, #"{"events":[{"kind":"solved","at":"yesterday"}]}"#, "{} x"] {
            #expect(ProgressJSONReader.progress(from: Data(text.utf8)) == nil)
        }
    }

    @Test("timestamps round-trip and malformed ones are rejected")
    func timestamps() {
        for seconds in [0, 951_782_400, 1_764_424_992, 4_102_444_799] {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(UTCTimestamp.date(from: UTCTimestamp.string(from: date)) == date)
        }
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(UTCTimestamp.date(from: "2025-02-29T00:00:00Z") == nil)
        #expect(UTCTimestamp.date(from: "2025-11-29 14:03:12") == nil)
        #expect(UTCTimestamp.date(from: "2025-11-29T14:03:12.500Z") == Date(timeIntervalSince1970: 1_764_424_992.5))
    }
}

@Suite("Changing a record")
struct ProgressChangeTests {
    let date = Date(timeIntervalSince1970: 1_764_424_992)

    @Test("an attempt after a solve keeps the problem solved")
    func attemptKeepsSolved() {
        var record = ProblemProgress()
        record.recordSolve(at: date)
        record.recordAttempt(at: date)
        #expect(record.status == .solved)
        #expect(record.events.map(\.kind) == [.solved, .attempted])
    }

    @Test("a reset keeps the history with a reset event unless told to forget it")
    func reset() {
        var record = ProblemProgress(favorite: true, note: "n")
        record.recordSolve(at: date)
        var kept = record
        kept.reset(at: date, forgetHistory: false)
        #expect(kept.status == .todo)
        #expect(kept.events.map(\.kind) == [.solved, .reset])
        record.reset(at: date, forgetHistory: true)
        #expect(record == ProblemProgress(favorite: true, note: "n"))
    }
}
