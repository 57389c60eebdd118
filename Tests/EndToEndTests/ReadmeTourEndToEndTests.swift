import Foundation
import Testing

/// The README's tour is run, as written, against the real binary: its shown output must be what
/// the program prints, on any date the README is read.
///
/// Rules (the README is the single source of truth; this test only reads it):
/// - every ```` ```console ```` block of README.md is run; a line starting with `$ ` is a command
///   (run by `/bin/sh`, with `leettrack` on `PATH`, so quoting, `# comments` and `echo $?` work as
///   in a shell), the lines after it, up to the next command, are what it prints (standard output
///   and standard error together, as a terminal shows them);
/// - a block runs on the day of the last `LEETTRACK_TODAY=YYYY-MM-DD` the README's text names
///   before it: the tour's days, due dates and streaks are those of that day;
/// - the blocks run in order on one new store; `HOME` is a new folder shown as `/home/ada`, and
///   `EDITOR` is `true`;
/// - a line `...` in the shown output stands for any number of lines the README leaves out;
///   trailing spaces are ignored (Markdown does not keep them).
@Suite("The README's tour, run against the binary")
struct ReadmeTourEndToEndTests {
    /// One command of a console block and what the README shows it printing.
    struct Step {
        var command: String
        var shown: [String]
        /// The README's line of the command (1-based).
        var line: Int
        var today: String
    }

    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The steps of every console block, in order; a block with no day before it is an error.
    static func steps(of text: String) throws -> [Step] {
        var steps: [Step] = []
        var today: String?
        var inConsole = false
        var inOtherBlock = false
        let dayPattern = /LEETTRACK_TODAY=(\d{4}-\d{2}-\d{2})/
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if inConsole {
                if line.hasPrefix("```") {
                    inConsole = false
                } else if line.hasPrefix("$ ") {
                    guard let today else { throw TourError.noDay(line: index + 1) }
                    steps.append(Step(command: String(line.dropFirst(2)), shown: [], line: index + 1, today: today))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].shown.append(line)
                }
            } else if inOtherBlock {
                if line.hasPrefix("```") { inOtherBlock = false }
            } else if line.hasPrefix("```console") {
                inConsole = true
            } else if line.hasPrefix("```") {
                inOtherBlock = true
            } else {
                for match in line.matches(of: dayPattern) { today = String(match.output.1) }
            }
        }
        return steps
    }

    /// Whether `lines` are what `shown` shows, a `...` line standing for any number of lines.
    static func matches(_ shown: [String], _ lines: [String]) -> Bool {
        let shown = shown.map(trimmed)
        let lines = lines.map(trimmed)
        // matched[i][j]: shown[i...] matches lines[j...].
        var matched = Array(repeating: Array(repeating: false, count: lines.count + 1), count: shown.count + 1)
        matched[shown.count][lines.count] = true
        for i in stride(from: shown.count - 1, through: 0, by: -1) {
            for j in stride(from: lines.count, through: 0, by: -1) {
                if shown[i] == "..." {
                    matched[i][j] = matched[i + 1][j] || (j < lines.count && matched[i][j + 1])
                } else {
                    matched[i][j] = j < lines.count && shown[i] == lines[j] && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// `line` without its trailing spaces.
    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line.removeLast() }
        return String(line)
    }

    /// Runs `command` with `sh`, its `$?` set to `status` first; returns its lines and exit status.
    static func run(_ command: String, after status: Int32, today: String, runner: LeetTrackRunner) throws -> (lines: [String], status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "(exit \(status)); \(command)"]
        var environment = runner.environment([
            "LEETTRACK_STORE": runner.storePath, "LEETTRACK_TODAY": today, "EDITOR": "true",
            "PATH": LeetTrackRunner.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ])
        environment["LEETTRACK_NOW"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: runner.directory.path, with: "/home/ada")
        if text.hasSuffix("\n") { text.removeLast() }
        return (text.isEmpty ? [] : text.components(separatedBy: "\n"), process.terminationStatus)
    }

    @Test("the tour has console blocks, each with a day, and commands with shown output")
    func tourIsThere() throws {
        let steps = try Self.steps(of: String(contentsOf: Self.readme, encoding: .utf8))
        #expect(steps.count >= 10)
        #expect(Set(steps.map(\.today)).count >= 2, "the tour spans several days")
    }

    @Test("every command of the README's tour prints what the README shows, on the day it names")
    func tourMatchesTheProgram() throws {
        let steps = try Self.steps(of: String(contentsOf: Self.readme, encoding: .utf8))
        let runner = try LeetTrackRunner()
        var status: Int32 = 0
        var differences: [String] = []
        for step in steps {
            let result = try Self.run(step.command, after: status, today: step.today, runner: runner)
            status = result.status
            guard !Self.matches(step.shown, result.lines) else { continue }
            differences.append(Self.difference(step, result.lines))
        }
        if !differences.isEmpty {
            Issue.record("README.md's tour differs from the program (the program is right unless it has a bug):\n\n\(differences.joined(separator: "\n\n"))")
        }
    }

    /// What differs for one step: what the README shows (with its line numbers), what the program
    /// printed (as it would stand in the README), and the first line that differs.
    static func difference(_ step: Step, _ lines: [String]) -> String {
        var text = "README.md:\(step.line): $ \(step.command)   (LEETTRACK_TODAY=\(step.today))\n"
        text += step.shown.isEmpty
            ? "--- the README shows nothing\n" : "--- the README shows (lines \(step.line + 1)-\(step.line + step.shown.count)):\n"
        text += step.shown.map { $0 + "\n" }.joined()
        text += "+++ the program printed:\n"
        text += lines.map { $0 + "\n" }.joined()
        let first = zip(step.shown, lines).enumerated().first { trimmed($0.element.0) != trimmed($0.element.1) }
        if let first, first.element.0 != "..." {
            text += "first difference, README.md:\(step.line + 1 + first.offset):\n  README:  \(first.element.0)\n  program: \(first.element.1)"
        } else if first == nil {
            text += "the README shows \(step.shown.count) lines, the program printed \(lines.count)"
        }
        return text
    }

    @Test("a ... line stands for any number of lines, and nothing else is loose")
    func ellipsisMatching() {
        #expect(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "...", "d"], ["a", "d"]))
        #expect(Self.matches(["a", "..."], ["a", "b"]))
        #expect(Self.matches(["a  "], ["a"]))
        #expect(!Self.matches(["a", "...", "d"], ["a", "b", "c"]))
        #expect(!Self.matches(["a", "b"], ["a", "b", "c"]))
        #expect(!Self.matches(["a", "b"], ["a", "c"]))
    }
}

enum TourError: Error, CustomStringConvertible {
    case noDay(line: Int)

    var description: String {
        switch self {
        case .noDay(let line):
            "README.md:\(line): a console block's command comes before any LEETTRACK_TODAY=YYYY-MM-DD in the text: the tour must say on which day it runs"
        }
    }
}
