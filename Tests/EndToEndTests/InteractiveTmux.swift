import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `leettrack` binary in a private tmux server, for the interactive screen's
/// end-to-end tests: keys go in with `send-keys`, the screen comes back with `capture-pane`.
final class InteractiveTmux {
    /// The tmux executable, or `nil` when it is not installed (the tests are then skipped).
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The `leettrack` binary built beside the test bundle.
    static var leettrack: URL {
        let candidates = [
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for directory in candidates {
            let binary = directory.appendingPathComponent("leettrack")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return candidates[0].appendingPathComponent("leettrack")
    }

    let directory: URL
    let socket: String
    /// The test's folder, removed after `deinit` has stopped the server.
    private let folder: TemporaryFolder
    let storePath: String
    private let jobControl: Bool
    /// The commands that record the exit code and the terminal settings after the program.
    private let trailer: String

    /// Starts `leettrack ARGUMENTS` (by default `tui --list`: the list, not the start view) in a `width` x `height` pane, on a store in a fresh temporary
    /// directory. The pane's shell records the terminal settings before and after, and the exit code.
    ///
    /// With `jobControl`, the pane runs an interactive bash and the command is typed at its prompt,
    /// as a user does, so Ctrl-Z stops the program and `fg` resumes it. `setUp` runs first, with
    /// the store's path, to put records in the store before the screen opens. With `runAs`, the
    /// program runs as that user; with `launcher` (`["/usr/bin/unshare", "-n"]`), under that command.
    init(
        arguments: [String] = ["tui", "--list"], width: Int = 80, height: Int = 24, jobControl: Bool = false,
        environment: [String: String] = [:], runAs user: String? = nil, launcher: [String] = [],
        setUp: (_ storePath: String) throws -> Void = { _ in }
    ) throws {
        folder = try TemporaryFolder("leettrack-tmux")
        directory = folder.url
        socket = directory.appendingPathComponent("tmux.socket").path
        storePath = directory.appendingPathComponent("store.sqlite").path
        try setUp(storePath)
        // As another user (`runAs`, which needs root), the store is named with --store: runuser
        // passes the environment on, but not every variable to every user.
        let store = storePath
        let program = user.map { ["/usr/sbin/runuser", "-u", $0, "--", Self.leettrack.path, "--store", store] } ?? [Self.leettrack.path]
        let command = (launcher + program + arguments).map(Self.quoted).joined(separator: " ")
        let folder = directory
        let file = { (name: String) in Self.quoted(folder.appendingPathComponent(name).path) }
        let before = "stty -g > \(file("stty-before"))"
        let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value)) " }.joined()
        let run = "\(settings)LEETTRACK_STORE=\(Self.quoted(storePath)) \(command)"
        // The marker is quoted apart: typed at bash's prompt (job control), the command line itself
        // shows on the screen, and only the echo's output may read LEETTRACK-EXITED.
        let after = "echo $? > \(file("exit-code")); stty -g > \(file("stty-after")); echo LEETTRACK-''EXITED"
        let size = ["-x", "\(width)", "-y", "\(height)"]
        self.jobControl = jobControl
        trailer = after
        if jobControl {
            // Each line on its own: bash goes on with the rest of a list when a job stops.
            try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main"] + size + ["env", "PS1=$ ", "bash", "--norc", "--noprofile", "-i"])
            try type(before)
            try send("Enter")
            try type(run)
            try send("Enter")
        } else {
            try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main"] + size + ["sh", "-c", "\(before); \(run); \(after); sleep 600"])
        }
    }

    deinit {
        // The server's process id first: should `kill-server` fail, the server is killed anyway,
        // and with it the pane's programs (they get the hangup of a closed terminal), so that no
        // test leaves a screen running.
        let server = (try? tmux(["display-message", "-p", "#{pid}"])).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let killed = (try? tmux(["kill-server"])) != nil
        // Only when kill-server failed, and while that process is still this test's server (tmux
        // keeps the starting client's arguments, with this socket's path; the id could have been
        // given to another process by now).
        if !killed, let server, server > 1,
            let arguments = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(server)/cmdline")),
            String(decoding: arguments, as: UTF8.self).contains(socket) {
            kill(server, SIGKILL)
        }
        // The folder goes with `folder`, after this: once the server is gone.
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Presses keys, in tmux's names (`Enter`, `Escape`, `C-c`, `Down`) or as literal text.
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Pastes `text` as a terminal does, in one piece and inside bracketed-paste markers (the
    /// screen asks for them), through a tmux buffer: text of any length, which `send-keys` would
    /// have to pass on a command line.
    func paste(_ text: String) throws {
        let file = path("paste")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try tmux(["load-buffer", "-b", "pasted", file])
        try tmux(["paste-buffer", "-p", "-d", "-b", "pasted", "-t", "main"])
    }

    /// The pane's text now; with `escapes`, including the SGR sequences of its colours and attributes.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"] + (escapes ? ["-e"] : []))
    }

    /// Waits until the screen satisfies `condition` (checking every 20 ms, for at most `timeout`
    /// seconds) and returns the last screen seen. tmux has no event for "the pane changed", so
    /// this polls; it returns as soon as the condition holds.
    @discardableResult
    func waitForScreen(timeout: Double = 5, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while !condition(last), Date() < deadline {
            usleep(20_000)
            last = try screen()
        }
        return last
    }

    /// Waits until the screen contains `text`; returns whether it did.
    func waitFor(_ text: String, timeout: Double = 5) throws -> Bool {
        try waitForScreen(timeout: timeout) { $0.contains(text) }.contains(text)
    }

    /// Waits until `condition` holds (checking every 20 ms, for at most `timeout` seconds);
    /// returns whether it did.
    func waitUntil(timeout: Double = 5, condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    /// The state letter of a process from `/proc` (`S` sleeping, `T` stopped).
    func processState(_ pid: Int32) throws -> String {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { return "" }
        return String(stat[stat.index(close, offsetBy: 2)])
    }

    /// Changes the pane's size, as a user resizing the window does.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The process id of the program running in the pane (the shell's child).
    func programProcessID() throws -> Int32? {
        let shell = try tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// The exit code the pane's shell recorded, once the program ended.
    func exitCode() throws -> Int32? {
        if jobControl {
            // Type the trailer only once the program is gone, or the program would read it.
            guard try waitUntil(condition: { try screenModesRestored() && programProcessID() == nil }) else { return nil }
            try type(trailer)
            try send("Enter")
        }
        guard try waitFor("LEETTRACK-EXITED") else { return nil }
        return Int32(try String(contentsOfFile: path("exit-code"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the terminal settings after the program are the ones from before it.
    func terminalSettingsRestored() throws -> Bool {
        let before = try String(contentsOfFile: path("stty-before"), encoding: .utf8)
        let after = try String(contentsOfFile: path("stty-after"), encoding: .utf8)
        return before == after
    }

    /// Whether the pane is back on the normal screen with a visible cursor.
    func screenModesRestored() throws -> Bool {
        let modes = try tmux(["display-message", "-p", "-t", "main", "#{alternate_on} #{cursor_flag}"])
        return modes.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1"
    }

    /// Runs a tmux command and returns its output.
    ///
    /// Through `Spawn`, which waits for the client and nothing else, and lets the server the client
    /// starts inherit no descriptor of this process (with `system(3)` it kept every pipe open at
    /// that moment, and a test reading one to the end waited for this test's server). Not through
    /// Foundation's `Process`: a tmux server started from it exits at once here.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        let output = path("tmux-output")
        let status = Spawn.run([executable.path, "-S", socket] + arguments, environment: ProcessInfo.processInfo.environment, output: output, errors: "/dev/null")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw InteractiveTmuxError.commandFailed(arguments, status: status) }
        return text
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A tmux command that failed.
enum InteractiveTmuxError: Error {
    case commandFailed([String], status: Int32)
}

/// Runs the built `leettrack` with `arguments` and returns its exit code, stdout and stderr.
func runLeettrackForInteractiveTests(
    _ arguments: [String], store: String, input: FileHandle? = nil, environment extra: [String: String] = [:]
) throws -> (code: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = InteractiveTmux.leettrack
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment.merging(extra) { _, given in given }
    environment["LEETTRACK_STORE"] = store
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}
