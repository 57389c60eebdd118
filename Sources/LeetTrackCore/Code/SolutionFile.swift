import FoundationEssentials
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem's solution file: named `<id>.<slug>.<ext>` in the code folder, starting with a
/// comment header (title, URL, difficulty, tags) in the language's comment syntax, then, when
/// the problem's statement was fetched, the example test cases in a comment and LeetCode's
/// starter code for the language (``contents(for:language:statement:)``).
///
/// An existing file is never overwritten: ``prepare(for:language:in:)`` creates the file only when
/// it is missing (with `O_EXCL`, so a file made at the same moment by someone else is not
/// clobbered either) and reuses it otherwise.
public enum SolutionFile {
    /// `1.two-sum.py`.
    public static func name(for problem: Problem, language: SolutionLanguage) -> String {
        "\(problem.id).\(problem.slug).\(language.fileExtension)"
    }

    /// Where `problem`'s file in `language` is in `directory`.
    public static func path(for problem: Problem, language: SolutionLanguage, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name(for: problem, language: language)
    }

    /// The header comment, one comment line each for the title, the URL, and the difficulty with
    /// the tags, then a blank line. Catalog text comes from outside (a catalog update), so every
    /// character that could end the comment line (line breaks, U+2028, control and bidi
    /// characters) becomes a space: nothing in a title can turn into code.
    public static func header(for problem: Problem, language: SolutionLanguage) -> String {
        let tags = problem.tags.isEmpty ? "" : " · " + problem.tags.joined(separator: ", ")
        let lines = ["\(problem.id). \(problem.title)", problem.url, problem.difficulty.displayName + tags]
        var text = language.firstLine.map { $0 + "\n" } ?? ""
        for line in lines { text += language.commentPrefix + " " + commentSafe(line) + "\n" }
        return text + "\n"
    }

    /// What a new file holds: the header; then, when `statement` has starter code for the
    /// language, the example test cases as comment lines and the code as LeetCode gives it (its
    /// bytes were checked when fetched: no control or bidirectional formatting character).
    public static func contents(for problem: Problem, language: SolutionLanguage, statement: ProblemStatement?) -> String {
        var text = header(for: problem, language: language)
        guard let snippet = statement?.snippet(for: language.leetCodeSlug) else { return text }
        if let cases = statement?.exampleTestcases, !cases.isEmpty {
            text += language.commentPrefix + " Examples:\n"
            for (index, testcase) in cases.enumerated() {
                let lines = testcase.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
                for (position, line) in lines.enumerated() {
                    text += language.commentPrefix + (position == 0 ? " \(index + 1). " : "    ") + commentSafe(String(line)) + "\n"
                }
            }
            text += "\n"
        }
        text += snippet.code
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// `text` with every character that could end a comment line replaced by a space, and the
    /// sequences some languages read inside a comment line taken apart: Java turns `\u000a` into a
    /// line break before it sees the comment (a backslash before a `u` is followed by a space), PHP
    /// ends a `//` comment at `?>` (made `? >`), and C and C++ join the next line to a line that
    /// ends in a backslash (the line's last backslashes and blanks are left out).
    static func commentSafe(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let breaks = InputRules.isControlOrBidi(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
            if previous == "\\", scalar == "u" || scalar == "U" { scalars.append(" ") }
            if previous == "?", scalar == ">" { scalars.append(" ") }
            scalars.append(breaks ? " " : scalar)
            previous = scalar
        }
        // GCC joins a line ending in a backslash and blanks too: both go.
        while let last = scalars.last, last == " " || last == "\\" { scalars.removeLast() }
        return String(scalars)
    }

    /// Makes sure `directory` exists (created 0700 with its parents when missing) and holds the
    /// solution file, creating it (0600, with ``contents(for:language:statement:)``) when missing.
    /// - Returns: the file's path and whether it was created now.
    /// - Throws: ``LeetTrackError/codeFile(_:reason:)`` naming the path and the system's reason, or
    ///   ``LeetTrackError/codeFolder(_:reason:)`` naming a folder that cannot be used.
    public static func prepare(
        for problem: Problem, language: SolutionLanguage, in directory: String, statement: ProblemStatement? = nil
    ) throws(LeetTrackError) -> (path: String, created: Bool) {
        // The slug goes into a path: it must be a plain slug, whatever a catalog update said.
        do {
            try InputRules.check(slug: problem.slug, at: "slug")
        } catch {
            throw .codeFile(problem.slug, reason: error.reason)
        }
        try ensureDirectory(directory)
        let path = path(for: problem, language: language, in: directory)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let code = errno
            // Already there: reuse it, never overwrite; but only a file (or the user's link to one):
            // a folder, a FIFO or a dangling link would hang or misdirect the editor.
            if code == EEXIST || code == ELOOP {
                try checkReusable(path)
                return (path, false)
            }
            throw .codeFile(path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        if let reason = writeFully(Array(contents(for: problem, language: language, statement: statement).utf8), to: descriptor) {
            unlink(path)
            throw .codeFile(path, reason: reason)
        }
        return (path, true)
    }

    /// What is at `path` may be opened in the editor: a regular file, or a link to one (the folder
    /// is the user's alone, see ``ensureDirectory(_:)``, so a link there is theirs).
    private static func checkReusable(_ path: String) throws(LeetTrackError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .codeFile(path, reason: "it is a link to nothing (\(String(cString: strerror(errno)))); remove it or point it at a file")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .codeFile(path, reason: "it is not a regular file (a folder, a FIFO or a device?); move it away to get a new solution file")
        }
    }

    /// Makes the code folder when it is missing (0700), or checks the one there, as ``prepare(for:language:in:statement:)`` does.
    /// - Throws: ``LeetTrackError/codeFolder(_:reason:)``.
    public static func ensureFolder(_ directory: String) throws(LeetTrackError) {
        try ensureDirectory(directory)
    }

    /// Makes sure `directory` is a folder of the user's that others cannot write, creating it
    /// (0700, with its parents) when missing.
    static func ensureDirectory(_ directory: String) throws(LeetTrackError) {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory else { throw .codeFolder(directory, reason: "it is not a folder; set another with `leettrack config code-dir PATH`") }
            // Another user who may write the folder could plant a link or a FIFO under the next
            // file's name: only a folder that is the user's and that others cannot write is used.
            var status = stat()
            guard stat(directory, &status) == 0 else { throw .codeFolder(directory, reason: String(cString: strerror(errno))) }
            if status.st_uid != geteuid() || status.st_mode & S_IWOTH != 0 {
                throw .codeFolder(directory, reason: "other users can write this folder (or it is not yours), so they could plant files "
                    + "in it; use a folder of your own that only you can write (`chmod o-w`, or `leettrack config code-dir PATH`)")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .codeFolder(directory, reason: "cannot create the folder: \(FileErrorReason.text(error))")
        }
    }
}

extension SolutionLanguage {
    /// LeetCode's slug of the language (`langSlug` of a problem's starter code): `python3` for
    /// `py`, `golang` for `go`, as LeetCode's problem page names them (leetgo's and leetcode-cli's
    /// language tables agree).
    public var leetCodeSlug: String {
        switch fileExtension {
        case "py": "python3"
        case "go": "golang"
        case "rs": "rust"
        case "js": "javascript"
        case "ts": "typescript"
        case "cs": "csharp"
        case "kt": "kotlin"
        case "rb": "ruby"
        default: fileExtension  // cpp, java, swift, c, scala, php
        }
    }
}
