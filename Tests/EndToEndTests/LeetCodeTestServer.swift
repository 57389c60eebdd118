import Foundation
import Testing

/// The tests' own stand-in for LeetCode (`LeetCodeServer/fake_leetcode.py`), started on a free
/// port with one scenario, and the cookies it accepts.
final class LeetCodeTestServer {
    /// The cookie values the server accepts; no output of any test may contain them.
    static let session = "sEcReT-session-3f9a7c21"
    static let csrfToken = "sEcReT-csrf-81b2e6d4"

    /// The cf_clearance value the `challenged` scenario lets through.
    static let clearance = "sEcReT-cf-clearance-77aa"

    private let process = Process()
    /// The endpoint to pass as `--endpoint`.
    let endpoint: String
    /// A folder the server logs the judge's submissions in (`submits`), and where a `release`
    /// file lets the `judge-hangs` scenario's verdicts through.
    let stateDirectory: URL

    /// Starts the server with `scenario`; returns once it listens.
    init(_ scenario: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("LeetCodeServer/fake_leetcode.py").path
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("fake-leetcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, scenario]
        process.environment = ProcessInfo.processInfo.environment.merging(["FAKE_LEETCODE_STATE": stateDirectory.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is the port: reading it waits for the server to listen.
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the fake LeetCode server did not start"])
        }
        endpoint = "http://127.0.0.1:\(port)/graphql/"
    }

    deinit {
        // SIGKILL: the server inherits the signal mask of the test's thread, where a worker thread
        // of Dispatch blocks SIGTERM, so `terminate()` would leave it running.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// The submissions the judge received, one line each (`ID SLUG LANG`).
    var submits: [String] {
        let text = (try? String(contentsOf: stateDirectory.appendingPathComponent("submits"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Lets the `judge-hangs` scenario's verdicts through.
    func release() throws {
        try Data().write(to: stateDirectory.appendingPathComponent("release"))
    }

    /// An endpoint where nothing listens: a port bound, then released.
    static func refusingEndpoint() throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        #expect(bound)
        return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/graphql/"
    }
}

extension LeetTrackRunner {
    /// The environment that signs a command in with the server's cookies.
    static let signedIn = ["LEETCODE_SESSION": LeetCodeTestServer.session, "LEETCODE_CSRFTOKEN": LeetCodeTestServer.csrfToken]

    /// Runs `leettrack leetcode …` and checks that no cookie appears in what it printed.
    @discardableResult
    func leetcode(
        _ arguments: [String], endpoint: String, input: String = "", environment: [String: String] = signedIn
    ) throws -> Result {
        let result = try run(["leetcode"] + arguments + ["--endpoint", endpoint], input: input, environment: environment)
        for secret in [LeetCodeTestServer.session, LeetCodeTestServer.csrfToken, LeetCodeTestServer.clearance] {
            #expect(!result.stdout.contains(secret), "a cookie was printed on standard output")
            #expect(!result.stderr.contains(secret), "a cookie was printed on standard error")
        }
        return result
    }

    /// Runs a pull that must fail with a message containing `mention`, and checks that the store
    /// is as it was (same records, same export).
    func expectPullFailingChangingNothing(endpoint: String, mentioning mention: String, environment: [String: String] = signedIn) throws {
        let exportBefore = try export()
        let recordsBefore = try snapshot()
        let result = try leetcode(["pull"], endpoint: endpoint, environment: environment)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(mention), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed."), "\(result.stderr)")
        #expect(try snapshot() == recordsBefore)
        #expect(try export() == exportBefore)
    }
}
