import TestSupport
import Foundation
import Persistence
import Synchronization
import Testing

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "persistence-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    private let database = Mutex<String?>(nil)

    /// A fresh database on the shared test server, made on first use and the same afterwards.
    func postgresDatabase() throws -> String {
        try database.withLock { database in
            if let database { return database }
            let url = try PostgresTestServer.shared.get().makeDatabase()
            database = url
            return url
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)  // Test scratch space only.
    }
}

/// The backends every conformance test runs against, the tests' own ``ExampleBackend`` among
/// them (a backend written against the public protocol only). `postgres` runs when PostgreSQL's server
/// binaries are installed, and always in CI (`CI` set), where a server that cannot start fails the
/// tests with the reason instead of skipping them.
enum BackendKind: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqlite, json, propertyList, postgres, example

    static var allCases: [BackendKind] {
        [.memory, .sqlite, .json, .propertyList, .example] + (PostgresTestServer.isExpected ? [.postgres] : [])
    }

    var testDescription: String { rawValue }

    func makeStore(in directory: TemporaryDirectory) throws -> Store {
        switch self {
        case .memory: .memory()
        case .example: Store(backend: ExampleBackend())
        case .sqlite: try .sqlite(path: directory.file("store.sqlite"))
        case .json: try .file(path: directory.file("store.json"), format: .json)
        case .propertyList: try .file(path: directory.file("store.plist"), format: .propertyList)
        case .postgres:
            // One database per directory, so that `reopen` reaches the same one.
            try .postgres(try directory.postgresDatabase())
        }
    }

    /// A second, independent store on the same file (what another process would open).
    func reopen(in directory: TemporaryDirectory) throws -> Store? {
        self == .memory || self == .example ? nil : try makeStore(in: directory)
    }
}

/// The built `persistence-probe` helper, next to the test bundle.
func probeURL() -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
    for candidate in candidates {
        let url = candidate.appendingPathComponent("persistence-probe")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return directory.appendingPathComponent("persistence-probe")
}

/// Runs the probe to completion and returns its exit status and output.
@discardableResult
func runProbe(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = probeURL()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

// Value types the tests store.
struct Profile: Codable, Equatable, Sendable {
    var name: String
    var solved: Int
    var tags: [String]
}

enum Theme: String, Codable, Sendable {
    case light, dark
}

enum Level: Int, Sendable {
    case low = 1, high = 2
}

/// `persistence-probe watch PATH KEY` in another process (as `user` when given, which needs root),
/// its lines read as they come. Stopped with SIGKILL (a child may inherit a blocked SIGTERM from
/// the test runner) when released, and after `timeout` seconds at the latest, so that a change
/// never heard ends the reads (`nil`) instead of hanging the test.
final class ProbeWatcher {
    private let process = Process()
    private let reader: LineReader

    init(store path: String, key: String, as user: passwd? = nil, timeout: Double = 10) throws {
        let watch = [probeURL().path, "watch", path, key]
        if let user {
            // setpriv, not runuser: it becomes the probe (runuser waits for it as a child), so the
            // kill ends the probe and its output.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user.pw_uid)", "--regid=\(user.pw_gid)", "--clear-groups", "--"] + watch
        } else {
            process.executableURL = URL(fileURLWithPath: watch[0])
            process.arguments = Array(watch.dropFirst())
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        reader = LineReader(pipe.fileHandleForReading)
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { kill(pid, SIGKILL) }
    }

    /// The next line the probe printed, or `nil` once it ended.
    func nextLine() -> String? { reader.nextLine() }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
