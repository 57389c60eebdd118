import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Shared by PersistenceTests, EndToEndTests and the benchmark: a real PostgreSQL server on
// loopback, in a temporary directory, made with Debian's `initdb` and `pg_ctl`, stopped when the
// test process exits.

/// A PostgreSQL server of the tests' own: one per test process (``shared``), or a private one for
/// a test that stops and restarts it.
public final class PostgresTestServer: Sendable {
    /// Why no server could be started, with what to install.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The login every test uses; the password is the one a test may get wrong on purpose.
    public static let user = "leettrack"
    public static let password = "correct horse battery staple"

    /// The server shared by all tests of this process, started on first use.
    public static let shared: Result<PostgresTestServer, Unavailable> = {
        do throws(Unavailable) {
            return .success(try PostgresTestServer())
        } catch {
            return .failure(error)
        }
    }()

    /// Whether Postgres tests should run: the binaries are here, or this is CI (where their absence
    /// must fail loudly instead of skipping).
    public static var isExpected: Bool {
        binaryDirectory() != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    public let directory: String
    public let port: Int
    private let binaries: String
    private let owner: (uid: uid_t, gid: gid_t)?
    private let databaseLock = Mutex(0)

    /// Makes a cluster in a fresh temporary directory and starts it on a free loopback port.
    public init() throws(Unavailable) {
        guard let binaries = Self.binaryDirectory() else {
            throw Unavailable(description: "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin:"
                + " install Debian's `postgresql` package (apt-get install postgresql)")
        }
        self.binaries = binaries
        directory = NSTemporaryDirectory() + "leettrack-postgres-" + UUID().uuidString
        port = Self.freePort()
        // initdb refuses to run as root: the cluster belongs to the `postgres` user (made by the
        // Debian package), or `nobody`.
        if geteuid() == 0 {
            guard let account = getpwnam("postgres") ?? getpwnam("nobody") else {
                throw Unavailable(description: "running as root, and neither a `postgres` nor a `nobody` user exists to own the test server")
            }
            owner = (account.pointee.pw_uid, account.pointee.pw_gid)
        } else {
            owner = nil
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if let owner { chown(directory, owner.uid, owner.gid) }
            let passwordFile = directory + "/password"
            try Data(Self.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
            if let owner { chown(passwordFile, owner.uid, owner.gid) }
            try run("initdb", ["-D", dataDirectory, "-U", Self.user, "--pwfile=\(passwordFile)", "-A", "scram-sha-256",
                               "-E", "UTF8", "--locale=C", "--no-sync"])
            let settings = """

                port = \(port)
                listen_addresses = '127.0.0.1'
                unix_socket_directories = ''
                fsync = off                  # commits still reach the OS: they survive the server being killed
                full_page_writes = off
                max_connections = 200

                """
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dataDirectory + "/postgresql.conf"))
            handle.seekToEndOfFile()
            handle.write(Data(settings.utf8))
            try handle.close()
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(description: "cannot prepare the test server in \(directory): \(error)")
        }
        try start()
        Self.register(self)
    }

    private var dataDirectory: String { directory + "/data" }

    /// Starts (or restarts) the server and waits until it accepts connections.
    public func start() throws(Unavailable) {
        try run("pg_ctl", ["-D", dataDirectory, "-l", directory + "/server.log", "-w", "-t", "60", "start"])
    }

    /// Stops the server at once (as a crash or a pulled cable would look to clients).
    public func stop() {
        _ = try? run("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])  // Already stopped is fine.
    }

    /// A connection URL to `database` with the right password, or `password` instead.
    public func url(database: String, password: String = PostgresTestServer.password) -> String {
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        return "postgresql://\(Self.user):\(encoded)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates a fresh, empty database and returns its connection URL.
    public func makeDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        // CREATE DATABASE copies template1, which must not be copied twice at once.
        _ = try databaseLock.withLock { _ in
            try run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, name], asOwner: false)
        }
        return url(database: name)
    }

    /// Runs `psql -c sql` against `database`.
    public func psql(_ sql: String, database: String) throws {
        try run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-v", "ON_ERROR_STOP=1", "-q",
                         "-d", database, "-c", sql], asOwner: false)
    }

    /// Runs one of the server's programs, as the cluster's owner when we are root.
    @discardableResult
    private func run(_ program: String, _ arguments: [String], asOwner: Bool = true) throws(Unavailable) -> String {
        var argv: [String]
        if let owner, asOwner {
            argv = ["/usr/bin/setpriv", "--reuid=\(owner.uid)", "--regid=\(owner.gid)", "--clear-groups", "--",
                    binaries + "/" + program] + arguments
        } else {
            argv = [binaries + "/" + program] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = Self.password
        environment["LC_ALL"] = "C"
        // Spawn, not Foundation's Process: the server that pg_ctl starts must inherit nothing.
        let outputPath = directory + "/" + program + "-" + UUID().uuidString + ".out"
        let status = Spawn.run(argv, environment: environment, output: outputPath)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: outputPath)  // Scratch output.
        guard status == 0 else {
            let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
            throw Unavailable(description: "\(program) \(arguments.first ?? "") failed (status \(status)): "
                + text.suffix(1500) + (log.isEmpty ? "" : "\nserver log:\n" + log.suffix(1500)))
        }
        return text
    }

    private static func binaryDirectory() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
    private static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    // MARK: - Stopping every server at exit

    private static let started = Mutex<[PostgresTestServer]>([])

    private static func register(_ server: PostgresTestServer) {
        let first = started.withLock { servers in
            servers.append(server)
            return servers.count == 1
        }
        if first {
            atexit {
                for server in PostgresTestServer.started.withLock({ $0 }) {
                    server.stop()
                    try? FileManager.default.removeItem(atPath: server.directory)  // Test scratch space only.
                }
            }
        }
    }
}
