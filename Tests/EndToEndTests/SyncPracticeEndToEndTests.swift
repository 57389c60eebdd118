import TestSupport
import Foundation
import Testing

/// `leettrack sync` of the practice settings (skip marks, the daily goal) between two machines
/// through the shared PostgreSQL test server: they merge field by field and problem by problem.
@Suite("leettrack sync of skips and the daily goal through PostgreSQL, end to end", .enabled(if: PostgresTestServer.isExpected))
struct SyncPracticeEndToEndTests {
    typealias Machines = SyncEndToEndTests.Machines

    @discardableResult
    private func ok(_ machine: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try machine.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// The problems among `problems` (ids) that `show` says are skipped.
    private func skipped(_ machine: LeetTrackRunner, among problems: [String]) throws -> [String] {
        try problems.filter { problem in
            let shown = try #require(try machine.json(try ok(machine, "show", problem, "--json")) as? [String: Any])
            return shown["skipped"] as? Bool == true
        }
    }

    /// Two machines that synced once (so that their changes are stamped) with nothing to share yet.
    private func syncedMachines() throws -> Machines {
        let machines = try Machines()
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        return machines
    }

    @Test("a skip on one machine, and a skip of another problem and a daily goal on the other, are all on both after syncing",
          arguments: [true, false])
    func skipsAndGoalFromBothMachines(laptopFirst: Bool) throws {
        let machines = try syncedMachines()
        try ok(machines.laptop, "skip", "1")
        try ok(machines.desktop, "skip", "15")
        try ok(machines.desktop, "config", "daily-goal", "3")
        let (first, second) = laptopFirst ? (machines.laptop, machines.desktop) : (machines.desktop, machines.laptop)
        for machine in [first, second, first] { try machines.sync(machine) }
        for machine in [machines.laptop, machines.desktop] {
            #expect(try skipped(machine, among: ["1", "15", "42"]) == ["1", "15"])
            #expect(try ok(machine, "config", "daily-goal").stdout == "3\n")
            #expect(try ok(machine, "sync", "--status").stdout.hasPrefix("Nothing waiting to be pushed."))
        }
    }

    @Test("an unskip made after the other machine's skip of the same problem holds, and that machine's later skip of another problem too",
          arguments: [true, false])
    func unskipAfterSkip(laptopFirst: Bool) throws {
        let machines = try syncedMachines()
        try ok(machines.laptop, "skip", "1")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try skipped(machines.desktop, among: ["1"]) == ["1"])
        // Offline on both: the desktop unskips Two Sum, then the laptop skips 3Sum.
        #expect(try ok(machines.desktop, "unskip", "1").stdout == "1. Two Sum is no longer skipped.\n")
        try ok(machines.laptop, "skip", "15")
        let (first, second) = laptopFirst ? (machines.laptop, machines.desktop) : (machines.desktop, machines.laptop)
        for machine in [first, second, first] { try machines.sync(machine) }
        for machine in [machines.laptop, machines.desktop] {
            #expect(try skipped(machine, among: ["1", "15"]) == ["15"])
        }
    }
}
