import Foundation
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
    nonisolated(unsafe) private static let previousActions: UnsafeMutableBufferPointer<sigaction> = {
        let buffer = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 65)
        buffer.initialize(repeating: sigaction())
        return buffer
    }()
    /// The signal mask before ``install``, put back by ``uninstall``.
    nonisolated(unsafe) private static var previousMask = sigset_t()
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGTRAP, SIGILL, SIGSEGV, SIGBUS]

    /// Creates the directory and the file named `name` holding `contents`.
    init(name: String, contents: Data) throws {
        let base = NSTemporaryDirectory() + "leettrack-\(getpid())-\(UUID().uuidString)"
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
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: contents)
        } catch {
            remove()
            throw CLIError.failure("cannot write the temporary file \(path): \(error.localizedDescription)")
        }
        Self.install(file: path, directory: base)
    }

    deinit {
        remove()
    }

    /// Removes the file and its directory and takes the signal handlers away.
    func remove() {
        Self.uninstall()
        unlink(path)
        rmdir(directory)
    }

    private static func install(file: String, directory: String) {
        #if canImport(Glibc)  // The handler's field is spelled differently on Darwin.
        filePath = strdup(file)
        directoryPath = strdup(directory)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in EditorTemporaryFile.handle(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
        // A parent may start us with these signals blocked (a program's worker thread blocks them,
        // and a child inherits that mask): they would then wait for the editor to exit, and the
        // file would outlive a `kill`. This thread takes them while the file exists.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
        #endif
    }

    private static func uninstall() {
        guard filePath != nil else { return }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for signal in signals {
            sigaction(signal, &previousActions[Int(signal)], nil)
        }
        free(filePath)
        free(directoryPath)
        filePath = nil
        directoryPath = nil
    }

    /// Removes the files, puts back the previous handler and raises the signal again, so the
    /// process ends (or reports its crash) as it would have.
    private static func handle(_ signal: Int32) {
        if let filePath { unlink(filePath) }
        if let directoryPath { rmdir(directoryPath) }
        sigaction(signal, &previousActions[Int(signal)], nil)
        raise(signal)
    }
}
