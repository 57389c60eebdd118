import Foundation
import Testing

/// Runs a shell line in the runner's folder, with the binary as `$L` and the store as `$S`, and
/// returns its exit status and standard error.
private func runShell(_ line: String, _ leettrack: LeetTrackRunner) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line]
    var environment = leettrack.environment()
    environment["L"] = LeetTrackRunner.executable.path
    environment["S"] = leettrack.storePath
    process.environment = environment
    process.currentDirectoryURL = leettrack.directory
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// What careless users and hand edits did to the tool (fifteenth session's audit), end to end on
/// the real binary and a real store.
@Suite("Careless input and hand-edited stores, end to end")
struct CarelessInputEndToEndTests {
    @Test("a note's text may start with a dash; '--' ends the options without joining the note")
    func noteTextStartingWithADash() throws {
        let leettrack = try LeetTrackRunner()
        // The parser read "- use a heap" as short flags, and its `h` printed help and exited 0.
        let heap = try leettrack.run("note", "1", "- use a heap")
        #expect(heap.status == 0, "\(heap.stderr)")
        #expect(heap.stdout == "Saved the note of 1. Two Sum.\n", "\(heap.stdout)")
        #expect(try leettrack.run("note", "1").stdout == "- use a heap\n")
        #expect(try leettrack.run("note", "1", "-1 is off by one").status == 0)
        #expect(try leettrack.run("note", "1").stdout == "-1 is off by one\n")
        #expect(try leettrack.run("note", "1", "--", "--json", "is", "an", "option").status == 0)
        #expect(try leettrack.run("note", "1").stdout == "--json is an option\n")
        // Options still work wherever they are, and a misspelt one is refused, changing nothing.
        let json = try #require(try leettrack.json(try leettrack.run("note", "--json", "1")) as? [String: Any])
        #expect(json["note"] as? String == "--json is an option")
        let before = try leettrack.snapshot()
        let typo = try leettrack.run("note", "1", "--cleer")
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Unknown option '--cleer'"), "\(typo.stderr)")
        #expect(try leettrack.snapshot() == before)
        #expect(try leettrack.run("note", "1", "--clear").status == 0)
        #expect(try leettrack.run("note", "1").stdout.contains("has no note"))
    }

    @Test("blank note text is refused like empty text: it never wipes a note")
    func blankNotesAreRefused() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "1", "keep me")
        let before = try leettrack.snapshot()
        for arguments in [["note", "1", "   "], ["solve", "1", "--note", "  \t"], ["attempt", "1", "--note", " "]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--clear") || result.stderr.contains("needs text"), "\(arguments): \(result.stderr)")
        }
        #expect(try leettrack.snapshot() == before)
        #expect(try leettrack.run("note", "1").stdout == "keep me\n")
    }

    @Test("help and a change whose output is lost fail, and the change says it was saved")
    func lostOutput() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let leettrack = try LeetTrackRunner()
        for arguments in ["--help", "list --help", "--version"] {
            // `--version` is answered only alone (before any store is named).
            let store = arguments == "--version" ? "" : #"--store "$S" "#
            let result = try runShell(#"exec "$L" \#(store)\#(arguments) > /dev/full"#, leettrack)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("cannot write to standard output: the disk is full (no space left on device)"), "\(arguments): \(result.stderr)")
        }
        let fav = try runShell(#"exec "$L" --store "$S" fav 2 > /dev/full"#, leettrack)
        #expect(fav.status == 1)
        #expect(fav.stderr.contains("what the command changed in the store is saved"), "\(fav.stderr)")
        #expect(!fav.stderr.contains("terminal:"), "\(fav.stderr)")
        let shown = try #require(try leettrack.json(try leettrack.run("show", "2", "--json")) as? [String: Any])
        #expect(shown["favorite"] as? Bool == true)
    }

    @Test("on a terminal that says TERM=dumb, output has no colour escapes")
    func dumbTerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: no /usr/bin/script (util-linux) to give the binary a terminal")
            return
        }
        let leettrack = try LeetTrackRunner()
        func onTerminal(term: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command = "TERM=\(term) '\(LeetTrackRunner.executable.path)' --store '\(leettrack.storePath)' show 1"
            process.arguments = ["-qec", command, "/dev/null"]
            var environment = leettrack.environment()
            environment["NO_COLOR"] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        let colour = try onTerminal(term: "xterm-256color")
        #expect(colour.contains("\u{1B}["), "a real terminal gets colour: \(colour)")
        let dumb = try onTerminal(term: "dumb")
        #expect(dumb.contains("Two Sum"), "\(dumb)")
        #expect(!dumb.contains("\u{1B}"), "\(dumb)")
    }

    @Test("a summary whose card is due at NaN or 1e300 is not trusted: review and today read the record")
    func summaryCardOutOfRange() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        for due in ["7ff8000000000000", "7e37e43c8800759c", "fe37e43c8800759c"] {
            let leettrack = try LeetTrackRunner()
            try leettrack.run("solve", "1", "--date", "2026-01-10")
            // The record and its summary in one statement: both write counts move alike, so the
            // summary would be trusted on its counts alone.
            try leettrack.sqlite3("""
                update entries set value = case key when 'summary.two-sum' \
                then substr(value, 1, 6) || '\(due)' || substr(value, 23) else value end \
                where key in ('summary.two-sum', 'progress.two-sum')
                """)
            for arguments in [["review"], ["today"], ["review", "--upcoming", "30"], ["review", "--json"], ["stats"]] {
                let result = try leettrack.run(arguments)
                #expect(result.status == 0, "\(due) \(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("runtime failure"), "\(result.stderr)")
            }
            #expect(try leettrack.run("review").stdout.contains("Two Sum"), "the record's card is used")
        }
    }

    @Test("today still shows the day when the followed list is gone, and says so; next says what to do")
    func followedListGone() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("lists", "create", "mine")
        try leettrack.run("lists", "add", "mine", "1")
        try leettrack.run("config", "follow", "mine")
        try leettrack.run("solve", "2", "--date", "2026-01-10")
        // Deleted on another machine (sync) or by hand: the setting still names it.
        try leettrack.sqlite3("delete from entries where key = 'lists.mine'")
        let today = try leettrack.run("today")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stderr.contains("Warning: the followed list 'mine' no longer exists"), "\(today.stderr)")
        #expect(today.stdout.contains("Add Two Numbers"), "the due review is still shown: \(today.stdout)")
        let next = try leettrack.run("next")
        #expect(next.status == 1)
        #expect(next.stderr.contains("config follow"), "\(next.stderr)")
    }

    @Test("--store=~/x, which the shell leaves alone, is the home folder's x, not a folder named '~'")
    func tildeInTheStorePath() throws {
        let leettrack = try LeetTrackRunner()
        let home = leettrack.directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let result = try leettrack.run(["--store=~/mine.sqlite", "fav", "1"], useStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("mine.sqlite").path))
    }

    @Test("a stored card with a stability of 0 or below is a damaged record: no review writes NaN")
    func cardWithoutStability() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        for stability in ["0", "-1", "-1e308"] {
            let leettrack = try LeetTrackRunner()
            try leettrack.run("solve", "1", "--date", "2026-01-10")
            try leettrack.sqlite3("""
                update entries set value = json_set(value, '$.review.stability', json('\(stability)')) \
                where key = 'progress.two-sum'
                """)
            let doctor = try leettrack.run("doctor")
            #expect(doctor.status != 0, "\(stability): \(doctor.stdout)")
            #expect(doctor.stdout.contains("progress.two-sum") && doctor.stdout.contains("stability"), "\(doctor.stdout)")
            let before = try leettrack.snapshot()
            let review = try leettrack.run("review", "1", "good")
            #expect(review.status != 0, "\(stability): \(review.stdout)")
            #expect(try leettrack.snapshot() == before, "\(stability): a refused review changes nothing")
        }
    }
}

@Suite("Output paths that name descriptors and folders, end to end")
struct DescriptorOutputEndToEndTests {
    @Test("import - reads standard input, as export -o - writes standard output")
    func importFromStandardInput() throws {
        let from = try LeetTrackRunner()
        try from.run("fav", "1", "146")
        let export = try from.run("export", "-o", "-")
        let into = try LeetTrackRunner()
        let result = try into.run(["import", "-"], input: export.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try into.run("favorites").stdout == from.run("favorites").stdout)
    }

    @Test("-o /dev/stdout appends where the shell's >> says, and a report there holds only the page")
    func standardOutputByName() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let log = leettrack.directory.appendingPathComponent("log.txt")
        let lines = (1...2000).map(String.init).joined(separator: "\n") + "\n"
        try Data(lines.utf8).write(to: log)
        let export = try runShell(#"exec "$L" --store "$S" export -o /dev/stdout >> log.txt"#, leettrack)
        #expect(export.status == 0, "\(export.stderr)")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasPrefix(lines), "the log before the export is kept whole")
        #expect(text.dropFirst(lines.count).hasPrefix("{"), "the export follows it")
        let report = try runShell(#"exec "$L" --store "$S" report -o /dev/stdout > page.html"#, leettrack)
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOf: leettrack.directory.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"), "\(page.prefix(80))")
        #expect(!page.contains("Wrote the report"))
    }

    @Test("report -o with a trailing slash names a folder; backup into a missing folder creates none")
    func foldersAreNotMadeUp() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let report = try leettrack.run("report", "-o", leettrack.directory.appendingPathComponent("reports").path + "/")
        #expect(report.status == 1)
        #expect(report.stderr.contains("does not exist"), "\(report.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leettrack.directory.appendingPathComponent("reports").path))
        let missing = leettrack.directory.appendingPathComponent("typo/deeper/backup.sqlite").path
        let backup = try leettrack.run("backup", missing)
        #expect(backup.status == 1)
        #expect(backup.stderr.contains("does not exist"), "\(backup.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leettrack.directory.appendingPathComponent("typo").path))
        // A good backup leaves only itself beside the store: no temporary file.
        let good = leettrack.directory.appendingPathComponent("good.sqlite").path
        #expect(try leettrack.run("backup", good).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: leettrack.directory.path)
        #expect(!names.contains { $0.contains(".backup-") }, "\(names)")
        #expect(try leettrack.run(["--store", good, "favorites"], useStore: false).stdout.contains("Two Sum"))
    }
}
