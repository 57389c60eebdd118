import Foundation
import Testing

@Suite("leettrack own lists, end to end")
struct ListsEndToEndTests {
    @discardableResult
    func ok(_ leettrack: LeetTrackRunner, _ arguments: String..., input: String = "") throws -> LeetTrackRunner.Result {
        let result = try leettrack.run(arguments, input: input)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    @Test("a list lives through create, add, remove, rename and delete, shown beside the built-in lists")
    func lifeCycle() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try ok(leettrack, "lists", "create", "My Graphs").stdout.hasPrefix("Created the list “My Graphs” (key my-graphs)."))
        let added = try ok(leettrack, "lists", "add", "my graphs", "200", "clone graph", "207", "1")
        #expect(added.stdout.contains("Added 133. Clone Graph to “My Graphs”."))
        #expect(added.stdout.hasSuffix("My Graphs: 4 problems\n"))
        #expect(try ok(leettrack, "lists", "add", "my-graphs", "200").stdout.contains("200. Number of Islands is already in"))
        #expect(try ok(leettrack, "lists", "remove", "my-graphs", "1").stdout.contains("Removed 1. Two Sum from “My Graphs”."))
        try ok(leettrack, "solve", "207", "--date", "2026-03-01")

        let shown = try ok(leettrack, "lists", "my-graphs")
        let rows = shown.stdout.split(separator: "\n")
        #expect(rows.first == "My Graphs  (your list)")
        #expect(rows.dropFirst().prefix(3).map { $0.prefix(4).trimmingCharacters(in: .whitespaces) } == ["200", "133", "207"])
        #expect(rows.last == "1 of 3 solved")

        let all = try ok(leettrack, "lists")
        #expect(all.stdout.contains("blind-75"))
        #expect(all.stdout.contains("Your lists\nmy-graphs           My Graphs             1 / 3"))
        let summaries = try #require(try leettrack.json(try ok(leettrack, "lists", "--json")) as? [[String: Any]])
        #expect(summaries.last?["key"] as? String == "my-graphs" && summaries.last?["own"] as? Bool == true)

        let filtered = try #require(try leettrack.json(try ok(leettrack, "list", "--list", "My Graphs", "--json")) as? [[String: Any]])
        #expect(filtered.compactMap { $0["id"] as? Int } == [200, 133, 207])
        let random = try #require(try leettrack.json(try ok(leettrack, "random", "--list", "my-graphs", "--json")) as? [String: Any])
        #expect([200, 133].contains(random["id"] as? Int ?? 0))

        #expect(try ok(leettrack, "lists", "rename", "my-graphs", "Graph Drills").stdout
            == "Renamed the list “My Graphs” to “Graph Drills” (key graph-drills).\n")
        #expect(try ok(leettrack, "lists", "graph-drills", "--json").stdout.contains("course-schedule"))
        #expect(try ok(leettrack, "lists", "delete", "graph-drills", input: "y\n").stdout == "Deleted the list “Graph Drills”.\n")
        #expect(!(try ok(leettrack, "lists").stdout.contains("Your lists")))
        #expect(try leettrack.snapshot().keys.sorted() == ["progress.course-schedule"])
    }

    @Test("move puts a problem at a place of the list; a place it does not have, a problem not in it or a built-in list changes nothing")
    func move() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "lists", "create", "Warm-up")
        try ok(leettrack, "lists", "add", "warm-up", "1", "20", "217", "242")
        func order() throws -> [Int] {
            try #require(try leettrack.json(try ok(leettrack, "list", "--list", "warm-up", "--json")) as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        #expect(try ok(leettrack, "lists", "move", "warm-up", "242", "1").stdout == "Moved 242. Valid Anagram to place 1 of “Warm-up”.\n")
        #expect(try order() == [242, 1, 20, 217])
        #expect(try ok(leettrack, "lists", "move", "Warm-up", "two sum", "4").stdout == "Moved 1. Two Sum to place 4 of “Warm-up”.\n")
        #expect(try order() == [242, 20, 217, 1])
        #expect(try ok(leettrack, "lists", "move", "warm-up", "20", "2").stdout.contains("is already at place 2"))
        let json = try #require(try leettrack.json(try ok(leettrack, "lists", "move", "warm-up", "217", "1", "--json")) as? [String: Any])
        #expect(json["problems"] as? [String] == ["contains-duplicate", "valid-anagram", "valid-parentheses", "two-sum"])
        let before = try order()
        for (arguments, status, words) in [
            (["warm-up", "217", "5"], Int32(1), "place 5 is not one of its places (1 to 4)"),
            (["warm-up", "3", "1"], 1, "is not in it"),
            (["warm-up", "217", "0"], 64, "is not a place in a list"),
            (["warm-up", "217", "first"], 64, "is not a place in a list"),
            (["warm-up", "217"], 64, "needs a list NAME, a PROBLEM and its new PLACE"),
            (["blind-75", "1", "2"], 64, "built-in study list"),
        ] {
            let refused = try leettrack.run(["lists", "move"] + arguments)
            #expect(refused.status == status, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
        }
        #expect(try order() == before)
    }

    @Test("reorder puts one of your lists at a place among them, everywhere they are shown; a bad place, list or count changes nothing")
    func reorder() throws {
        let leettrack = try LeetTrackRunner()
        for name in ["Alpha", "Beta", "Gamma"] { try ok(leettrack, "lists", "create", name) }
        func order() throws -> [String] {
            try #require(try leettrack.json(try ok(leettrack, "lists", "--json")) as? [[String: Any]])
                .filter { $0["own"] as? Bool == true }.compactMap { $0["key"] as? String }
        }
        #expect(try order() == ["alpha", "beta", "gamma"])
        #expect(try ok(leettrack, "lists", "reorder", "gamma", "1").stdout
            == "Put the list “Gamma” at place 1 of your lists.\nYour lists: Gamma, Alpha, Beta\n")
        #expect(try order() == ["gamma", "alpha", "beta"])
        let listing = try ok(leettrack, "lists").stdout
        #expect(listing.contains("Your lists\ngamma  "), "\(listing)")
        #expect(try #require(listing.range(of: "\nalpha ")).lowerBound < #require(listing.range(of: "\nbeta ")).lowerBound)
        #expect(try ok(leettrack, "lists", "reorder", "Alpha", "3").stdout.hasPrefix("Put the list “Alpha” at place 3"))
        #expect(try ok(leettrack, "lists", "reorder", "beta", "2").stdout.hasPrefix("The list “Beta” is already at place 2 of your lists."))
        try ok(leettrack, "lists", "create", "Delta")
        #expect(try order() == ["gamma", "beta", "alpha", "delta"])
        let json = try #require(try leettrack.json(try ok(leettrack, "lists", "reorder", "delta", "2", "--json")) as? [[String: Any]])
        #expect(json.compactMap { $0["key"] as? String } == ["gamma", "delta", "beta", "alpha"])
        // The order lives in the store: an export read back by a new store keeps it.
        let file = leettrack.directory.appendingPathComponent("export.json").path
        try ok(leettrack, "export", "--output", file)
        let copy = try LeetTrackRunner()
        try ok(copy, "import", file, "--replace", "--yes")
        #expect(try #require(try copy.json(try ok(copy, "lists", "--json")) as? [[String: Any]])
            .filter { $0["own"] as? Bool == true }.compactMap { $0["key"] as? String } == ["gamma", "delta", "beta", "alpha"])

        let before = try leettrack.snapshot()
        for (arguments, status, words) in [
            (["alpha", "5"], Int32(1), "cannot put the list 'Alpha' at place 5: your lists have places 1 to 4."),
            (["alpha", "0"], 64, "'0' is not a place among your lists; use a whole number from 1"),
            (["alpha", "last"], 64, "'last' is not a place among your lists"),
            (["alpha", "99999999999999999999999"], 64, "is not a place among your lists"),
            (["alpha"], 64, "needs one of your lists' NAME and its new PLACE"),
            (["alpha", "1", "2"], 64, "unexpected argument '2'"),
            (["nothing", "1"], 64, "nothing"),
            (["blind-75", "1"], 64, "built-in study list"),
        ] {
            let refused = try leettrack.run(["lists", "reorder"] + arguments)
            #expect(refused.status == status, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        #expect(try leettrack.snapshot() == before)
    }

    @Test("delete asks first; --yes skips the question")
    func deleteAsks() throws {
        let leettrack = try LeetTrackRunner()
        try ok(leettrack, "lists", "create", "tmp")
        let declined = try leettrack.run("lists", "delete", "tmp", input: "n\n")
        #expect(declined.status == 1)
        #expect(declined.stderr.contains("Delete your list “tmp” (0 problems)? Your progress stays. [y/N]"))
        #expect(declined.stderr.contains("was kept"))
        #expect(try ok(leettrack, "lists", "delete", "tmp", "--yes").stdout == "Deleted the list “tmp”.\n")
    }

    @Test("move and reorder cannot name a new list or a renamed one, but a list an older build named so is still imported and shown")
    func laterSubcommandNames() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("lists", "create", "warm-up").status == 0)
        for name in ["move", "reorder"] {
            let created = try leettrack.run("lists", "create", name)
            #expect(created.status == 64 && created.stderr.contains("'\(name)' is a `lists` subcommand"), "\(created.stderr)")
            let renamed = try leettrack.run("lists", "rename", "warm-up", name)
            #expect(renamed.status == 64 && renamed.stderr.contains("is a `lists` subcommand"), "\(renamed.stderr)")
        }
        let file = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [], "lists": [{"name": "move", "created": "2026-11-20T09:00:00Z", "problems": ["two-sum"]}]}"#,
            to: "older.json")
        let imported = try leettrack.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try leettrack.run("lists").stdout.contains("move"))
        // `lists move` alone shows it; with arguments it is the subcommand, and alone without such
        // a list it is still the subcommand's usage error.
        let shown = try leettrack.run("lists", "move")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Two Sum") && shown.stdout.contains("(your list)"), "\(shown.stdout)")
        let json = try leettrack.run("lists", "move", "--json")
        #expect(json.status == 0 && json.stdout.contains("\"two-sum\""), "\(json.stderr)")
        #expect(try leettrack.run("lists", "move", "move", "1", "1").status == 0)
        let reorder = try leettrack.run("lists", "reorder")
        #expect(reorder.status == 64 && reorder.stderr.contains("'lists reorder' needs"), "\(reorder.stderr)")
    }
}
