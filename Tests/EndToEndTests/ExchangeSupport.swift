import Foundation
import Testing

/// Helpers of the export, import and catalog end-to-end tests.
extension LeetTrackRunner {
    /// A file in this test's directory.
    func file(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Writes `text` to a file in this test's directory and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` to a file in this test's directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The JSON export of the store, which must succeed.
    func export(store: String? = nil) throws -> String {
        let result = try run((store.map { ["--store", $0] } ?? []) + ["export"], useStore: store == nil)
        #expect(result.status == 0, "export failed: \(result.stderr)")
        return result.stdout
    }

    /// Gives the store a bit of everything a user owns: solves with notes, an attempt, favorites, a
    /// review card, an own list and a changed setting.
    func populate() throws {
        for arguments in [
            ["solve", "1", "--date", "2026-11-20", "--note", "hash map, \"one pass\"\nvalue -> index"],
            ["attempt", "4", "--date", "2026-11-21"],
            ["fav", "146", "1"],
            ["lists", "create", "My Graphs"],
            ["lists", "add", "my-graphs", "200", "133"],
            ["config", "desired-retention", "0.85"],
        ] {
            let result = try run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    /// Runs a command that must fail with `status` and a message containing every one of
    /// `mentions`, and checks that the store is byte-for-byte as it was: same export, same records.
    func expectFailureChangingNothing(_ arguments: [String], status: Int32 = 1, mentioning mentions: [String]) throws {
        let exportBefore = try export()
        let recordsBefore = try snapshot()
        let result = try run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        for mention in mentions { #expect(result.stderr.contains(mention), "\(arguments): \(result.stderr)") }
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        #expect(try snapshot() == recordsBefore)
        #expect(try export() == exportBefore)
    }
}
