import Foundation
@testable import Persistence
import Testing

@testable import LeetTrackCore

/// The judge's answers, checked like an import, and a verdict recorded as progress once.
@Suite("LeetCode's judge: answers checked, verdicts recorded once")
struct SubmissionTests {
    let store = Store.memory()
    let now = Date(timeIntervalSince1970: 1_764_424_992)  // 2025-11-29T14:03:12Z
    var tracker: Tracker { Tracker(store: store, catalog: .builtIn, clock: .fixed(now), timeZone: TimeZone(identifier: "UTC")!) }

    private func check(_ json: String) throws(ExchangeError) -> JudgeResult {
        try SubmissionResponses.check(from: Data(json.utf8), source: "check")
    }

    private static let wrongAnswer = #"""
        {"state": "SUCCESS", "status_code": 11, "status_msg": "Wrong Answer", "total_correct": 40, "total_testcases": 63,
         "last_testcase": "[3,2,4]\n6", "expected_output": "[1,2]", "code_output": "[0,2]", "runtime_percentile": null}
        """#

    @Test func aSubmissionsVerdictIsReadWithItsFailingCase() throws {
        let result = try check(Self.wrongAnswer)
        #expect(result.isFinished && !result.isAccepted)
        #expect(result.summary == "Wrong Answer 40/63")
        #expect(result.lastTestcase == "[3,2,4]\n6")
        #expect(result.actualOutput == "[0,2]")
        #expect(result.runtimePercentile == nil)
    }

    @Test func aPendingCheckCarriesOnlyItsState() throws {
        let result = try check(#"{"state": "STARTED"}"#)
        #expect(!result.isFinished)
    }

    @Test(arguments: [
        #"{"state": "DONE"}"#,
        #"{"state": "SUCCESS", "status_code": 10, "status_msg": "Accepted\u001b[2J"}"#,
        #"{"state": "SUCCESS", "status_code": 10, "status_msg": "Accepted", "runtime_percentile": 250}"#,
        #"{"state": "SUCCESS", "status_code": -3, "status_msg": "Accepted"}"#,
        #"{"state": "SUCCESS", "status_code": 10, "status_msg": "Accepted", "compare_result": "11x"}"#,
        #"{"state": "SUCCESS", "status_code": 10, "status_msg": "Accepted", "code_answer": [1, 2]}"#,
        #"{"state": "SUCCESS", "status_code": 10}"#,
        #"[1, 2]"#,
    ])
    func aHostileOrMalformedCheckIsRefusedWhole(json: String) {
        #expect(throws: ExchangeError.self) { try check(json) }
    }

    @Test(arguments: ["../../admin", "run/../x", "a b", "", String(repeating: "1", count: 101)])
    func aRunIdThatCouldLeaveItsPathIsRefused(id: String) {
        let body = #"{"interpret_id": "\#(id)"}"#
        #expect(throws: ExchangeError.self) { try SubmissionResponses.interpretID(from: Data(body.utf8), source: "run") }
    }

    @Test func aSubmissionIdIsDigitsWhetherNumberOrString() throws {
        #expect(try SubmissionResponses.submissionID(from: Data(#"{"submission_id": 1500000100}"#.utf8), source: "s") == "1500000100")
        #expect(try SubmissionResponses.submissionID(from: Data(#"{"submission_id": "42"}"#.utf8), source: "s") == "42")
        #expect(throws: ExchangeError.self) { try SubmissionResponses.submissionID(from: Data(#"{"submission_id": "1/2"}"#.utf8), source: "s") }
    }

    @Test func aVerdictIsRecordedOnceAndLeavesNothingPending() throws {
        let ledger = SubmissionLedger(tracker: tracker)
        let submission = PendingSubmission(id: "7", slug: "two-sum", submitted: now)
        try ledger.keep(submission)
        try ledger.keep(submission)
        #expect(try ledger.pending().count == 1)
        let record = try ledger.record(submission, result: try check(Self.wrongAnswer))
        #expect(record?.note == "Wrong Answer 40/63")
        #expect(try ledger.record(submission, result: try check(Self.wrongAnswer)) == nil, "recorded once")
        #expect(try store.rawValue(forKey: SubmissionLedger.pendingKey.name) == nil)
        #expect(try tracker.progress.progress(for: "two-sum").events.count == 1)
    }

    @Test func anAcceptedSolveIsHardAfterTheDaysFailureAndGoodAtTheFirstTry() throws {
        var record = ProblemProgress()
        #expect(SubmissionLedger.rating(for: record, at: now, timeZone: TimeZone(identifier: "UTC")!) == .good)
        record.recordAttempt(at: now.addingTimeInterval(-600), note: "Wrong Answer 1/2")
        #expect(SubmissionLedger.rating(for: record, at: now, timeZone: TimeZone(identifier: "UTC")!) == .hard)
        #expect(SubmissionLedger.rating(for: record, at: now.addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!) == .good)
    }

    @Test(arguments: [
        #"[{"id":"1/../2","slug":"two-sum","submitted":0}]"#,
        #"[{"id":"12","slug":"../two-sum","submitted":0}]"#,
        #"[{"id":"12","slug":"two-sum","submitted":0,"seconds":-5}]"#,
    ])
    func aKeptSubmissionEditedIntoSomethingElseDoesNotDecode(json: String) {
        #expect(throws: (any Error).self) { try Store.memory().decode(Data(json.utf8), for: SubmissionLedger.pendingKey) }
    }

    @Test("the pending submissions' stored format")
    func pendingSubmissionsGolden() throws {
        let pending = [
            PendingSubmission(id: "1500000100", slug: "two-sum", submitted: now, rating: .easy, seconds: 1500),
            PendingSubmission(id: "1500000101", slug: "lru-cache", submitted: now.addingTimeInterval(60)),
        ]
        let store = Store.memory()
        try store.set(pending, for: SubmissionLedger.pendingKey)
        let stored = try #require(try store.rawValue(forKey: SubmissionLedger.pendingKey.name))
        try GoldenFiles.expect(stored, equalTo: "leetcode-submissions-pending.json")
        #expect(try store.decode(try GoldenFiles.bytes("leetcode-submissions-pending.json"), for: SubmissionLedger.pendingKey) == pending)
    }
}
