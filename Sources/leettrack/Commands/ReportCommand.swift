import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `leettrack report [-o FILE] [--open]`: writes the progress report, one self-contained HTML page.
struct ReportCommand: LeetTrackCommand {
    /// Where the page goes without `-o`: the current directory, where the user will look for it
    /// (as `cargo doc` or coverage tools do), under a name that says what it is.
    static let defaultFileName = "leettrack-report.html"

    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML page of your progress: difficulties, a year's calendar, lists, tags, reviews.",
        discussion: paragraphs("""
            The page is one self-contained file (inline CSS and SVG, no script, nothing loaded from the
            network) that follows the system's light or dark theme. It shows progress by difficulty, the
            last year as a calendar heatmap with streaks, every study list and your own, the 15 most
            practised tags, what is due for review this week, your favorites and the latest 20 events.
            Without -o it writes ./\(defaultFileName), replacing an earlier report; -o DIRECTORY writes
            \(defaultFileName) in that directory; -o - prints the page. An existing file is replaced only
            when it is an earlier report (or empty); --force replaces any file. --open opens it with xdg-open.
            """))

    /// The `-o` value, or `nil` for the default.
    @Option(
        name: .shortAndLong, help: ArgumentHelp("Where to write the page (default: ./\(defaultFileName); - prints it).", valueName: "file"),
        completion: .file())
    var output: String?
    @Flag(help: "Open the page in the default browser (xdg-open) once written.") var open = false
    @Flag(help: "Replace the file even when it is not an earlier report.") var force = false
    @ParentCommand var root: LeetTrack

    private func check() throws {
        if output?.isEmpty == true { throw Self.usageError("'--output' needs a file name") }
        if open, output == "-" { throw Self.usageError("'--open' needs a file: it cannot open a page printed with '-o -'") }
    }

    func run(_ context: CommandContext, _ standardOutput: CommandOutput) throws {
        try check()
        let review = try context.reviewSettings()
        let report = ProgressReport(
            catalog: context.catalog, progress: try context.progress(), ownLists: try context.ownLists(),
            scheduler: try review.scheduler(), reviewCap: review.reviewCap, now: context.now, timeZone: context.timeZone,
            dailyGoal: try context.practiceSettings().dailyGoal)
        let page = report.html()
        if output == "-" { return standardOutput.writeData(page) }
        let file = try destination()
        // Any other file is kept unless --force.
        let refusal: ((String) -> String?)? = force ? nil : { Self.refusal($0) }
        do {
            // An earlier report is replaced only by a complete one; a device or a link is written through.
            try OutputFile.save(Data(page.utf8), to: file.path, sparingStoreAt: context.storePath, refusal: refusal)
        } catch {
            throw CLIError.failure("cannot write the report to \(file.path): \(error.reason). Nothing else was changed.")
        }
        // Not into the page itself: `-o /dev/stdout` is the page's own stream.
        if OutputFile.inheritedDescriptor(file.path) != 1 { standardOutput.line("Wrote the report to \(Format.outside(file.path))") }
        if open { try BrowserOpener.open(file, standardOutput) }
    }

    /// Why the existing regular file at `path` (through any link) must not be replaced: it holds
    /// something other than an earlier report (`report -o notes.html` must not destroy the user's
    /// page); `nil` for an earlier report or an empty file. Devices, pipes and inherited
    /// descriptors are written through, not replaced, and are not asked about.
    private static func refusal(_ path: String) -> String? {
        let descriptor = openForReading(path)
        guard descriptor >= 0 else { return nil }  // Saving says why it cannot be written, if so.
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: 4096)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 || (count > 0 && ProgressReport.isReport(start: Data(start[..<count]))) { return nil }
        return "it exists and is not a LeetTrack report, so it was left as it is; choose another file, or add --force to replace it"
    }

    /// The file to write: `-o` made absolute (inside it, when it names a directory), else the default.
    private func destination() throws -> URL {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var file = URL(fileURLWithPath: output ?? Self.defaultFileName, relativeTo: base).standardizedFileURL
        var isDirectory = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory {
            file.appendPathComponent(Self.defaultFileName)
        } else if output?.hasSuffix("/") == true {
            // `-o reports/` names a folder: never a file called `reports`.
            throw CLIError.failure("cannot write the report to \(file.path)/: the folder \(file.path) does not exist.")
        }
        let folder = file.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory {
            throw CLIError.failure("cannot write the report to \(file.path): the folder \(folder) does not exist.")
        }
        return file
    }
}

/// Opens `path` to read its start without blocking on a FIFO (`open` is the command's flag inside it).
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
}

/// Opens a file with the desktop's default application, without waiting for it: a browser may run
/// for hours, and a report command should return at once.
enum BrowserOpener {
    #if os(macOS)
    static let program = "open"
    #else
    static let program = "xdg-open"
    #endif

    static func open(_ file: URL, _ output: CommandOutput) throws {
        // PATH is read here rather than at start-up: only `--open` needs it.
        let path = Terminal.environment(["PATH"])["PATH"] ?? ""
        guard let executable = find(program, in: path) else {
            throw CLIError.failure(
                "the report was written, but there is no \(program) on PATH to open it. "
                    + "Open \(file.path) in a browser, or install xdg-utils.")
        }
        // Detached: the browser's chatter must not reach this terminal, nor keep a caller's pipes open.
        if let reason = DetachedProcess.start([executable.path, file.path]) {
            throw CLIError.failure("the report was written, but \(executable.path) could not be started: \(reason)")
        }
        output.line("Opening it with \(program).")
    }

    /// The first executable named `name` in the directories of `path` (a `PATH` value).
    static func find(_ name: String, in path: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory), isDirectory: true).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
