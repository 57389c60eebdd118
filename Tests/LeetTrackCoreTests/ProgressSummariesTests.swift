import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Summaries kept beside the progress records")
struct ProgressSummariesTests {
    let directory: URL
    let store: Store
    let repository: ProgressRepository
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-summaries")
        directory = folder.url
        store = try Store.sqlite(path: directory.appendingPathComponent("store.sqlite").path)
        repository = ProgressRepository(store: store, clock: .system)
    }

    let start = Date(timeIntervalSince1970: 1_764_424_992)
    let scheduler = ReviewScheduler()

    /// A record with every kind of event, a timed solve, a reset, a note and a review card.
    func fullRecord() -> ProblemProgress {
        var record = ProblemProgress(favorite: true, note: "two pointers")
        record.recordAttempt(at: start)
        record.events.append(ProgressEvent(kind: .reset, date: start.addingTimeInterval(60)))
        record.recordSolve(at: start.addingTimeInterval(86_400), rating: .good, scheduler: scheduler, seconds: 1_200, note: "fast")
        _ = record.recordReview(.hard, at: start.addingTimeInterval(5 * 86_400), scheduler: scheduler)
        return record
    }

    /// A record written as an older LeetTrack or a hand edit writes one: without its summary.
    func writeBehindTheFunnel(_ record: ProblemProgress, for slug: String) throws {
        try store.setAsAnotherProgram(record, forKey: ProgressRepository.keyPrefix + slug)
    }

    @Test("a summary reads back exactly from its stored text, card, timed solve and latest reset included")
    func roundTrip() throws {
        let record = fullRecord()
        let summary = ProgressSummary(record)
        #expect(summary.events.map(\.kind) == [.attempted, .solved, .reviewed])
        #expect(summary.events[1].seconds == 1_200)
        #expect(summary.lastActivity == record.lastActivity)
        #expect(summary.hasNote && summary.favorite && summary.status == .solved)
        let text = try #require(summary.encoded)
        #expect(ProgressSummary(storedJSON: Data(("\"" + text + "\"").utf8)) == summary)
        #expect(ProgressSummary(storedJSON: Data(("\"" + ProgressSummary(ProblemProgress()).encoded! + "\"").utf8)) == ProgressSummary())
        #expect(summary.reviewCard(using: scheduler) == record.reviewCard(using: scheduler))
    }


    @Test("event times and timed seconds of every length read back exactly: the ten digits of a time take a shorter path")
    func numbersOfEveryLength() throws {
        let times: [Int] = [0, 7, -1, 42, 1_234_567, 12_345_678, -12_345_678, 123_456_789, 1_234_567_890, -1_234_567_890,
                            9_999_999_999, 10_000_000_000, 12_345_678_901, -99_999_999_999, 999_999_999_999, -999_999_999_999]
        for time in times {
            for seconds in [nil, 1, 59, 3_600, 86_399] as [Int?] {
                var summary = ProgressSummary()
                summary.status = .solved
                summary.events = [
                    ProgressSummary.Event(kind: .solved, date: Date(timeIntervalSince1970: Double(time)), seconds: seconds),
                    ProgressSummary.Event(kind: .reviewed, date: Date(timeIntervalSince1970: Double(time))),
                ]
                summary.lastActivity = Date(timeIntervalSince1970: Double(time))
                let text = try #require(summary.encoded, "\(time) \(String(describing: seconds))")
                let read = ProgressSummary(storedJSON: Data(("\"" + text + "\"").utf8))
                #expect(read == summary, "\(text)")
                #expect(ProblemMarks(storedSummaryJSON: Data(("\"" + text + "\"").utf8)) == ProblemMarks(summary), "\(text)")
            }
        }
        // Ten digits run into a letter, a bar or the end: only a space, a `+` or the end may follow a time.
        for text in ["\"1s--|||s1234567890a\"", "\"1s--|||s1234567890|\"", "\"1s--|||s12345678901234567890\"",
                     "\"1s--|||s1234567890+\"", "\"1s--|||s1234567890 \""] {
            #expect(ProgressSummary(storedJSON: Data(text.utf8)) == nil, "\(text)")
        }
        #expect(ProgressSummary(storedJSON: Data("\"1s--|||s1234567890\"".utf8))?.events.first?.date.timeIntervalSince1970 == 1_234_567_890)
    }
    @Test("the listings read a summary's marks alone: status, favorite and latest activity")
    func marksAlone() throws {
        for record in [fullRecord(), ProblemProgress(), ProblemProgress(status: .attempted, favorite: true)] {
            let text = try #require(ProgressSummary(record).encoded)
            #expect(ProblemMarks(storedSummaryJSON: Data(("\"" + text + "\"").utf8)) == ProblemMarks(record))
        }
        for foreign in ["\"1!\"", "\"2s--||||\"", "\"1s--|\"", "\"1s--||12\"", "\"1s--||9999999999999999|\"", "\"1q--|||\""] {
            #expect(ProblemMarks(storedSummaryJSON: Data(foreign.utf8)) == nil, "\(foreign)")
        }
    }

    @Test("a stored summary that is not one (a hand edit, a newer format, a number too big) reads as nil, never a trap",
          arguments: ["", "\"\"", "\"1!\"", "\"2s--||||\"", "\"1s--|||s99999999999999999999999\"", "\"1s--|||s1+0\"",
                      "\"1q--|||\"", "\"1s--|zz,,,r,,0,0||\"", "[1]", "\"1s--|||s1 \"", "\"1s--|||s1\\u0020a2\""])
    func foreignSummaries(text: String) {
        #expect(ProgressSummary(storedJSON: Data(text.utf8)) == nil)
    }

    @Test("a card whose hex digits hold any other byte (upper case, a letter after f, a byte above 0x7F) reads as nil")
    func cardHexDigits() throws {
        let text = "\"" + (try #require(ProgressSummary(fullRecord()).encoded)) + "\""
        let valid = Array(text.utf8)
        #expect(ProgressSummary(storedJSON: Data(valid)) != nil)
        // The card's four instants and numbers: every digit of the first field (the due date),
        // in each half of its sixteen, and the first digit of the stability after the comma.
        let cardStart = try #require(valid.firstIndex(of: UInt8(ascii: "|"))) + 1
        let positions = Array(cardStart..<cardStart + 16) + [cardStart + 17]
        for position in positions {
            for byte: UInt8 in [UInt8(ascii: "A"), UInt8(ascii: "g"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "`"), 0xC3, 0x80] {
                var bytes = valid
                bytes[position] = byte
                #expect(ProgressSummary(storedJSON: Data(bytes)) == nil, "byte \(byte) at \(position - cardStart)")
            }
        }
    }

    @Test("mutated and truncated summaries read as nil or as a summary that reads back the same, never a trap")
    func mutatedSummaries() throws {
        var random = SeededRandom(seed: 29)
        let valid = Array(("\"" + (try #require(ProgressSummary(fullRecord()).encoded)) + "\"").utf8)
        let alphabet = Array("0123456789abcdef-+|, sarltfnx!\"\\9".utf8)
        for _ in 0..<20_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = alphabet.randomElement(using: &random)!
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                default: if bytes.count > 1 { bytes.remove(at: position) }
                }
            }
            if Bool.random(using: &random) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
            // The listings' reader of the marks alone agrees with the whole reader on what it accepts.
            let marks = ProblemMarks(storedSummaryJSON: Data(bytes))
            guard let summary = ProgressSummary(storedJSON: Data(bytes)) else { continue }
            #expect(marks == ProblemMarks(summary))
            // What reads must be a summary: its own text reads back as the same summary.
            if let text = summary.encoded {
                #expect(ProgressSummary(storedJSON: Data(("\"" + text + "\"").utf8)) == summary)
            }
        }
    }

    @Test("every change through the repository keeps the summaries current and matching the records")
    func funnelKeepsThemCurrent() throws {
        try repository.update(["two-sum", "add-two-numbers"]) { slug, record in
            record = slug == "two-sum" ? fullRecord() : ProblemProgress(favorite: true)
        }
        try repository.update(["add-two-numbers"]) { _, record in record.favorite = false }  // Kept: when the mark was taken off.
        try repository.updateAll { _, record in record.note = "" }
        let summaries = repository.summaries
        #expect(try summaries.areCurrent())
        #expect(try summaries.disagreeing().isEmpty)
        #expect(try store.keys(withPrefix: ProgressSummaries.keyPrefix) == ["summary.add-two-numbers", "summary.two-sum"])
        let read = try repository.readableSummaries { _ in true }
        #expect(read.summaries == (try repository.allProgress()).mapValues(ProgressSummary.init))
        #expect(read.damaged.isEmpty)
    }

    @Test("a record written without its summary makes the summaries stale: readers read the records, and the next change rebuilds them")
    func writesBehindTheFunnelAreCaught() throws {
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try repository.summaries.areCurrent())
        try writeBehindTheFunnel(fullRecord(), for: "two-sum")
        try writeBehindTheFunnel(ProblemProgress(status: .attempted), for: "3sum")
        #expect(try !repository.summaries.areCurrent())
        let stale = try repository.readableSummaries { _ in true }
        #expect(stale.summaries == ["two-sum": ProgressSummary(fullRecord()), "3sum": ProgressSummary(ProblemProgress(status: .attempted))])

        try repository.update(["add-two-numbers"]) { _, record in record.favorite = true }
        #expect(try repository.summaries.areCurrent())
        #expect(try repository.summaries.disagreeing().isEmpty)
        #expect(try repository.readableSummaries { _ in true }.summaries == (try repository.allProgress()).mapValues(ProgressSummary.init))
    }

    @Test("a record removed behind the funnel is caught too, and its summary removed by the rebuild")
    func removalsBehindTheFunnelAreCaught() throws {
        try repository.update(["two-sum", "3sum"]) { _, record in record.favorite = true }
        try AnotherProgram.removeValue(forKey: "progress.3sum", inStoreAt: try #require(store.path))
        #expect(try !repository.summaries.areCurrent())
        #expect(try repository.readableSummaries { _ in true }.summaries.keys.sorted() == ["two-sum"])
        #expect(try repository.summaries.refreshIfStale())
        #expect(try store.keys(withPrefix: ProgressSummaries.keyPrefix) == ["summary.two-sum"])
        #expect(try repository.summaries.areCurrent())
    }

    @Test("a record that does not decode is named through the summaries as through the records, and left untouched")
    func damagedRecordsThroughSummaries() throws {
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        // A record a broken tool wrote: a string where an object belongs.
        try store.setAsAnotherProgram("solved", forKey: "progress.3sum")
        try repository.summaries.refreshIfStale()
        #expect(try repository.summaries.areCurrent())
        let read = try repository.readableSummaries { _ in true }
        #expect(read.summaries.keys.sorted() == ["two-sum"])
        #expect(read.damaged.map(\.key) == ["progress.3sum"])
        #expect(read.damaged.first?.reason == (try repository.readableProgress { _ in true }).damaged.first?.reason)
    }

    @Test("a summary edited by hand with its record is found by the check and fixed by a rebuild")
    func disagreeingSummariesAreFound() throws {
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        // Both written by hand: the counts move together and cannot tell.
        try writeBehindTheFunnel(ProblemProgress(status: .solved), for: "two-sum")
        try store.setAsAnotherProgram("1t--|||", forKey: "summary.two-sum")
        #expect(try repository.summaries.areCurrent())
        #expect(try repository.summaries.disagreeing() == ["two-sum"])
        let check = try StoreCheck.run(on: store, catalog: .builtIn, now: Date())
        #expect(check.summariesCurrent == true && check.disagreeingSummaries == ["two-sum"] && !check.isHealthy)
        // The summary alone: no other key is derived from a record.
        #expect(try repository.summaries.rebuild() == 1)
        // (No stamp: the two outside writes left the counts' difference at 0, the default.)
        #expect(try store.keys(withPrefix: "").filter(ProgressSummaries.isSummaryKey) == ["summary.two-sum"])
        #expect(try repository.summaries.disagreeing().isEmpty && repository.summaries.areCurrent())
        #expect(try repository.readableSummaries { _ in true }.summaries["two-sum"]?.status == .solved)
    }

    @Test("a memory store keeps summaries; a JSON file store, which cannot count writes, keeps none and reads the records")
    func otherBackends() throws {
        let memory = ProgressRepository(store: .memory(), clock: .system)
        try memory.update(["two-sum"]) { _, record in record = fullRecord() }
        #expect(try memory.summaries.areCurrent())
        #expect(try memory.store.keys(withPrefix: ProgressSummaries.keyPrefix) == ["summary.two-sum"])

        let file = ProgressRepository(store: try .file(path: directory.appendingPathComponent("store.json").path), clock: .system)
        try file.update(["two-sum"]) { _, record in record = fullRecord() }
        #expect(try !file.summaries.areCurrent())
        #expect(try file.store.keys(withPrefix: "").contains { ProgressSummaries.isSummaryKey($0) } == false)
        #expect(try file.readableSummaries { _ in true }.summaries == ["two-sum": ProgressSummary(fullRecord())])
    }

    @Test("the review queue from summaries read without their events equals the queue from the records, a solve without a card included")
    func reviewSummariesWithoutEvents() throws {
        try repository.update(["two-sum", "3sum", "lru-cache"]) { slug, record in
            switch slug {
            case "two-sum": record = fullRecord()
            // Solved before review cards existed: its card comes from its last solve.
            case "3sum": record = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: start)])
            default: record.recordAttempt(at: start)
            }
        }
        var read: [String: ProgressSummary] = [:]
        var builder = ReviewQueue.Builder(catalog: .builtIn, scheduler: scheduler, reviewCap: nil)
        var finder = Catalog.SlugFinder(.builtIn)
        #expect(try repository.forEachReadableSummary(events: false) { slug, summary in
            read[String(decoding: slug, as: UTF8.self)] = summary
            if let position = finder.position(ofSlug: slug) { builder.add(summary, at: position) }
        }.isEmpty)
        #expect(read["two-sum"]?.events == [])
        #expect(read["3sum"]?.events.count == 1)
        let now = start.addingTimeInterval(30 * 86_400)
        let zone = SystemTimeZone()
        let fromRecords = ReviewQueue(catalog: .builtIn, progress: try repository.allProgress(), scheduler: scheduler, now: now, timeZone: zone)
        #expect(fromRecords.items.count == 2)
        #expect(ReviewQueue(catalog: .builtIn, summaries: read, scheduler: scheduler, now: now, timeZone: zone).items == fromRecords.items)
        let built = builder.queue(now: now, timeZone: zone)
        #expect(built.items == fromRecords.items)
        #expect(built.due == fromRecords.items.filter { $0.daysOverdue >= 0 })
        #expect(built.next == fromRecords.items.first)
        #expect(built.upcoming(days: 400) == fromRecords.items.filter { $0.daysOverdue < 0 && -$0.daysOverdue <= 400 })
    }

    @Test("the statistics, goal and queue from summaries equal those from the records")
    func consumersAgree() throws {
        var progress: [String: ProblemProgress] = [:]
        var random = SeededRandom(seed: 7)
        for (index, slug) in ["two-sum", "3sum", "lru-cache", "add-two-numbers", "valid-parentheses"].enumerated() {
            var record = ProblemProgress(favorite: index % 2 == 0, note: index == 1 ? "x" : "")
            for event in 0..<(index + 2) {
                let date = start.addingTimeInterval(Double(random.next() % 40) * 86_400 + Double(event))
                if event % 3 == 0 { record.recordAttempt(at: date) } else { record.recordSolve(at: date, rating: .good, scheduler: scheduler, seconds: 60 * (event + 1)) }
            }
            progress[slug] = record
        }
        let summaries = progress.mapValues(ProgressSummary.init)
        let now = start.addingTimeInterval(45 * 86_400)
        let zone = SystemTimeZone()
        #expect(Statistics(catalog: .builtIn, summaries: summaries, now: now, timeZone: zone)
            == Statistics(catalog: .builtIn, progress: progress, now: now, timeZone: zone))
        #expect(DailyGoalProgress(goal: 1, summaries: summaries, now: now, timeZone: zone)
            == DailyGoalProgress(goal: 1, progress: progress, now: now, timeZone: zone))
        let fromSummaries = ReviewQueue(catalog: .builtIn, summaries: summaries, scheduler: scheduler, now: now, timeZone: zone)
        let fromRecords = ReviewQueue(catalog: .builtIn, progress: progress, scheduler: scheduler, now: now, timeZone: zone)
        #expect(fromSummaries.items == fromRecords.items)
    }
}
