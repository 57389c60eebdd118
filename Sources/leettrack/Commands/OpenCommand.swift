import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack open PROBLEM [--print]`: the problem's page in a web browser.
struct OpenCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a problem's LeetCode page in your web browser.",
        discussion: paragraphs("""
            The browser is $BROWSER (a colon-separated list of commands, tried in order; %s in one \
            stands for the URL, else the URL is its last argument; no shell is involved), else \
            xdg-open (open on macOS). It starts in the background with no output. When none starts, \
            or with --print, the URL is printed instead.
            """))

    @Argument(help: .problem, completion: .problems) var problemName: String
    @Flag(help: "Print the URL instead of opening it.") var print = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let problem = try context.problemToShow(problemName, doing: print ? "Showing" : "Opening")
        if print {
            output.line(problem.url)
            return
        }
        // $BROWSER is read here, not at start-up: only `open` needs it.
        switch BrowserOpener.open(url: problem.url, environment: Terminal.environment(["BROWSER"])) {
        case .opened(let command):
            // The command is $BROWSER's words, from outside: inert on a colour terminal too.
            output.line("Opened \(Format.name(problem)) with \(Format.outside(command)): \(problem.url)")
        case .failed(let reasons):
            // The reasons name $BROWSER's words, which come from outside.
            Terminal.writeError("No browser could be started (\(reasons.joined(separator: "; "))); the URL:\n")
            output.line(problem.url)
        }
    }
}

/// Opening a URL the way the `BROWSER` convention and the desktop say: each command of `$BROWSER`
/// in turn, then the platform's opener (``BrowserOpener/program``).
extension BrowserOpener {
    /// The outcome of ``open(url:environment:)``.
    enum Outcome: Equatable {
        /// This command started.
        case opened(String)
        /// Nothing started; why, per command tried.
        case failed([String])
    }

    /// The commands to try for `url`, each as its argv: `$BROWSER`'s entries, then
    /// ``program``. An entry's words are split on spaces (no shell: quotes are not special); `%s`
    /// in a word becomes the URL, and without one the URL is the last argument.
    static func candidates(for url: String, environment: [String: String]) -> [[String]] {
        var commands: [[String]] = []
        for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
            let words = entry.split(separator: " ").map(String.init)
            guard !words.isEmpty else { continue }
            let substituted = words.map { $0.replacing("%s", with: url) }
            commands.append(words.contains { $0.contains("%s") } ? substituted : words + [url])
        }
        commands.append([program, url])
        return commands
    }

    /// Starts the first command that can start, detached (see ``DetachedProcess``), without waiting.
    static func open(url: String, environment: [String: String]) -> Outcome {
        var reasons: [String] = []
        for command in candidates(for: url, environment: environment) {
            guard let reason = DetachedProcess.start(command) else { return .opened(command[0]) }
            reasons.append("\(command[0]): \(reason)")
        }
        return .failed(reasons)
    }
}
