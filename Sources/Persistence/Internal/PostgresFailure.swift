import FoundationEssentials

/// libpq's and the server's error text turned into reasons of ours, for
/// ``PersistenceError/server(location:reason:)``. libpq's text is a run-on of lines ("… port 1
/// failed: Connection refused Is the server running on that host and accepting TCP/IP
/// connections?"), may quote the connection string, and a server's message may name our tables; a
/// person reads a sentence that says what happened and what to do, and the kind of failure
/// (``PersistenceError/ServerFailure``) follows from the sentence chosen.
enum PostgresFailure {
    /// What each kind of failed connection is called: the first `needles` found in libpq's
    /// message (compared in lower case) decides.
    private static let connectionReasons: [(needles: [String], kind: PersistenceError.ServerFailure, reason: String)] = [
        (["password authentication failed", "authentication failed"], .login,
         "the user name or password is wrong (password authentication failed)"),
        (["no password supplied"], .login,
         "the server asks for a password and none was given; put it in PGPASSFILE, ~/.pgpass or PGPASSWORD"),
        (["no pg_hba.conf entry", "pg_hba.conf rejects"], .login,
         "the server does not accept this user from this machine for that database (see the server's pg_hba.conf)"),
        (["role \"", "user \""], .login, "the server has no user of that name"),
        (["database \""], .other, "the server has no database of that name; create it or correct the URL"),
        (["invalid port number", "for connection option \"port\""], .setting, "the port in the URL is not a port number (1 to 65535)"),
        (["invalid connection option", "invalid uri query parameter", "unrecognized"], .setting,
         "the URL names a setting that the PostgreSQL client library does not know"),
        (["invalid sslmode value"], .setting, "the URL's sslmode is not one of disable, allow, prefer, require, verify-ca, verify-full"),
        (["invalid integer value", "invalid value", "invalid ", "missing \"=\"", "unterminated quoted string"], .setting,
         "a setting in the URL has a value that the PostgreSQL client library does not accept"),
        (["does not support ssl", "ssl was required"], .setting,
         "the server does not offer the encryption (SSL) that the URL's sslmode requires"),
        (["certificate", "ssl error", "ssl syscall"], .unreachable,
         "the encrypted connection (SSL) failed; check the server's certificate and the URL's sslmode"),
        (["connection refused"], .unreachable,
         "nothing accepts connections at that address and port (connection refused); is the server running there?"),
        (["could not translate host name", "name or service not known", "temporary failure in name resolution",
          "nodename nor servname"], .unreachable, "the host name is unknown; check its spelling and the network"),
        (["timeout expired", "timed out"], .unreachable, "the server did not answer in time"),
        (["no route to host", "network is unreachable"], .unreachable, "the network has no route to that host"),
        (["the database system is starting up", "the database system is shutting down", "in recovery mode",
          "the database system is not yet accepting"], .unreachable,
         "the server is starting up or shutting down; try again in a moment"),
        (["too many clients", "connection slots are reserved", "too many connections"], .unreachable,
         "the server has too many connections open; try again later"),
        (["server closed the connection", "connection reset", "broken pipe", "eof detected", "no connection to the server"],
         .unreachable, "the server closed the connection"),
        (["socket", "no such file or directory"], .unreachable,
         "no server listens on that local socket; is the server running, or should the URL name a host?"),
        (["out of memory"], .other, "there was not enough memory"),
    ]

    /// The reason for a connection that failed or was lost, from libpq's `message`.
    static func connection(_ message: String) -> String {
        let lowered = message.lowercased()
        for entry in connectionReasons where entry.needles.contains(where: lowered.contains) {
            return entry.reason
        }
        return unknownConnectionReason
    }

    private static let unknownConnectionReason =
        "the connection failed for a reason this program does not recognise; check the URL and that the server is running"

    /// The reason for a statement the server refused, from its SQLSTATE and its one-line `message`
    /// (redacted). Only a message raised on purpose (`RAISE EXCEPTION` in a server's trigger,
    /// SQLSTATE P0001) is quoted: it was written for the people who use the server; others name
    /// our tables and columns.
    static func statement(state: String, message: String?) -> String {
        let code = "(SQLSTATE \(state))"
        let reason: String
        switch state {
        case "P0001":
            let said = message.map { "“" + $0.split(whereSeparator: \.isNewline).joined(separator: " ") + "”" }
            return "\(refusedStatement) \(code); the server said: \(said ?? "nothing more")"
        case "40001", "40P01": reason = "another change on the server conflicted with this one; try again"
        case "25006": reason = "the server accepts no changes (it is read-only, perhaps a standby)"
        case "42501": reason = "the user has no permission to do this on the server"
        case "57P01", "57P02", "57P03": reason = "the server is shutting down or not accepting work; try again later"
        default:
            switch state.prefix(2) {
            case "42": reason = "its tables are not as this program made them (another program changed them)"
            case "23": reason = "a rule on the server refused the change"
            case "53": reason = "the server ran out of resources (disk, memory or connections)"
            case "22": reason = "the server refused a value"
            case "28": return connection("authentication failed")
            default: reason = "the server gave no reason this program recognises"
            }
        }
        return "\(refusedStatement) \(code): \(reason)"
    }

    static let refusedStatement = "the server refused a statement"

    /// The kind of failure that `reason` (made by this type or by ``PostgresConnectionInfo``) is.
    static func kind(of reason: String) -> PersistenceError.ServerFailure {
        if reason.hasPrefix(refusedStatement) { return .statement }
        if reason.hasPrefix("the connection string") { return .setting }
        let last = reason.hasPrefix("the connection was lost") ? "" : reason
        if let entry = connectionReasons.first(where: { $0.reason == last }) { return entry.kind }
        return reason.hasPrefix("the connection was lost") || reason == unknownConnectionReason ? .unreachable : .other
    }
}

extension PersistenceError {
    /// What kind of failure a ``server(location:reason:)`` error is, for a message that tells the
    /// user what to fix: the server (not reachable), the login, a setting in the URL, or a
    /// statement the server refused.
    public enum ServerFailure: Sendable, Equatable {
        /// The server cannot be reached, or the connection was lost.
        case unreachable
        /// The server refused the login (user, password, or where it is made from).
        case login
        /// The connection string or a setting in it is wrong: a mistake in the URL, not the server.
        case setting
        /// The server refused one of the store's statements.
        case statement
        /// Anything else (a database that does not exist, memory).
        case other
    }

    /// The kind of a ``server(location:reason:)`` error; `nil` for any other error.
    public var serverFailure: ServerFailure? {
        guard case .server(_, let reason) = self else { return nil }
        return PostgresFailure.kind(of: reason)
    }
}
