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

/// The code folder as a git repository (`config code-git on`): a solve's files and the README
/// index committed after the store has recorded the solve, and pushed on demand.
enum CodeGit {
    /// `git` found on this process's `PATH`, run in `folder`.
    static func repository(_ folder: String) throws(CodeRepository.Failure) -> CodeRepository {
        try CodeRepository(folder: folder, searchPath: Terminal.environment(["PATH"])["PATH"])
    }

    /// The code folder of `context`'s store.
    static func folder(_ settings: CodeSettings, _ context: CommandContext) -> String {
        settings.resolvedDirectory(home: CodeSolution.home(context.environment))
    }

    /// After `problems` were solved and the store has committed: with `code-git` on, each
    /// problem's files are committed (and pushed with `code-push` on). A failure is a warning on
    /// standard error and never fails the solve, which is recorded already. With `json`, what
    /// would go to standard output goes to standard error (standard output holds the JSON).
    static func afterSolve(_ problems: [Problem], json: Bool = false, _ context: CommandContext, _ output: CommandOutput) {
        let say = { (line: String) in Self.say(line, json: json, output) }
        let settings: CodeSettings
        do {
            settings = try context.tracker().codeFiles.settings()
        } catch {
            return Terminal.writeError("warning: the code settings could not be read (\(words(error))), so nothing was committed to git.\n")
        }
        guard settings.commitsToGit else { return }
        var committed = false
        for problem in problems {
            do {
                if let line = try commit(problem, settings: settings, context) {
                    say(line)
                    committed = true
                }
            } catch {
                var text = words(error)
                if !text.contains("leettrack code commit") { text += "; then `leettrack code commit \(problem.id)` commits it" }
                Terminal.writeError("warning: the solve is recorded, but git did not commit it: \(text)\n")
            }
        }
        guard committed, settings.push == true else { return }
        do {
            let branch = try repository(folder(settings, context)).push(retry: "`leettrack code push` pushes it")
            say("Pushed to \(Format.outside(branch)).")
        } catch {
            Terminal.writeError("warning: the commit is kept, but it was not pushed: \(error)\n")
        }
    }

    /// Says `line` on standard output, or with `json` (standard output holds the JSON) on standard error.
    static func say(_ line: String, json: Bool, _ output: CommandOutput) {
        if json { Terminal.writeError(line + "\n") } else { output.line(line) }
    }

    /// An error's message without a prefix: a sentence that follows "git did not commit it: ".
    private static func words(_ error: any Error) -> String {
        if let error = error as? CLIError, case .failure(let text) = error { return text }
        return "\(error)"
    }

    /// Commits `problem`'s solution files in the code folder and the README index, and says what
    /// it did in one line; `nil` when there was nothing to commit.
    static func commit(_ problem: Problem, settings: CodeSettings, _ context: CommandContext) throws -> String? {
        let folder = folder(settings, context)
        let retry = "`leettrack code commit \(problem.id)` commits it"
        let repository = try repository(folder)
        _ = try repository.checkedLocation(retry: retry)
        let tracker = try context.tracker()
        let summary = try tracker.progress.readableSummaries { $0 == problem.slug }.summaries[problem.slug]
        guard let solve = summary?.events.last(where: { $0.kind == .solved }) else {
            throw CLIError.failure("\(Format.name(problem)) has no solve to commit; `leettrack solve \(problem.id)` records one")
        }
        let names = try folderNames(folder)
        let files = CodeIndex.solutionFiles(in: names, catalog: tracker.catalog)
        let ownFiles = files[problem.slug] ?? []
        guard !ownFiles.isEmpty else {
            throw CLIError.failure("\(Format.name(problem)) has no solution file in \(Format.outside(folder)) "
                + "(`leettrack code \(problem.id)` makes one)")
        }
        try writeIndex(files: files, settings: settings, folder: folder, context)
        let ignored = try repository.ignored(ownFiles + [CodeIndex.fileName])
        if !ignored.isEmpty {
            Terminal.writeError("\(ignored.map(Format.outside).joined(separator: ", ")) "
                + "\(ignored.count == 1 ? "is" : "are") ignored by the repository's .gitignore: not committed.\n")
        }
        let paths = (ownFiles + [CodeIndex.fileName]).filter { !ignored.contains($0) }
        for name in ownFiles where !ignored.contains(name) && !isUTF8(folder + "/" + name) {
            // Git keeps bytes, not text: the file is committed as it is (the message comes from
            // the catalog, not from the file), so nothing the user wrote is lost or changed.
            Terminal.writeError("\(Format.outside(name)) is not UTF-8 text; it is committed as its bytes.\n")
        }
        guard !paths.isEmpty else { return nil }
        let message = CodeCommitMessage(problem: problem, day: LocalDay(solve.date, in: tracker.timeZone), seconds: solve.seconds)
        guard let commit = try repository.commit(paths, message: message, retry: retry) else { return nil }
        let what = paths.map(Format.outside).joined(separator: ", ")
        let hash = commit.hash.isEmpty ? "" : " (\(Format.outside(commit.hash)))"
        return commit.amended
            ? "Amended the commit of \(Format.name(problem)) of \(message.day) with \(what)\(hash)."
            : "Committed \(what) to git\(hash)."
    }

    /// The names in `folder`.
    private static func folderNames(_ folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CLIError.failure("the code folder \(Format.outside(folder)) cannot be listed: \(FileErrorReason.text(error))")
        }
    }

    /// Writes the README index of the solved problems among `files`, keeping the user's text
    /// outside the markers; a README already up to date is left alone.
    private static func writeIndex(files: [String: [String]], settings: CodeSettings, folder: String, _ context: CommandContext) throws {
        let tracker = try context.tracker()
        let index = CodeIndex(entries: try CodeIndex.entries(files: files, tracker: tracker), grouping: settings.index ?? .sections)
        let block = index.block(catalog: tracker.catalog, followedList: try context.practiceSettings().followedList)
        let path = folder + "/" + CodeIndex.fileName
        // A link could lead out of the folder (a cloned repository may hold one), and a FIFO would
        // never end: only a regular file is read and written.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw CLIError.failure("the index \(Format.outside(path)) is not a regular file (a link, a folder or a FIFO); it was not written. "
                + "Put a plain file (or none) there")
        }
        let existing: Data?
        if FileManager.default.fileExists(atPath: path) {
            do {
                existing = try ExchangeFile.contents(of: path)
            } catch {
                throw CLIError.failure("\(error)")
            }
        } else {
            existing = nil
        }
        guard let merged = CodeIndex.merged(block, into: existing) else {
            throw CLIError.failure("the index \(Format.outside(path)) holds leettrack's index markers other than one start before one end, "
                + "so which text is the index cannot be told; it was not written. Leave one `\(CodeIndex.startMarker)` before one "
                + "`\(CodeIndex.endMarker)` around the index, or neither")
        }
        guard merged != existing else { return }
        do {
            try OutputFile.save(merged, to: path, sparingStoreAt: context.storePath)
        } catch {
            throw CLIError.failure("the index \(Format.outside(path)) could not be written: \(error.reason)")
        }
    }

    /// Whether the file at `path` holds UTF-8 text (one that cannot be read counts as text: git says why).
    private static func isUTF8(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return true }
        return String(validating: data, as: UTF8.self) != nil
    }

    /// `config code-git on`: the repository made (`git init`) or adopted; says which.
    static func enable(_ context: CommandContext) throws -> String {
        let settings = try context.tracker().codeFiles.settings()
        let folder = folder(settings, context)
        do {
            try SolutionFile.ensureFolder(folder)
        } catch {
            throw CLIError.failure("\(error)")
        }
        let repository = try repository(folder)
        // A bare repository has no working tree to commit from, and a `.git` made inside it would
        // hide its history from every clone: it is refused, never adopted or covered.
        let bare = try repository.run(["rev-parse", "--is-bare-repository"])
        if bare.succeeded, bare.output.trimmedOfWhitespace == "true" {
            throw CLIError.failure("the code folder \(Format.outside(folder)) is a bare git repository (no working tree); "
                + "code-git stays off. Clone it and set `leettrack config code-dir` to the clone")
        }
        if let location = try repository.location() {
            return location.prefix.isEmpty
                ? "The code folder \(Format.outside(folder)) is a git repository already: it is used as it is."
                : "The code folder \(Format.outside(folder)) is inside the git repository at \(Format.outside(location.topLevel)): "
                    + "solves are committed there."
        }
        let run = try repository.run(["init", "--quiet"])
        guard run.succeeded else {
            throw CLIError.failure("git could not make a repository in \(Format.outside(folder)) (\(Format.outside(run.said))); code-git stays off")
        }
        return "Made a git repository in the code folder \(Format.outside(folder))."
    }
}

extension CodeGit {
    /// `leettrack code commit PROBLEM`: commits the problem's files now.
    static func commitNow(_ name: String, _ context: CommandContext, _ output: CommandOutput) throws {
        let problem = try context.catalog.resolve(name)
        let settings = try context.tracker().codeFiles.settings()
        guard settings.commitsToGit else {
            throw CLIError.failure("code-git is off; `leettrack config code-git on` makes the code folder a git repository")
        }
        do {
            output.line(try commit(problem, settings: settings, context)
                ?? "Nothing to commit: the files of \(Format.name(problem)) are committed already.")
        } catch let failure as CodeRepository.Failure {
            throw CLIError.failure(failure.description)
        }
    }

    /// `leettrack code push`.
    static func push(_ context: CommandContext, _ output: CommandOutput) throws {
        let settings = try context.tracker().codeFiles.settings()
        do {
            let target = try repository(folder(settings, context)).push(retry: "run `leettrack code push` again")
            output.line("Pushed to \(Format.outside(target)).")
        } catch {
            throw CLIError.failure(error.description)
        }
    }
}
