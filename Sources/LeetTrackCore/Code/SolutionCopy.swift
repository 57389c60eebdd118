import FoundationEssentials

/// One solution file as it leaves its folder: in an export (`export --with-code`, the `code`
/// member) and on the sync server. It carries the file's name in the code folder, which is all a
/// restore needs, and the problem and language that name must agree with, so a reader can check
/// the name without trusting it.
public struct SolutionCopy: Codable, Sendable, Hashable {
    /// The problem's slug (`two-sum`).
    public var problem: String
    /// The language's file extension (`py`).
    public var language: String
    /// The file's name in the code folder: `<id>.<problem>.<language>` (`1.two-sum.py`), no folder.
    public var name: String
    /// The file's text (UTF-8, at most ``SolutionFolder/maximumFileSize`` bytes).
    public var content: String
    /// When the file was last modified, as UTC ISO 8601 text (`2026-11-29T14:03:12Z`).
    public var modified: String?

    /// A copy of the file `name`.
    public init(problem: String, language: String, name: String, content: String, modified: String? = nil) {
        self.problem = problem
        self.language = language
        self.name = name
        self.content = content
        self.modified = modified
    }

    /// The modification time, when it is given and valid.
    public var modifiedDate: Date? { modified.flatMap(UTCTimestamp.date(from:)) }

    /// Checks a copy from outside (a file being imported, the sync server) before anything is
    /// written: the name must be exactly a solution file's name for its problem and language, so it
    /// has no folder part, no `..`, no control character and a bounded length, and can only land
    /// directly in the code folder; the language must be known; the content within the cap; the
    /// time UTC and not in the future of `now`.
    /// - Throws: ``InputRules/Violation`` at `path` (`code[3].name`).
    public func check(at path: String, now: Date) throws(InputRules.Violation) {
        try InputRules.check(slug: problem, at: "\(path).problem")
        guard SolutionLanguage.all.contains(where: { $0.fileExtension == language }) else {
            throw InputRules.Violation("\(path).language", "'\(InputRules.quoted(language))' is not a language (\(SolutionLanguage.namesText))")
        }
        if let reason = SolutionFolder.nameProblem(name) {
            throw InputRules.Violation("\(path).name", "'\(InputRules.quoted(name))' \(reason)")
        }
        guard let parsed = SolutionFolder.parse(name), parsed.slug == problem, parsed.language.fileExtension == language else {
            throw InputRules.Violation("\(path).name", "'\(name)' does not name problem '\(problem)' in '\(language)' (like 1.two-sum.py)")
        }
        // A problem the catalog knows is named by its own id: `2.two-sum.py` would sit beside
        // `1.two-sum.py`, which `code 1` opens. (A problem it does not know keeps the file's id.)
        if let position = Catalog.builtIn.position(ofSlug: problem), Catalog.builtIn.id(at: position) != parsed.id {
            let id = Catalog.builtIn.id(at: position)
            throw InputRules.Violation("\(path).name", "'\(name)' gives problem '\(problem)' the id \(parsed.id); its id is \(id) (\(id).\(problem).\(language))")
        }
        if content.utf8.count > SolutionFolder.maximumFileSize {
            throw InputRules.Violation("\(path).content", "the file is \(SolutionFolder.kibibytes(content.utf8.count)), over the \(SolutionFolder.capText) cap")
        }
        if let modified {
            guard let date = UTCTimestamp.date(from: modified) else {
                throw InputRules.Violation("\(path).modified", "'\(InputRules.quoted(modified))' is not a UTC time like 2026-11-29T14:03:12Z")
            }
            try InputRules.check(date: date, at: "\(path).modified", now: now)
        }
    }
}

extension InputRules {
    /// `text` cut to 80 characters with its control and bidirectional characters shown as `?`,
    /// for quoting a refused value in a message (the message goes to a terminal).
    static func quoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(80) { scalars.append(isControlOrBidi(scalar) ? "?" : scalar) }
        return String(scalars) + (text.unicodeScalars.count > 80 ? "…" : "")
    }
}
