import ArgumentParser
import FoundationEssentials

/// The two rules of our command line that swift-argument-parser does not keep, checked before it
/// parses: a misspelt command is named as such (with the closest one), and a single-value option
/// given twice is a usage error (the library would silently keep the last value: `-d easy -d hard`
/// is a mistake, not an override).
enum CommandLineChecks {
    static func check(_ arguments: [String]) throws(CLIError) {
        let options = arguments.prefix { $0 != "--" }
        // The global option first, wherever it is: `leettrack json --store` lacks the path.
        if options.last == "--store" { throw .usage("missing value for '--store <path>'", command: nil) }
        try checkCommandName(Array(options))
        try checkRepeatedOptions(Array(options))
    }

    /// The first word that is not an option (or `--store`'s value) must name a command.
    private static func checkCommandName(_ arguments: [String]) throws(CLIError) {
        guard let index = commandWordIndex(arguments) else { return }
        let argument = arguments[index]
        if LeetTrack.commandNames.contains(argument) { return }
        throw .unknownCommand(argument, suggestion: closest(to: argument, in: LeetTrack.commandNames))
    }

    /// Where the command's word is: the first argument after the global `--store PATH` (or
    /// `--store=PATH`); `nil` when another option comes first (`--help`, `--version`, or a
    /// mistake the library reports itself) or there is no word.
    static func commandWordIndex(_ arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--store" {
                index += 2
            } else if argument.hasPrefix("--store=") {
                index += 1
            } else {
                return argument.hasPrefix("-") ? nil : index
            }
        }
        return nil
    }

    /// Refuses a value option that appears twice, in any spelling (`-d`, `--difficulty`,
    /// `--difficulty=`). Costs a scan of the arguments; the declarations are read only when a
    /// name does repeat, which is rare.
    private static func checkRepeatedOptions(_ arguments: [String]) throws(CLIError) {
        let names = arguments.compactMap { argument -> String? in
            guard argument.hasPrefix("-"), argument != "-", Int(argument) == nil else { return nil }
            return String(argument.prefix { $0 != "=" })
        }
        guard Set(names).count < names.count else { return }
        let command = arguments.first { LeetTrack.commandNames.contains($0) }
        let valueOptions = OptionTable(command: command)
        var seen: [String: String] = [:]
        for name in names {
            guard let option = valueOptions.option(named: name) else { continue }
            if seen[option.key] != nil {
                let type = command.flatMap { name in LeetTrack.configuration.subcommands.first { $0.configuration.commandName == name } }
                throw .usage("'\(option.synopsis)' was given more than once", command: type)
            }
            seen[option.key] = name
        }
    }

    /// The first option in `arguments` that the named command does not declare (flags too), or
    /// `nil`. The library reports a missing argument before an unknown option (`unfav --bogus`
    /// said "Missing expected argument"); the error path asks this to name the real mistake.
    /// A negative number (`show -1`) is named too, unless it is the value of the option before it
    /// (`--time -5`, which the option's own check refuses).
    static func unknownOption(in arguments: [String]) -> String? {
        let options = Array(arguments.prefix { $0 != "--" })
        let command = options.first { LeetTrack.commandNames.contains($0) }
        let table = OptionTable(command: command, includingFlags: true)
        var index = 0
        var afterOptionWithValue = false
        while index < options.count {
            let argument = options[index]
            let isValue = afterOptionWithValue
            index += 1
            afterOptionWithValue = false
            if argument == "--store" { index += 1; continue }
            guard argument.hasPrefix("-"), argument != "-" else { continue }
            if Double(argument) != nil {
                if isValue { continue }
                return argument
            }
            let name = String(argument.prefix { $0 != "=" })
            afterOptionWithValue = name == argument && table.option(named: name)?.takesValue == true
            // Short flags may be combined (`-fq`); check each letter.
            let names = name.hasPrefix("--") || name.count == 2 ? [name] : name.dropFirst().map { "-\($0)" }
            if let unknown = names.first(where: { table.option(named: $0) == nil && !Self.alwaysKnown.contains($0) }) {
                return unknown == name ? name : argument
            }
        }
        return nil
    }

    /// Names the library answers for every command without declaring them as arguments.
    private static let alwaysKnown: Set<String> = ["-h", "--help", "-help", "--store", "--version", "--generate-completion-script"]

    private static func closest(to name: String, in names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: levenshtein($0, name)) }
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

/// The options that take one value, read from the declarations (the library's JSON description
/// of the command tree), so the rule above needs no second list of names.
private struct OptionTable {
    struct Option {
        let key: String
        let synopsis: String
        /// Whether the next argument is its value (an option, not a flag).
        let takesValue: Bool
    }

    private var byName: [String: Option] = [:]
    private let includingFlags: Bool

    /// With `includingFlags`, flags and repeating options are in the table too (to tell a
    /// declared option from an unknown one), not only the options that take one value.
    init(command: String?, includingFlags: Bool = false) {
        self.includingFlags = includingFlags
        // Our own declarations, rendered by the library: not outside input. Should the format ever
        // change, the check finds no options and the library's last-value rule applies.
        let dump: HelpDump
        do {
            dump = try JSONDecoder().decode(HelpDump.self, from: Data(LeetTrack._dumpHelp().utf8))
        } catch {
            return
        }
        let root = dump.command
        add(root)
        guard let sub = root.subcommands?.first(where: { $0.commandName == command }) else { return }
        add(sub)
        // Its own subcommands (`leetcode pull`) too: only one of them runs.
        for nested in sub.subcommands ?? [] { add(nested) }
    }

    private mutating func add(_ command: HelpDump.Command) {
        for argument in command.arguments ?? [] {
            let wanted = includingFlags
                ? argument.kind == "option" || argument.kind == "flag" : argument.kind == "option" && argument.isRepeating != true
            guard wanted, let names = argument.names else { continue }
            var spelled = names.map { ($0.kind == "short" ? "-" : "--") + $0.name }
            // Short names first, as in the help (`-d, --difficulty`).
            spelled.sort { $0.count < $1.count }
            guard let key = spelled.last else { continue }
            let option = Option(
                key: key, synopsis: spelled.joined(separator: ", ") + " <\(argument.valueName ?? "value")>", takesValue: argument.kind == "option")
            for name in spelled { byName[name] = option }
        }
    }

    func option(named name: String) -> Option? { byName[name] }
}

/// What the table reads of the library's JSON description of the command tree (`ToolInfoV0`).
private struct HelpDump: Decodable {
    struct Command: Decodable {
        let commandName: String?
        let subcommands: [Command]?
        let arguments: [Argument]?
    }

    struct Argument: Decodable {
        let kind: String?
        let isRepeating: Bool?
        let valueName: String?
        let names: [Name]?
    }

    struct Name: Decodable {
        let kind: String?
        let name: String
    }

    let command: Command
}
