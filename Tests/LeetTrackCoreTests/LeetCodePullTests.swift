import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("LeetCode's live responses and the pull's merge")
struct LeetCodePullTests {
    let store = Store.memory()
    var tracker: Tracker { Tracker(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: utc) }
    let now = Date(timeIntervalSince1970: 1_764_424_992)  // 2025-11-29T14:03:12Z
    let solvedAt = Date(timeIntervalSince1970: 1_764_000_000)
    let attemptedAt = Date(timeIntervalSince1970: 1_763_000_000)
    let utc = TimeZone(identifier: "UTC")!

    static let progressPage = #"""
        {"data": {"userProgressQuestionList": {"totalNum": 2, "questions": [
          {"frontendId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "EASY",
           "lastSubmittedAt": "2025-11-24T16:00:00+00:00", "numSubmitted": 3, "questionStatus": "SOLVED", "lastResult": "AC"},
          {"frontendId": "4", "title": "Median of Two Sorted Arrays", "titleSlug": "median-of-two-sorted-arrays",
           "difficulty": "HARD", "lastSubmittedAt": "2025-11-13T05:13:20+03:00", "numSubmitted": 1,
           "questionStatus": "ATTEMPTED", "lastResult": "WA"}
        ]}}}
        """#

    private func pull(problems: [LeetCodeProblemList.Entry] = [], progress: [LeetCodeProgressEntry] = [],
                      accepted: [LeetCodeAcceptedSubmission] = []) -> LeetCodePull {
        LeetCodePull(
            username: "alice", endpoint: "http://127.0.0.1:1/graphql/", problems: LeetCodeProblemList(shape: .graphQL, entries: problems),
            progress: progress, accepted: accepted)
    }

    @Test func theProgressPageGivesEachProblemsLastSubmissionInstantInUTC() throws {
        let page = try LeetCodeResponses.progressPage(from: Data(Self.progressPage.utf8), source: "progress", now: now)
        #expect(page.total == 2)
        #expect(page.entries.map(\.slug) == ["two-sum", "median-of-two-sorted-arrays"])
        #expect(page.entries[0].lastSubmittedAt == solvedAt)
        #expect(page.entries[1].lastSubmittedAt == attemptedAt)
    }

    /// LeetCode's own clients treat `lastSubmittedAt` as nullable (and send `topicTags`); a row
    /// without a date keeps its status and gets no invented event, an unreadable date still refuses.
    @Test func aProgressRowWithoutADateKeepsItsStatusAndGetsNoEvent() throws {
        let body = #"""
            {"data":{"userProgressQuestionList":{"totalNum":2,"questions":[
              {"frontendId":"20","title":"Valid Parentheses","titleSlug":"valid-parentheses","difficulty":"EASY",
               "lastSubmittedAt":null,"numSubmitted":1,"questionStatus":"SOLVED","lastResult":"AC","topicTags":[]},
              {"frontendId":"1","title":"Two Sum","titleSlug":"two-sum","difficulty":"EASY",
               "lastSubmittedAt":"","numSubmitted":1,"questionStatus":"ATTEMPTED","lastResult":"WA","topicTags":[]}
            ]}}}
            """#
        let page = try LeetCodeResponses.progressPage(from: Data(body.utf8), source: "progress", now: now)
        #expect(page.entries.map(\.lastSubmittedAt) == [nil, nil])
        let summary = try pull(progress: page.entries).apply(to: tracker, dryRun: false)
        #expect(summary.progress.added.sorted() == ["two-sum", "valid-parentheses"])
        let repository = ProgressRepository(store: store, clock: .system)
        #expect(try repository.progress(for: "valid-parentheses").status == .solved)
        #expect(try repository.progress(for: "valid-parentheses").events.isEmpty)
        #expect(try repository.progress(for: "two-sum").status == .attempted)
    }

    @Test func anUnreadableSubmissionDateRefusesTheWholePage() {
        let bad = Self.progressPage.replacingOccurrences(of: "2025-11-24T16:00:00+00:00", with: "yesterday")
        #expect(throws: ExchangeError.self) {
            try LeetCodeResponses.progressPage(from: Data(bad.utf8), source: "progress", now: now)
        }
    }

    @Test func aSubmissionDatedInTheFutureRefusesTheWholePage() {
        let future = Self.progressPage.replacingOccurrences(of: "2025-11-24T16:00:00+00:00", with: "2031-01-01T00:00:00+00:00")
        #expect(throws: ExchangeError.invalidContent(
            file: "progress", path: "data.userProgressQuestionList.questions[0].lastSubmittedAt",
            reason: "2031-01-01T00:00:00Z is in the future")) {
            try LeetCodeResponses.progressPage(from: Data(future.utf8), source: "progress", now: now)
        }
    }

    @Test func aSlugThatIsNotOneRefusesTheRecentSubmissions() {
        let body = #"{"data":{"recentAcSubmissionList":[{"id":"1","title":"x","titleSlug":"Two Sum\u001b[2J","timestamp":"1764000000"}]}}"#
        #expect(throws: ExchangeError.self) {
            try LeetCodeResponses.recentAccepted(from: Data(body.utf8), source: "recent", now: now)
        }
    }

    @Test func theDailyQuestionIsReadInTheProblemListsShape() throws {
        let body = #"""
            {"data":{"activeDailyCodingChallengeQuestion":{"date":"2025-11-29","link":"/problems/lru-cache/",
             "question":{"questionFrontendId":"146","title":"LRU Cache","titleSlug":"lru-cache","difficulty":"Medium",
             "paidOnly":false,"acRate":45.1,"status":null,"topicTags":[{"name":"Design","slug":"design"}]}}}}
            """#
        let daily = try LeetCodeResponses.daily(from: Data(body.utf8), source: "daily")
        #expect(daily.date == "2025-11-29")
        #expect(daily.problem.slug == "lru-cache")
        #expect(daily.problem.id == 146)
    }

    @Test func anExpiredSessionsGraphQLErrorIsFound() {
        let body = #"{"errors":[{"message":"User is not logged in","locations":[{"line":1,"column":9}],"path":["userProgressQuestionList"]}],"data":{"userProgressQuestionList":null}}"#
        #expect(LeetCodeResponses.graphQLErrors(in: Data(body.utf8)) == ["User is not logged in"])
    }

    @Test func aPullDatesSolvesAndAttemptsFromLeetCode() throws {
        let summary = try pull(progress: [
            LeetCodeProgressEntry(slug: "two-sum", questionStatus: "SOLVED", lastResult: "AC", lastSubmittedAt: solvedAt),
            LeetCodeProgressEntry(slug: "median-of-two-sorted-arrays", questionStatus: "ATTEMPTED", lastResult: "WA", lastSubmittedAt: attemptedAt),
        ]).apply(to: tracker, dryRun: false)
        let repository = ProgressRepository(store: store, clock: .system)
        #expect(summary.progress.added.sorted() == ["median-of-two-sorted-arrays", "two-sum"])
        #expect(try repository.progress(for: "two-sum").events == [ProgressEvent(kind: .solved, date: solvedAt)])
        #expect(try repository.progress(for: "two-sum").status == .solved)
        #expect(try repository.progress(for: "median-of-two-sorted-arrays").status == .attempted)
    }

    @Test func aPullKeepsTheUsersNoteAndFavorite() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in
            record.note = "use a hash map"
            record.favorite = true
        }
        _ = try pull(accepted: [LeetCodeAcceptedSubmission(slug: "two-sum", date: solvedAt)]).apply(to: tracker, dryRun: false)
        let record = try repository.progress(for: "two-sum")
        #expect(record.note == "use a hash map")
        #expect(record.favorite)
        #expect(record.status == .solved)
    }

    @Test func aResetMadeAfterLeetCodesLastSubmissionSurvivesAPull() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in
            record.status = .solved
            record.reset(at: now.addingTimeInterval(-60), forgetHistory: false)
        }
        let solved = LeetCodeProblemList.Entry(
            id: 1, title: "Two Sum", slug: "two-sum", difficulty: .easy, paidOnly: false, acceptance: 50, tags: nil, status: "ac")
        _ = try pull(problems: [solved], accepted: [LeetCodeAcceptedSubmission(slug: "two-sum", date: solvedAt)])
            .apply(to: tracker, dryRun: false)
        let record = try repository.progress(for: "two-sum")
        #expect(record.status == .todo)
        #expect(record.events.contains(ProgressEvent(kind: .solved, date: solvedAt)))
    }

    @Test func aPullTwiceAddsNoEventTheSecondTime() throws {
        let twice = pull(accepted: [LeetCodeAcceptedSubmission(slug: "two-sum", date: solvedAt)])
        _ = try twice.apply(to: tracker, dryRun: false)
        let second = try twice.apply(to: tracker, dryRun: false)
        #expect(!second.progress.changesSomething)
        #expect(try ProgressRepository(store: store, clock: .system).progress(for: "two-sum").events.count == 1)
    }

    @Test func aRenamedSlugCarriesTheLocalProgressAndTheNewSolve() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in record.note = "kept" }
        let renamed = LeetCodeProblemList.Entry(
            id: 1, title: "Two Sum", slug: "two-sum-renamed", difficulty: .easy, paidOnly: false, acceptance: 50, tags: nil, status: "ac")
        let summary = try pull(problems: [renamed], accepted: [LeetCodeAcceptedSubmission(slug: "two-sum-renamed", date: solvedAt)])
            .apply(to: tracker, dryRun: false)
        #expect(summary.catalog.renamed == ["two-sum → two-sum-renamed"])
        let record = try repository.progress(for: "two-sum-renamed")
        #expect(record.note == "kept")
        #expect(record.events == [ProgressEvent(kind: .solved, date: solvedAt)])
        #expect(try repository.progress(for: "two-sum").isEmpty)
    }

    @Test func aDryRunSaysWhatWouldChangeAndWritesNothing() throws {
        let newProblem = LeetCodeProblemList.Entry(
            id: 9100, title: "Fresh", slug: "fresh", difficulty: .hard, paidOnly: true, acceptance: 20, tags: ["Graph"], status: nil)
        let summary = try pull(problems: [newProblem], accepted: [LeetCodeAcceptedSubmission(slug: "two-sum", date: solvedAt)])
            .apply(to: tracker, dryRun: true)
        #expect(summary.catalog.added.map(\.slug) == ["fresh"])
        #expect(summary.progress.added == ["two-sum"])
        #expect(try CatalogUpdate.stored(in: store) == nil)
        #expect(try ProgressRepository(store: store, clock: .system).progress(for: "two-sum").isEmpty)
    }

    @Test func severalAcceptedSubmissionsOnOneDayAreOneSolveTheDaysFirstAsImportMakesThem() throws {
        // 2025-11-24T16:00:00Z, then 40 minutes and 5 hours later (still the 24th in UTC), then the next day.
        let first = solvedAt
        let sameDay = [first.addingTimeInterval(2_400), first.addingTimeInterval(18_000)]
        let nextDay = first.addingTimeInterval(86_400)
        let progress = [LeetCodeProgressEntry(slug: "two-sum", questionStatus: "SOLVED", lastResult: "AC", lastSubmittedAt: sameDay[1])]
        let accepted = ([first, nextDay] + sameDay).map { LeetCodeAcceptedSubmission(slug: "two-sum", date: $0) }
        _ = try pull(progress: progress, accepted: accepted).apply(to: tracker, dryRun: false)
        let record = try ProgressRepository(store: store, clock: .system).progress(for: "two-sum")
        #expect(record.events == [ProgressEvent(kind: .solved, date: first), ProgressEvent(kind: .solved, date: nextDay)])
        #expect(record.status == .solved)
    }

    /// Stores a solve of two-sum at `date`, then applies `more` to the record.
    private func storeSolve(at date: Date, then more: @escaping (inout ProblemProgress) -> Void = { _ in }) throws {
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in
            record.insert(ProgressEvent(kind: .solved, date: date))
            record.status = .solved
            more(&record)
        }
    }

    /// Pulls one accepted submission of two-sum at `solvedAt`; returns its record afterwards.
    private func pullOneAcceptedSolve() throws -> ProblemProgress {
        _ = try pull(accepted: [LeetCodeAcceptedSubmission(slug: "two-sum", date: solvedAt)]).apply(to: tracker, dryRun: false)
        return try ProgressRepository(store: store, clock: .system).progress(for: "two-sum")
    }

    @Test func noSolveIsAddedOnADayTheStoreHasOneOnButTheStatusStillCounts() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        let local = solvedAt.addingTimeInterval(-3_600)
        try repository.update(["two-sum"]) { _, record in
            record.insert(ProgressEvent(kind: .solved, date: local))
        }
        try repository.update(["two-sum"]) { _, record in record.status = .attempted }
        let record = try pullOneAcceptedSolve()
        #expect(record.events == [ProgressEvent(kind: .solved, date: local)])
        #expect(record.status == .solved)
    }

    @Test func theDayIsTheUsersTimeZones() throws {
        // 23:30 and 00:30 UTC are two days in UTC, one day at UTC+2.
        let late = Date(timeIntervalSince1970: 1_764_027_000)  // 2025-11-24T23:30:00Z
        let accepted = [late, late.addingTimeInterval(3_600)].map { LeetCodeAcceptedSubmission(slug: "two-sum", date: $0) }
        let document = try pull(accepted: accepted).history(now: now, timeZone: TimeZone(secondsFromGMT: 7_200)!)
        #expect(document.problems.first?.progress.events.count == 1)
        let inUTC = try pull(accepted: accepted).history(now: now, timeZone: utc)
        #expect(inUTC.problems.first?.progress.events.count == 2)
    }

    @Test func aProblemResetAndSolvedAgainOnOneDayGetsItsNewSolve() throws {
        let resetAt = solvedAt.addingTimeInterval(-3_600)
        try storeSolve(at: solvedAt.addingTimeInterval(-7_200)) { $0.reset(at: resetAt, forgetHistory: false) }
        let record = try pullOneAcceptedSolve()
        #expect(record.events.contains(ProgressEvent(kind: .solved, date: solvedAt)))
        #expect(record.status == .solved)
    }

    @Test func theStoredDayOfARenamedProblemIsFoundUnderItsNewSlug() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        let earlier = solvedAt.addingTimeInterval(-3_600)
        try storeSolve(at: earlier)
        let renamed = LeetCodeProblemList.Entry(
            id: 1, title: "Two Sum", slug: "two-sum-renamed", difficulty: .easy, paidOnly: false, acceptance: 50, tags: nil, status: "ac")
        _ = try pull(problems: [renamed], accepted: [LeetCodeAcceptedSubmission(slug: "two-sum-renamed", date: solvedAt)])
            .apply(to: tracker, dryRun: false)
        #expect(try repository.progress(for: "two-sum-renamed").events == [ProgressEvent(kind: .solved, date: earlier)])
    }
}
