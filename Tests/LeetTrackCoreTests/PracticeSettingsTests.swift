import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Practice settings: the followed list, the daily goal and the skipped problems")
struct PracticeSettingsTests {
    @Test("skip marks, the followed list and the goal written on one machine reach the other through sync")
    func practiceSettingsSync() throws {
        let machines = SyncListsTests.Machines()
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        let laptop = PracticeBook(store: machines.laptop, clock: .system)
        #expect(try laptop.setSkipped(["two-sum", "3sum"], true) == ["two-sum", "3sum"])
        try laptop.update { $0.followedList = "neetcode-150"; $0.dailyGoal = 3 }
        #expect(try SyncRemote.status(of: machines.laptop).pendingSettings)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        let desktop = try PracticeBook(store: machines.desktop, clock: .system).settings()
        #expect(desktop == PracticeSettings(followedList: "neetcode-150", dailyGoal: 3, skipped: ["3sum", "two-sum"]))
    }

    @Test("practice settings pulled from a sync server are checked like the command line's")
    func pulledSettingsAreChecked() throws {
        #expect(throws: Never.self) { try InputRules.check(PracticeSettings(followedList: "neetcode-150", dailyGoal: 3, skipped: ["two-sum"]), at: "") }
        #expect(throws: InputRules.Violation.self) { try InputRules.check(PracticeSettings(dailyGoal: -3), at: "") }
        #expect(throws: InputRules.Violation.self) { try InputRules.check(PracticeSettings(dailyGoal: 101), at: "") }
        #expect(throws: InputRules.Violation.self) { try InputRules.check(PracticeSettings(followedList: "\u{1B}]0;pwn\u{07}"), at: "") }
        #expect(throws: InputRules.Violation.self) { try InputRules.check(PracticeSettings(skipped: ["two-sum", "Not A Slug\u{1B}[2J"]), at: "") }
        let tooMany = (0...InputRules.maximumListProblems).map { "p\($0)" }
        #expect(throws: InputRules.Violation.self) { try InputRules.check(PracticeSettings(skipped: tooMany), at: "") }
    }

    @Test("a change that changes nothing writes nothing")
    func noChangeNoWrite() throws {
        let store = Store.memory()
        let book = PracticeBook(store: store, clock: .system)
        #expect(try book.setSkipped(["two-sum"], false).isEmpty)
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("old records without a field read with its default")
    func decodesMissingFields() throws {
        let settings = try JSONDecoder().decode(PracticeSettings.self, from: Data(#"{"follow":"blind-75"}"#.utf8))
        #expect(settings == PracticeSettings(followedList: "blind-75"))
    }

    @Test("next is the first unsolved and unskipped problem in the list's order")
    func nextProblem() throws {
        let catalog = Catalog.builtIn
        let slugs = ["two-sum", "3sum", "lru-cache", "add-two-numbers"]
        var solved = ProblemProgress()
        solved.status = .solved
        var attempted = ProblemProgress()
        attempted.status = .attempted
        let progress = ["two-sum": solved, "lru-cache": attempted]
        #expect(catalog.nextProblem(in: slugs, progress: progress, skipped: ["3sum"])?.slug == "lru-cache")
        #expect(catalog.nextProblem(in: slugs, progress: progress, skipped: [])?.slug == "3sum")
        #expect(catalog.nextProblem(in: ["two-sum"], progress: progress, skipped: []) == nil)
    }

    @Test("a day's goal counts different problems practised, and met days make its streak")
    func dailyGoal() throws {
        let day: TimeInterval = 86_400
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func record(_ offsets: [Double]) -> ProblemProgress {
            ProblemProgress(status: .solved, events: offsets.map { ProgressEvent(kind: .solved, date: now.addingTimeInterval($0 * day)) })
        }
        // Yesterday: two problems (one solved twice); today: one.
        let progress = ["a": record([-1, -1]), "b": record([-1]), "c": record([0])]
        let goal = DailyGoalProgress(goal: 2, progress: progress, now: now, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        #expect(goal.doneToday == 1 && !goal.isMetToday)
        #expect(goal.metDays == [LocalDay(now.addingTimeInterval(-day), in: TimeZone(secondsFromGMT: 0) ?? .current)])
        #expect(goal.currentStreak == 1 && goal.longestStreak == 1)
    }
}
