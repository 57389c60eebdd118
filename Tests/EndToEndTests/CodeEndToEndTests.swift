import Foundation
import Testing

@Suite("leettrack code, end to end")
struct CodeEndToEndTests {
    /// A runner whose code folder is `<temp>/solutions` (set with `config code-dir`).
    func runner() throws -> (LeetTrackRunner, String) {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.appendingPathComponent("solutions").path
        let set = try leettrack.run("config", "code-dir", folder)
        #expect(set.status == 0, "\(set.stderr)")
        return (leettrack, folder)
    }

    @Test("code creates the file with its header and opens it in $EDITOR with the path as one argument")
    func createsAndOpens() throws {
        let (leettrack, folder) = try runner()
        let editor = try StandInProgram(in: leettrack.directory, named: "editor")
        let result = try leettrack.run(["code", "two sum"], environment: ["EDITOR": editor.path])
        let path = folder + "/1.two-sum.py"
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Created \(path)\n")
        #expect(editor.arguments(waitingUpTo: 0) == [path])
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "# 1. Two Sum\n# https://leetcode.com/problems/two-sum/\n# Easy · Array, Hash Table\n\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)
    }

    @Test("an existing solution is reopened, never overwritten")
    func reuses() throws {
        let (leettrack, folder) = try runner()
        try leettrack.run("code", "1")
        let path = folder + "/1.two-sum.py"
        try Data("class Solution: pass\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try leettrack.run(["code", "1"], environment: ["VISUAL": "true"])
        #expect(result.stdout == "Opening \(path)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "class Solution: pass\n")
    }

    @Test("--lang takes extensions and aliases, config code-lang sets the default, and show lists the files")
    func languagesAndShow() throws {
        let (leettrack, folder) = try runner()
        try leettrack.run("code", "1", "--lang", "c++")
        try leettrack.run("config", "code-lang", "rust")
        try leettrack.run("code", "1")
        let shown = try leettrack.run("show", "1").stdout
        #expect(shown.contains("Code:       \(folder)/1.two-sum.cpp\n            \(folder)/1.two-sum.rs\n"), "\(shown)")
        let json = try #require(try leettrack.json(try leettrack.run("show", "1", "--json")) as? [String: Any])
        #expect(json["codeFiles"] as? [String] == ["\(folder)/1.two-sum.cpp", "\(folder)/1.two-sum.rs"])
    }

    @Test("an unknown language is a usage error that creates and writes nothing")
    func unknownLanguage() throws {
        let (leettrack, folder) = try runner()
        let before = try leettrack.snapshot()
        let result = try leettrack.run("code", "1", "--lang", "cobol")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'cobol' is not a language"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("the default folder is ~/leetcode, and the remembered paths stay out of exports")
    func defaultFolderNotExported() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("code", "1")
        let path = leettrack.directory.appendingPathComponent("leetcode/1.two-sum.py").path
        #expect(result.stdout == "Created \(path)\n")
        #expect(result.stderr.contains("Set $VISUAL or $EDITOR"))
        #expect(!(try leettrack.run("export").stdout.contains("leetcode/1.two-sum")))
    }

    @Test("an editor that fails is an error, and the file stays")
    func editorFails() throws {
        let (leettrack, folder) = try runner()
        let result = try leettrack.run(["code", "1"], environment: ["EDITOR": "false"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the editor 'false' exited with status 1; the file stays at \(folder)/1.two-sum.py"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/1.two-sum.py"))
    }

    @Test("config code-dir refuses a relative folder")
    func relativeFolder() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("config", "code-dir", "solutions")
        #expect(result.status == 64)
        #expect(result.stderr.contains("give an absolute folder"))
    }
}
