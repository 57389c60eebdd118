import ArgumentParser

// The parser's floor: the least a command line shaped like `leettrack show 1` costs with
// swift-argument-parser, measured by `leettrack-bench cli` beside `leettrack` itself. A root
// command with `--store` and a version, one subcommand with a problem argument, `--json` and its
// parent; `run` prints one line. It parses through the same `ParserShim` as `leettrack` (the file
// is linked here), so it is the parse `leettrack` pays, without the tracker.

struct Floor: ParsableCommand {
    static var configuration: CommandConfiguration { ParserShim.configuration(plain, whileParsing: parsing) }
    private static let plain = CommandConfiguration(commandName: "parser-floor", version: "parser-floor 1", subcommands: [Show.self])
    private static let parsing = ParserShim.parsingVariant(of: plain)

    @Option(help: ArgumentHelp("The store to use.", valueName: "path")) var store: String?
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a problem.")

    @Argument(help: ArgumentHelp("An id, a slug, or title words.", valueName: "problem")) var problemName: String
    @Flag(help: "Print JSON.") var json = false
    @ParentCommand var root: Floor

    func run() { print(json ? "{\"problem\":\"\(problemName)\"}" : "problem \(problemName)") }
}

do {
    var command = try ParserShim.parse(Floor.self, Array(CommandLine.arguments.dropFirst()))
    try command.run()
} catch {
    Floor.exit(withError: error)
}
