import Foundation
@testable import LeetTrackCore
import TestSupport
import Testing

/// `leettrack review optimize` on the real binary, checked against fsrs-rs (the optimizer Anki
/// uses) through the `fsrs-rs-python` package.
@Suite("leettrack review optimize, end to end")
struct ReviewOptimizeEndToEndTests {
    /// Known, non-default parameters that the synthetic history is drawn from.
    static let truth: [Double] = [
        0.6, 1.9, 4.2, 12.5, 6.0, 0.6, 2.5, 0.02, 1.5, 0.12, 0.9, 1.8, 0.08, 0.3, 1.4, 0.45, 2.2, 0.5, 0.1, 0.06, 0.25,
    ]

    /// A store holding a history of 200 catalog problems drawn from ``truth``, imported as a user's
    /// export would be; the records as they were drawn.
    func storeWithHistory(_ leettrack: LeetTrackRunner, problems: Int = 200) throws -> (records: [String: ProblemProgress], redos: Int) {
        let slugs = Array(Catalog.builtIn.problems.prefix(problems).map(\.slug))
        let history = try FSRSOptimizer.simulatedHistory(
            parameters: Self.truth, slugs: slugs, start: Date(timeIntervalSince1970: 1_735_732_800), days: 500, seed: 40)
        let formatter = ISO8601DateFormatter()
        let exported: [[String: Any]] = history.records.sorted { $0.key < $1.key }.map { slug, record in
            [
                "slug": slug, "status": "solved", "favorite": false,
                "history": record.events.map { event in
                    ["at": formatter.string(from: event.date), "kind": event.kind.rawValue, "rating": event.rating ?? "good"]
                },
            ]
        }
        let document: [String: Any] = ["format": "leettrack-export", "version": 2, "problems": exported, "lists": []]
        let file = leettrack.directory.appendingPathComponent("history.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let imported = try leettrack.run("import", file.path)
        try #require(imported.status == 0, "\(imported.stderr)")
        return history
    }

    @Test("on 1,000+ redos drawn from known parameters, the fit's log loss (by fsrs-rs) is within 2% of fsrs-rs's own fit")
    func matchesFSRSRS() async throws {
        let leettrack = try LeetTrackRunner()
        let (records, redos) = try storeWithHistory(leettrack)
        #expect(redos >= 1_000)
        let result = try leettrack.run("review", "optimize", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let output = try #require(try leettrack.json(result) as? [String: Any])
        #expect(Set(output.keys) == ["parameters", "reviews", "logLoss", "rmse", "currentLogLoss", "currentRMSE"])
        let parameters = try #require(output["parameters"] as? [Double])
        #expect(parameters.count == 21)

        // The binary fits what the library fits on the same records: nothing is lost on the way
        // through the import and the store.
        let fit = try FSRSOptimizer.fit(records, current: ReviewScheduler.defaultParameters)
        #expect(output["reviews"] as? Int == fit.reviews)
        #expect(zip(parameters, fit.parameters).allSatisfy { abs($0 - $1) <= 1e-12 })

        // fsrs-rs fits the same predictions, and evaluates both fits and the defaults.
        let items = FSRSOptimizer.Item.all(from: records)
        let input: [String: Any] = [
            "items": items.map { $0.reviews.map { [$0.rating.grade, $0.elapsedDays] } }, "parameters": parameters,
        ]
        let folder = try TemporaryFolder("leettrack-optimizer-oracle")
        let inputFile = folder.url.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: input).write(to: inputFile)
        let outputFile = try await FSRSOracle.run(script: fsrsRSOracleScript, name: "fsrs_rs_oracle.py", input: inputFile, in: folder.url)
        let oracle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: outputFile)) as? [String: Any])
        let theirs = try #require((oracle["theirs"] as? [String: Double])?["logLoss"])
        let ours = try #require((oracle["ours"] as? [String: Double])?["logLoss"])
        let defaults = try #require((oracle["defaults"] as? [String: Double])?["logLoss"])
        #expect(oracle["items"] as? Int == redos)
        #expect(ours <= theirs * 1.02, "LeetTrack's fit: \(ours); fsrs-rs's: \(theirs)")
        #expect(ours < defaults)
        // LeetTrack measures as fsrs-rs does (fsrs-rs computes in single precision).
        #expect(abs(ours - (output["logLoss"] as? Double ?? 0)) < 1e-4)
        #expect(abs(defaults - (output["currentLogLoss"] as? Double ?? 0)) < 1e-4)
        let oursRMSE = try #require((oracle["ours"] as? [String: Double])?["rmse"])
        #expect(abs(oursRMSE - (output["rmse"] as? Double ?? 0)) < 1e-4)
    }

    @Test("--apply saves the fit; the scheduler then uses it, and the text says what was done")
    func applySavesAndSchedules() throws {
        let leettrack = try LeetTrackRunner()
        _ = try storeWithHistory(leettrack, problems: 120)
        let text = try leettrack.run("review", "optimize")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("log loss") && text.stdout.contains("defaults") && text.stdout.contains("Nothing was changed."))
        let applied = try leettrack.run("review", "optimize", "--apply")
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Applied: ratings from now on are scheduled with the fitted parameters."))
        let again = try #require(try leettrack.json(try leettrack.run("review", "optimize", "--json")) as? [String: Any])
        let parameters = try #require(again["parameters"] as? [Double])
        // The parameters in use are now the fitted ones, so both measure the same.
        #expect(again["currentLogLoss"] as? Double == again["logLoss"] as? Double)
        // A problem first solved now starts with the fitted stability of its rating.
        let fresh = Catalog.builtIn.problems[500].slug
        let solved = try leettrack.run("solve", fresh, "--rating", "easy")
        #expect(solved.status == 0, "\(solved.stderr)")
        let show = try #require(try leettrack.json(try leettrack.run("show", fresh, "--json")) as? [String: Any])
        #expect((show["review"] as? [String: Any])?["stability"] as? Double == parameters[3])
    }

    @Test("too little history is refused with the number needed, and nothing changes")
    func tooLittleHistory() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1", "--date", "2026-03-01").status == 0)
        #expect(try leettrack.run("review", "1", "good", "--date", "2026-03-04").status == 0)
        let before = try leettrack.snapshot()
        let refused = try leettrack.run("review", "optimize", "--apply")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("at least 64 redos") && refused.stderr.contains("this store has 0"))
        #expect(refused.stdout.isEmpty)
        #expect(try leettrack.snapshot() == before)
        let noStore = try LeetTrackRunner()
        #expect(try noStore.run("review", "optimize").status == 1)
        #expect(!FileManager.default.fileExists(atPath: noStore.storePath))
    }

    @Test("optimize takes no rating, date or --upcoming, and --apply only goes with optimize")
    func usageErrors() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [["review", "optimize", "good"], ["review", "optimize", "--date", "2026-03-01"], ["review", "1", "good", "--apply"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        #expect(try leettrack.snapshot().isEmpty)
    }
}
