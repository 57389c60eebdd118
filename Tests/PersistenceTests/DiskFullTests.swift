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
}
