import Foundation
import Testing
import TestSupport

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

    @Test("the fast reader reads every kind, rating, card state and card number as JSONDecoder does")
    func fastReaderAgreesOnGeneratedRecords() throws {
        var generator = SystemRandomNumberGenerator()
        let kinds: [ProgressEvent.Kind] = [.solved, .attempted, .reviewed, .reset, ProgressEvent.Kind(rawValue: "imported")]
        let ratings: [String?] = [nil, "again", "hard", "good", "easy", "meh"]
        for round in 0..<300 {
            let events = (0..<Int.random(in: 0...6, using: &generator)).map { offset in
                ProgressEvent(
                    kind: kinds.randomElement(using: &generator)!,
                    date: Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))),
                    rating: ratings.randomElement(using: &generator)!,
                    seconds: offset % 2 == 0 ? Int.random(in: PracticeTime.range, using: &generator) : nil,
                    note: offset % 3 == 0 ? "TLE on case \(offset)" : nil)
            }
            let card = round % 4 == 0 ? nil : ReviewCard(
                due: Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))),
                stability: round % 5 == 0 ? nil : Double.random(in: 0.001...36_500, using: &generator),
                difficulty: round % 7 == 0 ? nil : Double.random(in: 1...10, using: &generator),
                state: ReviewCard.State.allCases.randomElement(using: &generator)!,
                lastReview: round % 3 == 0 ? nil : Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))),
                reps: Int.random(in: 0...500, using: &generator), lapses: Int.random(in: 0...50, using: &generator))
            let record = ProblemProgress(
                status: Status.allCases.randomElement(using: &generator)!, favorite: round % 2 == 0,
                note: round % 3 == 0 ? "" : "note \(round)", events: events, review: card)
            let data = try Self.encoder.encode(record)
            let decoded = try JSONDecoder().decode(ProblemProgress.self, from: data)
            #expect(ProgressJSONReader.progress(from: data) == decoded, "\(String(decoding: data, as: UTF8.self))")
        }
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

    /// From 1583 on: before the Gregorian reform Foundation's calendar is the Julian one, where
    /// stored times, like `JSONEncoder`'s own, are proleptic Gregorian.
    @Test("stored instants from 1583 to 9999 are written as Foundation writes them, fractions dropped")
    func timestampsAsFoundationWritesThem() {
        var formatter = Date.ISO8601FormatStyle()
        formatter.timeZone = TimeZone(identifier: "UTC")!
        var random = SeededRandom(seed: 8601)
        var times: [Double] = [-12_212_553_600, -12_212_553_599.5, -1, -0.25, 0, 0.75, 59, 86_399, 951_868_799, 253_402_300_799, 253_402_300_799.9]
        for _ in 0..<20_000 { times.append(Double(Int.random(in: -12_212_553_600...253_402_300_799, using: &random)) + Double.random(in: 0..<1, using: &random)) }
        for time in times {
            let expected = formatter.format(Date(timeIntervalSince1970: time.rounded(.down)))
            #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: time)) == expected, "\(time)")
        }
    }

    @Test("any instant can be written for a message, however far or not a number")
    func extremeInstantsAreWritten() {
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200.5)) == "-0001-12-31T23:59:59Z")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -12_219_292_801)) == "1582-10-14T23:59:59Z")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        for time in [9.223372036854775807e18, -9.223372036854775808e18, 1e300, -1e300, .infinity, -.infinity, .nan] {
            #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: time)) == "Unix time \(time)")
        }
        // Just inside the bound the calendar is still used, without overflow.
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 2.9e15)).hasSuffix("Z"))
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -2.9e15)).hasSuffix("Z"))
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
