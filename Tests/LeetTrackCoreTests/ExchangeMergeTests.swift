import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Merging records")
struct ExchangeMergeTests {
    let day1 = Date(timeIntervalSince1970: 1_764_000_000)
    var day2: Date { day1 + 86_400 }
    var day3: Date { day1 + 2 * 86_400 }

    @Test("histories are united, each event once, in order of time")
    func historiesUnite() {
        let current = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: day1), ProgressEvent(kind: .attempted, date: day3)])
        let incoming = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: day1), ProgressEvent(kind: .solved, date: day2)])
        let (merged, _) = ProgressMerge.merge(current, incoming)
        #expect(merged.events.map(\.date) == [day1, day2, day3])
    }

    @Test("a favorite on either side stays a favorite")
    func favoritesUnite() {
        #expect(ProgressMerge.merge(ProblemProgress(favorite: false), ProblemProgress(favorite: true)).0.favorite)
        #expect(ProgressMerge.merge(ProblemProgress(favorite: true), ProblemProgress(favorite: false)).0.favorite)
    }

    @Test("the newer note wins, whichever side it is on")
    func newerNoteWins() {
        let older = ProblemProgress(note: "old", noteUpdated: day1)
        let newer = ProblemProgress(note: "new", noteUpdated: day2)
        #expect(ProgressMerge.merge(older, newer) == (ProblemProgress(note: "new", noteUpdated: day2), .tookIncoming))
        #expect(ProgressMerge.merge(newer, older) == (newer, .keptCurrent))
    }

    @Test("a note without a time is older than one with a time; a tie keeps the stored note")
    func undatedNotesAreOlder() {
        let undated = ProblemProgress(note: "undated")
        let dated = ProblemProgress(note: "dated", noteUpdated: day1)
        #expect(ProgressMerge.merge(undated, dated).0.note == "dated")
        #expect(ProgressMerge.merge(dated, undated).0.note == "dated")
        #expect(ProgressMerge.merge(undated, ProblemProgress(note: "other")).0.note == "undated")
    }

    @Test("a file without a note leaves the stored note alone")
    func missingNoteSaysNothing() {
        let current = ProblemProgress(note: "mine", noteUpdated: day1)
        #expect(ProgressMerge.merge(current, ProblemProgress(favorite: true)).1 == .same)
        #expect(ProgressMerge.merge(current, ProblemProgress(favorite: true)).0.note == "mine")
    }

    @Test("an attempt after a solve on the other machine keeps the problem solved")
    func attemptDoesNotUndoSolve() {
        let solved = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: day1)])
        let attempted = ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: day2)])
        #expect(ProgressMerge.merge(solved, attempted).0.status == .solved)
        #expect(ProgressMerge.merge(attempted, solved).0.status == .solved)
    }

    @Test("a later reset wins over an earlier solve")
    func laterResetWins() {
        let solved = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: day1)])
        let reset = ProblemProgress(status: .todo, events: [ProgressEvent(kind: .solved, date: day1), ProgressEvent(kind: .reset, date: day2)])
        #expect(ProgressMerge.merge(solved, reset).0.status == .todo)
    }
}

@Suite("Importing a document")
struct ImporterTests {
    let store = Store.memory()
    let day1 = Date(timeIntervalSince1970: 1_764_000_000)

    func document(_ problems: [String: ProblemProgress]) -> ExchangeDocument {
        ExchangeDocument(problems: problems.map { ExchangeProblem(slug: $0.key, progress: $0.value) })
    }

    @Test("a merge adds new records, changes existing ones and keeps the rest")
    func mergeSummary() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum", "lru-cache"]) { slug, record in record.favorite = slug == "lru-cache"; record.note = "x" }
        let summary = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(document([
            "two-sum": ProblemProgress(status: .solved, favorite: true, events: [ProgressEvent(kind: .solved, date: day1)]),
            "valid-anagram": ProblemProgress(status: .attempted, events: [ProgressEvent(kind: .attempted, date: day1)]),
        ]), mode: .merge, dryRun: false)
        #expect(summary.added == ["valid-anagram"])
        #expect(summary.updated == ["two-sum"])
        #expect(summary.eventsAdded == 1)
        #expect(summary.favoritesAdded == 1)
        let all = try repository.allProgress()
        #expect(all.keys.sorted() == ["lru-cache", "two-sum", "valid-anagram"])
        #expect(all["two-sum"]?.note == "x")
        #expect(all["two-sum"]?.status == .solved)
    }

    @Test("a replace removes records the file does not have")
    func replaceRemoves() throws {
        let now = Date(timeIntervalSince1970: 1_764_000_000)
        try ProgressRepository(store: store, clock: .fixed(now)).update(["lru-cache"]) { _, record in record.favorite = true }
        let summary = try Importer(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: TimeZone(identifier: "UTC")!)
            .run(document(["two-sum": ProblemProgress(favorite: true)]), mode: .replace, dryRun: false)
        #expect(summary.removed == ["lru-cache"])
        // The favorite the import set is dated when it was set.
        #expect(try ProgressRepository(store: store, clock: .system).allProgress() == ["two-sum": ProblemProgress(favorite: true, favoriteUpdated: now)])
    }

    @Test("a dry run reports the changes and writes nothing")
    func dryRunWritesNothing() throws {
        let summary = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!)
            .run(document(["two-sum": ProblemProgress(favorite: true)]), mode: .merge, dryRun: true)
        #expect(summary.added == ["two-sum"])
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("a merge adds the file's problems to a list of the same name after its own; a replace removes other lists")
    func lists() throws {
        let lists = OwnLists(store: store, clock: .system)
        try lists.create("My Graphs", in: .builtIn, at: day1)
        _ = try lists.add(["number-of-islands"], to: "my graphs", in: .builtIn)
        try lists.create("Old", in: .builtIn, at: day1)
        let file = ExchangeDocument(problems: [], lists: [
            ExchangeList(name: "my graphs", created: "2020-01-01T00:00:00Z", problems: ["clone-graph", "number-of-islands"]),
            ExchangeList(name: "Dynamic", created: "2026-01-01T00:00:00Z", problems: ["climbing-stairs"]),
        ])
        let merged = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(file, mode: .merge, dryRun: false)
        #expect(merged.listsAdded == ["Dynamic"])
        #expect(merged.listsUpdated == ["My Graphs"])
        #expect(try lists.all().map(\.name) == ["My Graphs", "Old", "Dynamic"])
        #expect(try lists.all()[0].slugs == ["number-of-islands", "clone-graph"])
        let replaced = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(file, mode: .replace, dryRun: false)
        #expect(replaced.listsRemoved == ["Old"])
        #expect(try lists.all().map(\.name) == ["my graphs", "Dynamic"])
    }

    @Test("a merge keeps the stored review settings and takes the file's when there are none")
    func settings() throws {
        let file = ExchangeDocument(problems: [], reviewSettings: ReviewSettings(desiredRetention: 0.8))
        _ = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(file, mode: .merge, dryRun: false)
        #expect(try store.value(for: ReviewSettings.key).desiredRetention == 0.8)
        let other = ExchangeDocument(problems: [], reviewSettings: ReviewSettings(desiredRetention: 0.95))
        let summary = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(other, mode: .merge, dryRun: false)
        #expect(!summary.settingsChanged)
        #expect(try store.value(for: ReviewSettings.key).desiredRetention == 0.8)
    }

    @Test("the review card reviewed last wins a merge")
    func reviewCards() {
        let older = ReviewCard(due: day1 + 86_400, stability: 1, difficulty: 5, state: .review, lastReview: day1, reps: 1)
        let newer = ReviewCard(due: day1 + 10 * 86_400, stability: 9, difficulty: 4, state: .review, lastReview: day1 + 86_400, reps: 2)
        #expect(ProgressMerge.merge(ProblemProgress(status: .solved, review: older), ProblemProgress(status: .solved, review: newer)).0.review == newer)
        #expect(ProgressMerge.merge(ProblemProgress(status: .solved, review: newer), ProblemProgress(status: .solved, review: older)).0.review == newer)
        #expect(ProgressMerge.merge(ProblemProgress(status: .solved), ProblemProgress(status: .solved, review: older)).0.review == older)
    }

    @Test("slugs the catalog does not know are imported and reported")
    func unknownSlugs() throws {
        let summary = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!)
            .run(document(["no-such-problem": ProblemProgress(favorite: true)]), mode: .merge, dryRun: false)
        #expect(summary.unknownSlugs == ["no-such-problem"])
        #expect(try ProgressRepository(store: store, clock: .system).progress(for: "no-such-problem").favorite)
    }
}

@Suite("CSV")
struct ExchangeCSVTests {
    @Test("fields with commas, quotes or line breaks are quoted, quotes doubled")
    func quoting() {
        #expect(CSV.field("plain") == "plain")
        #expect(CSV.field("a, b") == "\"a, b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
        #expect(CSV.field(" padded") == "\" padded\"")
        #expect(CSV.row(["1", "x,y"]) == "1,\"x,y\"\r\n")
    }

    @Test("cells a spreadsheet would run as a formula get a leading quote")
    func formulas() {
        #expect(CSV.field("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(CSV.field("+1") == "'+1")
        #expect(CSV.field("-cmd") == "'-cmd")
        #expect(CSV.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSV.field("\tx") == "'\tx")
        #expect(CSV.field("\r\nx") == "\"'\r\nx\"")
        #expect(CSV.field("a=b") == "a=b")
    }

    @Test("one row per problem touched, in id order, under a header")
    func rows() {
        let csv = Exporter(catalog: .builtIn).csv(of: [
            "lru-cache": ProblemProgress(favorite: true),
            "two-sum": ProblemProgress(status: .solved, note: "a, \"b\"", events: [ProgressEvent(kind: .solved, date: Date(timeIntervalSince1970: 0))]),
        ])
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows[0] == Exporter.csvColumns.joined(separator: ","))
        #expect(rows[1] == #"1,two-sum,Two Sum,easy,solved,false,"a, ""b""",,1,0,1970-01-01T00:00:00Z,1970-01-01T00:00:00Z,1970-01-01T00:00:00Z,"#)
        #expect(rows[2].hasPrefix("146,lru-cache,LRU Cache,medium,todo,true,"))
        #expect(rows.count == 4 && rows[3].isEmpty)
    }

    @Test("a record kept only for when its favorite was taken off is no problem touched: exports leave it out")
    func anUnfavoritedRecordIsNotExported() {
        let records = ["two-sum": ProblemProgress(favorite: true), "lru-cache": ProblemProgress(favoriteUpdated: Date(timeIntervalSince1970: 1_764_000_000))]
        let exporter = Exporter(catalog: .builtIn)
        #expect(exporter.csv(of: records).components(separatedBy: "\r\n").count == 3)
        #expect(exporter.document(of: records).problems.map(\.slug) == ["two-sum"])
    }
}
