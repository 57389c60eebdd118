import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files that hold the user's data: a new file is created 0600 (never readable by others,
/// not even for a moment); an existing regular file is replaced atomically, keeping its mode; and
/// anything else (a FIFO, `/dev/stdout`, a terminal) is written through, never replaced.
enum PrivateFile {
    /// - Parameter message: the error message for the system's reason (`Permission denied`).
    /// - Throws: `CLIError.failure` with `message(reason)`.
    static func write(
        _ data: Data, to path: String, message: (String) -> String = { "cannot write the file: \($0)" }
    ) throws {
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CLIError.failure(message(String(cString: strerror(errno))))
            }
            do {
                try handle.write(contentsOf: data)
                try handle.close()
            } catch {
                throw CLIError.failure(message(error.localizedDescription))
            }
            return
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError.failure(message(String(cString: strerror(errno))))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard fchmod(descriptor, exists ? existing.st_mode & 0o777 : 0o600) == 0, rename(temporary, path) == 0 else {
                throw CLIError.failure(message(String(cString: strerror(errno))))
            }
        } catch let error as CLIError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw CLIError.failure(message(error.localizedDescription))
        }
    }
}
