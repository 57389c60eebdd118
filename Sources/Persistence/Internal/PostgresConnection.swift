import CLibPQ
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libpq connection. Not thread-safe by itself: its owner keeps it behind a `Mutex`.
///
/// Every message that leaves this type goes through ``PostgresConnectionInfo/redact(_:)``, so a
/// password in the connection string never reaches an error, a log or the terminal.
final class PostgresConnection: @unchecked Sendable {
    // @unchecked: a PGconn must not be used from two threads at once; every use goes through the
    // owning backend's `Mutex`, which serialises all access.

    /// One value bound to a statement: text, or bytes (sent in binary format, as `bytea`).
    enum Parameter {
        case text(String)
        case bytes(Data)
    }

    /// The rows of a result, each column as bytes (`nil` for SQL NULL).
    struct Rows {
        var rows: [[Data?]] = []
        /// Column `column` of row `row` as UTF-8 text.
        func text(_ row: Int, _ column: Int) -> String? {
            rows[row][column].map { String(decoding: $0, as: UTF8.self) }
        }
    }

    let info: PostgresConnectionInfo
    private var handle: OpaquePointer
    /// Set when the connection was lost and made again: notifications may have been missed.
    private(set) var wasReset = false
    /// Statements prepared on the server (parsed and planned once), by SQL, with their names.
    private var prepared: [String: String] = [:]

    /// Connects. Blocks for at most `connect_timeout` (10 s unless the connection string says otherwise).
    /// - Throws: ``PersistenceError/server(location:reason:)`` naming the server (never the password).
    init(info: PostgresConnectionInfo) throws {
        self.info = info
        // Keywords are applied in order and the expanded connection string comes last, so the
        // user's own connect_timeout (and every TLS setting) wins over our default.
        var keywords = ["connect_timeout", "dbname"]
        var values = ["10", info.connectionString]
        if let name = info.applicationName {
            keywords.insert("fallback_application_name", at: 1)
            values.insert(name, at: 1)
        }
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in clibpq_PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw PersistenceError.server(location: info.location, reason: "out of memory while connecting")
        }
        guard clibpq_PQstatus(connection) == CONNECTION_OK else {
            let reason = PostgresFailure.connection(Self.trimmed(clibpq_PQerrorMessage(connection)))
            clibpq_PQfinish(connection)
            throw PersistenceError.server(location: info.location, reason: reason)
        }
        clibpq_ignore_notices(connection)
        handle = connection
    }

    deinit {
        clibpq_PQfinish(handle)
    }

    /// This connection's server process, which identifies our own notifications.
    var backendPID: Int32 { clibpq_PQbackendPID(handle) }

    /// Makes sure the connection is up, reconnecting once if the server dropped it (it restarted,
    /// or a network blip): a store outlives a server restart.
    func ensureConnected() throws {
        guard clibpq_PQstatus(handle) != CONNECTION_OK else { return }
        clibpq_PQreset(handle)
        prepared.removeAll()  // A new server session has none.
        guard clibpq_PQstatus(handle) == CONNECTION_OK else {
            throw PersistenceError.server(
                location: info.location,
                reason: "the connection was lost and cannot be made again: " + PostgresFailure.connection(lastMessage()))
        }
        wasReset = true
    }

    /// Forgets that the connection was reset (after the owner re-subscribed and invalidated caches).
    func acknowledgeReset() { wasReset = false }

    /// Runs `sql` with `parameters` (`$1`, `$2`, …) and returns its rows. Bytes come back as they
    /// are stored (binary format); use `::text` casts in SQL for numbers.
    ///
    /// With `prepare`, the statement is parsed and planned once per connection and reused: for the
    /// statements run once per key, where parsing costs as much as the round trip.
    @discardableResult
    func execute(_ sql: String, _ parameters: [Parameter] = [], prepare: Bool = false) throws -> Rows {
        let name = prepare ? try preparedName(for: sql, parameterCount: parameters.count) : nil
        var buffers: [Data] = []
        var formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case .text(let text):
                buffers.append(Data(text.utf8) + [0])
                formats.append(0)
            case .bytes(let data):
                buffers.append(data)
                formats.append(1)
            }
        }
        let lengths = buffers.map { Int32($0.count) }
        let result = Self.withBuffers(buffers) { pointers in
            if let name {
                return clibpq_PQexecPrepared(handle, name, Int32(parameters.count), pointers, lengths, formats, 1)
            }
            return clibpq_PQexecParams(handle, sql, Int32(parameters.count), nil, pointers, lengths, formats, 1)
        }
        return try rows(of: result, sql: sql)
    }

    private func preparedName(for sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "persistence_\(prepared.count + 1)"
        try rows(of: clibpq_PQprepare(handle, name, sql, Int32(parameterCount), nil), sql: sql)
        prepared[sql] = name
        return name
    }

    @discardableResult
    private func rows(of result: OpaquePointer?, sql: String) throws -> Rows {
        guard let result else {
            throw PersistenceError.server(location: info.location, reason: PostgresFailure.connection(lastMessage()))
        }
        defer { clibpq_PQclear(result) }
        switch clibpq_PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return Rows()
        case PGRES_TUPLES_OK:
            var rows = Rows()
            let columns = clibpq_PQnfields(result)
            rows.rows.reserveCapacity(Int(clibpq_PQntuples(result)))
            for row in 0..<clibpq_PQntuples(result) {
                var values: [Data?] = []
                for column in 0..<columns {
                    if clibpq_PQgetisnull(result, row, column) == 1 {
                        values.append(nil)
                    } else if let bytes = clibpq_PQgetvalue(result, row, column) {
                        values.append(Data(bytes: bytes, count: Int(clibpq_PQgetlength(result, row, column))))
                    } else {
                        values.append(Data())
                    }
                }
                rows.rows.append(values)
            }
            return rows
        default:
            if clibpq_PQstatus(handle) != CONNECTION_OK {
                let message = Self.trimmed(clibpq_PQresultErrorMessage(result))
                throw PersistenceError.server(
                    location: info.location, reason: "the connection was lost: " + PostgresFailure.connection(message))
            }
            let state = clibpq_PQresultErrorField(result, clibpq_diag_sqlstate()).map { String(cString: $0) } ?? "?"
            // The statement is ours, not the reader's: the message names the server's reason and
            // code, never the SQL (the code finds the statement for a developer).
            let primary = clibpq_PQresultErrorField(result, clibpq_diag_message_primary()).map { String(cString: $0) }
            throw PersistenceError.server(
                location: info.location, reason: PostgresFailure.statement(state: state, message: primary.map(info.redact)))
        }
    }

    /// Sends nothing but a sync to the server and waits for the answer. The server delivers the
    /// notifications of every transaction committed before it, so after this call
    /// ``notifications()`` knows of every commit that happened before it began.
    func roundTrip() throws {
        try execute("")
    }

    /// The notifications received so far, in the order of their commits: each one's sender (its
    /// server process id) and payload.
    func notifications() -> [(sender: Int32, payload: String)] {
        clibpq_PQconsumeInput(handle)
        var received: [(sender: Int32, payload: String)] = []
        while let notification = clibpq_PQnotifies(handle) {
            let payload = notification.pointee.extra.map { String(cString: $0) } ?? ""
            received.append((notification.pointee.be_pid, payload))
            clibpq_PQfreemem(notification)
        }
        return received
    }

    private func lastMessage() -> String {
        info.redact(Self.trimmed(clibpq_PQerrorMessage(handle)))
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        // One line for a person: libpq ends lines with newlines and indents its hints with tabs.
        // Its severity label goes, and so do the lines that quote our SQL (`LINE 1: SELECT …`, the
        // caret under it, `QUERY:`, `STATEMENT:`, `CONTEXT:`): a person is shown a sentence.
        let statementLines = ["LINE ", "QUERY:", "STATEMENT:", "CONTEXT:", "^"]
        return String(cString: message).split(whereSeparator: \.isNewline)
            .map(withoutSurroundingSpaces)
            .filter { line in !line.isEmpty && !statementLines.contains { line.hasPrefix($0) } }
            .map { line in
                for label in ["ERROR:", "FATAL:", "PANIC:"] where line.hasPrefix(label) {
                    return withoutSurroundingSpaces(line.dropFirst(label.count))
                }
                return line
            }
            .joined(separator: " ")
    }

    private static func withoutSurroundingSpaces(_ line: Substring) -> Substring {
        let start = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
        let end = line.lastIndex { !$0.isWhitespace }.map(line.index(after:)) ?? start
        return start < end ? line[start..<end] : ""
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }

    private static func withBuffers<T>(_ buffers: [Data], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        // Copies keep every pointer valid for the whole call; values are small.
        let copies: [UnsafeMutablePointer<CChar>] = buffers.map { data in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: max(data.count, 1))
            data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    pointer.update(from: base.assumingMemoryBound(to: CChar.self), count: data.count)
                }
            }
            return pointer
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafePointer($0) })
    }
}
