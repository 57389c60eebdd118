/// A named option of a command: a flag (`--favorites`) or an option with a value (`--limit N`).
struct OptionSpec: Sendable {
    /// The long name without dashes (`limit`).
    let name: String
    /// A one-letter alias (`-n`), if any.
    let short: Character?
    /// The value's placeholder in help (`N`); `nil` for a flag.
    let valueName: String?
    /// One line of help.
    let help: String

    /// A flag: present or not.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value.
    static func option(_ name: String, short: Character? = nil, value: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, help: help)
    }

    var isFlag: Bool { valueName == nil }

    /// `--limit N` or `--favorites`, as shown in usage lines and help.
    var synopsis: String {
        let long = "--\(name)"
        let names = short.map { "-\($0), \(long)" } ?? long
        return valueName.map { "\(names) <\($0)>" } ?? names
    }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The placeholder (`PROBLEM`).
    let name: String
    /// One line of help.
    let help: String
    /// Whether it may be left out.
    let isOptional: Bool
    /// Whether it takes every remaining positional value (`PROBLEM...`).
    let isRepeating: Bool

    init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }

    var synopsis: String {
        let text = "<\(name.lowercased())>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(text)]" : text
    }
}

/// Everything the parser and the help need to know about a command, declared once per command
/// (the way swift-argument-parser's `CommandConfiguration` and property wrappers do).
struct CommandSpec: Sendable {
    /// The subcommand name (`list`).
    let name: String
    /// One line saying what it does, shown in the command list.
    let abstract: String
    /// A longer explanation shown in the command's help, if any.
    var discussion: String? = nil
    /// Positional arguments, in order; only the last may repeat.
    var arguments: [ArgumentSpec] = []
    /// Options and flags (the global ones are added by the parser).
    var options: [OptionSpec] = []

    /// The options every command accepts.
    static let globalOptions: [OptionSpec] = [
        .option("store", value: "path", help: "The store to use (default: $LEETTRACK_STORE, else the XDG data directory)."),
        .flag("version", help: "Show the version."),
        .flag("help", short: "h", help: "Show help information."),
    ]

    /// `leettrack list [<text>] [--difficulty <difficulty>] ...`
    /// Like swift-argument-parser, a usage line too long to read names `[<options>]` instead.
    var usage: String {
        let full = (["leettrack", name] + arguments.map(\.synopsis) + options.map { "[\($0.synopsis)]" })
            .joined(separator: " ")
        if full.count <= 80 { return full }
        return (["leettrack", name, "[<options>]"] + arguments.map(\.synopsis)).joined(separator: " ")
    }

    /// The full help text, in swift-argument-parser's layout.
    var helpText: String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            text += Self.table(arguments.map { ($0.synopsis, $0.help) })
        }
        text += "\nOPTIONS:\n"
        text += Self.table((options + Self.globalOptions).map { ($0.synopsis, $0.help) })
        return text
    }

    static func table(_ rows: [(String, String)]) -> String {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        return rows.map { left, right in
            left.count > width
                ? "  \(left)\n  \(String(repeating: " ", count: width))  \(right)\n"
                : "  \(left.padding(toLength: width, withPad: " ", startingAt: 0))  \(right)\n"
        }.joined()
    }
}
