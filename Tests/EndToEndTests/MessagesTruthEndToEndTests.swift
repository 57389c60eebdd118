import Foundation
import Testing
import TestSupport

/// The QA review of issue 37's points 3 and 4: one rule for text that shows nothing, plurals from
/// one function, and messages that say what happened. End to end on the real binary and a store
/// in a temporary folder.
@Suite("Messages say the truth, end to end")
struct MessagesTruthEndToEndTests {
    /// Text that shows nothing: zero-width space, zero-width joiner, byte order mark, word joiner,
    /// soft hyphen, escape, and a mix with blanks.
    static let invisible = ["\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2060}", "\u{00AD}", "\u{1B}", " \u{200B}\t\u{FEFF} "]

    // MARK: Empty text

    @Test("text that shows nothing is refused (64) as a note, a --note and a list name, and changes nothing")
    func invisibleTextIsEmpty() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "5", "--note", "keep me")
        let before = try leettrack.snapshot()
        for text in Self.invisible {
            for arguments in [["note", "5", text], ["attempt", "5", "--note", text], ["solve", "5", "--note", text],
                              ["lists", "create", text]] {
                let result = try leettrack.run(arguments)
                #expect(result.status == 64, "\(arguments.map(\.unicodeScalars.description)): \(result.stderr)")
                #expect(result.stderr.contains("is empty") || result.stderr.contains("is blank"), "\(arguments): \(result.stderr)")
            }
        }
        #expect(try leettrack.snapshot() == before)
        #expect(try leettrack.run("note", "5").stdout == "keep me\n")
        // Visible text with an invisible character in it is a note like any other.
        #expect(try leettrack.run("note", "5", "a\u{200B}b").status == 0)
    }

    @Test("a search that shows nothing is refused by list and random, and random says why it picks nothing")
    func emptySearch() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["list", ""], ["list", "\u{200B}"], ["random", ""], ["random", "  "]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("TEXT is"), "\(arguments): \(result.stderr)")
        }
        let nothing = try leettrack.run("random", "xyzzy")
        #expect(nothing.status == 1 && nothing.stderr.contains("no problem matches these filters"), "\(nothing.stderr)")
        try leettrack.run("solve", "1")
        let solved = try leettrack.run("random", "1")
        #expect(solved.status == 1 && solved.stderr.contains("every problem these filters match is solved"), "\(solved.stderr)")
    }

    @Test("an imported note that shows nothing is no note, by the same rule")
    func importedInvisibleNote() throws {
        let leettrack = try LeetTrackRunner()
        for (index, text) in ["   ", "\u{200B}", "\u{FEFF}\u{00AD}"].enumerated() {
            let note = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            let file = try leettrack.write(
                #"{"format": "leettrack-export", "version": 1, "lists": [], "problems": [{"slug": "two-sum", "status": "todo", "favorite": true, "note": "#
                    + note + "}]}", to: "note-\(index).json")
            let imported = try leettrack.run("import", file)
            #expect(imported.status == 0, "\(imported.stderr)")
            let shown = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
            #expect((shown["note"] as? String ?? "") == "", "\(text.unicodeScalars): \(shown)")
        }
    }

    @Test("an empty word among a note's words is refused, not joined as a stray space")
    func emptyWords() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "5", "keep me")
        for words in [["", "x"], ["a", ""], ["a", "\u{200B}", "b"]] {
            let result = try leettrack.run(["note", "5"] + words)
            #expect(result.status == 64, "\(words): \(result.stderr)")
            #expect(result.stderr.contains("of TEXT is"), "\(words): \(result.stderr)")
        }
        #expect(try leettrack.run("note", "5").stdout == "keep me\n")
        #expect(try leettrack.run("note", "5", "two", "words").status == 0)
        #expect(try leettrack.run("note", "5").stdout == "two words\n")
    }

    @Test("an editor that leaves only invisible characters clears the note, as a blank file does")
    func editorLeavesInvisible() throws {
        let leettrack = try LeetTrackRunner()
        let editor = leettrack.directory.appendingPathComponent("editor.sh").path
        for bytes in [#"\342\200\213"#, #"\357\273\277\n"#, #"\342\201\240 \302\255"#] {
            try leettrack.run("note", "5", "keep me")
            try Data("#!/bin/sh\nprintf '\(bytes)' > \"$1\"\n".utf8).write(to: URL(fileURLWithPath: editor))
            chmod(editor, 0o700)
            let result = try leettrack.run(["note", "5", "-e"], environment: ["EDITOR": editor, "TMPDIR": leettrack.directory.path])
            #expect(result.status == 0, "\(bytes): \(result.stderr)")
            #expect(result.stdout == "Cleared the note of 5. Longest Palindromic Substring.\n", "\(bytes): \(result.stdout)")
            #expect(try leettrack.run("note", "5").stdout.contains("has no note"))
        }
    }

    // MARK: Plurals

    @Test("doctor and import count one damaged record, one overwrite and one list in the singular")
    func plurals() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-11-19")
        let file = leettrack.file("export.json")
        #expect(try leettrack.run("export", "-o", file).status == 0)
        // After the export: 1 changed, 2 and 3 new, a list made and followed.
        try leettrack.run("solve", "1")
        try leettrack.run("fav", "2", "3")
        try leettrack.run("lists", "create", "a")
        try leettrack.run("config", "follow", "a")
        let asked = try leettrack.run(["import", file, "--replace"], input: "n\n")
        // The file holds no practice settings: the followed list goes back to none, and the question says so.
        #expect(asked.stderr.contains("This will remove 2 problem records, overwrite 1 problem record, delete 1 own list, "
            + "reset your practice settings (followed list, daily goal, premium, target date, skipped problems) to the defaults (the file has none)."),
            "\(asked.stderr)")
        let replaced = try leettrack.run("import", file, "--replace", "--yes")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(replaced.stdout.contains("1 own list removed (“a”)."), "\(replaced.stdout)")
        #expect(replaced.stdout.contains("You no longer follow “a”, which was removed; follow another with `leettrack config follow LIST`"),
                "\(replaced.stdout)")
        #expect(try leettrack.run("config", "follow").stdout == "none\n")

        // One list in a file: "1 own list would be created", then "1 own list created".
        let other = try LeetTrackRunner()
        try other.run("lists", "create", "b")
        let listFile = other.file("lists.json")
        #expect(try other.run("export", "-o", listFile).status == 0)
        #expect(try leettrack.run("import", listFile, "--dry-run").stdout.contains("1 own list would be created (“b”)."))
        #expect(try leettrack.run("import", listFile).stdout.contains("1 own list created (“b”)."))

        try StuckRecordsEndToEndTests.damage(leettrack, key: "progress.two-sum")
        let doctor = try leettrack.run("doctor", "--export-raw", leettrack.file("raw.json"))
        #expect(doctor.stdout.contains("Saved the bytes of 1 unreadable record to"), "\(doctor.stdout)")
        #expect(doctor.stderr.contains("the store has 1 problem, listed above"), "\(doctor.stderr)")
        #expect(!(doctor.stdout + doctor.stderr + asked.stderr + replaced.stdout).contains("(s)"))
    }

    // MARK: Nothing next

    @Test("next and today say when what is left is skipped, and when a followed list is empty")
    func nothingNext() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("lists", "create", "one")
        try leettrack.run("lists", "add", "one", "1")
        try leettrack.run("skip", "1")
        try leettrack.run("config", "follow", "one")
        let next = try leettrack.run("next")
        #expect(next.stdout == "Nothing left to do in one: the 1 unsolved problem is skipped "
            + "(`leettrack unskip PROBLEM` brings one back). 0 of 1 solved.\n", "\(next.stdout)")
        let today = try leettrack.run("today").stdout
        #expect(today.contains("Next:       nothing left to do in one: the 1 unsolved problem is skipped"), "\(today)")
        #expect(!today.contains("is solved"), "\(today)")

        try leettrack.run("lists", "create", "a")
        try leettrack.run("config", "follow", "a")
        #expect(try leettrack.run("next").stdout == "Nothing to do in a: it has no problems.\n")
        let empty = try leettrack.run("today").stdout
        #expect(empty.contains("Next:       nothing to do in a: it has no problems\n"), "\(empty)")
    }

    // MARK: doctor on a new store

    @Test("a new store with only a list or a setting has no index out of date")
    func doctorOnANewStore() throws {
        for change in [["lists", "create", "a"], ["config", "daily-goal", "2"], ["skip", "1"]] {
            let leettrack = try LeetTrackRunner()
            #expect(try leettrack.run(change).status == 0)
            let doctor = try leettrack.run("doctor")
            #expect(doctor.status == 0, "\(change): \(doctor.stdout)\(doctor.stderr)")
            #expect(!doctor.stdout.contains("out of date"), "\(change): \(doctor.stdout)")
            // Once progress is written, the indexes are built and still current.
            try leettrack.run("fav", "1")
            let after = try leettrack.run("doctor").stdout
            #expect(!after.contains("out of date"), "\(change): \(after)")
        }
    }

    // MARK: code

    @Test("code with an editor that deletes the file says so and fails")
    func codeEditorDeletes() throws {
        let leettrack = try LeetTrackRunner()
        let editor = leettrack.directory.appendingPathComponent("rm.sh").path
        try Data("#!/bin/sh\nrm \"$1\"\n".utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o700)
        let folder = leettrack.directory.appendingPathComponent("code").path
        try leettrack.run("config", "code-dir", folder)
        let result = try leettrack.run(["code", "1"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("the editor '\(editor)' removed \(folder)/1.two-sum.py: no solution file is left there"),
                "\(result.stderr)")
    }

    @Test("config code-dir refuses a path that is a file (64) and keeps the setting")
    func codeDirIsAFile() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write("x\n", to: "afile")
        let result = try leettrack.run("config", "code-dir", file)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("\(file) is a file, not a folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
        // A folder that can never be made, under a file, is refused too, naming the file.
        let under = try leettrack.run("config", "code-dir", file + "/sub/dir")
        #expect(under.status == 64 && under.stderr.contains("\(file) is a file, not a folder"), "\(under.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
        // A folder that does not exist yet is accepted: `code` makes it.
        #expect(try leettrack.run("config", "code-dir", leettrack.file("later") + "/sub").status == 0)
    }

    @Test("an output file in a folder that exists but takes no new file is not said to be in a missing folder")
    func outputInAFolderThatTakesNoFile() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let result = try leettrack.run("export", "-o", "/proc/leettrack-export.json")
        #expect(result.status != 0)
        #expect(!result.stderr.contains("does not exist") && result.stderr.contains("/proc"), "\(result.stderr)")
    }

    // MARK: Stores that are not there

    @Test("a store that cannot be created is not called read-only")
    func storeCannotBeCreated() throws {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.appendingPathComponent("locked").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o500)
        defer { chmod(folder, 0o700) }
        // Root may create files in any folder but a read-only one such as /sys; a user may not in `locked`.
        let path = getuid() == 0 ? "/sys/store.sqlite" : folder + "/store.sqlite"
        let result = try leettrack.run(["--store", path, "fav", "1"], useStore: false)
        #expect(result.status != 0)
        #expect(!result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(result.stderr.contains("no store exists there, and one cannot be created there"), "\(result.stderr)")
    }

    @Test("backup to the store's own path says it is the store; an empty store has nothing to back up")
    func backupOfItself() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let before = try leettrack.snapshot()
        let itself = try leettrack.run("backup", leettrack.storePath)
        #expect(itself.status == 1)
        #expect(itself.stderr.contains("it is the store itself"), "\(itself.stderr)")
        #expect(!itself.stderr.contains("already exists"), "\(itself.stderr)")
        #expect(try leettrack.snapshot() == before)

        let empty = try LeetTrackRunner()
        #expect(FileManager.default.createFile(atPath: empty.storePath, contents: nil))
        let copy = empty.file("copy.sqlite")
        let result = try empty.run("backup", copy)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is an empty file (nothing was ever saved in it): there is nothing to back up"), "\(result.stderr)")
        #expect(!result.stderr.contains("there is no store"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    // MARK: review --date

    @Test("a review dated the day of the solve, which was later that day, is recorded that day, after it")
    func reviewOnTheSameDay() throws {
        let leettrack = try LeetTrackRunner()
        let now = ["LEETTRACK_NOW": "2026-12-04T15:00:00Z"]
        try leettrack.run(["solve", "1"], environment: now)
        // `--date 2026-12-04` stands for noon, before the solve at 15:00: dated just after it, that day.
        let same = try leettrack.run(["review", "1", "good", "--date", "2026-12-04"], environment: now)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.hasPrefix("Reviewed 1. Two Sum (good) on 2026-12-04"), "\(same.stdout)")
        let shown = try #require(try leettrack.json(try leettrack.run(["show", "1", "--json"], environment: now)) as? [String: Any])
        let history = try #require(shown["history"] as? [[String: Any]])
        #expect(history.compactMap { $0["date"] as? String } == ["2026-12-04T15:00:00Z", "2026-12-04T15:00:01Z"], "\(history)")
        #expect(history.compactMap { $0["kind"] as? String } == ["solved", "reviewed"], "\(history)")
        // A day before the solve is still refused, naming the solve's day.
        let before = try leettrack.snapshot()
        let earlier = try leettrack.run(["review", "1", "good", "--date", "2026-12-03"], environment: now)
        #expect(earlier.status == 64)
        #expect(earlier.stderr.contains("1. Two Sum was first solved on 2026-12-04; a review cannot be dated on an earlier day"),
                "\(earlier.stderr)")
        #expect(earlier.stderr.contains("earlier day. Leave out --date to record the review now."), "\(earlier.stderr)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a review dated the day of a later solve, after an earlier solve, is recorded after that day's solve, not at noon before it")
    func reviewAfterTheDaysSolve() throws {
        let leettrack = try LeetTrackRunner()
        let now = ["LEETTRACK_NOW": "2026-12-07T20:46:00Z"]
        #expect(try leettrack.run(["solve", "1", "--date", "2026-12-01"], environment: now).status == 0)
        #expect(try leettrack.run(["solve", "1"], environment: now).status == 0)
        let review = try leettrack.run(["review", "1", "again", "--date", "2026-12-07"], environment: now)
        #expect(review.status == 0, "\(review.stderr)")
        let shown = try #require(try leettrack.json(try leettrack.run(["show", "1", "--json"], environment: now)) as? [String: Any])
        let history = try #require(shown["history"] as? [[String: Any]])
        #expect(history.compactMap { $0["date"] as? String } == ["2026-12-01T12:00:00Z", "2026-12-07T20:46:00Z", "2026-12-07T20:46:01Z"],
                "\(history)")
        #expect(history.compactMap { $0["kind"] as? String } == ["solved", "solved", "reviewed"], "\(history)")
    }

    @Test("a review dated the day of a solve at 23:59:59 stays on that day, and the streak counts one day")
    func reviewAfterALastSecondSolve() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [{"slug": "two-sum", "status": "solved", "#
                + #""history": [{"kind": "solved", "at": "2026-11-28T23:59:59Z", "rating": "good"}]}]}"#, to: "late.json")
        let now = ["LEETTRACK_NOW": "2026-11-29T10:00:00Z"]
        #expect(try leettrack.run(["import", file], environment: now).status == 0)
        let review = try leettrack.run(["review", "1", "good", "--date", "2026-11-28"], environment: now)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("on 2026-11-28"), "\(review.stdout)")
        let shown = try #require(try leettrack.json(try leettrack.run(["show", "1", "--json"], environment: now)) as? [String: Any])
        let history = try #require(shown["history"] as? [[String: Any]])
        #expect(history.compactMap { $0["date"] as? String }.allSatisfy { $0.hasPrefix("2026-11-28") }, "\(history)")
        #expect(history.compactMap { $0["kind"] as? String } == ["solved", "reviewed"], "\(history)")
        let stats = try #require(try leettrack.json(try leettrack.run(["stats", "--json"], environment: now)) as? [String: Any])
        #expect(stats["currentStreak"] as? Int == 1, "\(stats)")
    }

    @Test("a review without --date before the history's first solve blames the clock, not a --date that was not given")
    func reviewBeforeTheHistoryWithoutDate() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["solve", "1"], environment: ["LEETTRACK_NOW": "2026-12-09T10:00:00Z"]).status == 0)
        let before = try leettrack.snapshot()
        let review = try leettrack.run(["review", "1", "good"], environment: ["LEETTRACK_NOW": "2026-12-07T10:00:00Z"])
        #expect(review.status == 1)
        #expect(review.stderr.contains("1. Two Sum was first solved on 2026-12-09, after today (2026-12-07)"), "\(review.stderr)")
        #expect(review.stderr.contains("Is this machine's date (or LEETTRACK_TODAY) behind?") && !review.stderr.contains("--date"), "\(review.stderr)")
        #expect(try leettrack.snapshot() == before)
    }

    @Test("--date of today records now, as no --date does: after what was recorded earlier today, not at noon")
    func dateTodayIsNow() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["solve", "1", "--date", "2026-12-01"], environment: ["LEETTRACK_NOW": "2026-12-07T14:03:00Z"]).status == 0)
        #expect(try leettrack.run(["review", "1", "good"], environment: ["LEETTRACK_NOW": "2026-12-07T14:03:00Z"]).status == 0)
        let later = ["LEETTRACK_NOW": "2026-12-07T14:05:00Z"]
        #expect(try leettrack.run(["solve", "1", "--rating", "again", "--date", "2026-12-07"], environment: later).status == 0)
        let shown = try #require(try leettrack.json(try leettrack.run(["show", "1", "--json"], environment: later)) as? [String: Any])
        let history = try #require(shown["history"] as? [[String: Any]])
        #expect(history.compactMap { $0["date"] as? String } == ["2026-12-01T12:00:00Z", "2026-12-07T14:03:00Z", "2026-12-07T14:05:00Z"], "\(history)")
        // Before noon too: now, never noon in the future.
        let morning = try LeetTrackRunner()
        #expect(try morning.run(["solve", "1", "--date", "2026-12-07"], environment: ["LEETTRACK_NOW": "2026-12-07T08:00:00Z"]).status == 0)
        let early = try #require(try morning.json(try morning.run(["show", "1", "--json"])) as? [String: Any])
        #expect((early["history"] as? [[String: Any]])?.first?["date"] as? String == "2026-12-07T08:00:00Z")
    }
}
