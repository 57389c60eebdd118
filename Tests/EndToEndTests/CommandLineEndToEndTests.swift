import Foundation
import Testing

/// The command line's conventions (swift-argument-parser's), checked on the built binary.
@Suite("The command line")
struct CommandLineEndToEndTests {
    @Test("takes option values after a space or an equals sign, and short names")
    func optionValues() throws {
        let leettrack = try LeetTrackRunner()
        let spaced = try leettrack.run("list", "--difficulty", "hard", "-n", "5", "--json")
        let joined = try leettrack.run("list", "--difficulty=hard", "--limit=5", "--json")
        #expect(spaced.status == 0)
        #expect(spaced.stdout.contains("\"difficulty\" : \"hard\""))
        #expect(!spaced.stdout.contains("\"difficulty\" : \"easy\""))
        #expect(joined.stdout == spaced.stdout)
    }

    @Test("accepts --store anywhere, before or after the command")
    func storeAnywhere() throws {
        let leettrack = try LeetTrackRunner()
        let before = leettrack.directory.appendingPathComponent("a.sqlite").path
        let after = leettrack.directory.appendingPathComponent("b.sqlite").path
        #expect(try leettrack.run(["--store", before, "fav", "1"], useStore: false).status == 0)
        #expect(try leettrack.run(["fav", "2", "--store=\(after)"], useStore: false).status == 0)
        #expect(try leettrack.run(["favorites", "--json", "--store", before], useStore: false).stdout.contains("two-sum"))
        #expect(try leettrack.run(["favorites", "--json", "--store", after], useStore: false).stdout.contains("add-two-numbers"))
        #expect(try leettrack.run("fav", "--help").stdout.contains("USAGE: leettrack fav"))
    }

    @Test("treats everything after -- as arguments, even what looks like an option")
    func doubleDash() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("note", "1", "--", "--not-an-option", "-x").status == 0)
        #expect(try leettrack.run("note", "1").stdout.contains("--not-an-option -x"))
    }

    @Test("rejects an unknown option, a flag with a value and a missing value with exit 64", arguments: [
        ["list", "--nope"], ["list", "--favorites=yes"], ["list", "--limit"], ["show"], ["--store"],
    ])
    func errors(arguments: [String]) throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(arguments, useStore: false)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stdout.isEmpty)
    }

    @Test("a failure that is not a usage error exits 1")
    func failureExitCode() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("random", "--status", "todo", "--list", "blind-75", "two sum three sum zzz").status == 1)
    }

    @Test("suggests the closest command for a typo")
    func suggestion() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("favorits")
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'favorits'. Did you mean 'favorites'?"))
    }
}
