import Foundation
import Synchronization
import Testing

/// Ctrl-C (SIGINT) and `kill` (SIGTERM) stop `leettrack serve` within 2 seconds, every time: 40
/// runs, in each situation a server meets (idle, after requests with a page's event stream open,
/// with its standard output closed, with its store deleted). About one run in ten used to ignore
/// the signal for ever.
@Suite("serve: stops on a signal, every time")
struct ServeSignalsEndToEndTests {
    enum Situation: String, CaseIterable {
        case idle, afterRequests, outputClosed, storeDeleted
    }

    /// Starts a server, brings it into `situation`, sends `signal`; whether it ended within 2 s by
    /// itself, and how (its exit status, and whether it said "Stopped.").
    private static func run(_ situation: Situation, _ signal: Int32) throws -> (ended: Bool, status: Int32, reason: Process.TerminationReason, stopped: Bool) {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let ended = DispatchSemaphore(value: 0)
        server.process.terminationHandler = { _ in ended.signal() }
        var stream: RawSocket?
        switch situation {
        case .idle:
            break
        case .afterRequests:
            _ = try server.request("GET", "/api/problems")
            _ = try server.request("PUT", "/api/problems/1/favorite")
            stream = try RawSocket(port: server.port)
            try stream?.send(Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
            _ = try stream?.readSome()
        case .outputClosed:
            try server.output.fileHandleForReading.close()
        case .storeDeleted:
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: runner.storePath + suffix) }
        }
        kill(server.process.processIdentifier, signal)
        guard ended.wait(timeout: .now() + 2) == .success else {
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            return (false, -1, .uncaughtSignal, false)
        }
        _ = stream
        let output = situation == .outputClosed ? "" : String(decoding: server.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (true, server.process.terminationStatus, server.process.terminationReason, output.contains("Stopped."))
    }

    @Test func everyRunStopsWithin2SecondsOfSIGINTOrSIGTERM() throws {
        let runs = (0..<5).flatMap { _ in Situation.allCases.flatMap { situation in [SIGINT, SIGTERM].map { (situation, $0) } } }
        #expect(runs.count == 40)
        let failures = Mutex<[String]>([])
        // Eight at a time: forty servers one after another would take most of a minute.
        for batch in stride(from: 0, to: runs.count, by: 8) {
            let slice = Array(runs[batch..<min(batch + 8, runs.count)])
            DispatchQueue.concurrentPerform(iterations: slice.count) { index in
                let (situation, signal) = slice[index]
                let name = "\(situation.rawValue) SIG\(signal == SIGINT ? "INT" : "TERM")"
                do {
                    let result = try Self.run(situation, signal)
                    var problem: String?
                    if !result.ended {
                        problem = "still running 2 s after the signal"
                    } else if situation != .outputClosed && (result.reason != .exit || result.status != 0 || !result.stopped) {
                        problem = "ended with \(result.reason == .exit ? "status" : "signal") \(result.status), stopped: \(result.stopped)"
                    }
                    if let problem { failures.withLock { $0.append("\(name): \(problem)") } }
                } catch {
                    failures.withLock { $0.append("\(name): \(error)") }
                }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
    }
}
