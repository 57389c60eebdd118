import Foundation
@testable import LeetTrackServer
import Testing

/// The acceptance flows of `leettrack serve` in the system's Chromium, driven by Playwright for
/// Python (Browser/serve_flows.py) from a virtual environment cached like the FSRS oracle's.
/// Skips, saying why, without Chromium or python3 with venv.
@Suite("serve in a real browser", .serialized, .enabled(if: Chromium.executable != nil, Chromium.missing),
       .enabled(if: PlaywrightEnvironment.canMakeVenv, PlaywrightEnvironment.missing))
struct ServeBrowserTests {
    @Test func theAcceptanceFlowsPassInChromium() async throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let python = try await PlaywrightEnvironment.interpreter()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/serve_flows.py")
        let chromium = try #require(Chromium.executable)
        try PlaywrightEnvironment.expectScriptPasses(python, script, [
            server.url, LeetTrackRunner.executable.path, runner.storePath, chromium.path, runner.directory.path,
        ])
    }

    /// Issue 42's offline test: the script stops and starts the server itself (Browser/serve_offline.py).
    @Test func changesMadeWhileTheServerIsDownAreSentOnceWhenItIsBack() async throws {
        let runner = try LeetTrackRunner()
        let python = try await PlaywrightEnvironment.interpreter()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/serve_offline.py")
        let chromium = try #require(Chromium.executable)
        try PlaywrightEnvironment.expectScriptPasses(python, script, [LeetTrackRunner.executable.path, runner.storePath, chromium.path])
    }

    /// The same over HTTPS on this machine's network address, as a phone reaches it: browsers run
    /// service workers there only on https pages, so without TLS the app would not open offline.
    @Test(.enabled(if: TLSTestFiles.openssl != nil, TLSTestFiles.missing))
    func theAppOpensAndQueuesOfflineOverHTTPSOnANetworkAddress() async throws {
        let runner = try LeetTrackRunner()
        // The first address of an interface that is up, not loopback (loopback when there is none).
        let address = try #require(ListeningAddresses.localAddresses(includingIPv6: false).first)
        let files = try TLSTestFiles(in: runner.directory.appendingPathComponent("tls"), address: address)
        let python = try await PlaywrightEnvironment.interpreter()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/serve_offline.py")
        let chromium = try #require(Chromium.executable)
        try PlaywrightEnvironment.expectScriptPasses(python, script, [
            LeetTrackRunner.executable.path, runner.storePath, chromium.path, address, files.certificate, files.key,
        ])
    }
}

/// A cached virtual environment with Playwright for Python (the browser is the system's).
enum PlaywrightEnvironment {
    /// Pinned so a new release cannot change the test's verdict unannounced: Playwright, and
    /// axe-core (which axe-playwright-python ships) for the accessibility check.
    static let requirements = ["playwright==1.65.2", "axe-playwright-python==0.1.8"]
    /// The requirements in one word, which names the cached environment (a new pin, a new one).
    static let requirement = requirements.joined(separator: "+")

    static let python3: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static let missing: Comment = "python3 with venv is missing; the browser tests need it (apt-get install python3-venv; .ci/run does)."

    /// Whether python3 can make a virtual environment: Debian's python3 lacks `ensurepip`
    /// without the python3-venv package.
    static let canMakeVenv: Bool = {
        guard let python3 else { return false }
        let process = Process()
        process.executableURL = python3
        process.arguments = ["-c", "import ensurepip, venv"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false  // Cannot start: the same as missing, and the skip message says so.
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs a Playwright script with `python` and expects it to exit 0 and end its output with
    /// "ok" (what every script prints last); the output is the failure's message.
    static func expectScriptPasses(_ python: URL, _ script: URL, _ arguments: [String],
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (status, text) = try output(of: python, [script.path] + arguments)
        #expect(status == 0, "\(script.lastPathComponent) failed:\n\(text)", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("ok\n"), sourceLocation: sourceLocation)
    }

    /// Runs `executable` to its end: its exit status and what it wrote on both output streams.
    static func output(of executable: URL, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The interpreter of `~/.cache/leettrack-tests/venv-playwright-…`, built once (in a staging
    /// directory renamed into place, so a half-built one is never used).
    static func interpreter() async throws -> URL {
        let files = FileManager.default
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()
        let cache = URL(fileURLWithPath: home).appendingPathComponent(".cache/leettrack-tests")
        try files.createDirectory(at: cache, withIntermediateDirectories: true)
        let environment = cache.appendingPathComponent("venv-" + requirement.replacingOccurrences(of: "==", with: "-"))
        let python = environment.appendingPathComponent("bin/python")
        let ready = environment.appendingPathComponent("ready")
        if files.fileExists(atPath: ready.path), files.isExecutableFile(atPath: python.path) { return python }
        guard let python3 else { throw Failure(description: missing.rawValue) }
        let staging = cache.appendingPathComponent("staging-\(UUID().uuidString)")
        defer { _ = try? files.removeItem(at: staging) }  // Only a failed or lost race leaves it.
        try run(python3, ["-m", "venv", staging.path], what: "python3 -m venv (apt-get install python3-venv)")
        try run(staging.appendingPathComponent("bin/python"),
                ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--timeout", "60"] + requirements,
                what: "pip install \(requirement) (needs PyPI)")
        try Data().write(to: staging.appendingPathComponent("ready"))
        // Another suite (they run in parallel) finished first and may be using it: never replace a ready one.
        if files.fileExists(atPath: ready.path) { return python }
        if files.fileExists(atPath: environment.path) { try files.removeItem(at: environment) }
        do {
            try files.moveItem(at: staging, to: environment)
        } catch where files.fileExists(atPath: ready.path) {
            // Another run finished first; its environment is as good as ours.
        }
        return python
    }

    private static func run(_ executable: URL, _ arguments: [String], what: String) throws {
        let (status, text) = try output(of: executable, arguments)
        guard status == 0 else {
            throw Failure(description: "\(what) failed (exit \(status)):\n\(text.suffix(2000))")
        }
    }
}
