import Foundation
import Testing

@testable import LeetTrackCore

/// The solution files as they travel: the hash sync compares them by, the rules a file from
/// outside is held to, and the restore that never overwrites.
@Suite("Solution files in exports and sync")
struct SolutionFolderTests {
    @Test("the content hash is SHA-256, as the standard's test vectors and Python's hashlib give it")
    func contentHash() {
        #expect(ContentHash.sha256("".utf8) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ContentHash.sha256(String(repeating: "a", count: 1000).utf8) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(ContentHash.sha256(String(repeating: "x", count: 55).utf8) == "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072")
        #expect(ContentHash.sha256(String(repeating: "x", count: 64).utf8) == "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c")
        #expect(ContentHash.isDigest(ContentHash.sha256("abc".utf8)))
        #expect(!ContentHash.isDigest("ABC"))
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func violation(_ copy: SolutionCopy) -> InputRules.Violation? {
        do {
            try copy.check(at: "code[0]", now: Self.now)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file from outside is held to a solution file's name, a known language and the cap")
    func hostileCopies() throws {
        let good = SolutionCopy(problem: "two-sum", language: "py", name: "1.two-sum.py", content: "pass\n", modified: "2026-11-29T14:03:12Z")
        #expect(violation(good) == nil)
        var copy = good
        for (name, words) in [
            ("../x", "folder part"), ("..", "names a folder"), ("/etc/passwd", "absolute path"), ("a/1.two-sum.py", "folder part"),
            ("1.two-sum.py\u{0}", "control character"), ("1.two-sum\n.py", "control character"),
            (String(repeating: "a", count: 300), "longer than 255 bytes"), ("2.two-sum.py.py", "does not name"), ("", "is empty"),
        ] {
            copy.name = name
            let found = try #require(violation(copy), "\(name)")
            #expect(found.path == "code[0].name")
            #expect(found.reason.contains(words), "\(found.reason)")
            #expect(!found.reason.contains("\u{0}") && !found.reason.contains("\n"))
        }
        // The catalog's own id for a problem it knows; a problem it does not know keeps the file's.
        copy = good
        copy.name = "2.two-sum.py"
        #expect(violation(copy)?.reason.contains("gives problem 'two-sum' the id 2; its id is 1 (1.two-sum.py)") == true)
        #expect(violation(SolutionCopy(problem: "not-in-the-catalog", language: "py", name: "9999.not-in-the-catalog.py", content: "pass\n",
                                       modified: nil)) == nil)
        copy = good
        copy.language = "cobol"
        #expect(violation(copy)?.path == "code[0].language")
        copy = good
        copy.content = String(repeating: "x", count: SolutionFolder.maximumFileSize + 1)
        #expect(violation(copy)?.reason.contains("over the 256 KiB cap") == true)
        copy = good
        copy.modified = "yesterday"
        #expect(violation(copy)?.path == "code[0].modified")
    }

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("solutions-\(UUID().uuidString)").path
        try SolutionFolder.prepareFolder(path)
        return path
    }

    @Test("a restore writes a missing file 0600, leaves an identical one, and keeps a different one, writing beside it")
    func restoreNeverOverwrites() throws {
        let directory = try folder()
        let copy = SolutionCopy(problem: "two-sum", language: "py", name: "1.two-sum.py", content: "print(1)\n", modified: "2026-11-29T14:03:12Z")
        let path = directory + "/1.two-sum.py"
        #expect(SolutionFolder.restore(copy, in: directory, tag: "imported", dryRun: false) == .written(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "print(1)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 == 1_795_960_992)
        #expect(SolutionFolder.restore(copy, in: directory, tag: "imported", dryRun: false) == .identical(path: path))

        var other = copy
        other.content = "print(2)\n"
        let beside = directory + "/1.two-sum.imported.py"
        #expect(SolutionFolder.restore(other, in: directory, tag: "imported", dryRun: true) == .keptBoth(path: path, copy: beside))
        #expect(!FileManager.default.fileExists(atPath: beside))
        #expect(SolutionFolder.restore(other, in: directory, tag: "imported", dryRun: false) == .keptBoth(path: path, copy: beside))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "print(1)\n")
        #expect(try String(contentsOfFile: beside, encoding: .utf8) == "print(2)\n")
        other.content = "print(3)\n"
        #expect(SolutionFolder.restore(other, in: directory, tag: "imported", dryRun: false)
            == .keptBoth(path: path, copy: directory + "/1.two-sum.imported-2.py"))
        // The copies beside are not solution files: they do not travel on.
        #expect(try SolutionFolder.read(directory).files.map(\.name) == ["1.two-sum.py"])
    }

    @Test("a restore does not write through a symbolic link, and says so")
    func restoreRefusesLinks() throws {
        let directory = try folder()
        let target = directory + "/elsewhere.txt"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: directory + "/1.two-sum.py", withDestinationPath: target)
        let copy = SolutionCopy(problem: "two-sum", language: "py", name: "1.two-sum.py", content: "evil\n")
        guard case .refused(_, let reason) = SolutionFolder.restore(copy, in: directory, tag: "imported", dryRun: false) else {
            Issue.record("a link was written through")
            return
        }
        #expect(reason.contains("symbolic link"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
    }

    @Test("reading a folder names the files left out: not UTF-8, over the cap")
    func readNamesLeftOut() throws {
        let directory = try folder()
        try Data("ok\n".utf8).write(to: URL(fileURLWithPath: directory + "/1.two-sum.py"))
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: directory + "/2.add-two-numbers.py"))
        try Data(repeating: 0x61, count: SolutionFolder.maximumFileSize + 1).write(to: URL(fileURLWithPath: directory + "/3.longest-substring-without-repeating-characters.cpp"))
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: directory + "/README.md"))
        let read = try SolutionFolder.read(directory)
        #expect(read.files.map(\.name) == ["1.two-sum.py"])
        #expect(read.leftOut.map(\.reason) == ["it is not UTF-8 text", "it is 257 KiB, over the 256 KiB cap"])
        #expect(read.leftOut.map { ($0.path as NSString).lastPathComponent }
            == ["2.add-two-numbers.py", "3.longest-substring-without-repeating-characters.cpp"])
    }
}
