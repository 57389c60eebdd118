import FoundationEssentials
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The note editor's temporary file: private (a 0700 directory holding a 0600 file, since a note
/// is the user's own text) and removed on every way out that can run code: a return, a thrown
/// error, and the signals that end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) or a trap
/// (SIGABRT, SIGTRAP, SIGILL, SIGSEGV, SIGBUS). Only SIGKILL can leave it behind.
final class EditorTemporaryFile {
    /// The file to hand to the editor.
    let path: String
    private let directory: String

    // What the signal handler needs, prepared beforehand: it may only make async-signal-safe calls.
    nonisolated(unsafe) private static var filePath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var directoryPath: UnsafeMutablePointer<CChar>?
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGTRAP, SIGILL, SIGSEGV, SIGBUS]

    /// `$TMPDIR` (ending in a slash), else `/tmp/`, as `NSTemporaryDirectory()` answers.
    private static func temporaryDirectory() -> String {
        guard let pointer = getenv("TMPDIR"), pointer.pointee != 0 else { return "/tmp/" }
        let directory = String(cString: pointer)
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// Creates the directory and the file named `name` holding `contents`.
    init(name: String, contents: Data) throws {
        let base = Self.temporaryDirectory() + "leettrack-\(getpid())-\(UUID().uuidString)"
        guard mkdir(base, 0o700) == 0 else {
            throw CLIError.failure("cannot create a temporary directory \(base): \(String(cString: strerror(errno)))")
        }
        directory = base
        path = base + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(base)
            throw CLIError.failure("cannot create the temporary file \(path): \(reason)")
        }
        defer { close(descriptor) }
        do {
            try FileDescriptorOutput.write(Array(contents), to: descriptor)
        } catch {
            remove()
            throw CLIError.failure("cannot write the temporary file \(path): \(error)")
        }
        Self.install(file: path, directory: base)
    }

    deinit {
        remove()
    }

    /// Whether the file stays: it holds text the user wrote that was not saved (``keep()``).
    private var kept = false

    /// Leaves the file and its directory in place, for a message to name: the user's text in it
    /// was refused. The signal handlers are taken away.
    func keep() {
        kept = true
        Self.uninstall()
    }

    /// Removes the file and its directory, unless kept, and takes the signal handlers away.
    func remove() {
        Self.uninstall()
        guard !kept else { return }
        unlink(path)
        rmdir(directory)
    }

    private static func install(file: String, directory: String) {
        #if canImport(Glibc)
        filePath = strdup(file)
        directoryPath = strdup(directory)
        EndingSignals.install(signals) { EditorTemporaryFile.removeOnSignal() }
        #endif
    }

    private static func uninstall() {
        guard filePath != nil else { return }
        EndingSignals.uninstall()
        free(filePath)
        free(directoryPath)
        filePath = nil
        directoryPath = nil
    }

    /// Removes the file and its directory; ``EndingSignals`` then lets the signal end the process
    /// (or report its crash) as it would have.
    private static func removeOnSignal() {
        if let filePath { unlink(filePath) }
        if let directoryPath { rmdir(directoryPath) }
    }
}
