import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12, points 1, 2 and 8: what reaches a terminal, a spreadsheet and an output path.
@Suite("untrusted text on its way out, end to end")
struct UntrustedOutputEndToEndTests {
    static let hostileNote = "x \u{1B}]0;pwned\u{07} \u{1B}[2J \u{1B}]52;c;cHduZWQ=\u{07}"

    @Test("a note with escape sequences is shown inert by every human-readable command, exactly by --json")
    func noteWithEscapes() throws {
        let leettrack = try LeetTrackRunner()
        let saved = try leettrack.run("note", "1", Self.hostileNote)
        #expect(saved.status == 0)
        try leettrack.expectInert(saved)
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "1", "--date", "2026-11-20")
        for arguments in [["show", "1"], ["note", "1"], ["list", "--limit", "3"], ["favorites"], ["review"], ["review", "--upcoming", "30"], ["stats"], ["lists"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            try leettrack.expectInert(result)
        }
        let shown = try leettrack.run("show", "1").stdout
        #expect(shown.contains("x \u{FFFD}]0;pwned\u{FFFD} \u{FFFD}[2J"))
        let shownJSON = try leettrack.run("show", "1", "--json")
        try leettrack.expectInert(shownJSON)
        let json = try #require(try leettrack.json(shownJSON) as? [String: Any])
        #expect(json["note"] as? String == Self.hostileNote)
        try leettrack.run("note", "146", "a\u{9B}2J b\u{202E}c")
        try leettrack.expectInert(try leettrack.run("show", "146", "--json"))
        let exact = try #require(try leettrack.json(try leettrack.run("show", "146", "--json")) as? [String: Any])
        #expect(exact["note"] as? String == "a\u{9B}2J b\u{202E}c")
    }

    @Test("error messages that echo an argument show its escapes inert")
    func errorsEchoingArguments() throws {
        let leettrack = try LeetTrackRunner()
        let show = try leettrack.run("show", "\u{1B}]0;x\u{1B}\\")
        #expect(show.status == 64)
        try leettrack.expectInert(show)
        let list = try leettrack.run("list", "--tag", "\u{1B}[2J")
        #expect(list.status == 64)
        try leettrack.expectInert(list)
        #expect(list.stderr.contains("\u{FFFD}[2J"))
    }

    @Test("hostile titles and names in a catalog update, the app's favorites, an import or a list key never reach the terminal")
    func hostileSummaries() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let catalog = try leettrack.write(
            #"{"data": {"problemsetQuestionList": {"questions": [{"frontendQuestionId": "9004", "title": "T\u001b]0;pwned\u0007", "#
                + #""titleSlug": "t", "difficulty": "Easy", "paidOnly": false, "acRate": 50, "topicTags": [{"name": "\u001b[2J"}]}]}}}"#,
            to: "catalog.json")
        let favorites = Data(#"[{"title": "Two Sum\u001b[2J", "isFavorited": true}, {"title": "\u009b31m", "isFavorited": true}]"#.utf8)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["favoriteProblems": favorites], format: .xml, options: 0)
        let app = try leettrack.write(plist, to: "app.plist")
        let export = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [], "lists": [{"name": "x\u001b]52;c;cHduZWQ=\u0007", "#
                + #""created": "2026-11-20T12:00:00Z", "problems": []}]}"#, to: "export.json")
        for arguments in [["catalog", "update", catalog], ["import", "--from-app", app], ["import", export], ["lists", "\u{1B}[2J"],
                          ["lists", "my-graphs"], ["stats"], ["show", "1"]] {
            let result = try leettrack.run(arguments)
            try leettrack.expectInert(result)
        }
    }

    @Test("a list name with a bidi override is refused and changes nothing")
    func bidiListName() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.expectFailureChangingNothing(["lists", "create", "abc\u{202E}fed"], status: 64, mentioning: ["bidirectional"])
    }

    @Test("CSV cells a spreadsheet would run as formulas get a leading quote; the JSON export keeps the text")
    func csvFormulas() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "1", "=HYPERLINK(\"http://evil\",\"x\")")
        try leettrack.run("note", "146", "@SUM(1+1)")
        let csv = try leettrack.run("export", "--format", "csv")
        #expect(csv.status == 0)
        #expect(csv.stdout.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""))
        #expect(csv.stdout.contains(",'@SUM(1+1),"))
        #expect(try leettrack.export().contains(#""note" : "=HYPERLINK(\"http://evil\",\"x\")""#))
    }

    @Test(
        "CSV shown on a terminal has its escapes made inert; piped, it is exact",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func csvOnTerminal() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "1", Self.hostileNote)
        let shown = try leettrack.runScript("\(LeetTrackRunner.executable.path) --store \(leettrack.storePath) export --format csv")
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}"))
        #expect(shown.contains("1,two-sum,Two Sum"))
        #expect(try leettrack.run("export", "--format", "csv").stdout.contains(Self.hostileNote))
    }

    @Test("-o to a FIFO writes through it and leaves the FIFO in place")
    func outputToFIFO() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let fifo = leettrack.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        let result = try leettrack.run("export", "-o", fifo)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: data, as: UTF8.self).contains("\"two-sum\""))
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test("-o to a symlink replaces its target and keeps the link")
    func outputToSymlink() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let target = try leettrack.write("", to: "synced-report.html")  // Empty: replaced (another file needs --force).
        let link = leettrack.file("report.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "synced-report.html")
        let result = try leettrack.run("report", "-o", link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "synced-report.html")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let export = try leettrack.run("export", "-o", link)
        #expect(export.status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"two-sum\""))
    }

    @Test(
        "-o over an existing file keeps its permissions and, for root, its owner",
        .enabled(if: getuid() == 0, "needs root to give the file to another user (CI runs as root)"))
    func replacedFileKeepsOwner() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let path = try leettrack.write("old", to: "shared.json")
        #expect(chmod(path, 0o644) == 0 && chown(path, 65_534, 65_534) == 0)
        #expect(try leettrack.run("export", "-o", path).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o644)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65_534)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"two-sum\""))
    }

    @Test("a new -o file is private, and -o - writes to standard output")
    func newFileAndStandardOutput() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let path = leettrack.file("new.json")
        #expect(try leettrack.run("export", "-o", path).status == 0)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let stdout = try leettrack.run("export", "-o", "-")
        #expect(stdout.status == 0)
        #expect(stdout.stdout.contains("\"two-sum\""))
    }

    @Test(
        "-o /dev/null in a private mount namespace leaves the character device a device",
        .enabled(if: getuid() == 0, "needs root for a private mount namespace with its own /dev (CI runs as root)"))
    func outputToCharacterDevice() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let script = """
            mount -t tmpfs none /dev && mknod -m 666 /dev/null c 1 3 || exit 77
            "$0" --store "$1" export -o /dev/null || exit 1
            "$0" --store "$1" report -o /dev/null || exit 1
            stat -c %F /dev/null
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", script, LeetTrackRunner.executable.path, leettrack.storePath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus != 77, "the namespace's /dev could not be made")
        #expect(process.terminationStatus == 0)
        #expect(text.contains("character special file"))
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }
}

extension LeetTrackRunner {
    /// Checks that no ESC, BEL, C1 control or bidi control reached standard output or error.
    func expectInert(_ result: Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let bad = text.unicodeScalars.filter { scalar in
                scalar == "\u{1B}" || scalar == "\u{07}" || (0x80...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
            #expect(bad.isEmpty, "\(name) holds \(bad.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        }
    }
}
