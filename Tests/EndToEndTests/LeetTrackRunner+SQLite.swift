import Foundation
import Testing

extension LeetTrackRunner {
    /// Runs SQL on the store with the `sqlite3` shell, as a user editing it by hand would.
    func sqlite3(_ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [storePath, sql]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    /// Whether the `sqlite3` shell is here (`.ci/run` installs it); says so when it is not.
    static var hasSQLiteShell: Bool {
        let found = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
        if !found { print("skipped: no /usr/bin/sqlite3 (apt-get install sqlite3)") }
        return found
    }
}
