import Foundation
import Testing

/// The golden files in `Golden/` beside this file: the exact bytes of every stored format. A test
/// that writes a format compares its bytes with the file, so no change alters a format silently.
///
/// To change a format on purpose (after making sure that what older versions wrote still reads),
/// run the golden tests once with `LEETTRACK_UPDATE_GOLDEN=1`, which rewrites the files, and
/// commit them with the change.
enum GoldenFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updateVariable = "LEETTRACK_UPDATE_GOLDEN"

    /// The bytes of the golden file `name`.
    static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Expects `actual` to be the bytes of the golden file `name`; with ``updateVariable`` set to
    /// 1, writes them there instead.
    static func expect(_ actual: Data, equalTo name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment[updateVariable] == "1" {
            try actual.write(to: url, options: .atomic)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(
            actual == expected,
            """
            The stored format pinned by Golden/\(name) changed.
            If that is on purpose (and data written before still reads), run the tests again with \
            \(updateVariable)=1 to rewrite the file, and commit it with the change.
            expected: \(String(decoding: expected, as: UTF8.self))
            actual:   \(String(decoding: actual, as: UTF8.self))
            """,
            sourceLocation: sourceLocation)
    }
}
