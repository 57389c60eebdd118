import FoundationEssentials

/// A language a solution file can be written in: its file extension, the names people type for
/// it, and how a comment line starts.
public struct SolutionLanguage: Sendable, Hashable {
    /// The file extension and the canonical name (`py`, `cpp`, `rs`).
    public let fileExtension: String
    /// Other names accepted by `--lang` (`python`, `c++`, `rust`).
    public let aliases: [String]
    /// What starts a comment line (`#`, `//`).
    public let commentPrefix: String
    /// A line the file must start with before any comment, if the language needs one (`<?php`).
    public let firstLine: String?

    /// Every language `leettrack code` knows, the default first.
    public static let all: [SolutionLanguage] = [
        SolutionLanguage(fileExtension: "py", aliases: ["python", "python3"], commentPrefix: "#", firstLine: nil),
        SolutionLanguage(fileExtension: "cpp", aliases: ["c++", "cc", "cxx"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "java", aliases: [], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "go", aliases: ["golang"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "rs", aliases: ["rust"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "swift", aliases: [], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "js", aliases: ["javascript", "node"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "ts", aliases: ["typescript"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "c", aliases: [], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "cs", aliases: ["csharp", "c#"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "kt", aliases: ["kotlin"], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "rb", aliases: ["ruby"], commentPrefix: "#", firstLine: nil),
        SolutionLanguage(fileExtension: "scala", aliases: [], commentPrefix: "//", firstLine: nil),
        SolutionLanguage(fileExtension: "php", aliases: [], commentPrefix: "//", firstLine: "<?php"),
    ]

    /// The default language: Python, LeetCode's most used.
    public static let standard = all[0]

    /// The language `name` names (an extension or an alias, in any case), or `nil`.
    public init?(named name: String) {
        let folded = name.trimmedOfWhitespace.lowercased()
        guard let language = Self.all.first(where: { $0.fileExtension == folded || $0.aliases.contains(folded) }) else { return nil }
        self = language
    }

    private init(fileExtension: String, aliases: [String], commentPrefix: String, firstLine: String?) {
        self.fileExtension = fileExtension
        self.aliases = aliases
        self.commentPrefix = commentPrefix
        self.firstLine = firstLine
    }

    /// The names `--lang` takes, for help and error messages: `py (python, python3), cpp (c++, …)`.
    ///
    /// Built with a loop rather than `joined(separator:)`: `code`'s help text uses it, which the
    /// parser builds at every run, and the generic `joined` costs a search of every protocol
    /// conformance in the process (0.4 million instructions) the first time.
    public static var namesText: String {
        var text = ""
        for language in all {
            if !text.isEmpty { text += ", " }
            text += language.fileExtension
            for (index, alias) in language.aliases.enumerated() {
                text += index == 0 ? " (" : ", "
                text += alias
            }
            if !language.aliases.isEmpty { text += ")" }
        }
        return text
    }
}
