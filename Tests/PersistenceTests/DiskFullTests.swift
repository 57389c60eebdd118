import Foundation
import Persistence
import Testing

/// A store that runs out of disk space mid-write (in a tmpfs of a private mount namespace, which
/// needs root) keeps every acknowledged write and opens again, for reading and writing.
@Suite("A full disk")
struct DiskFullTests {
    @Test("A store whose writes and checkpoint ran out of disk space keeps every acknowledged write")
    func fullDiskDuringCheckpoint() throws {
        guard System.isRoot else {
            print("Skipped: mounting a small tmpfs needs root (CI runs the tests as root).")
            return
        }
        let directory = try TemporaryDirectory()
        let mount = directory.file("small")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let probe = probeURL().path
        let store = mount + "/store.sqlite"
        // One shell in a private mount namespace: the tmpfs vanishes with it, on every exit path.
        let script = """
            set -u
            mount -t tmpfs -o size=3m tmpfs '\(mount)' || exit 90
            dd if=/dev/zero of='\(mount)/filler' bs=1k count=600 2>/dev/null
            '\(probe)' fill '\(store)' k 100000 1500
            echo "fill-status $?"
            rm '\(mount)/filler'
            '\(probe)' count '\(store)' k
            '\(probe)' set '\(store)' after 1 && echo "write-after ok"
            '\(probe)' read '\(store)' after
            """
        let result = try System.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script])
        try #require(result.status != 90, "cannot mount a tmpfs: \(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let acknowledged = lines.filter { $0.hasPrefix("ok ") }.compactMap { Int($0.dropFirst(3)) }.max() ?? 0
        #expect(lines.contains("fill-status 2"), "the disk never filled: \(result.output)")
        #expect(acknowledged > 0)
        #expect(lines.contains("count \(acknowledged)"), "\(result.output)\n\(result.error)")
        #expect(lines.contains("write-after ok"), "\(result.error)")
        #expect(lines.contains("value 1"))
        #expect(!result.error.contains("damaged"))
    }

    /// The ring of changed keys beside the store (`-changes`) is a mapped file: mapped with no
    /// blocks behind it, its first touch on a full disk killed the process with SIGBUS (exit 135),
    /// reading commands too. Each step runs in a probe process of its own, so a SIGBUS shows as a
    /// status instead of killing the tests.
    @Test("A disk with no room for the ring's blocks: the store goes without the ring, reads, and reports a failed write")
    func ringOnFullDisk() throws {
        guard System.isRoot else {
            print("Skipped: mounting a small tmpfs needs root (CI runs the tests as root).")
            return
        }
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let mount = directory.file("small")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let probe = probeURL().path
        let store = mount + "/store.sqlite"
        let ring = store + "-changes"
        // One shell in a private mount namespace, as above: the tmpfs is unmounted with it on every
        // exit path, the test's failures included, which a `defer` in this process could not do
        // for a mount it cannot see. The store and its log are made while there is room, then the
        // ring is removed, so that it must be made again, and the disk filled to its last block.
        let script = """
            set -u
            mount -t tmpfs -o size=1m tmpfs '\(mount)' || exit 90
            '\(probe)' set '\(store)' before 7 || exit 91
            rm -f '\(ring)'
            dd if=/dev/zero of='\(mount)/filler' bs=4k 2>/dev/null
            echo "= free $(( $(stat -f -c '%a * %S' '\(mount)') ))"
            '\(probe)' read-then-set '\(store)' before 8
            echo "= status-writer $?"
            stat -c '= ring %s %b' '\(ring)'
            '\(probe)' read '\(store)' before
            echo "= status-reader $?"
            rm -f '\(ring)'
            truncate -s \(256 * 1024) '\(ring)'
            '\(probe)' read '\(store)' before
            echo "= status-sparse-reader $?"
            '\(probe)' read-then-set '\(store)' before 9
            echo "= status-sparse-writer $?"
            rm '\(mount)/filler'
            '\(probe)' set '\(store)' after 1
            echo "= status-room-again $?"
            stat -c '= ring %s %b' '\(ring)'
            """
        let result = try System.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script])
        try #require(result.status != 90, "cannot mount a tmpfs: \(result.error)")
        try #require(result.status != 91, "cannot make the store: \(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let report = "\(result.output)\n\(result.error)"
        // What a step's probe printed: the lines after the previous step's status, up to its own,
        // less the shell's (`= `).
        func step(_ name: String) -> [String] {
            guard let end = lines.firstIndex(of: "= status-\(name) 0") else {
                Issue.record("\(name) did not exit 0 (135: killed by SIGBUS): \(report)")
                return []
            }
            let start = lines[..<end].lastIndex { $0.hasPrefix("= status-") }.map { $0 + 1 } ?? 0
            return lines[start..<end].filter { !$0.hasPrefix("= ") }
        }
        let free = lines.first { $0.hasPrefix("= free ") }.flatMap { Int($0.dropFirst(7)) }
        try #require(free.map { $0 < 256 * 1024 } == true, "the disk has room for the ring: \(report)")

        // A writer whose ring cannot have its blocks opens without it, reads, and a write fails
        // with SQLite's disk full (or fits in the log): it is not killed. The failed making leaves
        // no sparse ring behind.
        let writer = step("writer")
        #expect(writer.first == "value 7", "\(report)")
        #expect(writer.contains("set ok") || writer.contains { $0.hasPrefix("set error") && $0.contains("disk is full") },
                "\(report)")
        #expect(lines.contains("= ring 0 0"), "\(report)")
        #expect(step("reader").first?.hasPrefix("value ") == true, "\(report)")
        // A ring of the right size with no blocks (an older build made them sparse): a reader goes
        // without it, and a writer, which cannot allocate them, too.
        #expect(step("sparse-reader").first?.hasPrefix("value ") == true, "\(report)")
        #expect(step("sparse-writer").first?.hasPrefix("value ") == true, "\(report)")
        // With room again, the next writer gives the ring every block.
        _ = step("room-again")
        let last = lines.last { $0.hasPrefix("= ring ") }?.split(separator: " ").compactMap { Int($0) }
        #expect(last.map { $0.count == 2 && $0[0] == 256 * 1024 && $0[1] * 512 >= $0[0] } == true, "\(report)")
    }
}
