import Foundation
import LeetTrackCore

/// The `json` suite: writing `list --json` for a heavy user's store (every problem of the catalog
/// touched, 12 events and a review card each), with `JSONEncoder` and with `OutputJSON`, which
/// every `--json` output, `export` and the web app's API use. Prints the median of each and the
/// ratio (both must write the same bytes; the suite stops if they do not).
func runJSONSuite() throws {
    let catalog = Catalog.builtIn
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var listing: [ProblemJSON] = []
    var histories: [ProblemJSON] = []
    for position in 0..<catalog.count {
        let problem = catalog.problem(at: position)
        let events = (0..<12).map {
            ProgressEvent(kind: $0 == 0 ? .solved : .reviewed, date: start + Double(position * 600 + $0 * 86_400), rating: $0 == 0 ? nil : "good",
                          seconds: $0 % 3 == 0 ? 900 + position : nil)
        }
        let card = ReviewCard(due: start + 90 * 86_400, stability: 31.25 + Double(position) / 7, difficulty: 4.75, state: .review,
                              lastReview: events.last?.date, reps: 11, lapses: position % 3)
        let record = ProblemProgress(status: .solved, favorite: position % 10 == 0, note: position % 5 == 0 ? "two pointers, then a \"hash\" map" : "",
                                     events: events, review: card)
        listing.append(ProblemJSON(problem, record))
        histories.append(ProblemJSON(problem, record, withHistory: true))
    }

    func foundation(_ value: [ProblemJSON]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value))
    }

    print("\(catalog.count) problems, 12 events and a review card each; medians of \(JSONBench.rounds) runs")
    print()
    let cases: [(name: String, foundation: () throws -> [UInt8], ours: () throws -> [UInt8])] = [
        ("problems", { try foundation(listing) }, { try OutputJSON.encode(listing, pretty: true) }),
        ("problems with history", { try foundation(histories) }, { try OutputJSON.encode(histories, pretty: true) }),
    ]
    for item in cases {
        let expected = try item.foundation()
        let written = try item.ours()
        guard written == expected else { throw JSONBench.Mismatch(name: item.name) }
        let foundationTime = try JSONBench.median(item.foundation)
        let ourTime = try JSONBench.median(item.ours)
        print(CLIBench.pad(item.name, 30) + "\(written.count / 1024) KiB   JSONEncoder \(CLIBench.format(foundationTime)) ms   "
            + "OutputJSON \(CLIBench.format(ourTime)) ms   \(CLIBench.format(foundationTime / ourTime))x")
    }
}

/// Helpers of the `json` suite.
enum JSONBench {
    static let rounds = 15

    struct Mismatch: Error, CustomStringConvertible {
        let name: String
        var description: String { "OutputJSON and JSONEncoder wrote different bytes for \(name)" }
    }

    static func median(_ work: () throws -> [UInt8]) throws -> Double {
        var times: [Double] = []
        _ = try work()
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return CLIBench.median(times)
    }
}
