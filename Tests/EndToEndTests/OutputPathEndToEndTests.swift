import Foundation
import Testing

/// The commands that write a file (`export -o`, `report -o`, `doctor --export-raw`) never write it
/// over the store, whatever path or link names it: `doctor --export-raw store.sqlite` replaced a
/// damaged store with a few lines of JSON, and `export -o` and `report -o` did the same.
@Suite("Output files never replace the store")
struct OutputPathEndToEndTests {
    /// A runner whose store holds two solved problems.
    func runnerWithStore() throws -> LeetTrackRunner {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1", "2").status == 0)
        return leettrack
    }

    func storeBytes(_ leettrack: LeetTrackRunner) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: leettrack.storePath))
    }

    @Test("the store's own path, another spelling of it, a link to it and a hard link to it are refused, and the store is kept", arguments: [
        ["export", "-o"], ["export", "--format", "csv", "-o"], ["report", "-o"], ["doctor", "--export-raw"],
    ])
    func storeRefused(command: [String]) throws {
        let leettrack = try runnerWithStore()
        let link = leettrack.directory.appendingPathComponent("link.sqlite").path
        let hardLink = leettrack.directory.appendingPathComponent("hard.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: leettrack.storePath)
        try FileManager.default.linkItem(atPath: leettrack.storePath, toPath: hardLink)
        let respelled = leettrack.directory.path + "/./" + URL(fileURLWithPath: leettrack.storePath).lastPathComponent
        let before = try storeBytes(leettrack)
        for path in [leettrack.storePath, respelled, link, hardLink] {
            let result = try leettrack.run(command + [path])
            #expect(result.status == 1, "\(command) \(path): \(result.stderr)")
            #expect(result.stderr.contains("the store itself") && result.stderr.contains("choose another file"), "\(result.stderr)")
            #expect(try storeBytes(leettrack) == before, "\(command) \(path)")
        }
        #expect(try leettrack.run("show", "2").stdout.contains("solved"))
    }

    @Test("doctor --export-raw does not write over an existing file, and writes a new one")
    func exportRawNeedsANewFile() throws {
        let leettrack = try runnerWithStore()
        let existing = leettrack.directory.appendingPathComponent("backup.json")
        try Data("my only copy\n".utf8).write(to: existing)
        let refused = try leettrack.run("doctor", "--export-raw", existing.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("it already exists; choose a new file"), "\(refused.stderr)")
        #expect(try Data(contentsOf: existing) == Data("my only copy\n".utf8))
        let fresh = leettrack.directory.appendingPathComponent("raw.json").path
        let written = try leettrack.run("doctor", "--export-raw", fresh)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    @Test("export -o and report -o still replace an earlier export or report")
    func earlierOutputsAreReplaced() throws {
        let leettrack = try runnerWithStore()
        let file = leettrack.directory.appendingPathComponent("export.json").path
        #expect(try leettrack.run("export", "-o", file).status == 0)
        #expect(try leettrack.run("export", "-o", file).status == 0)
        let report = leettrack.directory.appendingPathComponent("report.html").path
        #expect(try leettrack.run("report", "-o", report).status == 0)
        #expect(try leettrack.run("report", "-o", report).status == 0)
    }

    @Test("The store's other files, existing or not, are refused by export -o, report -o and backup, and no file is made")
    func storeCompanionsRefused() throws {
        let leettrack = try runnerWithStore()
        let store = leettrack.storePath
        for suffix in ["-changes", "-journal", "-wal", "-shm", ".leetcode-session"] {
            let path = store + suffix
            let existed = FileManager.default.fileExists(atPath: path)
            let before = existed ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
            for command in [["export", "-o", path], ["report", "-o", path], ["backup", path]] {
                let result = try leettrack.run(command)
                #expect(result.status == 1, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("a file of the store") && result.stderr.contains("Nothing"), "\(result.stderr)")
                #expect(FileManager.default.fileExists(atPath: path) == existed, "\(command)")
                if let before { #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(command)") }
            }
        }
        // The store's next write still finds its ring, and the store is whole.
        #expect(try leettrack.run("fav", "3").status == 0)
        #expect(try leettrack.run("doctor").status == 0)
    }
}
