import Foundation
import LeetTrackCore
import Persistence
import Testing
import TestSupport
@testable import LeetTrackScreen

/// Another user who may read but not write the store (`runuser -u nobody`, which needs root).
@Suite("leettrack on a store the user cannot write, end to end")
struct ReadOnlyStoreEndToEndTests {
    /// Runs leettrack as `nobody` on the store, or `nil` when not root.
    private func runAsNobody(_ leettrack: LeetTrackRunner, _ arguments: [String]) throws -> LeetTrackRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", LeetTrackRunner.executable.path, "--store", leettrack.storePath] + arguments
        process.environment = leettrack.environment(["HOME": "/nonexistent"])
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errors = ErrorCollector(error.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LeetTrackRunner.Result(
            stdout: String(decoding: data, as: UTF8.self), stderr: String(decoding: errors.wait(), as: UTF8.self),
            status: process.terminationStatus)
    }

    @Test("a 0444 store and a store in a read-only directory are readable, and writes say read-only",
          arguments: ["chmod 444 STORE", "chmod 555 DIR"])
    func readOnly(preparation: String) throws {
        guard getuid() == 0 else {
            print("Skipped: acting as another user needs root (CI runs the tests as root).")
            return
        }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1", "2")
        let directory = leettrack.directory.path
        let command = preparation.replacingOccurrences(of: "STORE", with: "'\(leettrack.storePath)'")
            .replacingOccurrences(of: "DIR", with: "'\(directory)'")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "chown -R nobody '\(directory)' && \(command)"]
        try shell.run()
        shell.waitUntilExit()
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        for arguments in [["list", "--favorites"], ["show", "1"], ["stats"], ["export"], ["report", "-o", "-"]] {
            let result = try runAsNobody(leettrack, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(try runAsNobody(leettrack, ["favorites"]).stdout.contains("Two Sum"))
        // A dry run writes nothing, so it works on a store the user may only read.
        let export = try leettrack.run("export")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-dry-\(UUID().uuidString).json")
        try Data(export.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // A leftover temp file is harmless.
        let dryRun = try runAsNobody(leettrack, ["import", file.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("Nothing was written (--dry-run)."), "\(dryRun.stdout)")
        let write = try runAsNobody(leettrack, ["fav", "3"])
        #expect(write.status == 1)
        #expect(write.stderr.contains("read-only"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == listing)
    }
}

@Suite("leettrack with eight writers at once, end to end")
struct ManyWritersEndToEndTests {
    @Test("eight processes writing at once, from a store none of them created, all succeed and keep everything")
    func eightWriters() throws {
        let leettrack = try LeetTrackRunner()
        for round in 0..<6 {
            let runs = try (0..<8).map { writer in
                try leettrack.start([round % 2 == 0 ? "fav" : "solve", String(writer * 10 + round + 1)])
            }
            for (process, input, _, errors) in runs {
                try input.fileHandleForWriting.close()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "\(message)")
                #expect(message.isEmpty)
            }
        }
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.count == 24)
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 0, "\(doctor.stdout)")
    }
}

@Suite("The interactive screen on a store deleted under it")
struct DeletedStoreScreenTests {
    @Test("a change made after the store was deleted says it was not saved, and the heart stays empty")
    func changeAfterDeletion() throws {
        let folder = try TemporaryFolder("leettrack-tui")
        defer { withExtendedLifetime(folder) {} }  // Removed when the test ends, not after its last mention.
        let directory = folder.url
        let path = directory.appendingPathComponent("store.sqlite").path
        var screen = try ScreenHarness(width: 220, store: try Store.sqlite(path: path))
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        screen.type("f")  // Favorite the first row, Two Sum.
        #expect(screen.text.contains("Not saved"))
        #expect(screen.text.contains("was deleted"))
        #expect(screen.browser.progress["two-sum"]?.favorite != true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// A store on a full disk (a 400 KiB tmpfs filled up, which needs root to mount).
@Suite("leettrack on a full disk, end to end")
struct FullDiskEndToEndTests {
    /// Runs `command` in a shell and returns its exit status.
    @discardableResult
    private func shell(_ command: String) throws -> Int32 {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command]
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus
    }

    @Test("reading commands work on a full disk, and a write says the disk is full, not 'disk I/O error' alone")
    func fullDisk() throws {
        guard getuid() == 0 else {
            print("Skipped: mounting a small tmpfs needs root (CI runs the tests as root).")
            return
        }
        let leettrack = try LeetTrackRunner()
        let mount = leettrack.file("disk")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        guard try shell("mount -t tmpfs -o size=400k tmpfs '\(mount)'") == 0 else {
            print("Skipped: this machine does not let the tests mount a tmpfs.")
            return
        }
        defer { _ = try? shell("umount '\(mount)'") }  // Unmounting a test's tmpfs: nothing to report.
        let store = mount + "/store.sqlite"
        #expect(try leettrack.run(["--store", store, "fav", "1", "2"], useStore: false).status == 0)
        try shell("dd if=/dev/zero of='\(mount)/fill' bs=1k count=1000 2>/dev/null")
        for arguments in [["list", "--favorites"], ["show", "1"], ["stats"], ["export"], ["doctor"]] {
            let result = try leettrack.run(["--store", store] + arguments, useStore: false)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let write = try leettrack.run(["--store", store, "fav", "3"], useStore: false)
        #expect(write.status == 1)
        #expect(write.stderr.contains("the system refused to read or write its file: the disk is full (no space left on device)."), "\(write.stderr)")
        #expect(!write.stderr.contains("damaged"), "\(write.stderr)")
        try shell("rm -f '\(mount)/fill'")
        let favorites = try leettrack.run(["--store", store, "favorites"], useStore: false)
        #expect(favorites.stdout.contains("2 favorites"), "\(favorites.stdout)")
    }
}
