import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12, point 9: the smaller things found on the way.
@Suite("the rest of issue 12, end to end")
struct UntrustedMiscEndToEndTests {
    @Test("a password given with --remote draws a warning")
    func passwordWarning() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("sync", "--remote", "postgresql://me:secret@127.0.0.1:1/leettrack")
        #expect(result.stderr.contains("Warning: the password given with --remote is visible"))
        #expect(!result.stderr.contains("secret"))
        try leettrack.expectInert(result)
    }

    @Test(
        "a remote-secret file owned by another user is refused",
        .enabled(if: getuid() == 0, "needs root to give the file to another user (CI runs as root)"))
    func foreignSecretFile() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write("postgresql://127.0.0.1:1/leettrack\n", to: "remote")
        #expect(chmod(file, 0o600) == 0)
        #expect(chown(file, 65_534, 65_534) == 0)
        let result = try leettrack.run(["sync"], environment: ["LEETTRACK_REMOTE_FILE": file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("belongs to another user"))
    }

    @Test("a remote-secret path that is no regular file is refused without advice to chmod it, and without reading it")
    func secretPathNotAFile() throws {
        let leettrack = try LeetTrackRunner()
        let fifo = leettrack.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let big = try leettrack.write(String(repeating: "#", count: 70_000) + "\npostgresql://127.0.0.1:1/x\n", to: "big")
        #expect(chmod(big, 0o600) == 0)
        for path in ["/dev/zero", leettrack.directory.path, fifo, big] {
            let result = try leettrack.run(["sync"], environment: ["LEETTRACK_REMOTE_FILE": path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains(path == big ? "larger than 64 KiB" : "it is not a regular file"), "\(path): \(result.stderr)")
            #expect(!result.stderr.contains("chmod") && !result.stderr.contains("chown"), "\(path): \(result.stderr)")
        }
    }

    @Test("file errors are plain words with the path, not Foundation's domain codes")
    func plainFileErrors() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["import", leettrack.directory.path], ["export", "-o", "/proc/no-such/x.json"], ["report", "-o", "/proc/no-such/r.html"],
                          ["catalog", "update", leettrack.file("missing.json")]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            for raw in ["Domain", "error 256", "error 512", "The operation could not be completed"] {
                #expect(!result.stderr.contains(raw), "\(arguments): \(result.stderr)")
            }
        }
    }

    @Test("config NAME VALUE --json and config NAME --json print JSON")
    func configJSON() throws {
        let leettrack = try LeetTrackRunner()
        let set = try leettrack.run("config", "desired-retention", "0.85", "--json")
        #expect(set.status == 0)
        #expect((try leettrack.json(set) as? [String: String])?["desired-retention"] != nil)
        let show = try leettrack.run("config", "desired-retention", "--json")
        #expect((try leettrack.json(show) as? [String: String])?["desired-retention"] != nil)
    }

    @Test("lists pads names by display width, so a CJK name keeps the columns")
    func cjkColumns() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("lists", "create", "图论练习").status == 0)
        let line = try #require(try leettrack.run("lists").stdout.split(separator: "\n").first { $0.hasPrefix("图论") })
        let blank = String(repeating: " ", count: 12)
        #expect(line.hasPrefix("图论练习" + blank + "图论练习" + blank), "\(line)")
    }

    @Test("an attempted favorite has a space before its heart")
    func attemptedHeart() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("attempt", "4")
        try leettrack.run("fav", "4", "1")
        let rows = try leettrack.run("favorites").stdout
        #expect(rows.contains("attempted ♥"))
        #expect(rows.contains("todo      ♥"))
    }

    @Test("--tag Graph suggests Graph Theory")
    func tagSuggestion() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("list", "--tag", "Graph")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Graph Theory"))
    }
}
