import Foundation
import Testing

/// A few hostile files through the real binary (the bulk of the fuzzing runs in-process, in
/// LeetTrackCoreTests' `FuzzTests`): never a signal, and a refusal changes nothing.
@Suite("hostile files through the binary")
struct FuzzEndToEndTests {
    /// Replacements applied one at a time to a real export.
    static let exportMutations: [(String, String)] = [
        (#""kind" : "solved""#, #""kind" : 17"#), (#""rating" : "good""#, #""rating" : "superb""#),
        (#""status" : "solved""#, #""status" : "todo""#), (#""stability" : "#, #""stability" : -1e300, "x" : "#),
        (#""difficulty" : "#, #""difficulty" : 1e309, "x" : "#), (#""reps" : "#, #""reps" : 9223372036854775808, "x" : "#),
        (#""name" : "My Graphs""#, #""name" : "\u001b]0;pwned\u0007""#), (#""slug" : "two-sum""#, #""slug" : "two\u0000sum""#),
        (#""version" : 1"#, #""version" : 1e100"#), ("{", "[{"),
    ]

    @Test("mutated exports are imported or refused, never crash, and a refusal changes nothing")
    func mutatedExports() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        try leettrack.run("solve", "1", "--date", "2026-11-21", "--rating", "hard")
        let base = try leettrack.export()
        for (index, (from, to)) in Self.exportMutations.enumerated() {
            guard let range = base.range(of: from) else {
                Issue.record("the export has no \(from)")
                continue
            }
            let file = try leettrack.write(base.replacingCharacters(in: range, with: to), to: "mutated-\(index).json")
            let before = try leettrack.snapshot()
            let result = try leettrack.run("import", file)
            #expect(result.status == 0 || result.status == 1, "\(to): exit \(result.status)")
            try leettrack.expectInert(result)
            if result.status != 0 { #expect(try leettrack.snapshot() == before, "\(to)") }
        }
    }

    @Test("hostile catalog updates never leave a store that crashes list or show")
    func hostileCatalogUpdates() throws {
        let leettrack = try LeetTrackRunner()
        for (index, rate) in ["1e18", "-0", "1e-400", "100", "NaN", "\"47\"", "null"].enumerated() {
            let text = #"{"data": {"problemsetQuestionList": {"questions": [{"frontendQuestionId": "9003", "title": "New", "#
                + #""titleSlug": "brand-new", "difficulty": "Easy", "paidOnly": false, "acRate": "# + rate + "}]}}}"
            let update = try leettrack.run("catalog", "update", try leettrack.write(text, to: "update-\(index).json"))
            #expect(update.status == 0 || update.status == 1, "\(rate): exit \(update.status)")
            for arguments in [["list", "--limit", "3"], ["show", "1"], ["stats"]] {
                #expect(try leettrack.run(arguments).status == 0, "\(rate): \(arguments)")
            }
        }
    }
}
