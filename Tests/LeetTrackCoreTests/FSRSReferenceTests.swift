import Foundation
import LeetTrackCore
import TestSupport
import Testing

/// Checks the Swift scheduler against the Python reference implementation of FSRS-6 over
/// generated rating sequences: the same ratings at the same instants must give the same due
/// dates, and stability and difficulty within 1e-4.
@Suite("FSRS reference comparison")
struct FSRSReferenceTests {
    static let sequenceCount = 600
    static let tolerance = 1e-4

    @Test("The scheduler matches the Python fsrs package on generated rating sequences")
    func schedulerMatchesReferenceImplementation() async throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }

        var generator = ReferenceSequenceGenerator(seed: 0xF5_25_06)
        let generated = (0..<Self.sequenceCount).map { _ in generator.nextSequence() }
        let input = directory.appendingPathComponent("oracle-input.json")
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try encoder.encode(OracleInput(sequences: generated.map(\.sequence))).write(to: input)

        let outputURL = try await FSRSOracle.run(input: input, in: directory)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let output = try decoder.decode(OracleOutput.self, from: Data(contentsOf: outputURL))

        try #require(output.results.count == generated.count)
        var comparison = Comparison()
        for (sequenceIndex, (swift, python)) in zip(generated, output.results).enumerated() {
            try #require(swift.cards.count == python.count)
            for (reviewIndex, (card, expected)) in zip(swift.cards, python).enumerated() {
                comparison.check(
                    card, against: expected, at: "sequence \(sequenceIndex) review \(reviewIndex)",
                    sequence: swift.sequence)
            }
        }

        print(
            "FSRS reference (\(output.fsrsVersion)): \(comparison.reviews) reviews in "
                + "\(generated.count) sequences, \(comparison.identical) bit-identical; "
                + "max |Δstability| \(comparison.maxStabilityDifference), "
                + "max |Δdifficulty| \(comparison.maxDifficultyDifference); "
                + "\(generator.sameDayReviews) same-day, \(generator.lapses) lapses, "
                + "\(generator.clampedIntervals) at the maximum interval")
        // The sequences must reach the branches where implementations can differ.
        #expect(comparison.reviews >= 2 * generated.count)
        #expect(generator.sameDayReviews >= 50)
        #expect(generator.clampedIntervals >= 50)
        #expect(generator.lapses >= 50)
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatchReport)")
    }
}

/// Accumulates the differences between Swift cards and the reference's.
private struct Comparison {
    var reviews = 0
    var identical = 0
    var maxStabilityDifference = 0.0
    var maxDifficultyDifference = 0.0
    var mismatches: [String] = []

    mutating func check(
        _ card: ReviewCard, against expected: OracleCard, at place: String,
        sequence: OracleSequence
    ) {
        reviews += 1
        let stability = abs((card.stability ?? .nan) - expected.stability)
        let difficulty = abs((card.difficulty ?? .nan) - expected.difficulty)
        maxStabilityDifference = max(maxStabilityDifference, stability)
        maxDifficultyDifference = max(maxDifficultyDifference, difficulty)
        // Instants are whole milliseconds (see ReferenceSequenceGenerator), so compare there.
        let due = fsrsMilliseconds(card.due)
        let expectedDue = expected.dueUs / 1_000
        if stability == 0, difficulty == 0, due == expectedDue { identical += 1 }
        // `<=` is false for NaN, so a missing stability or difficulty is a mismatch too.
        let matches =
            due == expectedDue && expected.dueUs % 1_000 == 0
            && stability <= FSRSReferenceTests.tolerance
            && difficulty <= FSRSReferenceTests.tolerance
            && expected.state == 2 && card.state == .review
        if !matches {
            mismatches.append(
                "\(place) (retention \(sequence.desiredRetention), "
                    + "max \(sequence.maximumInterval)): Swift due \(due) ms "
                    + "S \(card.stability ?? .nan) D \(card.difficulty ?? .nan) "
                    + "state \(card.state); "
                    + "Python due \(expected.dueUs) µs S \(expected.stability) "
                    + "D \(expected.difficulty) state \(expected.state)")
        }
    }

    var mismatchReport: String {
        "\(mismatches.count) of \(reviews) reviews differ:\n"
            + mismatches.prefix(10).joined(separator: "\n")
    }
}

/// Microseconds since the Unix epoch, the oracle's unit for instants.
func fsrsMicroseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
}

/// Milliseconds since the Unix epoch, rounded.
func fsrsMilliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000).rounded())
}

/// An instant given in microseconds since the Unix epoch.
func fsrsDate(microseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
}

struct OracleInput: Encodable {
    let sequences: [OracleSequence]
}

struct OracleSequence: Encodable {
    struct Review: Encodable {
        let rating: Int
        let atUs: Int64
    }
    let desiredRetention: Double
    let maximumInterval: Int
    let startUs: Int64
    let reviews: [Review]
}

struct OracleOutput: Decodable {
    let fsrsVersion: String
    let results: [[OracleCard]]
}

struct OracleCard: Decodable {
    let dueUs: Int64
    let stability: Double
    let difficulty: Double
    let state: Int
}

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("fsrs-reference-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func removeDirectory(_ url: URL) {
    do { try FileManager.default.removeItem(at: url) } catch {
        Issue.record("Could not remove \(url.path): \(error)")
    }
}
