import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore
import LeetTrackScreen
import Persistence

/// `leettrack note PROBLEM [TEXT | --edit | --clear]`.
struct NoteCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Show, set, edit or clear a problem's note.",
        discussion: "Without TEXT, --edit or --clear it prints the note. --edit opens $VISUAL or $EDITOR.")

    @Argument(help: ArgumentHelp("An id, a slug, or title words (quoted).", valueName: "problem"), completion: .problems)
    var problemName: String
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new note.", valueName: "text")) var text: [String] = []
    @Flag(name: .shortAndLong, help: "Edit the note in $VISUAL or $EDITOR.") var edit = false
    @Flag(help: "Remove the note.") var clear = false
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack

    enum Action {
        case show
        case set(String)
        case edit
        case clear
    }

    private func action() throws -> Action {
        let text = self.text.joined(separator: " ")
        let chosen = [!text.isEmpty, edit, clear].filter { $0 }.count
        if chosen > 1 { throw Self.usageError("give only one of TEXT, '--edit' and '--clear'") }
        if !text.isEmpty {
            do {
                try InputRules.check(note: text, at: "TEXT")
            } catch {
                throw Self.usageError(error.reason)
            }
            return .set(text)
        }
        return edit ? .edit : clear ? .clear : .show
    }

    func run(_ context: CommandContext) throws {
        let problem = try context.catalog.resolve(problemName)
        let action = try action()
        let newNote: String
        switch action {
        case .show:
            let record = try context.progress(for: problem.slug)
            if json {
                try context.writeJSON(ProblemJSON(problem, record))
            } else if record.note.isEmpty {
                context.line("\(Format.name(problem)) has no note. Add one with `leettrack note \(problem.id) TEXT`.")
            } else {
                context.line(Format.outside(record.note))
            }
            return
        case .set(let text):
            newNote = text
        case .clear:
            newNote = ""
        case .edit:
            let current = try context.progress(for: problem.slug).note
            newNote = try Editor(environment: context.environment).edit(current, name: problem.slug)
            do {
                try InputRules.check(note: newNote, at: "")
            } catch {
                throw CLIError.failure("\(error.reason); the note is unchanged.")
            }
        }
        try ProgressChanges.apply([problem], json: json, in: context) { record in
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
    /// its final newline. The temporary file (0600, in a 0700 directory) is removed afterwards, also
    /// when a signal ends the process (see ``EditorTemporaryFile``).
    /// - Throws: `CLIError.failure` when no editor is set, it cannot start, or it fails.
    func edit(_ text: String, name: String) throws -> String {
        guard let command else {
            throw CLIError.failure("set $VISUAL or $EDITOR to edit notes, or give the note as text: `leettrack note PROBLEM TEXT`.")
        }
        let file = try EditorTemporaryFile(name: "\(name).md", contents: Data((text.isEmpty ? "" : text + "\n").utf8))
        defer { file.remove() }
        try open(file.path, command: command, unchanged: "the note is unchanged.")
        var edited = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)), as: UTF8.self)
        while edited.hasSuffix("\n") { edited.removeLast() }
        return edited
    }

    /// The editor's command: `$VISUAL`, else `$EDITOR` (the first that is set and not empty).
    var command: String? {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// Runs the editor `command` on `path` and waits for it; the file is its one argument.
    /// - Throws: `CLIError.failure` when it cannot start or fails, ending with `unchanged`.
    func open(_ path: String, command: String, unchanged: String) throws {
        // `sh -c` lets the variable hold arguments (`code --wait`), as git and others allow; the
        // file is passed as `$1`, never pasted into the shell's text.
        let ending: ForegroundProcess.Ending
        do {
            ending = try ForegroundProcess.run("/bin/sh", arguments: ["-c", "\(command) \"$1\"", "sh", path])
        } catch {
            throw CLIError.failure("cannot start the editor '\(command)': \(error.reason); \(unchanged)")
        }
        switch ending {
        case .exited(0):
            return
        case .exited(let status):
            throw CLIError.failure("the editor '\(command)' exited with status \(status); \(unchanged)")
        case .killed(let signal):
            throw CLIError.failure("the editor '\(command)' was ended by signal \(signal); \(unchanged)")
        }
    }
}
