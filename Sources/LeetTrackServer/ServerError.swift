import FoundationEssentials
import LeetTrackCore
import NIOHTTP1
import Persistence

/// What the server refuses, with the HTTP status it answers and a message for the person or
/// script that asked. Errors of the tracker itself keep the command line's messages.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    /// A request the server cannot use: bad JSON, a missing field, a bad filter value.
    case badRequest(String)
    /// No route has this path.
    case notFound(path: String)
    /// The path exists but not with this method; `allowed` lists the methods it takes.
    case methodNotAllowed(method: String, allowed: [String])
    /// A body longer than the limit.
    case bodyTooLarge(limit: Int)
    /// No valid token (cookie, header or `?token=`) on a server that needs one.
    case unauthorized
    /// A write from another origin, or a `Host` the server does not serve.
    case forbidden(String)
    /// A client that did not finish its request in time.
    case requestTimeout
    /// A change id (`X-LeetTrack-Change`) already used by another request: another method,
    /// target or body (see ``ChangeLedger``).
    case changeReused(id: String)
    /// `--host` or `--port` that cannot be used.
    case invalidAddress(String)
    /// The token file cannot be read or written.
    case tokenFile(path: String, reason: String)
    /// The TLS certificate or key cannot be used (or OpenSSL cannot be loaded).
    case tls(String)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .badRequest(let reason): reason
        case .notFound(let path): "no route '\(path)'; the API is described in docs/SERVE.md (GET /api/problems, ...)."
        case .methodNotAllowed(let method, let allowed):
            "\(method) is not allowed here; use \(allowed.joined(separator: " or "))."
        case .bodyTooLarge(let limit): "the request body is over \(limit) bytes; nothing was changed."
        case .unauthorized: "this server needs its token: open the URL with ?token= that `leettrack serve` printed."
        case .forbidden(let reason): reason
        case .requestTimeout: "the request was not received in time."
        case .changeReused(let id):
            "the change id \(id) (X-LeetTrack-Change) was used already by another request (another method, path or body); "
                + "a change id names one change: send this change with an id of its own. Nothing was changed."
        case .invalidAddress(let reason): reason
        case .tokenFile(let path, let reason):
            "cannot use the token file \(path): \(reason). Check its permissions or remove it to make a new token."
        case .tls(let reason): reason
        }
    }

    var status: HTTPResponseStatus {
        switch self {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .bodyTooLarge: .payloadTooLarge
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .requestTimeout: .requestTimeout
        case .changeReused: .conflict
        case .invalidAddress, .tokenFile, .tls: .internalServerError
        }
    }
}

/// The JSON body of every error response: `{"error": "...", "status": 404}`.
struct ErrorJSON: Encodable {
    var error: String
    var status: Int

    /// A status and message of the server's own.
    init(status: Int, error: String) {
        (self.status, self.error) = (status, error)
    }

    /// The status and message for any error a route throws: the tracker's own errors keep the
    /// command line's wording; an unknown problem or list is a 404, other bad input a 400.
    init(_ error: any Error) {
        switch error {
        case let error as ServerError:
            self.error = error.description
            status = Int(error.status.code)
        case let error as LeetTrackError:
            self.error = error.description
            switch error {
            case .unknownProblem, .unknownList: status = 404
            case .notSolved: status = 409
            default: status = 400
            }
        case PersistenceError.undecodable(let key, _):
            // The command line names the damage and what to do; the page need not carry the
            // store's internals (its path, SQL, the library's API) to whoever sees it.
            self.error = "the record '\(key)' in the store cannot be read; `leettrack doctor` on the machine that serves this page shows the damage and what to do."
            status = 500
        default:
            self.error = "the store could not be read or written; `leettrack doctor` on the machine that serves this page checks it."
            status = 500
        }
    }
}
