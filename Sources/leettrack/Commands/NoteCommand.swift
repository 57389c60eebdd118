import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack note PROBLEM [TEXT | --edit | --clear]`.
struct NoteCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Show, set, edit or clear a problem's note.",
        discussion: "Without TEXT, --edit or --clear it prints the note. --edit opens $VISUAL or $EDITOR; saving "
            + "the file with nothing visible there (empty, blank, or only invisible characters) clears the note. "
            + "Each word of TEXT must show something. " + ProgressChanges.emptyNoteRule)

    @Argument(help: ArgumentHelp("An id, a slug, or title words (quoted).", valueName: "problem"), completion: .problems)
    var problemName: String
    @Argument(help: ArgumentHelp("The new note.", valueName: "text")) var text: [String] = []
    @Flag(name: .shortAndLong, help: "Edit the note in $VISUAL or $EDITOR.") var edit = false
    @Flag(help: "Remove the note.") var clear = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { edit || clear || !text.isEmpty ? .writing : .reading }

    /// The command line with a note's words kept as words: after `note`, everything that is not
    /// spelt as an option (`-e`, `-h`, `--word`, `--word=value`, `--store PATH`) is the problem or
    /// the text, and `--` ends the options without being part of the text. They are moved after a
    /// `--` of their own, so the parser takes none of them for options: `note 1 "- use a heap"`
    /// saves that note (the parser read it as the short flags `-`, ` `, `u`, ..., and its `h`
    /// printed help and succeeded), and `note 1 -- "-1 is off"` saves "-1 is off".
    static func arrangingText(_ arguments: [String]) -> [String] {
        guard let index = CommandLineChecks.commandWordIndex(arguments), arguments[index] == "note" else { return arguments }
        var options: [String] = []
        var words: [String] = []
        var rest = index + 1
        while rest < arguments.count {
            let argument = arguments[rest]
            rest += 1
            if argument == "--" {
                words += arguments[rest...]
                break
            }
            if argument == "--store", rest < arguments.count {
                options += [argument, arguments[rest]]
                rest += 1
            } else if isOptionWord(argument) {
                options.append(argument)
            } else {
                words.append(argument)
            }
        }
        return Array(arguments[...index]) + options + (words.isEmpty ? [] : ["--"] + words)
    }

    /// Whether `argument` is spelt as one of the options a command line gives `note`: a single
    /// short flag, or a long name of letters, digits and dashes (with `=value`). Anything else
    /// that starts with a dash ("- use a heap", "-1 is off", "-shortest") is text.
    private static func isOptionWord(_ argument: String) -> Bool {
        if argument == "-e" || argument == "-h" { return true }
        guard argument.hasPrefix("--") else { return false }
        let name = argument.utf8.dropFirst(2).prefix { $0 != UInt8(ascii: "=") }
        guard let first = name.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else { return false }
        return name.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    enum Action {
        case show
        case set(String)
        case edit
        case clear
    }

    private func action() throws -> Action {
        // TEXT given, even empty (`note 5 ""`, an unset variable in quotes), is a change asked
        // for: never taken for no TEXT, which prints the note and succeeds.
        let given = !self.text.isEmpty
        let chosen = [given, edit, clear].filter { $0 }.count
        if chosen > 1 { throw Self.usageError("give only one of TEXT, '--edit' and '--clear'") }
        if given {
            // A word that shows nothing among several (`note 5 "" x`, an unset variable) is
            // refused as a whole note would be: joined, it would leave a stray space.
            if self.text.count > 1, let index = self.text.firstIndex(where: InputRules.showsNothing) {
                throw Self.usageError("word \(index + 1) of TEXT is \(InputRules.emptiness(self.text[index])); "
                    + "give the note's words without empty ones")
            }
            let text = self.text.joined(separator: " ")
            try ProgressChanges.checkNote(text, as: "TEXT", command: Self.self)
            return .set(text)
        }
        return edit ? .edit : clear ? .clear : .show
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let action = try action()
        // Showing the note may show a guess, labelled; a change is made only to the problem named.
        let problem =
            if case .show = action { try context.problemToShow(problemName) } else { try context.catalog.resolve(problemName) }
        let newNote: String
        switch action {
        case .show:
            let record = try context.progress(for: problem.slug)
            if json {
                try output.writeJSON(ProblemJSON(problem, record))
            } else if record.note.isEmpty {
                output.line("\(Format.name(problem)) has no note. Add one with `leettrack note \(problem.id) TEXT`.")
            } else {
                output.line(Format.outside(record.note))
            }
            return
        case .set(let text):
            newNote = text
        case .clear:
            newNote = ""
        case .edit:
            let current = try context.progress(for: problem.slug).note
            newNote = try Editor(environment: context.environment).edit(current, name: problem.slug) { edited throws(InputRules.Violation) in
                try InputRules.check(note: edited, at: "")
            }
        }
        try ProgressChanges.apply([problem], json: json, in: context, output) { _, record in
            record.note = newNote
        } describe: { problem, change in
            if !change.changed { return "The note of \(Format.name(problem)) is unchanged." }
            return newNote.isEmpty ? "Cleared the note of \(Format.name(problem))." : "Saved the note of \(Format.name(problem))."
        }
    }
}

/// Runs the user's editor on a temporary file.
struct Editor {
    let environment: [String: String]

    /// Opens `$VISUAL`, else `$EDITOR`, on a file holding `text`; returns the saved text without
    /// its final newlines, or `""` when it shows nothing (``InputRules/showsNothing(_:)``: the note
    /// is cleared, as by `--clear`). The temporary file
    /// (0600, in a 0700 directory) is removed afterwards, also when a signal ends the process (see
    /// ``EditorTemporaryFile``), but for an edit that is refused: then it keeps the user's text and
    /// the message names it.
    /// - Throws: `CLIError.failure` saying the note is unchanged when no editor is set, it cannot
    ///   start, it fails, it removes the file, or the text is not UTF-8 or fails `check`.
    func edit(_ text: String, name: String, check: (String) throws(InputRules.Violation) -> Void) throws -> String {
        guard let command else {
            throw CLIError.failure("set $VISUAL or $EDITOR to edit notes, or give the note as text: `leettrack note PROBLEM TEXT`.")
        }
        let file = try EditorTemporaryFile(name: "\(name).md", contents: Data((text.isEmpty ? "" : text + "\n").utf8))
        defer { file.remove() }
        // The note is unchanged, and the file with what the user wrote is kept for them.
        func keeping(_ reason: String) -> CLIError {
            file.keep()
            return CLIError.failure("\(reason); the note is unchanged. Your text is kept in \(file.path).")
        }
        do {
            try run(file.path, command: command)
        } catch EditorFailure.failed(let reason) {
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw CLIError.failure("\(reason); the note is unchanged and keeps its text.")
            }
            throw keeping(reason)
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        } catch {
            // Removed or renamed away (some editors save by replacing): nothing to take as the note.
            throw CLIError.failure("the editor '\(command)' left no file at \(file.path) (\(FileErrorReason.text(error))); "
                + "the note is unchanged and keeps its text.")
        }
        guard var edited = String(validating: bytes, as: UTF8.self) else {
            throw keeping("the edited text is not UTF-8 text")
        }
        while edited.hasSuffix("\n") { edited.removeLast() }
        if InputRules.showsNothing(edited) { return "" }
        do {
            try check(edited)
        } catch {
            throw keeping(error.reason)
        }
        return edited
    }

    /// Why the editor did not finish, for ``edit(_:name:check:)`` to say what it kept.
    private enum EditorFailure: Error {
        case failed(String)
    }

    /// The editor's command: `$VISUAL`, else `$EDITOR` (the first that is set and not empty).
    var command: String? {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// Runs the editor `command` on `path` and waits for it; the file is its one argument.
    /// - Throws: `CLIError.failure` when it cannot start or fails, ending with `unchanged`.
    func open(_ path: String, command: String, unchanged: String) throws {
        do {
            try run(path, command: command)
        } catch EditorFailure.failed(let reason) {
            throw CLIError.failure("\(reason); \(unchanged)")
        }
    }

    /// Runs the editor `command` on `path` and waits for it.
    /// - Throws: ``EditorFailure/failed(_:)`` saying why, when it cannot start or fails.
    private func run(_ path: String, command: String) throws {
        // `sh -c` lets the variable hold arguments (`code --wait`), as git and others allow; the
        // file is passed as `$1`, never pasted into the shell's text.
        let ending: ForegroundProcess.Ending
        do {
            ending = try ForegroundProcess.run("/bin/sh", arguments: ["-c", "\(command) \"$1\"", "sh", path])
        } catch {
            throw EditorFailure.failed("cannot start the editor '\(command)': \(error.reason)")
        }
        switch ending {
        case .exited(0):
            return
        case .exited(let status):
            throw EditorFailure.failed("the editor '\(command)' exited with status \(status)")
        case .killed(let signal):
            throw EditorFailure.failed("the editor '\(command)' was ended by signal \(signal)")
        }
    }
}
