import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore

/// Talks to LeetCode's GraphQL endpoint as a good citizen of someone else's server: a descriptive
/// User-Agent, at most ``minimumInterval`` between requests (three a second), retries with
/// exponential backoff (or the server's `Retry-After`) on 429 and 5xx, a timeout on every request,
/// and a clear message when the session has expired.
///
/// Every response is checked by ``LeetCodeResponses`` (and so by `InputRules`) before it is used.
public final class LeetCodeClient {
    /// LeetCode's endpoint.
    public static let defaultEndpoint = "https://leetcode.com/graphql/"
    /// The User-Agent sent with every request.
    public static let userAgent = "leettrack/0.1 (personal LeetCode progress tracker; libcurl)"
    /// The default timeout of one request, in seconds.
    public static let defaultTimeout = 30.0
    /// The least time between two requests.
    public static let minimumInterval = 0.34
    /// How many times a 429 or 5xx is retried.
    public static let retries = 3
    /// Problems asked for per page of the problem list.
    public static let pageSize = 100

    /// Where requests go.
    public let endpoint: String
    private let cookies: LeetCodeCookies?
    private let transport: HTTPTransport
    /// When the last request ended, on the monotonic clock: spacing requests measures elapsed
    /// time, which the wall clock (or the tracker's fixed clock in tests) cannot give.
    private var lastRequest: ContinuousClock.Instant?

    /// A client of `endpoint`, sending `cookies` when given.
    public init(endpoint: String = defaultEndpoint, cookies: LeetCodeCookies?, timeout: Double = defaultTimeout) {
        self.endpoint = endpoint
        self.cookies = cookies
        transport = HTTPTransport(userAgent: Self.userAgent, timeout: timeout)
    }

    /// The signed-in user; throws ``LeetCodeError/sessionExpired`` when the cookies are refused.
    public func signedInUser() throws(LeetCodeError) -> LeetCodeUser {
        let data = try request(LeetCodeQueries.userStatus, variables: [:], name: "userStatus")
        let user = try decode { () throws(ExchangeError) in try LeetCodeResponses.user(from: data, source: source("userStatus")) }
        guard user.isSignedIn, !user.username.isEmpty else { throw .sessionExpired }
        return user
    }

    /// Today's daily coding challenge.
    public func daily() throws(LeetCodeError) -> LeetCodeDaily {
        let data = try request(LeetCodeQueries.daily, variables: [:], name: "activeDailyCodingChallengeQuestion")
        return try decode { () throws(ExchangeError) in
            try LeetCodeResponses.daily(from: data, source: source("activeDailyCodingChallengeQuestion"))
        }
    }

    /// Everything a pull needs: the user, every page of the problem list and of the progress
    /// list, and the recent accepted submissions. Nothing is written here; `progress` is told
    /// after each response (requests done, requests expected so far).
    public func pull(now: Date, progress: (Int, Int) -> Void = { _, _ in }) throws(LeetCodeError) -> LeetCodePull {
        var done = 0
        var expected = 4
        func step() {
            done += 1
            progress(done, max(expected, done))
        }
        let user = try signedInUser()
        step()
        var entries: [LeetCodeProblemList.Entry] = []
        var shape = LeetCodeProblemList.Shape.graphQL
        var total = Int.max
        while entries.count < total {
            let variables: [String: GraphQLVariable] = [
                "categorySlug": .string(""), "skip": .integer(entries.count), "limit": .integer(Self.pageSize), "filters": .object([:]),
            ]
            let name = "problemsetQuestionList"
            let data = try request(LeetCodeQueries.problemList, variables: variables, name: name)
            let page = try decode { () throws(ExchangeError) in
                try LeetCodeResponses.problemPage(from: data, source: source("\(name) (skip \(entries.count))"))
            }
            total = page.total
            shape = page.list.shape
            if entries.isEmpty { expected += max(0, (total + Self.pageSize - 1) / Self.pageSize - 1) }
            if page.list.entries.isEmpty, entries.count < total {
                throw .inconsistentPaging(query: name, received: entries.count, total: total)
            }
            entries += page.list.entries
            step()
        }
        var progressEntries: [LeetCodeProgressEntry] = []
        var progressTotal = Int.max
        while progressEntries.count < progressTotal {
            let name = "userProgressQuestionList"
            let variables: [String: GraphQLVariable] = ["filters": .object(["skip": .integer(progressEntries.count), "limit": .integer(Self.pageSize)])]
            let data = try request(LeetCodeQueries.progressList, variables: variables, name: name)
            let page = try decode { () throws(ExchangeError) in
                try LeetCodeResponses.progressPage(from: data, source: source("\(name) (skip \(progressEntries.count))"), now: now)
            }
            if progressEntries.isEmpty { expected += max(0, (page.total + Self.pageSize - 1) / Self.pageSize - 1) }
            progressTotal = page.total
            if page.entries.isEmpty, progressEntries.count < progressTotal {
                throw .inconsistentPaging(query: name, received: progressEntries.count, total: progressTotal)
            }
            progressEntries += page.entries
            step()
        }
        let accepted = try recentAccepted(username: user.username, now: now)
        step()
        return LeetCodePull(
            username: user.username, endpoint: endpoint, problems: LeetCodeProblemList(shape: shape, entries: entries),
            progress: progressEntries, accepted: accepted)
    }

    // MARK: Requests

    func source(_ query: String) -> String { "LeetCode's \(query) response" }

    func decode<Value>(_ body: () throws(ExchangeError) -> Value) throws(LeetCodeError) -> Value {
        do throws(ExchangeError) {
            return try body()
        } catch {
            throw .invalidResponse(error)
        }
    }

    /// The signed-in user's recent accepted submissions: the user named by the login, else asked
    /// first. LeetCode returns at most 20, whatever the limit asked.
    public func recentAccepted(username: String?, now: Date) throws(LeetCodeError) -> [LeetCodeAcceptedSubmission] {
        let user: String
        if let username, !username.isEmpty {
            user = username
        } else {
            user = try signedInUser().username
        }
        let name = "recentAcSubmissionList"
        let data = try request(LeetCodeQueries.recentAccepted, variables: ["username": .string(user), "limit": .integer(20)], name: name)
        return try decode { () throws(ExchangeError) in try LeetCodeResponses.recentAccepted(from: data, source: source(name), now: now) }
    }

    /// The JSON body of the request `name` (a GraphQL query, a judge's request).
    func encode(_ body: some Encodable, name: String) throws(LeetCodeError) -> Data {
        do {
            return try JSONEncoder().encode(body)
        } catch {
            throw .invalidResponse(.invalidContent(file: "the \(name) request", path: "", reason: "cannot be encoded"))
        }
    }

    /// Sends one query, politely; returns the body of a 200 without GraphQL errors.
    func request(_ query: String, variables: [String: GraphQLVariable], name: String) throws(LeetCodeError) -> Data {
        let body = try encode(GraphQLRequest(query: query, variables: variables), name: name)
        let response = try exchange(endpoint, body: body, referer: "https://leetcode.com/problemset/")
        if let messages = LeetCodeResponses.graphQLErrors(in: response.body) {
            if messages.contains(where: Self.meansSignedOut) { throw .sessionExpired }
            throw .graphQL(endpoint: endpoint, messages: messages)
        }
        guard (200...299).contains(response.status) else { throw .httpStatus(endpoint: endpoint, status: response.status) }
        return response.body
    }

    /// Sends one request to `url` (a POST of `body`, or a GET without one) as LeetCode's own pages
    /// do, politely: spaced, retried with backoff on 429 and 5xx. It tells a bot check, a refused
    /// session and a rate limit that outlasted the retries apart; any other answer is returned.
    func exchange(_ url: String, body: Data?, referer: String) throws(LeetCodeError) -> HTTPTransport.Response {
        // Checked against j178/leetgo (client.go: Referer, Origin, x-requested-with on every
        // request) and clearloop/leetcode-cli (x-csrftoken with the csrftoken cookie).
        var headers = ["Content-Type: application/json", "Accept: application/json", "Referer: \(referer)",
                       "Origin: https://leetcode.com", "x-requested-with: XMLHttpRequest"]
        if let cookies { headers.append("x-csrftoken: \(cookies.csrfToken)") }
        var attempt = 0
        while true {
            waitForTurn()
            let response = try transport.perform(url, body: body, headers: headers, cookie: cookies?.header)
            lastRequest = ContinuousClock.now
            if response.status == 429 || (500...599).contains(response.status), attempt < Self.retries {
                // Exponential backoff (1, 2, 4 s), or the server's Retry-After up to a minute.
                let delay = min(response.retryAfter ?? Double(1 << attempt), 60)
                Self.sleep(seconds: delay)
                attempt += 1
                continue
            }
            if response.status == 429 { throw .rateLimited(endpoint: url) }
            if response.status == 403, Self.isChallengePage(response.body) { throw .challenged(endpoint: url) }
            if response.status == 401 || response.status == 403 { throw .sessionExpired }
            return response
        }
    }

    /// Whether a GraphQL error says the request needs a signed-in user (LeetCode answers an
    /// expired session's query with `"User is not logged in"` or `"… not authenticated"`).
    static func meansSignedOut(_ message: String) -> Bool {
        let text = message.lowercased()
        return text.contains("not logged in") || text.contains("not authenticated") || text.contains("login required")
            || text.contains("sign in")
    }

    /// Whether a 403's body is an HTML page (Cloudflare's "Just a moment..." bot check) rather than
    /// LeetCode's refusal of the session, which comes as JSON or empty.
    static func isChallengePage(_ body: Data) -> Bool {
        let start = body.prefix(512).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return start.first == UInt8(ascii: "<")
    }

    /// Keeps requests ``minimumInterval`` apart.
    private func waitForTurn() {
        guard let lastRequest else { return }
        let elapsed = lastRequest.duration(to: ContinuousClock.now)
        let wait = Self.minimumInterval - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if wait > 0 { Self.sleep(seconds: wait) }
    }

    /// Sleeps the calling thread (the client is synchronous, on the command's own thread).
    static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// A GraphQL request's body: `{"query": …, "variables": {…}, "operationName": null}`.
struct GraphQLRequest: Encodable {
    let query: String
    let variables: [String: GraphQLVariable]

    private enum CodingKeys: String, CodingKey { case query, variables, operationName }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(variables, forKey: .variables)
        try container.encodeNil(forKey: .operationName)
    }
}

/// A value of a GraphQL request's variables.
enum GraphQLVariable: Encodable {
    case string(String)
    case integer(Int)
    case object([String: GraphQLVariable])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .object(let members): try container.encode(members)
        }
    }
}
