import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 37, point 7: large and hostile files are bounded before decoding, `report -o` keeps a
/// file that is not an earlier report, and an empty file that becomes the store is made private.
@Suite("large and hostile files are bounded, end to end")
struct BoundedFilesEndToEndTests {
    /// The most an import reads, as FORMAT.md documents it.
    static let limit = 64 << 20

    /// Makes a file of `size` bytes without writing them (a sparse file: no disk space is used).
    static func sparseFile(_ leettrack: LeetTrackRunner, size: Int, name: String) throws -> String {
        let path = leettrack.file(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test("a 200 MB import is refused by its size before it is read, at once, naming the size accepted; nothing changes")
    func hugeImportRefusedBySize() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let huge = try Self.sparseFile(leettrack, size: 200_000_000, name: "huge.json")
        let started = Date()
        try leettrack.expectFailureChangingNothing(["import", huge], mentioning: ["190.7 MiB", "larger than 64 MiB"])
        // Reading 200 MB and decoding it took tens of seconds and gigabytes; a refusal by size takes a moment.
        #expect(Date().timeIntervalSince(started) < 10)
        let catalog = try leettrack.run("catalog", "update", huge)
        #expect(catalog.status == 1)
        #expect(catalog.stderr.contains("larger than 64 MiB"), "\(catalog.stderr)")
    }

    @Test("an export just under the limit still imports")
    func justUnderTheLimitImports() throws {
        let leettrack = try LeetTrackRunner()
        let document = #"{"format": "leettrack-export", "version": 1, "lists": [], "problems": [{"slug": "two-sum", "status": "solved", "#
            + #""favorite": true, "history": [{"kind": "solved", "at": "2026-11-20T09:00:00Z"}]}]}"#
        var data = Data(document.utf8)
        data.append(Data(repeating: UInt8(ascii: " "), count: Self.limit - data.count - 1))
        data.append(UInt8(ascii: "\n"))
        #expect(data.count == Self.limit)
        let path = try leettrack.write(data, to: "padded.json")
        let result = try leettrack.run("import", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try leettrack.run("show", "1").stdout.contains("solved"))
        // One byte more is refused.
        data.append(UInt8(ascii: " "))
        let over = try leettrack.write(data, to: "over.json")
        let refused = try leettrack.run("import", over)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("64.0 MiB, larger than 64 MiB"), "\(refused.stderr)")
    }

    @Test("report -o keeps a file that is not an earlier report unless --force, and replaces an earlier report or an empty file")
    func reportKeepsOtherFiles() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        let notes = try leettrack.write("<html>my own notes</html>\n", to: "notes.html")
        let refused = try leettrack.run("report", "-o", notes)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not a LeetTrack report") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "<html>my own notes</html>\n")
        // Through a link too: the link's target is what would be replaced.
        let link = leettrack.file("link.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: notes)
        #expect(try leettrack.run("report", "-o", link).status == 1)
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "<html>my own notes</html>\n")

        let forced = try leettrack.run("report", "-o", notes, "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8).contains("<meta name=\"generator\" content=\"leettrack report\"/>"))
        // Now an earlier report: replaced without --force.
        #expect(try leettrack.run("report", "-o", notes).status == 0)
        let empty = try leettrack.write("", to: "empty.html")
        #expect(try leettrack.run("report", "-o", empty).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).count > 1000)
    }

    @Test("an existing empty file that becomes the store is made private (0600)")
    func emptyFileStoreIsPrivate() throws {
        let leettrack = try LeetTrackRunner()
        let path = try leettrack.write("", to: "shared-empty.sqlite")
        #expect(chmod(path, 0o644) == 0)
        let result = try leettrack.run(["--store", path, "fav", "1"], useStore: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try leettrack.run(["--store", path, "favorites", "--json"], useStore: false).stdout.contains("two-sum"))
    }
}
