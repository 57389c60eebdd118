import LeetTrackCore

/// Why talking to LeetCode failed. No case carries a cookie: messages are printed and logged.
public enum LeetCodeError: Error, Equatable, CustomStringConvertible {
    /// libcurl could not be loaded (it is needed only by `leettrack leetcode`).
    case libraryMissing(library: String)
    /// The server could not be reached (refused, unknown host, TLS failure).
    case unreachable(endpoint: String, reason: String)
    /// No complete answer within the timeout.
    case timedOut(endpoint: String, seconds: Double)
    /// An HTTP status that is not success, after the retries a 429 or 5xx gets.
    case httpStatus(endpoint: String, status: Int)
    /// The session cookie is missing, wrong or expired.
    case sessionExpired
    /// LeetCode's bot protection answered with a challenge page instead of an answer (HTTP 403 with
    /// HTML): the session may be fine, so the user is not told to sign in again first.
    case challenged(endpoint: String)
    /// No cookies: neither a saved session nor the environment variables.
    case notSignedIn(cookieFile: String)
    /// The server answered with GraphQL errors.
    case graphQL(endpoint: String, messages: [String])
    /// The answer is not in LeetCode's shape, or breaks a rule of ``InputRules``.
    case invalidResponse(ExchangeError)
    /// LeetCode's paging did not add up (a page came back empty before the total).
    case inconsistentPaging(query: String, received: Int, total: Int)
    /// The saved session file could not be read or written.
    case cookieFile(path: String, reason: String)
    /// What the user typed for a cookie is not one.
    case invalidCookie(name: String, reason: String)
    /// LeetCode kept answering 429 after the retries: too many requests (or submissions) too fast.
    case rateLimited(endpoint: String)
    /// A problem for subscribers only, and the signed-in user has no subscription.
    case paidOnly(slug: String)
    /// LeetCode knows no problem of that slug.
    case unknownProblem(slug: String)
    /// The judge did not finish within the wait allowed; the submission stays pending.
    case judgeTimedOut(id: String, seconds: Double)
    /// LeetCode knows no submission (or run) of that id.
    case unknownSubmission(id: String)

    /// The message a user sees, with what to do next.
    public var description: String {
        switch self {
        case .libraryMissing(let library):
            "cannot load \(library), which `leettrack leetcode` needs to reach LeetCode. Install libcurl (apt: libcurl4)."
        case .unreachable(let endpoint, let reason):
            "cannot reach \(endpoint): \(reason). Check the network and try again."
        case .timedOut(let endpoint, let seconds):
            "\(endpoint) did not answer within \(Self.seconds(seconds)). Try again later."
        case .httpStatus(let endpoint, let status):
            "\(endpoint) answered HTTP \(status)" + (status == 429 || status >= 500 ? " after retries. Try again later." : ".")
        case .sessionExpired:
            "your LeetCode session has expired or was refused: sign in again with `leettrack leetcode login`."
        case .challenged(let endpoint):
            "\(endpoint) answered with a bot check (HTTP 403, an HTML challenge page) instead of data. Try again later; "
                + "if it keeps happening, sign in to leetcode.com in a browser, then run `leettrack leetcode login` again "
                + "with its cf_clearance cookie too (or set LEETCODE_CF_CLEARANCE)."
        case .notSignedIn(let file):
            "not signed in to LeetCode (no \(file), and LEETCODE_SESSION / LEETCODE_CSRFTOKEN are not set): "
                + "sign in with `leettrack leetcode login`."
        case .graphQL(let endpoint, let messages):
            "\(endpoint) reported: \(messages.prefix(3).joined(separator: "; "))"
        case .invalidResponse(let error):
            "\(error)"
        case .inconsistentPaging(let query, let received, let total):
            "LeetCode's \(query) stopped after \(received) of the \(total) it announced. Try again later."
        case .cookieFile(let path, let reason):
            "\(path): \(reason)"
        case .invalidCookie(let name, let reason):
            "the \(name) cookie \(reason)."
        case .rateLimited(let endpoint):
            "LeetCode is limiting your requests (\(endpoint) answered HTTP 429 after retries). Wait a few minutes, then try again."
        case .paidOnly(let slug):
            "\(slug) is a premium (paid-only) problem: LeetCode shows its statement and judges it for subscribers only. "
                + "Sign in with `leettrack leetcode login` as a subscriber to use it."
        case .unknownProblem(let slug):
            "LeetCode has no problem '\(slug)' (it may have been renamed: `leettrack leetcode pull` follows renames)."
        case .judgeTimedOut(let id, let seconds):
            "LeetCode's judge had no verdict for submission \(id) within \(Self.seconds(seconds))."
        case .unknownSubmission(let id):
            "LeetCode knows no submission \(id)."
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
