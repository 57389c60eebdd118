/// The parsed arguments of one command: positional values, option values and flags.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// The value of `--name`, if given (the parser refuses a second one).
    func value(_ name: String) -> String? { values[name] }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// What the command line asks for before any command runs.
struct Invocation: Sendable {
    /// The command's spec, or `nil` when no command was named.
    var command: CommandSpec?
    /// Its arguments.
    var arguments: ParsedArguments
    /// `--store PATH`, wherever it appeared.
    var storePath: String?
    /// `--help` or `-h` was given.
    var wantsHelp: Bool
    /// `--version` was given.
    var wantsVersion: Bool
}

/// A small parser that follows swift-argument-parser's conventions: `--name value` and
/// `--name=value`, `-h`, `--` ends the options, options and arguments in any order, global options
/// anywhere, and a usage error (exit 64) that names what was wrong.
enum ArgumentParser {
    /// Parses a whole command line (without the program name) against the known commands.
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(CLIError) -> Invocation {
        var invocation = Invocation(command: nil, arguments: ParsedArguments(), storePath: nil, wantsHelp: false, wantsVersion: false)
        var rest: [String] = []
        var index = 0
        // First pass: the global options, which may appear anywhere before `--`.
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--help" || argument == "-h" {
                invocation.wantsHelp = true
            } else if argument == "--version" {
                invocation.wantsVersion = true
            } else if argument == "--store" || argument.hasPrefix("--store=") {
                if argument == "--store", index + 1 >= arguments.count { throw .usage("missing value for '--store <path>'", command: nil) }
                if invocation.storePath != nil { throw .usage("'--store <path>' was given more than once", command: nil) }
                if argument == "--store" {
                    invocation.storePath = arguments[index + 1]
                    index += 1
                } else {
                    invocation.storePath = String(argument.dropFirst("--store=".count))
                }
            } else {
                rest.append(argument)
            }
            index += 1
        }
        if invocation.storePath?.isEmpty == true { throw .usage("'--store' needs a path", command: nil) }
        guard let name = rest.first else { return invocation }
        if name == "--" || name.hasPrefix("-") {
            if invocation.wantsHelp || invocation.wantsVersion { return invocation }
            throw .usage("unknown option '\(name)'", command: nil)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw .unknownCommand(name, suggestion: closestCommand(to: name, in: commands))
        }
        invocation.command = command
        if invocation.wantsHelp || invocation.wantsVersion { return invocation }
        invocation.arguments = try parse(Array(rest.dropFirst()), for: command)
        return invocation
    }

    /// Parses one command's arguments (global options already removed).
    static func parse(_ arguments: [String], for command: CommandSpec) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Self.isNegativeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let option = command.options.first(where: { $0.short == argument.last }) else {
                    throw .usage("unknown option '\(argument)'", command: command)
                }
                name = option.name
            }
            guard let option = command.options.first(where: { $0.name == name }) else {
                throw .usage("unknown option '--\(name)'", command: command)
            }
            if option.isFlag {
                if inlineValue != nil { throw .usage("'--\(name)' takes no value", command: command) }
                parsed.flags.insert(name)
                continue
            }
            // A second value for a single-value option is a mistake (`-d easy -d hard`), not an override.
            if parsed.values[name] != nil {
                throw .usage("'\(option.synopsis)' was given more than once", command: command)
            }
            if let inlineValue {
                parsed.values[name] = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                parsed.values[name] = arguments[index]
                index += 1
            } else {
                throw .usage("missing value for '\(option.synopsis)'", command: command)
            }
        }
        try checkPositionals(parsed.positionals, for: command)
        return parsed
    }

    private static func checkPositionals(_ values: [String], for command: CommandSpec) throws(CLIError) {
        let required = command.arguments.filter { !$0.isOptional }
        if values.count < required.count {
            let missing = required[values.count]
            throw .usage("missing expected argument '\(missing.synopsis)'", command: command)
        }
        let repeats = command.arguments.last?.isRepeating == true
        if !repeats, values.count > command.arguments.count {
            throw .usage("unexpected argument '\(values[command.arguments.count])'", command: command)
        }
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.hasPrefix("-") && Int(argument) != nil
    }

    private static func closestCommand(to name: String, in commands: [CommandSpec]) -> String? {
        let scored = commands.map { (name: $0.name, distance: levenshtein($0.name, name)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.name
    }

    private static func levenshtein(_ a: String, _ b: String) -> Int {
        let left = Array(a)
        let right = Array(b)
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1]
            for (j, r) in right.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1)))
            }
            previous = current
        }
        return previous[right.count]
    }
}
