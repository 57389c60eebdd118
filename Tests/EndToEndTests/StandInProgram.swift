import Foundation

/// A stand-in for the user's browser or editor: a shell script in the test's directory that
/// records the arguments it was given, one per line, in a file (written whole, then renamed, so a
/// reader never sees half of it), and then runs `then` (shell code, `$1`… are its arguments).
struct StandInProgram {
    /// The script to give as `$BROWSER` or `$EDITOR`.
    let path: String
    /// Where it records its arguments.
    let record: String

    init(in directory: URL, named name: String, then action: String = "") throws {
        path = directory.appendingPathComponent(name).path
        record = directory.appendingPathComponent("\(name).argv").path
        let script = """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(record).partial'
            mv '\(record).partial' '\(record)'
            \(action)
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The arguments it was run with, waiting up to `seconds` for a program started in the
    /// background to run it; `nil` when it did not run in that time.
    func arguments(waitingUpTo seconds: Double = 10) -> [String]? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let data = FileManager.default.contents(atPath: record) {
                return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }
}
