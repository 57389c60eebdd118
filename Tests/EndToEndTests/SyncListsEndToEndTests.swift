import TestSupport
import Foundation
import Testing

/// `leettrack sync` of own lists and review settings between two machines through the shared
/// PostgreSQL test server.
@Suite("leettrack sync of lists and settings through PostgreSQL, end to end", .enabled(if: PostgresTestServer.isExpected))
struct SyncListsEndToEndTests {
    typealias Machines = SyncEndToEndTests.Machines

    @discardableResult
    private func ok(_ machine: LeetTrackRunner, _ arguments: String...) throws -> LeetTrackRunner.Result {
        let result = try machine.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// The own lists: name → problem ids, in the list's order.
    private func lists(_ machine: LeetTrackRunner) throws -> [String: [Int]] {
        let summaries = try #require(try machine.json(try ok(machine, "lists", "--json")) as? [[String: Any]])
        var lists: [String: [Int]] = [:]
        for summary in summaries where summary["own"] as? Bool == true {
            let key = try #require(summary["key"] as? String)
            let problems = try #require(try machine.json(try ok(machine, "lists", key, "--json")) as? [[String: Any]])
            lists[try #require(summary["name"] as? String)] = problems.compactMap { $0["id"] as? Int }
        }
        return lists
    }

    @Test("lists created, filled, renamed and deleted on both machines are the same on both after syncing both ways")
    func listsSync() throws {
        let machines = try Machines()
        try ok(machines.laptop, "lists", "create", "Graphs")
        try ok(machines.laptop, "lists", "add", "graphs", "200", "133")
        try ok(machines.laptop, "lists", "create", "Scratch")
        #expect(try ok(machines.laptop, "sync", "--status").stdout.hasPrefix("2 lists have changes waiting to be pushed."))
        #expect(try machines.sync(machines.laptop).stdout.contains("pushed 2 changes"))
        try machines.sync(machines.desktop)
        #expect(try lists(machines.desktop) == ["Graphs": [200, 133], "Scratch": []])

        try ok(machines.desktop, "lists", "rename", "scratch", "Dynamic Programming")
        try ok(machines.desktop, "lists", "add", "dynamic-programming", "70")
        try ok(machines.laptop, "lists", "create", "Arrays")
        try ok(machines.laptop, "lists", "add", "arrays", "1")
        try ok(machines.laptop, "lists", "delete", "graphs", "--yes")
        for machine in [machines.laptop, machines.desktop, machines.laptop] { try machines.sync(machine) }
        let expected = ["Dynamic Programming": [70], "Arrays": [1]]
        #expect(try lists(machines.laptop) == expected)
        #expect(try lists(machines.desktop) == expected)
        #expect(try ok(machines.laptop, "sync", "--status").stdout.hasPrefix("Nothing waiting to be pushed."))
    }

    @Test("the same list changed on both machines goes whole to the later change; a deleted list stays deleted")
    func conflictingEdits() throws {
        let machines = try Machines()
        try ok(machines.laptop, "lists", "create", "Graphs")
        try ok(machines.laptop, "lists", "create", "Old")
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        // Offline on both: the laptop first, the desktop later.
        try ok(machines.laptop, "lists", "add", "graphs", "200")
        try ok(machines.laptop, "lists", "delete", "old", "--yes")
        try ok(machines.desktop, "lists", "add", "graphs", "207", "133")
        try ok(machines.desktop, "lists", "add", "old", "1")
        for machine in [machines.desktop, machines.laptop, machines.desktop] { try machines.sync(machine) }
        #expect(try lists(machines.laptop) == ["Graphs": [207, 133]])
        #expect(try lists(machines.desktop) == ["Graphs": [207, 133]])
    }

    @Test("review settings changed on one machine reach the other")
    func settingsSync() throws {
        let machines = try Machines()
        try ok(machines.laptop, "config", "desired-retention", "0.85")
        try ok(machines.laptop, "config", "fuzz", "on")
        #expect(try ok(machines.laptop, "sync", "--status").stdout.hasPrefix("The settings have changes waiting to be pushed."))
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try ok(machines.desktop, "config", "desired-retention").stdout == "0.85\n")
        #expect(try ok(machines.desktop, "config", "fuzz").stdout == "on\n")
    }
}
