import FoundationEssentials
import LeetTrackCore

/// LeetCode's judge: run the examples, submit, poll for the verdict; and the recent accepted
/// submissions that the views capture by themselves.
///
/// The judge lives at REST paths of the site (`/problems/SLUG/submit/`), not in GraphQL: they are
/// resolved against the scheme, host and port of ``LeetCodeClient/endpoint``, so `--endpoint`
/// keeps naming the GraphQL URL and the tests' server answers both.
extension LeetCodeClient {
    /// The longest `test` or `submit` waits for a verdict before it gives up (the submission stays
    /// pending and is resolved by the next `submit` or `pull`).
    public static let judgeWait = 120.0

    /// The site's root (`https://leetcode.com`) taken from the GraphQL endpoint: its scheme, host
    /// and port, without path, query or user part.
    var siteRoot: String {
        let text = Substring(endpoint)
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return "https://leetcode.com" }
        let rest = text[text.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // A user part (`user@host`) is dropped: only the host and port say where.
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        return String(text[..<colon]) + "://" + host
    }

    /// The page of a problem, sent as the Referer of its judge's requests as the site's page does.
    static func problemPage(_ slug: String) -> String { "https://leetcode.com/problems/\(slug)/" }

    /// Runs `code` on the examples in `input` (each case's arguments on lines of their own):
    /// `POST /problems/SLUG/interpret_solution/` with `{lang, question_id, typed_code, data_input}`,
    /// as j178/leetgo (`RunCode`) and clearloop/leetcode-cli (`run_code`) send it.
    /// - Returns: the run's id, to poll with ``verdict(of:wait:progress:)``.
    public func interpret(slug: String, questionID: String, language: String, code: String, input: String) throws(LeetCodeError) -> String {
        let body = try encode(JudgeRequest(lang: language, question_id: questionID, typed_code: code, data_input: input), name: "interpret_solution")
        let data = try judgeRequest("/problems/\(slug)/interpret_solution/", body: body, slug: slug)
        return try decode { () throws(ExchangeError) in
            try SubmissionResponses.interpretID(from: data, source: "LeetCode's interpret_solution response")
        }
    }

    /// Submits `code`: `POST /problems/SLUG/submit/` with `{lang, question_id, questionSlug, typed_code}`,
    /// as j178/leetgo (`SubmitCode`) sends it.
    /// - Returns: the submission's id.
    public func submit(slug: String, questionID: String, language: String, code: String) throws(LeetCodeError) -> String {
        let body = try encode(
            JudgeRequest(lang: language, question_id: questionID, typed_code: code, questionSlug: slug), name: "submit")
        let data = try judgeRequest("/problems/\(slug)/submit/", body: body, slug: slug)
        return try decode { () throws(ExchangeError) in try SubmissionResponses.submissionID(from: data, source: "LeetCode's submit response") }
    }

    /// One look at a run or submission: `GET /submissions/detail/ID/check/` (j178/leetgo's
    /// `CheckResult`, clearloop/leetcode-cli's `verify_result`).
    public func check(_ id: String, slug: String) throws(LeetCodeError) -> JudgeResult {
        let data = try judgeRequest("/submissions/detail/\(id)/check/", body: nil, slug: slug, notFound: .unknownSubmission(id: id))
        return try decode { () throws(ExchangeError) in try SubmissionResponses.check(from: data, source: "LeetCode's check response") }
    }

    /// Polls ``check(_:slug:)`` until the judge is done: first after half a second, then a little
    /// longer each time up to 3 s, for at most `wait` seconds in all (clearloop/leetcode-cli polls
    /// every 0.5 s; leetgo backs off the same way). `progress` is told of each pending look.
    /// - Throws: ``LeetCodeError/judgeTimedOut(id:seconds:)`` when `wait` ran out.
    public func verdict(of id: String, slug: String, wait: Double = judgeWait, progress: (String) -> Void = { _ in }) throws(LeetCodeError) -> JudgeResult {
        let start = ContinuousClock.now
        var delay = 0.5
        while true {
            Self.sleep(seconds: delay)
            let result = try check(id, slug: slug)
            if result.isFinished { return result }
            progress(result.state)
            let elapsed = start.duration(to: ContinuousClock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if seconds + delay > wait { throw .judgeTimedOut(id: id, seconds: wait) }
            delay = min(delay * 1.5, 3)
        }
    }

    // MARK: Requests

    /// A REST request of the judge: the answer's body when it is a 2xx; a REST error (LeetCode
    /// answers `{"error": "…"}`) otherwise, its message checked and cut short.
    private func judgeRequest(_ path: String, body: Data?, slug: String, notFound: LeetCodeError? = nil) throws(LeetCodeError) -> Data {
        let url = siteRoot + path
        let response = try exchange(url, body: body, referer: Self.problemPage(slug))
        guard (200...299).contains(response.status) else {
            if response.status == 404 { throw notFound ?? .unknownProblem(slug: slug) }
            // LeetCode says why in words ("Your code is too long"): the words are the message.
            if let message = SubmissionResponses.errorMessage(in: response.body) { throw .graphQL(endpoint: url, messages: [message]) }
            throw .httpStatus(endpoint: url, status: response.status)
        }
        return response.body
    }
}

/// The body of `interpret_solution` and `submit`, with LeetCode's field names.
private struct JudgeRequest: Encodable {
    var lang: String
    var question_id: String
    var typed_code: String
    var data_input: String?
    var questionSlug: String?
}
