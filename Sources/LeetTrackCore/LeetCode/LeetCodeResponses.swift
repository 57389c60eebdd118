import FoundationEssentials
import Persistence

/// The signed-in user, from `globalData`'s `userStatus { username isSignedIn }`.
public struct LeetCodeUser: Sendable, Equatable {
    /// The user's name; empty when not signed in.
    public var username: String
    /// Whether the cookies sent belong to a live session.
    public var isSignedIn: Bool
}

/// One problem the user touched, from `userProgressQuestionList` (the progress page): the last
/// submission's instant and result, and whether LeetCode counts the problem solved.
public struct LeetCodeProgressEntry: Sendable, Equatable {
    /// The problem's slug.
    public var slug: String
    /// `SOLVED` or `ATTEMPTED`, as LeetCode spells them.
    public var questionStatus: String
    /// The last submission's result (`AC`, `WA`, `TLE`, …), when given.
    public var lastResult: String?
    /// When the user last submitted; `nil` where LeetCode gives none (its clients treat the field as
    /// nullable), so the status still counts without a made-up date.
    public var lastSubmittedAt: Date?
}

/// One accepted submission from `recentAcSubmissionList(username:limit:)`.
public struct LeetCodeAcceptedSubmission: Sendable, Equatable {
    /// The problem's slug.
    public var slug: String
    /// When it was accepted.
    public var date: Date
}

/// The daily coding challenge, from `activeDailyCodingChallengeQuestion`.
///
/// `leettrack leetcode daily` keeps the last one read under ``key``, so what shows the day's work
/// (the screen, `today`) can name it without asking LeetCode again.
public struct LeetCodeDaily: Sendable, Equatable, Codable {
    /// LeetCode's day (`2026-11-30`, UTC).
    public var date: String
    /// The problem, checked like a catalog update's entry.
    public var problem: LeetCodeProblemList.Entry

    /// Where the last daily question read is kept (local to this store; not synced or exported).
    public static let key = Key<LeetCodeDaily?>("leetcode.daily")

    /// Whether this is the question of the day `now` falls in: LeetCode's day is the UTC day.
    public func isCurrent(at now: Date) -> Bool {
        date == LocalDay(now, in: UniversalTime()).description
    }
}

/// Reads LeetCode's GraphQL responses, in their exact shapes, and checks every value against
/// ``InputRules`` before anything uses it; a response that breaks a rule is refused whole.
///
/// Each function's `source` names the response in messages (`LeetCode's userStatus response`).
public enum LeetCodeResponses {
    /// The messages of a GraphQL `errors` array (`{"errors":[{"message":…}],"data":…}`), or `nil`
    /// when the body has none or is not JSON (the decoders below report that).
    public static func graphQLErrors(in data: Data) -> [String]? {
        struct Body: Decodable {
            struct Message: Decodable { var message: String? }
            var errors: [Message]?
        }
        // Not an error report: the caller goes on to decode the body, which names what is wrong.
        guard let body = try? JSONDecoder().decode(Body.self, from: data), let errors = body.errors, !errors.isEmpty else {
            return nil
        }
        return errors.map { String(($0.message ?? "unnamed error").prefix(200)) }
    }

    /// `{"data":{"userStatus":{"username":…,"isSignedIn":…}}}`.
    public static func user(from data: Data, source: String) throws(ExchangeError) -> LeetCodeUser {
        struct Body: Decodable {
            struct Payload: Decodable { var userStatus: Status }
            struct Status: Decodable {
                var username: String?
                var isSignedIn: Bool
            }
            var data: Payload
        }
        let body = try JSONFile.decode(Body.self, from: data, file: source)
        let user = LeetCodeUser(username: body.data.userStatus.username ?? "", isSignedIn: body.data.userStatus.isSignedIn)
        if user.isSignedIn {
            try rule(source) { () throws(InputRules.Violation) in
                try InputRules.check(text: user.username, at: "data.userStatus.username", what: "username", limit: 100)
            }
        }
        return user
    }

    /// One page of `problemsetQuestionList` (`total` and `questions`), read by
    /// ``LeetCodeProblemList/read(_:file:)`` like a saved file.
    public static func problemPage(from data: Data, source: String) throws(ExchangeError) -> (list: LeetCodeProblemList, total: Int) {
        struct Body: Decodable {
            struct Payload: Decodable { var problemsetQuestionList: Page }
            struct Page: Decodable { var total: Int }
            var data: Payload
        }
        let total = try JSONFile.decode(Body.self, from: data, file: source).data.problemsetQuestionList.total
        try rule(source) { () throws(InputRules.Violation) in
            try InputRules.check(count: total, maximum: InputRules.maximumProblemID, at: "data.problemsetQuestionList.total", what: "total")
        }
        return (try LeetCodeProblemList.read(data, file: source), total)
    }

    /// One page of `userProgressQuestionList` (`totalNum` and `questions`).
    public static func progressPage(from data: Data, source: String, now: Date) throws(ExchangeError) -> (entries: [LeetCodeProgressEntry], total: Int) {
        struct Body: Decodable {
            struct Payload: Decodable { var userProgressQuestionList: Page }
            struct Page: Decodable {
                var totalNum: Int
                var questions: [Question]
            }
            struct Question: Decodable {
                var titleSlug: String
                var questionStatus: String
                var lastResult: String?
                var lastSubmittedAt: String?
            }
            var data: Payload
        }
        let page = try JSONFile.decode(Body.self, from: data, file: source).data.userProgressQuestionList
        var entries: [LeetCodeProgressEntry] = []
        try rule(source) { () throws(InputRules.Violation) in
            try InputRules.check(count: page.totalNum, maximum: InputRules.maximumProblemID, at: "data.userProgressQuestionList.totalNum", what: "totalNum")
            for (index, question) in page.questions.enumerated() {
                let path = "data.userProgressQuestionList.questions[\(index)]"
                try InputRules.check(slug: question.titleSlug, at: "\(path).titleSlug")
                guard question.questionStatus == "SOLVED" || question.questionStatus == "ATTEMPTED" else {
                    throw InputRules.Violation("\(path).questionStatus", "'\(question.questionStatus.prefix(20))' is not SOLVED or ATTEMPTED")
                }
                if let result = question.lastResult {
                    try InputRules.check(text: result, at: "\(path).lastResult", what: "result", limit: 20)
                }
                // `null` or "" means LeetCode has no date for it; anything else must be a valid instant.
                var date: Date?
                if let text = question.lastSubmittedAt, !text.isEmpty {
                    guard let parsed = UTCTimestamp.date(fromLeetCode: text) else {
                        throw InputRules.Violation("\(path).lastSubmittedAt", "'\(text.prefix(40))' is not an ISO 8601 instant")
                    }
                    try InputRules.check(date: parsed, at: "\(path).lastSubmittedAt", now: now)
                    date = parsed
                }
                entries.append(LeetCodeProgressEntry(
                    slug: question.titleSlug, questionStatus: question.questionStatus, lastResult: question.lastResult, lastSubmittedAt: date))
            }
        }
        return (entries, page.totalNum)
    }

    /// `recentAcSubmissionList`: `{"data":{"recentAcSubmissionList":[{"titleSlug":…,"timestamp":"1700000000"}]}}`.
    public static func recentAccepted(from data: Data, source: String, now: Date) throws(ExchangeError) -> [LeetCodeAcceptedSubmission] {
        struct Body: Decodable {
            struct Payload: Decodable { var recentAcSubmissionList: [Submission] }
            struct Submission: Decodable {
                var titleSlug: String
                var timestamp: String
            }
            var data: Payload
        }
        let submissions = try JSONFile.decode(Body.self, from: data, file: source).data.recentAcSubmissionList
        var accepted: [LeetCodeAcceptedSubmission] = []
        try rule(source) { () throws(InputRules.Violation) in
            for (index, submission) in submissions.enumerated() {
                let path = "data.recentAcSubmissionList[\(index)]"
                try InputRules.check(slug: submission.titleSlug, at: "\(path).titleSlug")
                guard let seconds = Int(submission.timestamp) else {
                    throw InputRules.Violation("\(path).timestamp", "'\(submission.timestamp.prefix(20))' is not a Unix time in seconds")
                }
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                try InputRules.check(date: date, at: "\(path).timestamp", now: now)
                accepted.append(LeetCodeAcceptedSubmission(slug: submission.titleSlug, date: date))
            }
        }
        return accepted
    }

    /// `activeDailyCodingChallengeQuestion { date question { … } }`; the question in the
    /// problem list's shape (`questionFrontendId`, `title`, `titleSlug`, `difficulty`, `paidOnly`).
    public static func daily(from data: Data, source: String) throws(ExchangeError) -> LeetCodeDaily {
        struct Body: Decodable {
            struct Payload: Decodable { var activeDailyCodingChallengeQuestion: Challenge }
            struct Challenge: Decodable {
                var date: String
                var question: LeetCodeProblemList.Question
            }
            var data: Payload
        }
        let challenge = try JSONFile.decode(Body.self, from: data, file: source).data.activeDailyCodingChallengeQuestion
        let question = challenge.question
        let entry = LeetCodeProblemList.Entry(
            id: question.id, title: question.title, slug: question.titleSlug, difficulty: question.difficulty,
            paidOnly: question.paidOnly, acceptance: question.acRate, tags: question.topicTags?.map(\.name), status: question.status)
        try rule(source) { () throws(InputRules.Violation) in
            do {
                _ = try LocalDay(parsing: challenge.date)
            } catch {
                throw InputRules.Violation("data.activeDailyCodingChallengeQuestion.date", "'\(challenge.date.prefix(20))' is not a day (YYYY-MM-DD)")
            }
            try LeetCodeProblemList.check(
                entry, at: "data.activeDailyCodingChallengeQuestion.question",
                fields: ("questionFrontendId", "title", "titleSlug", "acRate"))
        }
        return LeetCodeDaily(date: challenge.date, problem: entry)
    }

    /// Runs `checks`, turning a broken rule into the error that names `source`.
    static func rule(_ source: String, _ checks: () throws(InputRules.Violation) -> Void) throws(ExchangeError) {
        do throws(InputRules.Violation) {
            try checks()
        } catch {
            throw .invalidContent(file: source, path: error.path, reason: error.reason)
        }
    }
}

extension UTCTimestamp {
    /// Parses LeetCode's instants: `2026-11-29T14:03:12Z`, or with an offset
    /// (`2026-11-29T14:03:12+00:00`, `…+08:00`) as the progress list gives them.
    static func date(fromLeetCode text: String) -> Date? {
        if text.hasSuffix("Z") { return date(from: text) }
        let bytes = Array(text.utf8)
        guard bytes.count >= 25 else { return nil }
        let offset = bytes[(bytes.count - 6)...]
        guard offset.first == UInt8(ascii: "+") || offset.first == UInt8(ascii: "-"), bytes[bytes.count - 3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: bytes[(bytes.count - 5)..<(bytes.count - 3)], as: UTF8.self)),
            let minutes = Int(String(decoding: bytes[(bytes.count - 2)...], as: UTF8.self)), hours < 24, minutes < 60, hours >= 0, minutes >= 0,
            let local = date(from: String(decoding: bytes[..<(bytes.count - 6)], as: UTF8.self) + "Z")
        else { return nil }
        let seconds = TimeInterval(hours * 3600 + minutes * 60)
        return offset.first == UInt8(ascii: "+") ? local.addingTimeInterval(-seconds) : local.addingTimeInterval(seconds)
    }
}
