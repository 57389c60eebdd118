import Foundation
import Testing

/// `export --with-code` and `import` carry the solution files of the code folder, on the real binary.
@Suite("Solution files in export and import, end to end")
struct CodeExchangeEndToEndTests {
    /// A runner whose code folder is `<temp>/solutions` (not created yet).
    private func runner() throws -> (LeetTrackRunner, String) {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.appendingPathComponent("solutions").path
        let set = try leettrack.run("config", "code-dir", folder)
        #expect(set.status == 0, "\(set.stderr)")
        return (leettrack, folder)
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A machine with two solution files of its own, exported with them (the machine is returned
    /// too: its folder lives as long as it does).
    private func exportedWithCode() throws -> (file: String, folder: String, laptop: LeetTrackRunner) {
        let (laptop, folder) = try runner()
        try laptop.run("solve", "1", "--date", "2026-11-20")
        #expect(try laptop.run("code", "1").status == 0)
        #expect(try laptop.run("code", "2", "--lang", "cpp").status == 0)
        try write("class Solution:\n\tdef twoSum(self): return [0, 1]  # “é” 🎉\r\n", to: folder + "/1.two-sum.py")
        let file = laptop.file("with-code.json")
        let result = try laptop.run("export", "--with-code", "-o", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Exported 1 problem and 2 solution files to \(file).\n")
        return (file, folder, laptop)
    }

    @Test("export --with-code, then import into a fresh store and an empty folder, gives byte-identical files")
    func roundTrip() throws {
        let (file, laptopFolder, laptop) = try exportedWithCode()
        defer { withExtendedLifetime(laptop) {} }
        let (desktop, folder) = try runner()
        let result = try desktop.run("import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  wrote \(folder)/1.two-sum.py\n  wrote \(folder)/2.add-two-numbers.cpp\n"), "\(result.stdout)")
        for name in ["1.two-sum.py", "2.add-two-numbers.cpp"] {
            #expect(try contents(folder + "/" + name) == contents(laptopFolder + "/" + name))
            #expect((try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.posixPermissions] as? Int) == 0o600)
        }
        #expect(try desktop.run("show", "1").stdout.contains("\(folder)/1.two-sum.py"))
        // Again: every file is there already, and nothing is written.
        let again = try desktop.run("import", file)
        #expect(again.stdout.contains("  2 solution files already there, unchanged.\n"), "\(again.stdout)")
        // An export without --with-code has no solution files, as before.
        #expect(!(try desktop.export().contains("\"code\"")))
        #expect(try desktop.export().contains("\"version\" : 1"))
    }

    @Test("an import onto a folder with a different file keeps both and says so; --dry-run writes nothing")
    func keepsBoth() throws {
        let (file, laptopFolder, laptop) = try exportedWithCode()
        defer { withExtendedLifetime(laptop) {} }
        let (desktop, folder) = try runner()
        #expect(try desktop.run("code", "1").status == 0)
        try write("mine\n", to: folder + "/1.two-sum.py")
        let dry = try desktop.run("import", "--dry-run", file)
        #expect(dry.stdout.contains("  would write \(folder)/2.add-two-numbers.cpp\n"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/2.add-two-numbers.cpp"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/1.two-sum.imported.py"))
        let result = try desktop.run("import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(
            "  \(folder)/1.two-sum.py differs: kept yours, and the file's version is beside it as \(folder)/1.two-sum.imported.py\n"),
            "\(result.stdout)")
        #expect(try String(contentsOfFile: folder + "/1.two-sum.py", encoding: .utf8) == "mine\n")
        #expect(try contents(folder + "/1.two-sum.imported.py") == contents(laptopFolder + "/1.two-sum.py"))
    }

    @Test("a link at a file's place is not written through: that file is refused, the rest restored, exit 1")
    func refusesLinks() throws {
        let (file, _, laptop) = try exportedWithCode()
        defer { withExtendedLifetime(laptop) {} }
        let (desktop, folder) = try runner()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = desktop.file("target.txt")
        try write("elsewhere\n", to: target)
        try FileManager.default.createSymbolicLink(atPath: folder + "/1.two-sum.py", withDestinationPath: target)
        let result = try desktop.run("import", file)
        #expect(result.status == 1)
        #expect(result.stderr.contains("not restored \(folder)/1.two-sum.py: it is a symbolic link"), "\(result.stderr)")
        #expect(result.stdout.contains("  wrote \(folder)/2.add-two-numbers.cpp\n"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "elsewhere\n")
    }

    @Test("a document with a hostile solution file is refused whole, with its place, and nothing is written", arguments: [
        (#"{"problem": "two-sum", "language": "py", "name": "../x", "content": "x"}"#, "code[0].name: '../x' has a folder part"),
        (#"{"problem": "two-sum", "language": "py", "name": "/tmp/1.two-sum.py", "content": "x"}"#, "is an absolute path"),
        (#"{"problem": "two-sum", "language": "py", "name": "1.two-sum.py\u0000", "content": "x"}"#, "holds a control character"),
        (#"{"problem": "two-sum", "language": "cobol", "name": "1.two-sum.cob", "content": "x"}"#, "code[0].language: 'cobol' is not a language"),
        (#"{"problem": "two-sum", "language": "py", "name": "1.two-sum.py", "content": "HUGE"}"#, "over the 256 KiB cap"),
        (#"{"problem": "two-sum", "language": "py", "name": "1.three-sum.py", "content": "x"}"#, "does not name problem 'two-sum'"),
    ])
    func hostileDocuments(entry: String, message: String) throws {
        let (desktop, folder) = try runner()
        try desktop.populate()
        let huge = String(repeating: "x", count: 256 * 1024 + 1)
        let text = #"{"format": "leettrack-export", "version": 3, "problems": [], "code": [ENTRY]}"#
            .replacingOccurrences(of: "ENTRY", with: entry.replacingOccurrences(of: "HUGE", with: huge))
        let file = try desktop.write(text, to: "hostile.json")
        try desktop.expectFailureChangingNothing(["import", file], mentioning: [message, "Nothing was changed"])
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(!FileManager.default.fileExists(atPath: desktop.directory.appendingPathComponent("x").path))
    }

    @Test("export --with-code names the files it leaves out (not UTF-8, over the cap) and exports the rest")
    func namesLeftOut() throws {
        let (laptop, folder) = try runner()
        #expect(try laptop.run("code", "1").status == 0)
        try Data([0xC3, 0x28, 0x0A]).write(to: URL(fileURLWithPath: folder + "/2.add-two-numbers.py"))
        try Data(repeating: 0x61, count: 300 * 1024).write(to: URL(fileURLWithPath: folder + "/4.median-of-two-sorted-arrays.py"))
        let result = try laptop.run("export", "--with-code")
        #expect(result.status == 0)
        #expect(result.stderr.contains("Left out \(folder)/2.add-two-numbers.py: it is not UTF-8 text.\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Left out \(folder)/4.median-of-two-sorted-arrays.py: it is 300 KiB, over the 256 KiB cap.\n"))
        #expect(result.stdout.contains(#""name" : "1.two-sum.py""#))
        #expect(!result.stdout.contains("add-two-numbers.py"))
        #expect(result.stdout.contains("\"version\" : 3"))
        // A link named like a solution (a cloned repository can hold one) is not followed to a private file.
        let secret = laptop.file("secret.txt")
        try Data("SECRET-KEY\n".utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.createSymbolicLink(atPath: folder + "/3.longest-substring-without-repeating-characters.py", withDestinationPath: secret)
        let linked = try laptop.run("export", "--with-code")
        #expect(linked.stderr.contains("Left out \(folder)/3.longest-substring-without-repeating-characters.py: it is a link (not followed)."), "\(linked.stderr)")
        #expect(!linked.stdout.contains("SECRET-KEY"))
    }

    @Test("--with-code with CSV is a usage error")
    func csvIsRefused() throws {
        let (laptop, _) = try runner()
        let result = try laptop.run("export", "--with-code", "--format", "csv")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--with-code' needs the JSON format"))
    }
}
