import Foundation
import Testing

@Suite("Broken output and dates at the edge of today, end to end")
struct OutputAndDatesEndToEndTests {
    @Test("a full disk on standard output is an error message and exit 1, not a crash")
    func fullStandardOutput() throws {
        let runner = try LeetTrackRunner()
        _ = try runner.run("fav", "1")
        let process = Process()
        process.executableURL = LeetTrackRunner.executable
        process.arguments = ["--store", runner.storePath, "list", "--json"]
        process.environment = runner.environment()
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("cannot write to standard output"))
    }

    @Test("solving with --date of today never records an instant in the future, in any time zone")
    func todayIsNeverInTheFuture() throws {
        let runner = try LeetTrackRunner()
        // Zones 6 hours apart: in at least one of them noon has not come yet.
        for (index, zone) in ["Etc/GMT+12", "Etc/GMT+6", "UTC", "Etc/GMT-6", "Etc/GMT-12"].enumerated() {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let today = calendar.dateComponents([.year, .month, .day], from: Date())
            let text = String(format: "%04d-%02d-%02d", today.year ?? 0, today.month ?? 0, today.day ?? 0)
            let problem = "\(index + 1)"
            let solved = try runner.run(["solve", problem, "--date", text], environment: ["TZ": zone])
            #expect(solved.status == 0, "\(zone): \(solved.stderr)")
            let after = Date()
            let shown = try runner.json(try runner.run("show", problem, "--json")) as? [String: Any]
            let history = try #require(shown?["history"] as? [[String: Any]])
            let date = try #require((history.first?["date"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
            #expect(date <= after, "\(zone): recorded \(date), after \(after)")
        }
    }
}
