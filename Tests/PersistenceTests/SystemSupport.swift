import Foundation

/// Running programs and looking at files, for the tests of permissions, mounts and other users.
enum System {
    /// Whether the tests run as root (as CI does): tmpfs mounts and `runuser` need it.
    static var isRoot: Bool { getuid() == 0 }

    /// Runs `executable` with `arguments` to completion.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes while the process runs, so a full pipe cannot block it.
        let errorData = LockedData()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData.value, as: UTF8.self))
    }

    /// Runs a shell script (`sh -c`), for steps that must share one private mount namespace.
    @discardableResult
    static func shell(_ script: String) throws -> (status: Int32, output: String, error: String) {
        try run("/bin/sh", ["-c", script])
    }

    /// The permission bits of the file at `path`.
    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    /// The names in `directory`, sorted.
    static func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }
}

/// Data handed from a reader thread to the test.
final class LockedData: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var data: Data?

    func set(_ data: Data) { lock.withLock { self.data = data } }
    var value: Data { lock.withLock { data ?? Data() } }
}
