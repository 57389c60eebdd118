import Foundation
import Testing

@testable import LeetTrackCore

@Suite("Practice times and per-event notes")
struct PracticeTimeTests {
    @Test("times read as people type them, a bare number being minutes", arguments: [
        ("25m", 1500), ("1h10m", 4200), ("90s", 90), ("1h", 3600), ("45", 2700), ("1h 5m 3s", 3903), ("2H", 7200),
        // Leading zeros do not count toward the digits' limit.
        ("0005", 300), ("00000000000000000000000000000000005m", 300), ("01h00005m", 3900), ("000000000000000000045", 2700),
    ])
    func parses(text: String, seconds: Int) throws {
        #expect(try PracticeTime.seconds(parsing: text) == seconds)
    }

    @Test("zero, a day or more, unknown units and units out of order are refused", arguments: [
        "0", "0m", "24h", "1440", "99999999999999999999", "", "5x", "m", "10m1h", "1h1h", "1.5h", "-5m", "0000", "000m",
        "0000099999999999999999999m", "000001440",
    ])
    func refuses(text: String) {
        #expect(throws: LeetTrackError.self) { try PracticeTime.seconds(parsing: text) }
    }

    @Test("a refused time says what is wrong with it: leading zeros are not a day or more, a minus sign is negative", arguments: [
        ("0000", "it must be more than zero"), ("00000000000000000000m", "it must be more than zero"),
        ("0000000000000000000024h", "it is a day or more"), ("-5", "a time cannot be negative"), (" -1h", "a time cannot be negative"),
    ])
    func leadingZerosReason(text: String, reason: String) {
        #expect { try PracticeTime.seconds(parsing: text) } throws: { error in
            guard case LeetTrackError.invalidTime(_, let given) = error else { return false }
            return given == reason
        }
    }

    @Test("a time is written back in its largest units")
    func writesBack() {
        #expect([4200, 1500, 90, 3600, 5].map(PracticeTime.text) == ["1h10m", "25m", "1m30s", "1h", "5s"])
        #expect([65, 3723].map(PracticeTime.clock) == ["1:05", "1:02:03"])
    }

    @Test("an event's time and note survive the store's both readers")
    func eventRoundTrip() throws {
        let record = ProblemProgress(status: .attempted, events: [
            ProgressEvent(kind: .attempted, date: Date(timeIntervalSince1970: 1_800_000_000), seconds: 4200, note: "TLE on case 57"),
        ])
        let data = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: data) == record)
        #expect(ProgressJSONReader.progress(from: data) == record)
    }

    @Test("an import refuses an event time out of range")
    func importRefusesBadTime() {
        let record = ProblemProgress(status: .solved, events: [
            ProgressEvent(kind: .solved, date: Date(timeIntervalSince1970: 1_800_000_000), rating: "good", seconds: 86_400),
        ])
        #expect(throws: InputRules.Violation("p.history[0].seconds", "86400 is not a time in seconds from 1 to 86399")) {
            try InputRules.check(record, at: "p", now: Date(timeIntervalSince1970: 1_800_000_100))
        }
    }

    @Test("stats give the median time of timed solves per difficulty")
    func medianPerDifficulty() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        func solved(_ seconds: Int?) -> ProblemProgress {
            ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: at, rating: "good", seconds: seconds)])
        }
        let progress = [
            "two-sum": solved(600), "contains-duplicate": solved(1200), "valid-anagram": solved(nil),
            "lru-cache": solved(3000),
            "median-of-two-sorted-arrays": ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: at, seconds: 60)]),
        ]
        let stats = Statistics(catalog: .builtIn, progress: progress, now: at, timeZone: TimeZone(identifier: "UTC")!)
        #expect(stats.byDifficulty.map(\.medianSeconds) == [900, 3000, nil])
        #expect(stats.total.medianSeconds == 1200)
    }

    @Test("an export is version 1 until an event carries a time or a note, then version 2, and reads back")
    func exportVersion() throws {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        var problem = ExchangeProblem(slug: "two-sum", progress: ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: at)]))
        let plain = String(decoding: try ExchangeDocument(problems: [problem]).jsonData(), as: UTF8.self)
        #expect(plain.contains(#""version" : 1"#))
        problem.progress.events[0].note = "off by one"
        let data = try ExchangeDocument(problems: [problem]).jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains(#""version" : 2"#))
        #expect(try ExchangeDocument.read(data, file: "e.json", now: at).problems == [problem])
    }
}
