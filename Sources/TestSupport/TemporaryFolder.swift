import Foundation

/// A folder of a test's own under the system's temporary directory, removed with everything in
/// it when the last value holding it goes away (the suite's instance, a runner), so that the test
/// runs do not fill `/tmp`: before it, each run of the suites left some 500 folders there. A local
/// one is kept to the end of its test with `defer { withExtendedLifetime(folder) {} }` (Swift only
/// promises a value's life up to its last use).
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // Only test data: a folder that cannot go (a mount a failed test left) stays for the
            // system's own cleaning of its temporary directory.
        }
    }
}
