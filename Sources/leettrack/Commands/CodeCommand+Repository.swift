import ChildProcesses
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The code folder's git repository, driven through the real `git` (the first on `PATH`), run
/// as a child process without a shell, with the user's environment (so their own configuration,
/// identity, hooks and credentials apply) and `GIT_TERMINAL_PROMPT=0` (a credential prompt would
/// hang a command that is not waiting for one). We never set an identity or delete git's files.
struct CodeRepository {
    /// What went wrong, said so that the user knows what to do; `kind` tells the cases apart.
    struct Failure: Error, CustomStringConvertible {
        enum Kind: Equatable {
            case gitMissing, notRepository, busy, detached, locked, noIdentity, noRemote, rejected, offline, authentication, other
        }
        let kind: Kind
        let description: String
    }

    /// The folder (the code folder) the commands run in.
    let folder: String
    /// The `git` executable.
    let git: String

    /// The repository for `folder`, with `git` found on `searchPath`.
    /// - Throws: ``Failure/Kind/gitMissing`` when there is no `git`.
    init(folder: String, searchPath: String?) throws(Failure) {
        guard let git = CapturedProcess.find("git", searchPath: searchPath) else {
            throw Failure(kind: .gitMissing, description: "git is not installed (no `git` on PATH); install it")
        }
        self.folder = folder
        self.git = git
    }

    /// A finished run of git: its status and its output as text.
    struct Run {
        let status: Int32
        let output: String
        let error: String
        var succeeded: Bool { status == 0 }
        /// Git's own words for a failure, on one line, cut short.
        var said: String {
            let text = (error.isEmpty ? output : error).split(separator: "\n").map { String($0).trimmedOfWhitespace }
                .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }.joined(separator: " ")
            return text.count > 300 ? String(text.prefix(300)) + "…" : text
        }
    }

    /// Runs `git -C FOLDER arguments`.
    @discardableResult
    func run(_ arguments: [String]) throws(Failure) -> Run {
        do {
            let result = try CapturedProcess.run(git, ["-C", folder] + arguments, overrides: ["GIT_TERMINAL_PROMPT": "0"])
            return Run(
                status: result.status, output: String(decoding: result.standardOutput, as: UTF8.self),
                error: String(decoding: result.standardError, as: UTF8.self))
        } catch {
            throw Failure(kind: .gitMissing, description: "\(git) could not be started: \(error.reason)")
        }
    }

    /// Where the repository is: its work tree's top folder, its git directory, and the folder's
    /// place in the work tree (empty: the folder is the top).
    struct Location {
        let topLevel: String
        let gitDirectory: String
        let prefix: String
    }

    /// The repository holding the folder, if any (the folder itself or a parent's work tree).
    func location() throws(Failure) -> Location? {
        let run = try run(["rev-parse", "--show-toplevel", "--absolute-git-dir", "--show-prefix"])
        guard run.succeeded else { return nil }
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3 else { return nil }
        return Location(topLevel: lines[0], gitDirectory: lines[1], prefix: lines[2])
    }

    /// The repository, refusing one that a commit must not touch now: mid-merge, mid-rebase (or
    /// cherry-pick, revert, bisect is fine), a detached HEAD, or git's index lock held.
    func checkedLocation(retry: String) throws(Failure) -> Location {
        guard let location = try location() else {
            throw Failure(kind: .notRepository, description: "\(folder) is not in a git repository; `leettrack config code-git on` makes one")
        }
        let busy: [(String, String)] = [
            ("MERGE_HEAD", "a merge (finish it with `git merge --continue`, or `git merge --abort`)"),
            ("rebase-merge", "a rebase (finish it with `git rebase --continue`, or `git rebase --abort`)"),
            ("rebase-apply", "a rebase or `git am` (finish it with `--continue`, or `--abort`)"),
            ("CHERRY_PICK_HEAD", "a cherry-pick (finish it with `git cherry-pick --continue`, or `--abort`)"),
            ("REVERT_HEAD", "a revert (finish it with `git revert --continue`, or `--abort`)"),
        ]
        for (name, what) in busy where FileManager.default.fileExists(atPath: location.gitDirectory + "/" + name) {
            throw Failure(kind: .busy, description: "the repository at \(location.topLevel) is in the middle of \(what); then \(retry)")
        }
        let lock = location.gitDirectory + "/index.lock"
        if FileManager.default.fileExists(atPath: lock) {
            throw Failure(kind: .locked, description: "another git process holds \(lock) (if none is running, it was left behind: "
                + "remove it yourself); then \(retry)")
        }
        // HEAD names a branch (`ref: refs/heads/main`), or holds a commit's id when detached: read
        // where git keeps it rather than asked of one more git process (a solve runs several).
        let head = FileManager.default.contents(atPath: location.gitDirectory + "/HEAD").map { String(decoding: $0, as: UTF8.self) }
        if let head, !head.hasPrefix("ref: ") {
            throw Failure(kind: .detached, description: "the repository at \(location.topLevel) has a detached HEAD, and a commit there "
                + "would be lost at the next checkout; check out a branch (`git switch BRANCH`), then \(retry)")
        }
        return location
    }

    /// What a commit did.
    struct Commit {
        /// The new commit's short hash.
        let hash: String
        /// Whether it amended the day's commit of the problem.
        let amended: Bool
    }

    /// Commits `paths` (absolute, inside the work tree) and nothing else, whatever else is staged:
    /// `git commit --only` takes those paths alone, from the work tree. A new file is first made
    /// known to git with `add --intent-to-add` only (no content staged): a plain `add` staged the
    /// whole of each file, and a commit that then failed (a hook, signing) left the user's partial
    /// staging of it replaced.
    /// The commit amends HEAD when HEAD is this solve's commit (its trailers say so) and no
    /// remote branch holds it yet; otherwise it is a new commit.
    /// - Returns: `nil` when the paths are as committed already.
    func commit(_ paths: [String], message: CodeCommitMessage, retry: String) throws(Failure) -> Commit? {
        let status = try run(["status", "--porcelain", "--untracked-files=all", "--"] + paths)
        guard status.succeeded else { throw failure(status, doing: "look at the files", retry: retry) }
        let head = try run(["log", "-1", "--format=%B"])
        var amend = head.succeeded && message.isSameSolve(asMessage: head.output)
        if amend { amend = try !isPushed() }
        if status.output.isEmpty && !amend { return nil }
        // A tracked file's staged content is left as it is: `--intent-to-add` records only new ones.
        let add = try run(["add", "--intent-to-add", "--"] + paths)
        guard add.succeeded else { throw failure(add, doing: "add the files", retry: retry) }
        let commit = try run(["commit", "--only", "--no-edit", "-m", message.subject, "-m", message.trailers]
            + (amend ? ["--amend"] : []) + ["--"] + paths)
        guard commit.succeeded else { throw failure(commit, doing: "commit", retry: retry) }
        // Its first line is `[main 1a2b3c4] subject` (`[main (root-commit) 1a2b3c4]` first): the
        // short id, without one more git process.
        let first = commit.output.split(separator: "\n").first { $0.hasPrefix("[") } ?? ""
        let hash = first.split(separator: "]").first?.split(separator: " ").last.map(String.init) ?? ""
        return Commit(hash: hash, amended: amend)
    }

    /// Whether a remote-tracking branch holds HEAD (it was pushed: amending it would rewrite
    /// published history).
    func isPushed() throws(Failure) -> Bool {
        let run = try run(["for-each-ref", "--contains", "HEAD", "--format=%(refname)", "refs/remotes"])
        return !run.succeeded || !run.output.isEmpty
    }

    /// Those of `paths` that the repository's ignore rules (`.gitignore`, `info/exclude`) ignore.
    func ignored(_ paths: [String]) throws(Failure) -> [String] {
        guard !paths.isEmpty else { return [] }
        let run = try run(["check-ignore", "--no-index", "--"] + paths)
        // 1: none is ignored; 0: those printed are.
        guard run.status == 0 else { return [] }
        let printed = Set(run.output.split(separator: "\n").map(String.init))
        return paths.filter { printed.contains($0) }
    }

    /// Pushes the current branch: to its upstream, else (setting the upstream) to the only remote
    /// or `origin`.
    /// - Returns: git's summary line.
    func push(retry: String) throws(Failure) -> String {
        _ = try checkedLocation(retry: retry)
        let remotes = try run(["remote"]).output.split(separator: "\n").map(String.init)
        guard !remotes.isEmpty else {
            throw Failure(kind: .noRemote, description: "the repository has no remote to push to; add one with "
                + "`git -C \(folder) remote add origin URL`, then \(retry)")
        }
        let upstream = try run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])
        var arguments = ["push", "--porcelain"]
        if upstream.succeeded {
            // To the upstream by name: a plain `git push` (push.default simple) refuses an upstream
            // of another branch name (`main` tracking `origin/trunk`).
            let branch = try run(["symbolic-ref", "--quiet", "--short", "HEAD"]).output.trimmedOfWhitespace
            let remote = try run(["config", "--get", "branch.\(branch).remote"]).output.trimmedOfWhitespace
            let merge = try run(["config", "--get", "branch.\(branch).merge"]).output.trimmedOfWhitespace
            if !branch.isEmpty, !remote.isEmpty, merge.hasPrefix("refs/") { arguments += [remote, "HEAD:" + merge] }
        } else {
            guard let remote = remotes.count == 1 ? remotes[0] : remotes.first(where: { $0 == "origin" }) else {
                throw Failure(kind: .noRemote, description: "the branch has no upstream and there are several remotes "
                    + "(\(remotes.joined(separator: ", "))); set one with `git push -u REMOTE BRANCH`, then \(retry)")
            }
            arguments += ["--set-upstream", remote, "HEAD"]
        }
        let push = try run(arguments)
        guard push.succeeded else { throw failure(push, doing: "push", retry: retry) }
        return upstream.succeeded ? upstream.output.trimmedOfWhitespace : arguments[3]
    }

    /// A failed run as a failure of its kind, told by git's words (English; in another language
    /// the kind is `other` and git's words are still shown).
    func failure(_ run: Run, doing action: String, retry: String) -> Failure {
        let text = (run.error + run.output).lowercased()
        let said = run.said
        func has(_ words: String...) -> Bool { words.contains { text.contains($0.lowercased()) } }
        if has("Please tell me who you are", "unable to auto-detect email address", "empty ident name") {
            return Failure(kind: .noIdentity, description: "git does not know who you are, so it cannot commit; run "
                + "`git config --global user.email \"you@example.com\"` and `git config --global user.name \"Your Name\"`, then \(retry)")
        }
        if has("index.lock") {
            return Failure(kind: .locked, description: "another git process holds the repository's index.lock (\(said)); then \(retry)")
        }
        if has("Authentication failed", "could not read Username", "could not read Password", "Permission denied",
            "terminal prompts disabled", "returned error: 403", "returned error: 401")
        {
            return Failure(kind: .authentication, description: "the remote refused your credentials (\(said)); check them "
                + "(`git -C \(folder) push` asks), then \(retry)")
        }
        if has("[rejected]", "non-fast-forward", "fetch first", "! [remote rejected]", "\trejected") {
            return Failure(kind: .rejected, description: "the remote has commits this repository does not (\(said)); "
                + "`git -C \(folder) pull --rebase` brings them in, then \(retry); the local commit is kept")
        }
        if has("Could not resolve host", "unable to access", "Connection refused", "Network is unreachable", "timed out",
            "Could not read from remote repository", "does not appear to be a git repository", "No route to host")
        {
            return Failure(kind: .offline, description: "the remote cannot be reached (\(said)); the local commit is kept: \(retry) once it can")
        }
        return Failure(kind: .other, description: "git could not \(action) (\(said.isEmpty ? "exit status \(run.status)" : said)); \(retry)")
    }
}
