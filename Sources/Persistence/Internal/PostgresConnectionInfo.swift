import CLibPQ
import FoundationEssentials

/// A libpq connection string (`postgresql://…` URL or `key=value` pairs), with what may be shown
/// of it and what must never be.
///
/// Every setting, TLS ones included (`sslmode`, `sslrootcert`, `sslcert`, …), goes to libpq as
/// given; libpq also reads its own environment (`PGPASSWORD`, `PGSSLMODE`, `~/.pgpass`, …).
struct PostgresConnectionInfo: Sendable {
    /// The string handed to libpq. Never shown.
    let connectionString: String
    /// `postgresql://user@host:port/database`, without the password: what messages name.
    let location: String
    /// The password given in the string, kept only to scrub it from server messages.
    private let password: String?
    /// What the server's `pg_stat_activity` shows for the connection unless the string names one.
    var applicationName: String?

    /// Parses `connectionString` without connecting.
    /// - Throws: ``PersistenceError/server(location:reason:)`` when libpq cannot parse it. libpq's
    ///   own message is not used: it may quote the part of the string that holds the password.
    init(_ connectionString: String) throws {
        self.connectionString = connectionString
        // Every PostgreSQL store starts here, so this is where a missing libpq is reported.
        guard clibpq_available() != 0 else {
            throw PersistenceError.server(
                location: "the PostgreSQL server",
                reason: "the PostgreSQL client library (\(String(cString: clibpq_library_name()))) is not installed;"
                    + " install it (Debian: apt-get install libpq5)")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = clibpq_PQconninfoParse(connectionString, &error) else {
            if let error { clibpq_PQfreemem(error) }
            throw PersistenceError.server(
                location: "the PostgreSQL server",
                reason: "the connection string is neither a postgresql:// URL nor libpq key=value pairs"
                    + " (see https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING)")
        }
        defer { clibpq_PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        password = values["password"].flatMap { $0.isEmpty ? nil : $0 }
        let environment = ProcessInfo.processInfo.environment
        let host = values["host"] ?? values["hostaddr"] ?? environment["PGHOST"] ?? "localhost"
        let port = values["port"] ?? environment["PGPORT"] ?? "5432"
        let user = values["user"] ?? environment["PGUSER"]
        let database = values["dbname"] ?? environment["PGDATABASE"] ?? user ?? ""
        location = "postgresql://" + (user.map { $0 + "@" } ?? "") + host + ":" + port + "/" + database
    }

    /// `message` with the password and the connection string replaced by asterisks.
    func redact(_ message: String) -> String {
        var text = connectionString.isEmpty ? message : message.replacing(connectionString, with: location)
        if let password, !password.isEmpty {
            text = text.replacing(password, with: "********")
            let encoded = Self.percentEncoded(password)
            if encoded != password {
                text = text.replacing(encoded, with: "********")
            }
        }
        return text
    }

    /// `text` as it appears in a URL: every byte but ASCII letters and digits as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
