import Testing

@testable import leettrack

@Suite("The argument parser")
struct ArgumentParserTests {
    let specs = Root.specs

    func parse(_ arguments: String...) throws -> Invocation {
        try ArgumentParser.parse(arguments, commands: specs)
    }

    @Test("takes option values after a space or an equals sign, and short names")
    func optionValues() throws {
        let spaced = try parse("list", "--difficulty", "hard", "-n", "5")
        let joined = try parse("list", "--difficulty=hard", "--limit=5")
        #expect(spaced.arguments.values == ["difficulty": "hard", "limit": "5"])
        #expect(joined.arguments.values == spaced.arguments.values)
    }

    @Test("accepts global options anywhere, before or after the command")
    func globalOptions() throws {
        #expect(try parse("--store", "/tmp/a", "fav", "1").storePath == "/tmp/a")
        #expect(try parse("fav", "1", "--store=/tmp/b").storePath == "/tmp/b")
        #expect(try parse("fav", "--help").wantsHelp)
    }

    @Test("treats everything after -- as arguments, even what looks like an option")
    func doubleDash() throws {
        let invocation = try parse("note", "1", "--", "--not-an-option", "-x")
        #expect(invocation.arguments.positionals == ["1", "--not-an-option", "-x"])
    }

    @Test("rejects an unknown option, a flag with a value and a missing value, naming them")
    func errors() {
        #expect(throws: CLIError.self) { try parse("list", "--nope") }
        #expect(throws: CLIError.self) { try parse("list", "--favorites=yes") }
        #expect(throws: CLIError.self) { try parse("list", "--limit") }
        #expect(throws: CLIError.self) { try parse("show") }
        #expect(throws: CLIError.self) { try parse("--store") }
    }

    @Test("maps usage errors to exit code 64 and other failures to 1")
    func exitCodes() {
        #expect(ErrorReport(CLIError.usage("x", command: nil), storePath: nil).exitCode == 64)
        #expect(ErrorReport(CLIError.unknownCommand("x", suggestion: nil), storePath: nil).exitCode == 64)
        #expect(ErrorReport(CLIError.failure("x"), storePath: nil).exitCode == 1)
    }

    @Test("suggests the closest command for a typo")
    func suggestion() {
        #expect {
            try parse("favorits")
        } throws: { error in
            guard case CLIError.unknownCommand("favorits", let suggestion) = error else { return false }
            return suggestion == "favorites"
        }
    }
}
