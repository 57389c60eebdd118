import Foundation
import LeetTrackCore
import Persistence
import Testing
import TestSupport

/// Reading never changes a store, one damaged record hides nothing else, `doctor` and `backup`.
@Suite("leettrack keeps the store safe, end to end")
struct DurabilityEndToEndTests {
    static let readingCommands: [[String]] = [
        ["list"], ["show", "1"], ["stats"], ["export"], ["report", "-o", "-"], ["favorites"], ["doctor"],
    ]

    /// The files of the runner's directory with their bytes.
    private func files(_ leettrack: LeetTrackRunner) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: leettrack.directory.path) {
            files[name] = try Data(contentsOf: leettrack.directory.appendingPathComponent(name))
        }
        return files
    }

    @Test("reading commands leave every file as it was", arguments: readingCommands)
    func readingChangesNothing(arguments: [String]) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1", "2")
        let before = try files(leettrack)
        let result = try leettrack.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(leettrack) == before)
    }

    @Test("a new store is private: the store 0600 in a directory made 0700")
    func newStoreIsPrivate() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["fav", "1"], useStore: false).status == 0)
        let directory = leettrack.directory.appendingPathComponent("xdg/leettrack").path
        let mode = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int }
        #expect(try mode(directory) == 0o700)
        #expect(try mode(directory + "/store.sqlite") == 0o600)
    }

    @Test("export -o writes a new file readable by its owner only")
    func exportIsPrivate() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("note", "1", "private thoughts")
        let file = leettrack.directory.appendingPathComponent("export.json").path
        #expect(try leettrack.run("export", "-o", file).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    }

    @Test("report writes a new file readable by its owner only, and keeps the mode of one it replaces")
    func reportIsPrivate() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let file = leettrack.directory.appendingPathComponent("report.html").path
        #expect(try leettrack.run("report", "-o", file).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(chmod(file, 0o644) == 0)
        #expect(try leettrack.run("report", "-o", file).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o644)
    }

    @Test("/dev/null as the store is refused and nothing appears beside it")
    func devNull() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["list"], ["fav", "1"]] {
            let result = try leettrack.run(["--store", "/dev/null"] + arguments, useStore: false)
            #expect(result.status == 1)
            #expect(result.stderr.contains("not a regular file"))
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))
    }

    @Test("an empty file as the store reads as a new store and stays empty until the first write makes a store of it")
    func emptyFile() throws {
        let leettrack = try LeetTrackRunner()
        try Data().write(to: URL(fileURLWithPath: leettrack.storePath))
        for arguments in [["list", "--status", "solved"], ["stats"], ["review"], ["favorites"], ["export"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        #expect(try leettrack.run("list", "--status", "solved").stdout.contains("0 problems"))
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("is an empty file: no store has been written there yet"), "\(doctor.stdout)")
        #expect(try files(leettrack) == ["store.sqlite": Data()])
        // The first write makes a store of it, as it would of a missing file.
        #expect(try leettrack.run("fav", "1").status == 0)
        let favorites = try leettrack.run("favorites")
        #expect(favorites.status == 0 && favorites.stdout.contains("Two Sum"), "\(favorites.stdout)")
        #expect(try leettrack.run("doctor").stdout.contains("integrity check: ok"))
    }

    @Test("one damaged record among 500: the rest is listed, counted and exported, with a warning naming it")
    func oneDamagedRecordAmong500() throws {
        let leettrack = try LeetTrackRunner()
        let slugs = (0..<500).map { Catalog.builtIn.problem(at: $0).slug }
        do {
            let store = try Store.sqlite(path: leettrack.storePath)
            try ProgressRepository(store: store, clock: .system).update(slugs) { _, record in record.favorite = true }
            try AnotherProgram.set(["favorite": "yes"], forKey: "progress.\(slugs[250])", inStoreAt: leettrack.storePath)
        }
        let problem = Catalog.builtIn.problem(at: 250)
        let damaged = "\(problem.id). \(problem.title)"
        let list = try leettrack.run("favorites")
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count >= 499)
        #expect(list.stderr.contains("Warning: the record of \(damaged)"))
        // The rest is exported, and the command fails so that a script's backup is not taken for a whole one.
        let export = try leettrack.run("export")
        #expect(export.status == 1)
        #expect(export.stderr.contains("the export leaves out 1 record that cannot be read"), "\(export.stderr)")
        let document = try leettrack.json(export) as? [String: Any]
        #expect((document?["problems"] as? [Any])?.count == 499)
        let file = leettrack.directory.appendingPathComponent("partial.json").path
        let exportToFile = try leettrack.run("export", "-o", file)
        #expect(exportToFile.status == 1)
        #expect(exportToFile.stderr.contains("Exported 499 problems") && exportToFile.stderr.contains("leaves out 1 record"), "\(exportToFile.stderr)")
        #expect(try leettrack.run("stats").status == 0)
        #expect(try leettrack.run("report", "-o", "-").status == 0)

        let rawFile = leettrack.directory.appendingPathComponent("raw.json").path
        let doctor = try leettrack.run("doctor", "--export-raw", rawFile)
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("'progress.\(slugs[250])' cannot be read"))
        let report = try leettrack.json(try leettrack.run("doctor", "--json")) as? [String: Any]
        #expect(report?["healthy"] as? Bool == false)
        #expect((report?["undecodable"] as? [[String: Any]])?.first?["key"] as? String == "progress.\(slugs[250])")
        let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: rawFile))) as? [[String: Any]]
        #expect(raw?.first?["key"] as? String == "progress.\(slugs[250])")
        #expect(raw?.first?["text"] as? String == "{\"favorite\":\"yes\"}")
        #expect(try FileManager.default.attributesOfItem(atPath: rawFile)[.posixPermissions] as? Int == 0o600)
    }

    @Test("a damaged list record is left out of lists and export with a warning naming it, and kept")
    func damagedListRecord() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("lists", "create", "Graphs")
        try leettrack.run("lists", "create", "Trees")
        do {
            let store = try Store.sqlite(path: leettrack.storePath)
            try store.set(42, for: Key<Int>("lists.trees", default: 0))
        }
        let lists = try leettrack.run("lists")
        #expect(lists.status == 0)
        #expect(lists.stdout.contains("Graphs"))
        #expect(lists.stderr.contains("Warning: the list record 'lists.trees'"))
        let export = try leettrack.run("export")
        #expect(export.status == 1)
        #expect(export.stderr.contains("'lists.trees'"))
        #expect(export.stderr.contains("the export leaves out 1 record"), "\(export.stderr)")
        let store = try Store.sqlite(path: leettrack.storePath, access: .readOnly)
        #expect(try store.rawValue(forKey: "lists.trees") == Data("42".utf8))
    }

    @Test("damaged settings records leave the reading commands working on the defaults, with a warning, and are kept")
    func damagedSettingsRecords() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["solve", "1"], ["config", "daily-goal", "3"], ["config", "desired-retention", "0.85"]] {
            #expect(try leettrack.run(arguments).status == 0, "\(arguments)")
        }
        do {
            let store = try Store.sqlite(path: leettrack.storePath)
            try store.set(42, for: Key<Int>("settings.practice", default: 0))
            try store.set("high", for: Key<String>("settings.review", default: ""))
        }
        let before = try leettrack.snapshot()
        for arguments in [["list", "--status", "solved"], ["show", "1"], ["stats"], ["review", "--upcoming", "7"], ["today"], ["report", "-o", "-"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            for key in ["settings.practice", "settings.review"] where arguments != ["list", "--status", "solved"] || key == "settings.practice" {
                let warning = "('\(key)') in \(leettrack.storePath) cannot be read"
                #expect(result.stderr.components(separatedBy: warning).count <= 2, "\(arguments): warned twice")
            }
            #expect(result.stderr.contains("the defaults are used here and the record is left untouched"), "\(arguments): \(result.stderr)")
        }
        #expect(try leettrack.run("list", "--status", "solved").stdout.contains("Two Sum"))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("doctor names damaged code settings and solution paths", arguments: ["settings.code", "code.two-sum"])
    func doctorChecksCodeRecords(key: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        do {
            let store = try Store.sqlite(path: leettrack.storePath)
            try store.set(42, for: Key<Int>(key, default: 0))
        }
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("'\(key)' cannot be read"), "\(doctor.stdout)")
    }

    @Test("doctor finds nothing wrong in a healthy store and exits 0")
    func doctorHealthy() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        let result = try leettrack.run("doctor")
        #expect(result.status == 0)
        #expect(result.stdout.contains("SQLite integrity check: ok"))
        #expect(result.stdout.contains("No problems found."))
    }

    @Test("doctor reports a store SQLite finds damaged, exits 1, and changes nothing")
    func doctorDamagedStore() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run(["solve"] + (1...600).map(String.init))
        let full = try Data(contentsOf: URL(fileURLWithPath: leettrack.storePath))
        let truncated = full.prefix(full.count / 2)
        try truncated.write(to: URL(fileURLWithPath: leettrack.storePath))
        let result = try leettrack.run("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("damaged"))
        #expect(result.stdout.contains("-wal"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: leettrack.storePath)) == truncated)
    }

    @Test("doctor names progress of a problem the catalog does not have, and exits 1")
    func doctorUnknownProblem() throws {
        let leettrack = try LeetTrackRunner()
        do {
            let store = try Store.sqlite(path: leettrack.storePath)
            try ProgressRepository(store: store, clock: .system).update(["no-such-problem"]) { _, record in record.favorite = true }
        }
        let result = try leettrack.run("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("'no-such-problem', which the catalog does not have"))
        #expect(result.stdout.contains("SQLite integrity check: ok"))
    }

    @Test("backup writes a store that lists the same, and never overwrites a file")
    func backup() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1", "2", "3")
        let copy = leettrack.directory.appendingPathComponent("backup.sqlite").path
        let result = try leettrack.run("backup", copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try leettrack.run(["--store", copy, "favorites"], useStore: false).stdout == leettrack.run("favorites").stdout)
        let again = try leettrack.run("backup", copy)
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
    }

    @Test("the note editor's file is private and removed, also when leettrack is terminated")
    func editorTemporaryFile() throws {
        let leettrack = try LeetTrackRunner()
        let fifo = leettrack.directory.appendingPathComponent("editor.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let editor = leettrack.directory.appendingPathComponent("editor.sh").path
        try Data("#!/bin/sh\necho \"$$ $(stat -c %a \"$1\") $(stat -c %a \"$(dirname \"$1\")\") $1\" > '\(fifo)'\nexec sleep 60\n".utf8)
            .write(to: URL(fileURLWithPath: editor))
        #expect(chmod(editor, 0o700) == 0)
        let (process, _, _, _) = try leettrack.start(["note", "1", "--edit"], environment: ["EDITOR": editor])
        // Opening the FIFO waits for the editor to open it: the event, with no sleep.
        let reader = try #require(FileHandle(forReadingAtPath: fifo))
        let line = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 3).map(String.init)
        try #require(fields.count == 4)
        #expect(fields[1] == "600")
        #expect(fields[2] == "700")
        #expect(FileManager.default.fileExists(atPath: fields[3]))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        if let editorPID = Int32(fields[0]) { kill(editorPID, SIGKILL) }
        #expect(!FileManager.default.fileExists(atPath: fields[3]))
        #expect(!FileManager.default.fileExists(atPath: (fields[3] as NSString).deletingLastPathComponent))
    }
}
