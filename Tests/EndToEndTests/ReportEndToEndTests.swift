import Foundation
import LeetTrackCore
import Testing

@Suite("leettrack report, end to end")
struct ReportEndToEndTests {
    static let note = "<b>bold</b> & \"quoted\" 'text' </td><script>alert(1)</script>"
    static let listName = "Tom & Jerry's <list>"

    /// `YYYY-MM-DD` of `days` days before today in UTC (the runner's time zone).
    static func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(-days) * 86_400))
    }

    /// A known history, all within the last 52 weeks: solves, attempts, a review today, favorites,
    /// a note full of markup, and an own list whose name is too.
    static func history(_ leettrack: LeetTrackRunner) throws {
        for arguments in [
            ["solve", "1", "--date", day(1)], ["attempt", "4", "--date", day(2)], ["solve", "217", "--date", day(3), "--rating", "hard"],
            ["attempt", "146", "--date", day(10)], ["attempt", "146", "--date", day(10)], ["solve", "146", "--date", day(10)],
            ["attempt", "70", "--date", day(200)], ["solve", "200", "--date", day(40), "--rating", "easy"],
            ["review", "1", "good"], ["fav", "1", "146", "20"], ["note", "146", note],
            ["lists", "create", listName], ["lists", "add", listName, "1", "200", "70"],
        ] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    /// Runs `leettrack` in `directory` (for the default output file).
    static func run(_ arguments: [String], in directory: URL, _ leettrack: LeetTrackRunner) throws -> LeetTrackRunner.Result {
        let process = Process()
        process.executableURL = LeetTrackRunner.executable
        process.arguments = ["--store", leettrack.storePath] + arguments
        process.environment = leettrack.environment()
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LeetTrackRunner.Result(
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData.wait(), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// The page's numbers that the other commands print, as the page should show them.
    static func expectedMetrics(_ leettrack: LeetTrackRunner) throws -> [String: Int] {
        var expected: [String: Int] = [:]
        let stats = try #require(try leettrack.json(try leettrack.run("stats", "--json")) as? [String: Any])
        for line in try #require(stats["byDifficulty"] as? [[String: Any]]) + [try #require(stats["total"] as? [String: Any])] {
            let name = try #require(line["difficulty"] as? String)
            for field in ["solved", "attempted", "total"] { expected["\(name).\(field)"] = line[field] as? Int }
        }
        expected["solved"] = expected["all.solved"]
        expected["attempted"] = expected["all.attempted"]
        expected["total"] = expected["all.total"]
        for (metric, field) in [("favorites", "favorites"), ("notes", "notes"), ("streak.current", "currentStreak"),
                                ("streak.longest", "longestStreak"), ("calendar.streak.current", "currentStreak"),
                                ("calendar.streak.longest", "longestStreak")] {
            expected[metric] = stats[field] as? Int
        }
        for tag in try #require(stats["tags"] as? [[String: Any]]) {
            let name = try #require(tag["tag"] as? String)
            for field in ["solved", "total", "practised"] { expected["tag.\(name).\(field)"] = tag[field] as? Int }
        }
        for list in try #require(try leettrack.json(try leettrack.run("lists", "--json")) as? [[String: Any]]) {
            let key = try #require(list["key"] as? String)
            for field in ["solved", "total"] { expected["list.\(key).\(field)"] = list[field] as? Int }
            // The page shows an attempted count only where there is one.
            if let attempted = list["attempted"] as? Int, attempted > 0 { expected["list.\(key).attempted"] = attempted }
            // A list's topic sections, as `lists --json` counts them, numbered from 1 in its order.
            for (index, section) in (list["sections"] as? [[String: Any]] ?? []).enumerated() {
                for field in ["solved", "total"] { expected["list.\(key).\(index + 1).\(field)"] = section[field] as? Int }
                if let attempted = section["attempted"] as? Int, attempted > 0 { expected["list.\(key).\(index + 1).attempted"] = attempted }
            }
        }
        let calendar = try #require(try leettrack.json(try leettrack.run("stats", "--calendar", "--json")) as? [String: Any])
        expected["calendar.events"] = calendar["total"] as? Int
        expected["calendar.days"] = calendar["activeDays"] as? Int
        let due = try #require(try leettrack.json(try leettrack.run("review", "--json")) as? [[String: Any]])
        let later = try #require(try leettrack.json(try leettrack.run("review", "--upcoming", "6", "--json")) as? [[String: Any]])
        expected["reviews.now"] = due.count
        expected["reviews.overdue"] = due.filter { ($0["daysOverdue"] as? Int ?? 0) > 0 }.count
        expected["reviews.today"] = due.filter { $0["daysOverdue"] as? Int == 0 }.count
        expected["reviews.later"] = later.count
        expected["reviews.week"] = due.count + later.count
        return expected
    }

    @Test("writes the page and every number on it is the one stats, lists, the calendar and review print")
    func numbersMatchTheCommands() throws {
        let leettrack = try LeetTrackRunner()
        try Self.history(leettrack)
        let file = leettrack.directory.appendingPathComponent("report.html")
        let result = try leettrack.run("report", "-o", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Wrote the report to \(file.path)\n")
        let html = try String(contentsOf: file, encoding: .utf8)
        let metrics = try ReportHTML.metrics(html)
        let expected = try Self.expectedMetrics(leettrack)
        for (name, value) in expected { #expect(metrics[name] == value, "\(name)") }
        // Every number the page names is one of these (none is left unchecked).
        #expect(Set(metrics.keys).subtracting(expected.keys).isEmpty, "\(Set(metrics.keys).subtracting(expected.keys))")
        #expect(metrics["solved"] == 4 && metrics["streak.current"] == 4 && metrics["favorites"] == 3)
        #expect(metrics["list.tom-&-jerry's-<list>.solved"] == 2)

        let calendar = try #require(try leettrack.json(try leettrack.run("stats", "--calendar", "--json")) as? [String: Any])
        let counts = try ReportHTML.calendarCounts(html)
        for entry in try #require(calendar["days"] as? [[String: Any]]) {
            let date = try #require(entry["date"] as? String)
            #expect(counts[date] == entry["count"] as? Int, "\(date)")
        }
        #expect(counts[Self.day(10)] == 3 && counts[Self.day(0)] == 1)
        #expect(counts.count >= 365)
    }

    @Test("the favorites and the latest events name the problems; the note and the list name are escaped")
    func escapedText() throws {
        let leettrack = try LeetTrackRunner()
        try Self.history(leettrack)
        let file = leettrack.directory.appendingPathComponent("report.html")
        #expect(try leettrack.run("report", "-o", file.path).status == 0)
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;text&#39; &lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(">Tom &amp; Jerry&#39;s &lt;list&gt;</div>"))
        #expect(html.contains("data-slug=\"lru-cache\""))
        #expect(html.contains("<td class=\"nowrap\">Reviewed (good)</td>"))
    }

    @Test("without -o it writes ./leettrack-report.html in the current directory and prints the path")
    func defaultFile() throws {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try Self.run(["report"], in: folder, leettrack)
        #expect(result.status == 0, "\(result.stderr)")
        let file = folder.appendingPathComponent("leettrack-report.html").resolvingSymlinksInPath()
        #expect(result.stdout.hasPrefix("Wrote the report to /"))
        #expect(URL(fileURLWithPath: String(result.stdout.dropFirst("Wrote the report to ".count).dropLast())).resolvingSymlinksInPath() == file)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test("-o DIRECTORY writes leettrack-report.html inside it, replacing an earlier report")
    func directory() throws {
        let leettrack = try LeetTrackRunner()
        let file = leettrack.directory.appendingPathComponent("leettrack-report.html")
        // An earlier report, known by the generator tag in its head (another file is kept unless --force).
        try Data("<!DOCTYPE html>\n<head>\n<meta name=\"generator\" content=\"leettrack report\"/>\nold".utf8).write(to: file)
        let result = try leettrack.run("report", "-o", leettrack.directory.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test("-o - prints the page and writes no file")
    func standardOutput() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("report", "-o", "-")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>") && result.stdout.hasSuffix("</html>\n"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.directory.appendingPathComponent("leettrack-report.html").path))
    }

    @Test("-o - sends no raw carriage return or bidi control of a note to the terminal")
    func standardOutputHoldsNoRawCarriageReturnOrBidiControl() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        #expect(try leettrack.run("note", "1", "line\rover \u{202E}evil \u{2067}x").status == 0)
        let result = try leettrack.run("report", "-o", "-")
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\r" || InputRules.isBidiControl($0) })
        #expect(result.stdout.contains("line&#13;over &#x202E;evil &#x2067;x"))
    }

    @Test("a folder that does not exist is a clear error with exit 1, and nothing is created")
    func missingFolder() throws {
        let leettrack = try LeetTrackRunner()
        try Self.history(leettrack)
        let before = try leettrack.snapshot()
        let file = leettrack.directory.appendingPathComponent("no/such/report.html")
        let result = try leettrack.run("report", "-o", file.path)
        #expect(result.status == 1)
        #expect(result.stderr == "Error: cannot write the report to \(file.path): the folder \(file.deletingLastPathComponent().path) does not exist.\n")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: leettrack.directory.appendingPathComponent("no").path))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("an unwritable folder is reported with the system's reason")
    func unwritable() throws {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path) }  // Cleanup only.
        // root writes anywhere: the case can only be seen as another user.
        guard access(folder.path, W_OK) != 0 else { return }
        let result = try leettrack.run("report", "-o", folder.appendingPathComponent("r.html").path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: cannot write the report to \(folder.path)/r.html: "))
        #expect(result.stderr.lowercased().contains("permission"))
    }

    @Test("with no store yet it writes an empty report and creates no store")
    func noStore() throws {
        let leettrack = try LeetTrackRunner()
        let file = leettrack.directory.appendingPathComponent("report.html")
        let result = try leettrack.run("report", "-o", file.path)
        #expect(result.status == 0)
        #expect(try ReportHTML.metrics(try String(contentsOf: file, encoding: .utf8))["solved"] == 0)
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("--open hands the written file to xdg-open")
    func open() throws {
        let leettrack = try LeetTrackRunner()
        let bin = leettrack.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opened = leettrack.directory.appendingPathComponent("opened.txt")
        let script = bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).part' && mv '\(opened.path).part' '\(opened.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let file = leettrack.directory.appendingPathComponent("report.html")
        let result = try leettrack.run(["report", "-o", file.path, "--open"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Wrote the report to \(file.path)\nOpening it with xdg-open.\n")
        // xdg-open runs on its own (leettrack does not wait for a browser); give it time to write.
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { usleep(20_000) }
        #expect(try String(contentsOf: opened, encoding: .utf8) == file.path)
    }

    @Test("--open without xdg-open says so and exits 1, and the page is still written")
    func openWithoutOpener() throws {
        let leettrack = try LeetTrackRunner()
        let empty = leettrack.directory.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let file = leettrack.directory.appendingPathComponent("report.html")
        let result = try leettrack.run(["report", "-o", file.path, "--open"], environment: ["PATH": empty.path])
        #expect(result.status == 1)
        #expect(result.stdout == "Wrote the report to \(file.path)\n")
        #expect(result.stderr == "Error: the report was written, but there is no xdg-open on PATH to open it. "
            + "Open \(file.path) in a browser, or install xdg-utils.\n")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("--open with -o - and an empty -o are usage errors")
    func usageErrors() throws {
        let leettrack = try LeetTrackRunner()
        let open = try leettrack.run("report", "-o", "-", "--open")
        #expect(open.status == 64)
        #expect(open.stderr.hasPrefix("Error: '--open' needs a file"))
        let empty = try leettrack.run("report", "--output=")
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: Missing value for '--output <file>'"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("report --help explains the page and the options")
    func help() throws {
        let result = try LeetTrackRunner().run("report", "--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("-o, --output <file>") && result.stdout.contains("--open"))
        #expect(result.stdout.contains("./leettrack-report.html"))
    }
}
