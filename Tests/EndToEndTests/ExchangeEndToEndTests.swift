import Foundation
import Testing

@Suite("leettrack export and import, end to end")
struct ExchangeEndToEndTests {
    @Test("export, import into an empty store and export again give identical files")
    func roundTrip() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.run("review", "1", "good")
        let first = leettrack.file("first.json")
        let written = try leettrack.run("export", "-o", first)
        #expect(written.status == 0)
        #expect(written.stderr.contains("Exported 3 problems to \(first)"))
        let other = leettrack.file("other.sqlite")
        let imported = try leettrack.run(["--store", other, "import", first], useStore: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("added 3 problems"))
        let second = leettrack.file("second.json")
        #expect(try leettrack.run(["--store", other, "export", "--output", second], useStore: false).status == 0)
        let firstData = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == firstData)
        #expect(try leettrack.export() == String(decoding: firstData, as: UTF8.self))
        for part in ["\"review\"", "\"My Graphs\"", "\"desiredRetention\" : 0.85", #""noteUpdated""#, #""version" : 1"#] {
            #expect(String(decoding: firstData, as: UTF8.self).contains(part), "missing \(part)")
        }
    }

    @Test("a number that does not fit its field is refused as such, not as invalid JSON, and nothing changes", arguments: [
        (#""reps" : 1,"#, #""reps" : 1.5,"#), (#""id" : 1,"#, #""id" : 1e30,"#), (#""reps" : 1,"#, #""reps" : 1e999,"#),
    ])
    func numberThatDoesNotFit(original: String, replacement: String) throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1").status == 0)
        let export = try leettrack.export()
        #expect(export.contains(original), "\(export)")
        let file = try leettrack.write(export.replacingOccurrences(of: original, with: replacement), to: "edited.json")
        try leettrack.expectFailureChangingNothing(
            ["import", file], mentioning: ["the JSON is well formed, but a number in it does not fit where it stands", "Nothing was changed."])
        #expect(!(try leettrack.run("import", file)).stderr.contains("not valid JSON"))
    }

    @Test("review settings in a file are held to the ranges `config` takes: a maximum interval past 36500 days is refused, and nothing changes",
          arguments: ["36501", "1000000000", "9223372036854775807", "0"])
    func maximumIntervalOutOfRange(value: String) throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1").status == 0)
        let file = try leettrack.write(
            #"{"format":"leettrack-export","version":1,"problems":[],"settings":{"review":{"desiredRetention":0.9,"fuzz":false,"maximumInterval":"#
                + value + "}}}", to: "interval.json")
        try leettrack.expectFailureChangingNothing(["import", file], mentioning: ["is not a maximum interval from 1 to 36500 days", "Nothing was changed."])
        #expect(try leettrack.run("config", "maximum-interval", value).status == 64)
        // The longest interval `config` takes is taken from a file too.
        #expect(try leettrack.run(["--store", leettrack.file("other.sqlite"), "import", try leettrack.write(
            #"{"format":"leettrack-export","version":1,"problems":[],"settings":{"review":{"desiredRetention":0.9,"fuzz":false,"maximumInterval":36500}}}"#,
            to: "edge.json")], useStore: false).status == 0)
    }

    @Test("a config value that starts with '-' is checked as a value, not taken for an unknown option, and two values are refused",
          arguments: [
            (["maximum-interval", "-1"], "'-1' is not a valid maximum-interval"),
            (["desired-retention", "-0.9"], "'-0.9' is not a valid desired-retention"),
            (["daily-goal", "-3"], "'-3' is not a valid daily-goal"),
            (["review-cap", "5", "6"], "unexpected argument '6'"),
          ])
    func configValuesStartingWithADash(arguments: [String], words: String) throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("config", "daily-goal", "2").status == 0)
        try leettrack.expectFailureChangingNothing(["config"] + arguments, status: 64, mentioning: [words])
        #expect(!(try leettrack.run(["config"] + arguments)).stderr.contains("Unknown option"))
    }

    @Test("a version that is no version number is named as such, not as a file that is no JSON object", arguments: ["1e30", "1.5", "-1e400"])
    func versionThatIsNoVersion(version: String) throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1").status == 0)
        let file = try leettrack.write(#"{"format":"leettrack-export","version":"# + version + #","problems":[]}"#, to: "version.json")
        try leettrack.expectFailureChangingNothing(
            ["import", file], mentioning: ["version: it is not a version number (this build reads versions 1 to", "Nothing was changed."])
        #expect(!(try leettrack.run("import", file)).stderr.contains("not a JSON object"))
        let array = try leettrack.write("[1, 2]", to: "array.json")
        try leettrack.expectFailureChangingNothing(["import", array], mentioning: ["it is not a JSON object"])
    }

    @Test("the practice settings travel in the export: followed list, goal and skips, version 2")
    func practiceSettingsRoundTrip() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["solve", "217"], ["config", "follow", "neetcode-150"], ["config", "daily-goal", "2"], ["skip", "242", "1"]] {
            #expect(try leettrack.run(arguments).status == 0, "\(arguments)")
        }
        let file = leettrack.file("practice.json")
        #expect(try leettrack.run("export", "-o", file).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""version" : 2"#), "\(text)")
        #expect(text.contains(#""follow" : "neetcode-150""#), "\(text)")
        let other = leettrack.file("other.sqlite")
        // The summary names the settings that were taken: the practice settings, not the review
        // settings, which the file does not have.
        let dryRun = try leettrack.run(["--store", other, "import", "--dry-run", file], useStore: false)
        #expect(dryRun.stdout.contains("Practice settings (followed list, daily goal, skipped problems) would be updated"), "\(dryRun.stdout)")
        #expect(!dryRun.stdout.contains("Review settings"), "\(dryRun.stdout)")
        let imported = try leettrack.run(["--store", other, "import", file], useStore: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Practice settings (followed list, daily goal, skipped problems) updated from the file"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("Review settings"), "\(imported.stdout)")
        #expect(try leettrack.run(["--store", other, "config", "follow"], useStore: false).stdout == "neetcode-150\n")
        #expect(try leettrack.run(["--store", other, "config", "daily-goal"], useStore: false).stdout == "2\n")
        // 217 solved, 242 and 1 skipped: the next of NeetCode 150 is Group Anagrams.
        #expect(try leettrack.run(["--store", other, "next"], useStore: false).stdout.hasPrefix("  49  Group Anagrams"))
        let second = leettrack.file("second.json")
        #expect(try leettrack.run(["--store", other, "export", "-o", second], useStore: false).status == 0)
        #expect(try String(contentsOfFile: second, encoding: .utf8) == text)
    }

    @Test("a merge keeps this store's followed list and goal and unites the skips; a bad goal in a file is refused")
    func practiceSettingsMerge() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("config", "follow", "blind-75").status == 0)
        #expect(try leettrack.run("skip", "1").status == 0)
        let file = leettrack.file("theirs.json")
        let theirs = #"{"format":"leettrack-export","version":2,"problems":[],"settings":{"practice":{"follow":"neetcode-150","dailyGoal":4,"skipped":["3sum"]}}}"#
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try leettrack.run("import", file).status == 0)
        #expect(try leettrack.run("config", "follow").stdout == "blind-75\n")
        #expect(try leettrack.run("config", "daily-goal").stdout == "4\n")
        #expect(try leettrack.run("show", "15").stdout.contains("Skipped:"))
        #expect(try leettrack.run("show", "1").stdout.contains("Skipped:"))
        let before = try leettrack.export()
        let bad = leettrack.file("bad.json")
        try Data(theirs.replacingOccurrences(of: #""dailyGoal":4"#, with: #""dailyGoal":-3"#).utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try leettrack.run("import", bad)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("settings.practice.dailyGoal"), "\(refused.stderr)")
        #expect(try leettrack.export() == before)
    }

    @Test("merging two stores' exports unites histories and favorites and keeps the newer note")
    func mergeTwoStores() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-11-20", "--note", "from the laptop")
        try leettrack.run("fav", "146")
        let other = leettrack.file("desktop.sqlite")
        for arguments in [["attempt", "1", "--date", "2026-11-22"], ["note", "1", "from the desktop"], ["fav", "4"], ["solve", "217"]] {
            #expect(try leettrack.run(["--store", other] + arguments, useStore: false).status == 0)
        }
        // The desktop's note is the newer one: move its time past the laptop's.
        var desktop = try leettrack.export(store: other)
        let noteTime = try #require(desktop.range(of: #""noteUpdated" : "[^"]+""#, options: .regularExpression))
        // A minute ahead: later than the laptop's note, and not in the future beyond a clock's skew.
        let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(60))
        desktop.replaceSubrange(noteTime, with: "\"noteUpdated\" : \"\(later)\"")
        let desktopFile = try leettrack.write(desktop, to: "desktop.json")

        let merged = try leettrack.run("import", desktopFile, "--merge")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("added 2 problems, updated 1"))
        #expect(merged.stdout.contains("1 note replaced by the file's newer note"))
        let twoSum = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        #expect(twoSum["note"] as? String == "from the desktop")
        #expect(twoSum["status"] as? String == "solved")
        let history = try #require(twoSum["history"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(history == ["solved", "attempted"])
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["id"] as? Int } == [4, 146])
    }

    @Test("a dry run prints what would change and writes nothing")
    func dryRun() throws {
        let leettrack = try LeetTrackRunner()
        let other = leettrack.file("other.sqlite")
        try leettrack.run(["--store", other, "solve", "1"], useStore: false)
        let file = try leettrack.write(try leettrack.export(store: other), to: "e.json")
        try leettrack.run("fav", "146")
        let before = try leettrack.snapshot()
        let result = try leettrack.run("import", file, "--dry-run")
        #expect(result.status == 0)
        #expect(result.stdout.contains("would add 1 problem"))
        #expect(result.stdout.contains("Nothing was written (--dry-run)."))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a dry run into a store that does not exist yet creates no store")
    func dryRunCreatesNoStore() throws {
        let leettrack = try LeetTrackRunner()
        let other = leettrack.file("other.sqlite")
        try leettrack.run(["--store", other, "fav", "1"], useStore: false)
        let file = try leettrack.write(try leettrack.export(store: other), to: "e.json")
        let result = try leettrack.run("import", file, "--dry-run")
        #expect(result.status == 0)
        #expect(result.stdout.contains("would add 1 problem"))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("--replace makes the store's progress and lists exactly the file's")
    func replace() throws {
        let leettrack = try LeetTrackRunner()
        let other = leettrack.file("other.sqlite")
        try leettrack.run(["--store", other, "fav", "1"], useStore: false)
        let file = try leettrack.write(try leettrack.export(store: other), to: "e.json")
        try leettrack.populate()
        let result = try leettrack.run("import", file, "--replace", "--yes")
        #expect(result.status == 0)
        #expect(result.stdout.contains("removed 2"))
        #expect(try leettrack.export() == (try leettrack.export(store: other)))
    }

    @Test("replace with a file that holds no settings says the settings go back to the defaults, before and after")
    func replaceWithoutSettingsSaysSo() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("config", "desired-retention", "0.85")
        try leettrack.run("config", "daily-goal", "4")
        let file = try leettrack.write(#"{"format": "leettrack-export", "version": 1, "problems": [{"slug": "two-sum", "status": "solved"}]}"#, to: "bare.json")
        let dry = try leettrack.run("import", file, "--replace", "--dry-run")
        #expect(dry.stdout.contains("Review settings would be reset to the defaults (the file has none)."), "\(dry.stdout)")
        #expect(dry.stdout.contains("Practice settings (followed list, daily goal, premium, target date, skipped problems) would be reset to the defaults"), "\(dry.stdout)")
        let declined = try leettrack.run(["import", file, "--replace"], input: "n\n")
        #expect(declined.status == 1)
        #expect(declined.stderr.contains("reset your review settings to the defaults (the file has none)"), "\(declined.stderr)")
        #expect(declined.stderr.contains("reset your practice settings"), "\(declined.stderr)")
        #expect(try leettrack.run("config", "daily-goal").stdout == "4\n")
    }

    @Test("a truncated file is refused with its line and column, and the store is unchanged")
    func truncated() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let full = try leettrack.export()
        let cut = String(full.prefix(full.count * 2 / 3))
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        let file = try leettrack.write(cut, to: "cut.json")
        try leettrack.expectFailureChangingNothing(
            ["import", file], mentioning: ["\(file), line \(lines.count), column \((lines.last?.count ?? 0) + 1)", "truncated", "Nothing was changed."])
    }

    @Test("a syntax error names its line and column, and the store is unchanged")
    func syntaxError() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let file = try leettrack.write("{\n  \"format\": \"leettrack-export\",\n  \"version\": 1,\n  \"problems\": [nope]\n}\n", to: "bad.json")
        try leettrack.expectFailureChangingNothing(["import", file], mentioning: ["line 4, column 16"])
    }

    @Test("a file of another version is refused, and the store is unchanged")
    func otherVersion() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let newer = try leettrack.export().replacingOccurrences(of: #""version" : 1"#, with: #""version" : 4"#)
        let file = try leettrack.write(newer, to: "v4.json")
        try leettrack.expectFailureChangingNothing(
            ["import", file], mentioning: ["format version 4; this leettrack reads versions 1 to 3", "Update leettrack"])
    }

    @Test("a record that breaks the format is refused with its place, and nothing of the file is imported")
    func badRecord() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let text = #"{"format": "leettrack-export", "version": 1, "problems": ["#
            + #"{"slug": "two-sum", "status": "solved", "favorite": true}, {"slug": "lru-cache", "status": "done"}]}"#
        let file = try leettrack.write(text, to: "bad.json")
        try leettrack.expectFailureChangingNothing(["import", file], mentioning: ["problems[1].status", "'done' is not a status"])
    }

    @Test("the CSV table of an export is refused as what it is, pointing to the JSON export, and the store is unchanged")
    func csvExport() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let csv = leettrack.file("table.csv")
        #expect(try leettrack.run("export", "--format", "csv", "--output", csv).status == 0)
        try leettrack.expectFailureChangingNothing(
            ["import", csv], mentioning: ["table.csv is not a LeetTrack export: it is the table `leettrack export --format csv` writes",
                                          "import the JSON export (`leettrack export`) instead", "Nothing was changed."])
        // As a spreadsheet saves it again, with a byte order mark in front.
        let saved = try leettrack.write("\u{FEFF}" + (try String(contentsOfFile: csv, encoding: .utf8)), to: "saved.csv")
        try leettrack.expectFailureChangingNothing(["import", saved], mentioning: ["saved.csv is not a LeetTrack export: it is the table"])
    }

    @Test("a file that does not exist is an error that changes nothing")
    func missingFile() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.expectFailureChangingNothing(["import", leettrack.file("nope.json")], mentioning: ["no such file"])
    }

    @Test("usage errors exit 64", arguments: [
        (["import"], "missing expected argument '<file>'"),
        (["import", "a.json", "--merge", "--replace"], "cannot be used together"),
        (["import", "a.json", "--from-app", "b.plist"], "not both"),
        (["export", "--format", "xml"], "'xml' is not a format"),
        (["catalog"], "Missing expected argument '<action>'"),
        (["catalog", "refresh"], "unknown action 'refresh'"),
        (["catalog", "update"], "missing expected argument '<file>'"),
    ])
    func usageErrors(arguments: [String], mention: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.expectFailureChangingNothing(arguments, status: 64, mentioning: [mention])
    }

    @Test("CSV has one row per problem touched, quoting notes with commas, quotes and line breaks")
    func csv() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let result = try leettrack.run("export", "--format", "csv")
        #expect(result.status == 0)
        let rows = result.stdout.components(separatedBy: "\r\n")
        #expect(rows.count == 5)
        #expect(rows[0].hasPrefix("id,slug,title,difficulty,status,favorite,note,"))
        #expect(rows[1].hasPrefix("1,two-sum,Two Sum,easy,solved,true,\"hash map, \"\"one pass\"\"\nvalue -> index\","))
        #expect(rows[2].hasPrefix("4,median-of-two-sorted-arrays,"))
        #expect(rows[3].hasPrefix("146,lru-cache,LRU Cache,medium,todo,true,,"))
    }

    @Test("an export to a file that cannot be written is an error")
    func unwritableOutput() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let path = leettrack.file("no-such-directory/e.json")
        try leettrack.expectFailureChangingNothing(["export", "-o", path], mentioning: ["cannot write \(path)"])
    }

    @Test("exporting a store that does not exist prints an empty export and creates nothing")
    func exportWithoutStore() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("export")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""problems" : ["#))
        #expect(!FileManager.default.fileExists(atPath: leettrack.storePath))
    }

    @Test("an export piped in (/dev/stdin, a process substitution) is imported, not refused as 'Permission denied'")
    func importFromPipe() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let other = leettrack.file("other.sqlite")
        let imported = try leettrack.run(["--store", other, "import", "/dev/stdin"], input: try leettrack.export(), useStore: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("added 3 problems"), "\(imported.stdout)")
        #expect(try leettrack.export(store: other) == leettrack.export())
    }

    @Test("an endless device is refused by its size, not read until memory runs out")
    func importFromEndlessDevice() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.expectFailureChangingNothing(["import", "/dev/zero"], mentioning: ["cannot read /dev/zero", "larger than 64 MiB"])
    }
}
