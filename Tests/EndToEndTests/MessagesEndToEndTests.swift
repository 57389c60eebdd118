import Foundation
import Testing
import TestSupport

/// Issue 37, points 3 and 4 (command line): one rule for empty text, and messages that say what
/// happened. End to end on the real binary and a store in a temporary folder.
@Suite("Messages say what happened, end to end")
struct MessagesEndToEndTests {
    // MARK: Empty text

    @Test("empty or blank note text is refused with exit 64 everywhere, changes nothing, and says how to clear")
    func emptyText() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "keep me")
        let before = try leettrack.snapshot()
        // `note 5 ""` printed the note and exited 0, as if no text had been given.
        for arguments in [["note", "5", ""], ["note", "5", "   "], ["note", "5", "--", ""], ["solve", "5", "--note", ""],
                          ["solve", "5", "--note", " \t "], ["attempt", "5", "--note", ""]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("is empty") || result.stderr.contains("is blank"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("leettrack note PROBLEM --clear"), "\(arguments): \(result.stderr)")
        }
        #expect(try leettrack.snapshot() == before)
        #expect(try leettrack.run("note", "5").stdout == "keep me\n")
        // The rule is in the help of each.
        for command in ["note", "solve"] {
            let help = try leettrack.run(command, "--help").stdout.replacingOccurrences(of: "\n", with: " ")
                .split(separator: " ").joined(separator: " ")
            #expect(help.contains("Text that shows nothing (empty, blank, or only invisible characters) is refused"), "\(command): \(help)")
        }
        // Clearing is explicit.
        #expect(try leettrack.run("note", "5", "--clear").stdout == "Cleared the note of 5. Longest Palindromic Substring.\n")
    }

    // MARK: backup

    @Test("backup to a folder, a missing folder, a file's path or without a store names the real reason")
    func backupReasons() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let folder = leettrack.directory.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let file = leettrack.directory.appendingPathComponent("notes.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let cases: [([String], String)] = [
            (["backup", folder], "cannot back up to \(folder): it is a folder; name a new file in it, e.g. \(folder)/leettrack-backup.sqlite."),
            (["backup", folder + "/missing/copy.sqlite"], "the folder \(folder)/missing does not exist"),
            (["backup", file + "/copy.sqlite"], "\(file) is a file, not a folder"),
            (["backup", file], "cannot back up to \(file): a file already exists there"),
        ]
        for (arguments, reason) in cases {
            let result = try leettrack.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Nothing was written."), "\(arguments): \(result.stderr)")
            // The destination is not the store, and not a file that exists unless it is one.
            #expect(!result.stderr.contains("cannot open the store"), "\(arguments): \(result.stderr)")
            if arguments[1] != file { #expect(!result.stderr.contains("already exists"), "\(arguments): \(result.stderr)") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A store that is missing is named as such, and nothing is created.
        let missing = leettrack.directory.appendingPathComponent("missing.sqlite").path
        let copy = leettrack.directory.appendingPathComponent("copy.sqlite").path
        let noStore = try leettrack.run(["--store", missing, "backup", copy], useStore: false)
        #expect(noStore.status == 1)
        #expect(noStore.stderr == "Error: there is no store at \(missing) to back up.\n", "\(noStore.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing) && !FileManager.default.fileExists(atPath: copy))
        // The plural of the one problem.
        #expect(try leettrack.run("backup", copy).stdout.hasSuffix("(1 problem).\n"))
    }

    // MARK: The note's editor

    /// An editor made of a shell line, run on the note's file as `$1`; the temporary folder is the
    /// test's own.
    private func edit(_ leettrack: LeetTrackRunner, editor script: String) throws -> LeetTrackRunner.Result {
        let path = leettrack.directory.appendingPathComponent("editor.sh").path
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        return try leettrack.run(["note", "5", "-e"], environment: ["EDITOR": path, "TMPDIR": leettrack.directory.path])
    }

    /// The path a message names after "Your text is kept in ", without the final period.
    private func keptPath(_ message: String) throws -> String {
        let start = try #require(message.range(of: "Your text is kept in "), "\(message)").upperBound
        let line = message[start...].prefix { $0 != "\n" }
        return String(line.hasSuffix(".") ? line.dropLast() : line)
    }

    @Test("an editor that fails leaves the note unchanged and keeps the text written, naming the file")
    func editorFails() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "original")
        let before = try leettrack.snapshot()
        let result = try edit(leettrack, editor: #"echo "half a thought" > "$1"; exit 3"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("exited with status 3; the note is unchanged. Your text is kept in "), "\(result.stderr)")
        let kept = try keptPath(result.stderr)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "half a thought\n")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("an editor that deletes the file leaves the note unchanged and says so")
    func editorDeletes() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "original")
        let before = try leettrack.snapshot()
        let result = try edit(leettrack, editor: #"rm "$1""#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("left no file at"), "\(result.stderr)")
        #expect(result.stderr.contains("the note is unchanged and keeps its text"), "\(result.stderr)")
        #expect(try leettrack.snapshot() == before)
        #expect(try leettrack.run("note", "5").stdout == "original\n")
    }

    @Test("text that is not UTF-8 is refused, not saved as U+FFFD, and kept in a named file")
    func editorWritesInvalidUTF8() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "original")
        let before = try leettrack.snapshot()
        let result = try edit(leettrack, editor: #"printf 'caf\351 au lait\n' > "$1""#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not UTF-8 text; the note is unchanged. Your text is kept in "), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: try keptPath(result.stderr))) == Data("caf".utf8) + [0xE9] + Data(" au lait\n".utf8))
        #expect(try leettrack.snapshot() == before)
        #expect(!(try leettrack.run("note", "5").stdout.contains("\u{FFFD}")))
    }

    @Test("an edit that succeeds removes the temporary file; a blank file clears the note")
    func editorSucceeds() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "original")
        #expect(try edit(leettrack, editor: #"echo "two pointers" > "$1""#).stdout == "Saved the note of 5. Longest Palindromic Substring.\n")
        #expect(try leettrack.run("note", "5").stdout == "two pointers\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: leettrack.directory.path).filter { $0.hasPrefix("leettrack-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(try edit(leettrack, editor: #"printf '  \n\n' > "$1""#).stdout == "Cleared the note of 5. Longest Palindromic Substring.\n")
    }

    // MARK: The followed list

    @Test("deleting the followed list says it is no longer followed, and `next` says how to follow another")
    func deletingTheFollowedList() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("lists", "create", "drills")
        try leettrack.run("lists", "add", "drills", "1")
        try leettrack.run("config", "follow", "drills")
        let deleted = try leettrack.run("lists", "delete", "drills", "--yes")
        #expect(deleted.status == 0)
        #expect(deleted.stdout == "Deleted the list “drills”. You no longer follow it; follow another with "
            + "`leettrack config follow LIST` (e.g. neetcode-150).\n", "\(deleted.stdout)")
        let next = try leettrack.run("next")
        #expect(next.status == 64)
        #expect(next.stderr.contains("follow one with `leettrack config follow LIST`"), "\(next.stderr)")
        // A list that was not followed is deleted without the sentence.
        try leettrack.run("lists", "create", "other")
        #expect(try leettrack.run("lists", "delete", "other", "--yes").stdout == "Deleted the list “other”.\n")
    }

    // MARK: Plurals and dates

    @Test("counts of one are singular in every command's output")
    func plurals() throws {
        let leettrack = try LeetTrackRunner()
        // One problem solved three days ago: its first review was due two days later, 1 day ago.
        try leettrack.run("solve", "1", "--date", ReportEndToEndTests.day(3))
        try leettrack.run("fav", "1")
        try leettrack.run("lists", "create", "one")
        var outputs: [String] = []
        for arguments in [["review"], ["today"], ["stats"], ["favorites"], ["list", "--status", "solved"],
                          ["lists", "add", "one", "1"], ["config", "daily-goal", "1"], ["next", "--list", "one"],
                          ["review", "--upcoming", "1"], ["backup", leettrack.directory.appendingPathComponent("b").path]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            outputs.append(result.stdout + result.stderr)
        }
        let text = outputs.joined(separator: "\n")
        #expect(text.contains("1 day overdue"), "\(text)")
        #expect(text.contains("1 problem a day"), "\(text)")
        let plural = try Regex(#"(^|[^0-9.,])1 (problems|days|records|lists|favorites|changes|entries|solves|attempts|reviews|events)\b"#)
        #expect(text.firstMatch(of: plural) == nil, "\(text)")
    }

    @Test("an invalid date gives the accepted form once")
    func dateRuleOnce() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "2")
        for arguments in [["solve", "1", "--date", "tomorrow"], ["solve", "1", "--date", "2026-13-01"],
                          ["attempt", "1", "--date", "26-1-1"], ["review", "2", "good", "--date", "foo"], ["review", "--date", "x"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: "YYYY-MM-DD").count == 2, "\(arguments): \(result.stderr)")
        }
        // A day in the future is refused for being in the future; the form is not the problem.
        let future = try leettrack.run("solve", "1", "--date", "2999-01-01")
        #expect(future.stderr == "Error: '2999-01-01' is not a valid date: it is in the future.\n", "\(future.stderr)")
    }

    @Test("a review's date is printed as a day, in the refusal of an earlier review too")
    func reviewDatesAreDays() throws {
        let leettrack = try LeetTrackRunner()
        // Solved now: yesterday (noon) is before it.
        try leettrack.run("solve", "2")
        let earlier = try leettrack.run("review", "2", "hard", "--date", ReportEndToEndTests.day(1))
        #expect(earlier.status == 64)
        #expect(earlier.stderr.contains("was first solved on \(ReportEndToEndTests.day(0)); a review cannot be dated on an earlier day"), "\(earlier.stderr)")
        let timestamp = try Regex(#"\d{4}-\d\d-\d\d[T ]\d\d:\d\d"#)
        for arguments in [["review"], ["review", "--upcoming", "30"], ["review", "2", "good"]] {
            let result = try leettrack.run(arguments)
            #expect((result.stdout + result.stderr).firstMatch(of: timestamp) == nil, "\(arguments): \(result.stdout)")
        }
        let shown = try leettrack.run("show", "2").stdout
        let review = try #require(shown.split(separator: "\n").first { $0.hasPrefix("Review:") })
        #expect(review.firstMatch(of: timestamp) == nil && review.contains("due on "), "\(review)")
    }

    // MARK: Database errors

    @Test("an error SQLite reports is a sentence without SQL")
    func sqliteErrorWithoutSQL() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        // A rule of another program's that refuses the next problem's record: a unique index over
        // one value it would share with the first's. (Not a trigger: the store's writes run none.)
        try leettrack.sqlite3("""
            CREATE UNIQUE INDEX the_disk_said_no ON entries(substr(key, 1, 0))
              WHERE key IN ('progress.two-sum', 'progress.add-two-numbers');
            """)
        let before = try leettrack.snapshot()
        let result = try leettrack.run("fav", "2")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: SQLite could not read or write the store at \(leettrack.storePath): a rule in the store refused the change (another program added it)."), "\(result.stderr)")
        #expect(!result.stderr.contains("the_disk_said_no") && !result.stderr.contains("UNIQUE"), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed."))
        for sql in ["INSERT", "SELECT", "UPDATE", "ON CONFLICT", "entries", "`"] {
            #expect(!result.stderr.contains(sql), "\(sql): \(result.stderr)")
        }
        #expect(try leettrack.snapshot() == before)
    }

    @Test("an error the PostgreSQL server reports is a sentence without SQL", .enabled(if: PostgresTestServer.isExpected))
    func postgresErrorWithoutSQL() throws {
        let server = try PostgresTestServer.shared.get()
        let url = try server.makeDatabase()
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["sync"], environment: ["LEETTRACK_REMOTE": url]).status == 0)
        let database = String(url[url.index(after: try #require(url.lastIndex(of: "/")))...])
        try server.psql("""
            CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'pushes are closed today'; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON persistence_entries FOR EACH ROW EXECUTE FUNCTION refuse();
            """, database: database)
        try leettrack.run("fav", "1")
        let result = try leettrack.run(["sync"], environment: ["LEETTRACK_REMOTE": url])
        #expect(result.status == 1)
        #expect(result.stderr.contains("pushes are closed today"), "\(result.stderr)")
        for sql in ["INSERT", "SELECT", "UPDATE", "persistence_entries", "$1", "`", "LINE 1", "PL/pgSQL", "ERROR:"] {
            #expect(!result.stderr.contains(sql), "\(sql): \(result.stderr)")
        }
    }
}
