import TestSupport
import Foundation
import Persistence
import Testing

/// `leettrack sync` carries solution files between two stores and two code folders through a
/// real PostgreSQL server.
@Suite("Solution files through sync, end to end", .enabled(if: PostgresTestServer.isExpected))
struct CodeSyncEndToEndTests {
    /// Two machines, each with its own store and code folder, sharing one fresh database.
    struct Machines {
        let laptop: LeetTrackRunner
        let desktop: LeetTrackRunner
        let url: String

        init() throws {
            laptop = try LeetTrackRunner()
            desktop = try LeetTrackRunner()
            url = try PostgresTestServer.shared.get().makeDatabase()
            for machine in [laptop, desktop] {
                let set = try machine.run("config", "code-dir", Self.folder(machine))
                #expect(set.status == 0, "\(set.stderr)")
            }
        }

        static func folder(_ machine: LeetTrackRunner) -> String {
            machine.directory.appendingPathComponent("solutions").path
        }

        func path(_ machine: LeetTrackRunner, _ name: String) -> String {
            Self.folder(machine) + "/" + name
        }

        /// Runs `leettrack sync` on `machine`; expects success.
        @discardableResult
        func sync(_ machine: LeetTrackRunner, _ extra: String...) throws -> LeetTrackRunner.Result {
            let result = try machine.run(["sync"] + extra, environment: ["LEETTRACK_REMOTE": url])
            #expect(result.status == 0, "sync failed: \(result.stderr)")
            return result
        }

        /// Writes `text` as the solution file `name` of `machine` (the folder made by `code`).
        func write(_ text: String, _ name: String, on machine: LeetTrackRunner) throws {
            try FileManager.default.createDirectory(
                atPath: Self.folder(machine), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(machine, name)))
        }

        func read(_ name: String, on machine: LeetTrackRunner) throws -> String {
            try String(contentsOfFile: path(machine, name), encoding: .utf8)
        }
    }

    @Test("a file written on one machine arrives byte for byte on the other, and a sync with no change sends nothing")
    func fileTravels() throws {
        let machines = try Machines()
        let text = "class Solution:\n\tdef twoSum(self): return [0, 1]  # “é” 🎉\r\n"
        try machines.write(text, "1.two-sum.py", on: machines.laptop)
        let pushed = try machines.sync(machines.laptop)
        #expect(pushed.stdout.contains("pushed 1 change") && pushed.stdout.contains("  pushed 1.two-sum.py\n"), "\(pushed.stdout)")
        let pulled = try machines.sync(machines.desktop)
        #expect(pulled.stdout.contains("  pulled \(machines.path(machines.desktop, "1.two-sum.py"))\n"), "\(pulled.stdout)")
        #expect(try machines.read("1.two-sum.py", on: machines.desktop) == text)
        let mode = try FileManager.default.attributesOfItem(atPath: machines.path(machines.desktop, "1.two-sum.py"))[.posixPermissions]
        #expect(mode as? Int == 0o600)
        #expect(try machines.sync(machines.laptop).stdout.contains("Up to date"))
        #expect(try machines.sync(machines.desktop).stdout.contains("Up to date"))

        // Changed on one side only: the other side's unchanged file takes it.
        try machines.write("v2\n", "1.two-sum.py", on: machines.desktop)
        try machines.sync(machines.desktop)
        let updated = try machines.sync(machines.laptop)
        #expect(updated.stdout.contains("  updated \(machines.path(machines.laptop, "1.two-sum.py"))\n"), "\(updated.stdout)")
        #expect(try machines.read("1.two-sum.py", on: machines.laptop) == "v2\n")
    }

    @Test("a file changed on both machines keeps both versions and says so")
    func conflictKeepsBoth() throws {
        let machines = try Machines()
        try machines.write("v1\n", "1.two-sum.py", on: machines.laptop)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try machines.write("laptop\n", "1.two-sum.py", on: machines.laptop)
        try machines.write("desktop\n", "1.two-sum.py", on: machines.desktop)
        try machines.sync(machines.laptop)
        let result = try machines.sync(machines.desktop)
        let mine = machines.path(machines.desktop, "1.two-sum.py")
        let theirs = machines.path(machines.desktop, "1.two-sum.remote.py")
        #expect(result.stdout.contains("  \(mine) differs: kept yours, and the other machine's version is beside it as \(theirs)\n"), "\(result.stdout)")
        #expect(try machines.read("1.two-sum.py", on: machines.desktop) == "desktop\n")
        #expect(try machines.read("1.two-sum.remote.py", on: machines.desktop) == "laptop\n")
        // The copy beside does not travel; the next sync carries the kept file, and nothing repeats.
        #expect(try machines.sync(machines.desktop).stdout.contains("  pushed 1.two-sum.py\n"))
        try machines.sync(machines.laptop)
        #expect(try machines.read("1.two-sum.py", on: machines.laptop) == "desktop\n")
        #expect(!FileManager.default.fileExists(atPath: machines.path(machines.laptop, "1.two-sum.remote.py")))
    }

    @Test("a file over the 256 KiB cap is not synced and is named; the rest is")
    func overCapIsSkipped() throws {
        let machines = try Machines()
        try machines.write(String(repeating: "a", count: 300 * 1024), "4.median-of-two-sorted-arrays.py", on: machines.laptop)
        try machines.write("ok\n", "1.two-sum.py", on: machines.laptop)
        let result = try machines.sync(machines.laptop)
        #expect(result.stderr.contains(
            "Not synced \(machines.path(machines.laptop, "4.median-of-two-sorted-arrays.py")): it is 300 KiB, over the 256 KiB cap"),
            "\(result.stderr)")
        let json = try #require(try machines.desktop.json(try machines.sync(machines.desktop, "--json")) as? [String: Any])
        #expect(json["codePulled"] as? [String] == ["written \(machines.path(machines.desktop, "1.two-sum.py"))"])
        #expect(json["codePushed"] == nil)
        #expect(try machines.read("1.two-sum.py", on: machines.desktop) == "ok\n")
        #expect(!FileManager.default.fileExists(atPath: machines.path(machines.desktop, "4.median-of-two-sorted-arrays.py")))
    }

    /// The server's record of a file, as a test writes it behind LeetTrack's back.
    struct ServerRecord: Codable {
        struct File: Codable {
            var problem, language, name, content: String
            var modified: String?
        }
        var file: File
        var hash: String
    }

    @Test("the server's files are checked: a name leaving the folder and content not matching its hash are refused and named, nothing written")
    func hostileServer() throws {
        let machines = try Machines()
        try machines.write("ok\n", "1.two-sum.py", on: machines.laptop)
        try machines.sync(machines.laptop)
        let server = try Store.postgres(machines.url)
        let indexKey = Key<[String: String]>("code.index", default: [:])
        var index = try server.value(for: indexKey)
        index["../../evil.py"] = String(repeating: "a", count: 64)
        try server.set(index, for: indexKey)
        let recordKey = Key<ServerRecord?>("code.file.1.two-sum.py", default: nil)
        var record = try #require(try server.value(for: recordKey))
        record.file.content = "import os; os.system('evil')\n"
        try server.set(record, for: recordKey)

        let result = try machines.desktop.run(["sync"], environment: ["LEETTRACK_REMOTE": machines.url])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'code.index' is not valid (../../evil.py: not a solution file's name"), "\(result.stderr)")
        #expect(result.stderr.contains("'code.file.1.two-sum.py' is not valid (hash: the content does not match its hash)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machines.path(machines.desktop, "1.two-sum.py")))
        #expect(!FileManager.default.fileExists(atPath: machines.desktop.directory.appendingPathComponent("evil.py").path))
    }
}
