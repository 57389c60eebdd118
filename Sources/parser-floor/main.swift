import ArgumentParser

// The parser's floor: the least a command line shaped like `leettrack show 1` costs with
// swift-argument-parser, measured by `leettrack-bench cli` beside `leettrack` itself. A root
// command with `--store` and a version, one subcommand with a problem argument, `--json` and its
// parent; `run` prints one line. It claims a `_superCommandName` as `leettrack` does while
// parsing (which skips the library's search for `--generate-completion-script`), so it is the
// parse `leettrack` pays, without the tracker.

struct Floor: ParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = CommandConfiguration(commandName: "parser-floor", version: "parser-floor 1", subcommands: [Show.self])
        configuration._superCommandName = "parser-floor"
        return configuration
    }()

    @Option(help: ArgumentHelp("The store to use.", valueName: "path")) var store: String?
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a problem.")

    @Argument(help: ArgumentHelp("An id, a slug, or title words.", valueName: "problem")) var problemName: String
    @Flag(help: "Print JSON.") var json = false
    @ParentCommand var root: Floor

    func run() { print(json ? "{\"problem\":\"\(problemName)\"}" : "problem \(problemName)") }
}

Floor.main()
