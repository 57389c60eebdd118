import Foundation
import Testing

@testable import LeetTrackCore
@testable import Persistence

/// Every stored format, pinned byte for byte by a file in `Golden/` (see ``GoldenFiles``): the
/// records the app keeps in its store, the values sync keeps on the server, the export documents
/// of both versions and the iPhone app's favorites. Each test encodes fixed values and expects the
/// golden bytes, then decodes the golden bytes and expects the values.
@Suite("Golden files of the stored formats")
struct GoldenFileTests {
    static let solvedAt = Date(timeIntervalSince1970: 1_764_424_992)  // 2025-11-29T14:03:12Z
    static let stamp = HLCTimestamp(milliseconds: 1_764_424_992_123, counter: 2, node: "laptop-1")

    static let fullProgress = ProblemProgress(
        status: .solved, favorite: true, note: "Two pointers: \"fast\" / slow\n\tthen é 🎉 \\ done",
        events: [
            ProgressEvent(kind: .attempted, date: solvedAt.addingTimeInterval(-86_400), seconds: 1_500, note: "TLE on case 57"),
            ProgressEvent(kind: .solved, date: solvedAt, seconds: 900),
            ProgressEvent(kind: .reviewed, date: solvedAt.addingTimeInterval(3 * 86_400), rating: "good"),
            ProgressEvent(kind: ProgressEvent.Kind(rawValue: "imported"), date: solvedAt.addingTimeInterval(4 * 86_400)),
        ],
        review: ReviewCard(
            due: solvedAt.addingTimeInterval(12 * 86_400), stability: 8.296_5, difficulty: 5.112_837_5, state: .review,
            lastReview: solvedAt.addingTimeInterval(3 * 86_400), reps: 2, lapses: 1),
        noteUpdated: solvedAt.addingTimeInterval(60))

    static let list = OwnLists.Record(name: "My Graphs", problems: ["number-of-islands", "clone-graph"], created: "2025-11-30T08:00:00Z")
    static let reviewSettings = ReviewSettings(desiredRetention: 0.85, maximumInterval: 180, fuzz: true)
    static let practiceSettings = PracticeSettings(followedList: "neetcode-150", dailyGoal: 3, skipped: ["two-sum", "3sum"])
    static let metadata = SyncMetadata(
        status: stamp, favorite: HLCTimestamp(milliseconds: 1_764_424_000_000, counter: 0, node: "phone"), note: nil,
        erased: [ProgressEvent(kind: .attempted, date: solvedAt.addingTimeInterval(-7200))])

    /// Stores `value` under `key` in a new store and expects the bytes stored to be the golden
    /// file's; then expects the golden bytes to read back as `value` (through the store's decoding).
    private func expectStored<Value: Equatable>(
        _ value: Value, as key: Key<Value>, in name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let store = Store.memory()
        try store.set(value, for: key)
        let stored = try #require(try store.rawValue(forKey: key.name), sourceLocation: sourceLocation)
        try GoldenFiles.expect(stored, equalTo: name, sourceLocation: sourceLocation)
        #expect(try store.decode(try GoldenFiles.bytes(name), for: key) == value, sourceLocation: sourceLocation)
    }

    // MARK: Persistence's own forms

    /// A value whose encoding uses the containers out of nesting order and a super encoder.
    struct Unusual: Codable, Equatable {
        var name: String
        var scores: [Double]
        enum CodingKeys: String, CodingKey { case name, scores, base }
        init(name: String, scores: [Double]) {
            self.name = name
            self.scores = scores
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            scores = try container.decode([Double].self, forKey: .scores)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var scoreList = container.nestedUnkeyedContainer(forKey: .scores)
            try container.encode(name, forKey: .name)
            for score in scores { try scoreList.encode(score) }
            var base = container.superEncoder(forKey: .base).singleValueContainer()
            try base.encode(scores.count)
        }
    }

    struct Dated: Codable, Equatable {
        var at: Date
        var ratio: Double
        var small: Float
        var tiny: Int8
        var huge: UInt64
        var link: URL
        var bytes: Data
        var amount: Decimal
        var missing: String?
        var counts: [String: Int]
    }

    /// Stores `value` under a key of its type, and returns the line `name: bytes` after checking
    /// that the bytes read back as `value`.
    private func storedLine<Value: Codable & Equatable>(_ name: String, _ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let store = Store.memory()
        let key = Key<Value>("value", default: value)
        try store.set(value, for: key)
        let stored = try #require(try store.rawValue(forKey: key.name), sourceLocation: sourceLocation)
        let decoded = try store.decode(stored, for: key)
        #expect(decoded == value, "\(name)", sourceLocation: sourceLocation)
        return "\(name): \(String(decoding: stored, as: UTF8.self))"
    }

    @Test("the values Persistence stores in forms of its own: scalars, dates, numbers, Codable values")
    func persistenceForms() throws {
        let date = Date(timeIntervalSinceReferenceDate: 786_117_792.125)
        var lines = [
            try storedLine("int", 42), try storedLine("negative int", Int.min), try storedLine("bool", true),
            try storedLine("string", "plain"), try storedLine("escaped string", "quote \" back \\ slash / tab \t nul \u{0} é 🎉"),
            try storedLine("double", 0.1), try storedLine("whole double", 5.0), try storedLine("large double", 1e300),
            try storedLine("infinity", Double.infinity), try storedLine("minus infinity", -Double.infinity),
            try storedLine("float", Float(12.34)), try storedLine("date", date),
            try storedLine("date before 2001", Date(timeIntervalSinceReferenceDate: -1_000_000.5)),
            try storedLine("optional date", date as Date?), try storedLine("optional double", 2.5 as Double?),
            try storedLine("url", URL(string: "https://example.com/a/b?c=d")),
            try storedLine("data", Data([0, 1, 2, 250, 255])), try storedLine("int array", [1, -2, 3]),
            try storedLine("string set of one", Set(["solo"])), try storedLine("dictionary of one", ["key": [true, false]]),
            try storedLine("optional some", "x" as String?), try storedLine("nested optional", [nil, 1] as [Int?]),
            try storedLine("codable", Dated(
                at: date, ratio: 1.0 / 3.0, small: 0.1, tiny: -8, huge: .max, link: URL(string: "https://example.com/a%20b") ?? URL(fileURLWithPath: "/"),
                bytes: Data("hi".utf8), amount: Decimal(string: "12.345") ?? 0, missing: nil, counts: ["a": 1])),
            try storedLine("out of order", Unusual(name: "n", scores: [1.5, -0.0])),
        ]
        let store = Store.memory()
        store.set(["answer": 42] as [String: Any], forKey: "any dictionary")
        store.set([1, "two", 3.5] as [Any], forKey: "any array")
        for name in ["any dictionary", "any array"] {
            lines.append("\(name): \(String(decoding: try #require(try store.rawValue(forKey: name)), as: UTF8.self))")
        }
        try GoldenFiles.expect(Data((lines.joined(separator: "\n") + "\n").utf8), equalTo: "persistence-values.txt")
    }

    // MARK: The store's records

    @Test("a progress record with a full history, a note and a review card")
    func progressRecord() throws {
        let key = ProgressRepository.key(for: "two-sum")
        try expectStored(Self.fullProgress, as: key, in: "progress-full.json")
        // The repository reads records through its own fast reader: it reads the golden bytes too.
        let golden = try GoldenFiles.bytes("progress-full.json")
        #expect(ProgressJSONReader.progress(from: golden) == Self.fullProgress)
        #expect(try ProgressRepository.decode(golden, key: key.name) == Self.fullProgress)
    }

    @Test("a progress record with only a status, and one with a new card")
    func smallProgressRecords() throws {
        try expectStored(ProblemProgress(status: .attempted), as: ProgressRepository.key(for: "3sum"), in: "progress-attempted.json")
        let learning = ProblemProgress(
            status: .solved, events: [ProgressEvent(kind: .solved, date: Self.solvedAt)],
            review: ReviewCard(due: Self.solvedAt.addingTimeInterval(86_400)))
        try expectStored(learning, as: ProgressRepository.key(for: "valid-anagram"), in: "progress-new-card.json")
        #expect(ProgressJSONReader.progress(from: try GoldenFiles.bytes("progress-new-card.json")) == learning)
    }

    @Test("a favorite with the time it was set, and a record kept only for the time it was taken off")
    func favoriteTimes() throws {
        let favorite = ProblemProgress(favorite: true, note: "n", noteUpdated: Self.solvedAt.addingTimeInterval(60), favoriteUpdated: Self.solvedAt)
        let unfavorited = ProblemProgress(favoriteUpdated: Self.solvedAt)
        for (record, name) in [(favorite, "progress-favorite-time.json"), (unfavorited, "progress-unfavorited.json")] {
            try expectStored(record, as: ProgressRepository.key(for: "two-sum"), in: name)
            #expect(ProgressJSONReader.progress(from: try GoldenFiles.bytes(name)) == record)
        }
        // The time comes after every member older builds know, which they read past: the record
        // they read is the one they wrote before it (an unfavorited record reads as untouched).
        let older = try GoldenFiles.bytes("progress-favorite-time.json")
        #expect(older.starts(with: Data(#"{"status":"todo","favorite":true,"note":"n","noteAt":"2025-11-29T14:04:12Z""#.utf8)))
    }

    @Test("an own list, the review, practice and code settings")
    func listsAndSettings() throws {
        try expectStored(Self.list as OwnLists.Record?, as: Key<OwnLists.Record?>(OwnLists.keyPrefix + "my-graphs"), in: "list.json")
        try expectStored(Self.reviewSettings, as: ReviewSettings.key, in: "settings-review.json")
        try expectStored(Self.practiceSettings, as: PracticeSettings.key, in: "settings-practice.json")
        try expectStored(CodeSettings(directory: "/home/ada/leetcode", language: "swift"), as: CodeSettings.key, in: "settings-code.json")
        try expectStored(["two-sum/solution.swift", "two-sum/notes.md"], as: CodeFiles.key(for: "two-sum"), in: "code-files.json")
    }

    @Test("a catalog update")
    func catalogUpdate() throws {
        let update = CatalogUpdate(
            source: "problems.json", shape: "LeetCode api/problems/all", date: "2025-11-30T08:00:00Z", problemsInFile: 2,
            problems: [
                Problem(
                    id: 4_030, slug: "new-problem", title: "New Problem \"Quoted\"", difficulty: .hard, paidOnly: true,
                    category: "Algorithms", tags: ["Array", "Dynamic Programming"], acceptance: 41.25),
            ],
            acceptance: "1:5523,2:4410")
        try expectStored(update as CatalogUpdate?, as: CatalogUpdate.key, in: "catalog-update.json")
    }

    /// The daily question of 2025-11-30 (also what `LeetCodeDailyTests` checks the day of).
    static let daily = LeetCodeDaily(
        date: "2025-11-30",
        problem: LeetCodeProblemList.Entry(
            id: 1, title: "Two Sum", slug: "two-sum", difficulty: .easy, paidOnly: false, acceptance: 55.23,
            tags: ["Array", "Hash Table"], status: "ac"))

    @Test("the daily question kept from LeetCode")
    func leetCodeDaily() throws {
        try expectStored(Self.daily as LeetCodeDaily?, as: LeetCodeDaily.key, in: "leetcode-daily.json")
    }

    @Test("a statement kept by leetcode fetch")
    func problemStatement() throws {
        let statement = ProblemStatement(
            slug: "two-sum", questionID: "1", frontendID: "1", title: "Two Sum", paidOnly: false,
            content: "<p>Find two numbers, 10<sup>4</sup> &lt; n.</p>",
            snippets: [.init(lang: "Python3", langSlug: "python3", code: "class Solution:\n    pass\n")],
            exampleTestcases: ["[1,2]\n3"], hints: ["Use a <b>map</b>."],
            similar: [.init(slug: "3sum", title: "3Sum", difficulty: "Medium")], metaData: #"{"name":"twoSum"}"#,
            fetchedAt: Date(timeIntervalSince1970: 1_764_460_800))
        try expectStored(statement as ProblemStatement?, as: Statements.key(for: "two-sum"), in: "statement.json")
    }

    // MARK: Sync

    @Test("the local sync records: clock, state, metadata, pending marks and value stamps")
    func localSyncRecords() throws {
        var clock = HybridLogicalClock(node: "laptop-1")
        clock.observe(Self.stamp)
        try expectStored(clock as HybridLogicalClock?, as: SyncKeys.clock, in: "sync-clock.json")
        let state = SyncState(
            remoteID: "5F1C7E2A-0D4B-4C4E-9B1A-3E2F6A7B8C9D", cursor: 42, location: "postgresql://ada@db.example:5432/leettrack",
            lastSync: Self.solvedAt.addingTimeInterval(0.25), listsAndSettingsSynced: true)
        try expectStored(state as SyncState?, as: SyncKeys.state, in: "sync-state.json")
        try expectStored(Self.metadata, as: SyncKeys.metadata("two-sum"), in: "sync-metadata.json")
        try expectStored(Self.stamp as HLCTimestamp?, as: SyncKeys.pending("two-sum"), in: "sync-pending.json")
        let stamps = SyncValueStamps(
            created: Self.stamp, changed: Self.stamp,
            practice: PracticeStamps(since: Self.stamp, followedList: Self.stamp, dailyGoal: nil, skipped: ["two-sum": Self.stamp]))
        try expectStored(stamps, as: SyncKeys.stamps(PracticeSettings.key.name), in: "sync-stamps.json")
    }

    @Test("the values sync keeps on the server: records, lists, settings, log and counters")
    func remoteSyncValues() throws {
        let record = SyncRecord(progress: Self.fullProgress, metadata: Self.metadata, sequence: 7)
        try expectStored(record as SyncRecord?, as: SyncEngine.RemoteKeys.record("two-sum"), in: "remote-progress.json")
        let listRecord = SyncValueRecord(
            value: SyncValue(list: Self.list), stamps: SyncValueStamps(created: Self.stamp, changed: Self.stamp), sequence: 8)
        try expectStored(listRecord as SyncValueRecord?, as: SyncEngine.RemoteKeys.value("lists.my-graphs"), in: "remote-list.json")
        let settingsRecord = SyncValueRecord(
            value: SyncValue(settings: Self.reviewSettings), stamps: SyncValueStamps(created: nil, changed: Self.stamp), sequence: 9)
        try expectStored(settingsRecord as SyncValueRecord?, as: SyncEngine.RemoteKeys.value("settings.review"), in: "remote-settings-review.json")
        let practiceRecord = SyncValueRecord(
            value: SyncValue(practice: Self.practiceSettings),
            stamps: SyncValueStamps(created: Self.stamp, changed: Self.stamp, practice: PracticeStamps(since: Self.stamp)), sequence: 10)
        try expectStored(practiceRecord as SyncValueRecord?, as: SyncEngine.RemoteKeys.value("settings.practice"), in: "remote-settings-practice.json")
        let deleted = SyncValueRecord(value: SyncValue(), stamps: SyncValueStamps(created: nil, changed: Self.stamp), sequence: 11)
        try expectStored(deleted as SyncValueRecord?, as: SyncEngine.RemoteKeys.value("lists.old"), in: "remote-deleted-value.json")
        try expectStored(["progress.two-sum", "lists.my-graphs"] as [String]?, as: SyncEngine.RemoteKeys.log(7), in: "remote-log.json")
        try expectStored(1 as Int?, as: SyncEngine.RemoteKeys.format, in: "remote-format.json")
        try expectStored("5F1C7E2A-0D4B-4C4E-9B1A-3E2F6A7B8C9D" as String?, as: SyncEngine.RemoteKeys.id, in: "remote-id.json")
        try expectStored(11, as: SyncEngine.RemoteKeys.sequence, in: "remote-sequence.json")
    }

    // MARK: Export documents

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Expects `document` to export as the golden file `name`, of `version`, and the file to read back as `document`.
    private func expectExport(_ document: ExchangeDocument, version: Int, in name: String) throws {
        let data = try document.jsonData()
        try GoldenFiles.expect(data, equalTo: name)
        let golden = try GoldenFiles.bytes(name)
        #expect(String(decoding: golden, as: UTF8.self).contains("\"version\" : \(version)"))
        #expect(try ExchangeDocument.read(golden, file: name, now: Self.now) == document)
    }

    @Test("an export of version 1: records, a review card, lists and review settings")
    func exportVersion1() throws {
        let plain = ProblemProgress(
            status: .solved, favorite: true, note: "Hash map, one pass",
            events: [
                ProgressEvent(kind: .attempted, date: Self.solvedAt.addingTimeInterval(-86_400)),
                ProgressEvent(kind: .solved, date: Self.solvedAt),
                ProgressEvent(kind: .reviewed, date: Self.solvedAt.addingTimeInterval(3 * 86_400), rating: "hard"),
            ],
            review: Self.fullProgress.review, noteUpdated: Self.solvedAt)
        let document = ExchangeDocument(
            problems: [
                ExchangeProblem(slug: "two-sum", id: 1, title: "Two Sum", progress: plain),
                ExchangeProblem(slug: "no-longer-listed", progress: ProblemProgress(status: .attempted)),
            ],
            lists: [ExchangeList(name: Self.list.name, created: Self.list.created, problems: Self.list.problems)],
            reviewSettings: Self.reviewSettings)
        try expectExport(document, version: 1, in: "export-v1.json")
    }

    @Test("an export of version 2: timed and noted events, practice settings")
    func exportVersion2() throws {
        let document = ExchangeDocument(
            problems: [ExchangeProblem(slug: "two-sum", id: 1, title: "Two Sum", progress: Self.fullProgress)],
            lists: [ExchangeList(name: Self.list.name, created: Self.list.created, problems: Self.list.problems)],
            reviewSettings: Self.reviewSettings, practiceSettings: Self.practiceSettings)
        try expectExport(document, version: 2, in: "export-v2.json")
    }

    @Test("an export of version 3: solution files (export --with-code)")
    func exportVersion3() throws {
        var document = ExchangeDocument(
            problems: [ExchangeProblem(slug: "two-sum", id: 1, title: "Two Sum", progress: ProblemProgress(status: .solved))])
        document.code = [
            SolutionCopy(
                problem: "two-sum", language: "py", name: "1.two-sum.py",
                content: "# 1. Two Sum\nclass Solution:\n\tpass  # \"é\" 🎉\n", modified: "2025-11-29T14:03:12Z"),
            SolutionCopy(problem: "two-sum", language: "cpp", name: "1.two-sum.cpp", content: "", modified: nil),
        ]
        let data = try document.jsonData()
        try GoldenFiles.expect(data, equalTo: "export-v3.json")
        let golden = try GoldenFiles.bytes("export-v3.json")
        #expect(String(decoding: golden, as: UTF8.self).contains("\"version\" : 3"))
        // Written sorted by name, so the bytes do not depend on the folder's order.
        document.code.reverse()
        #expect(try ExchangeDocument.read(golden, file: "export-v3.json", now: Self.now) == document)
    }

    @Test("solution files only come in a version 3 document")
    func codeNeedsVersion3() throws {
        let text = String(decoding: try GoldenFiles.bytes("export-v3.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"version\" : 3", with: "\"version\" : 2")
        #expect(throws: ExchangeError.invalidContent(
            file: "e.json", path: "code", reason: "solution files need a version 3 document; this one is version 2")) {
            try ExchangeDocument.read(Data(text.utf8), file: "e.json", now: Self.now)
        }
    }

    // MARK: The iPhone app

    @Test("the iPhone app's favorites in its preferences")
    func appFavorites() throws {
        let favorites = try AppFavorites.read(try GoldenFiles.bytes("app-preferences.plist"), file: "app-preferences.plist")
        #expect(favorites.entries == [
            AppFavorites.Entry(id: "0B9C3C5E-6A51-4A39-9B0C-4C1F2D3E4F50", title: "Two Sum", isFavorited: true),
            AppFavorites.Entry(id: "1C2D3E4F-5061-4728-8394-A5B6C7D8E9F0", title: "  add two numbers ", isFavorited: false),
            AppFavorites.Entry(id: nil, title: "Longest Substring Without Repeating Characters", isFavorited: false),
        ])
    }
}
