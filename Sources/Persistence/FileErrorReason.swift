import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain words for why a file operation failed, instead of Foundation's text
/// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
public enum FileErrorReason {
    /// The system's reason (`permission denied`, `no such file or folder`, see ``system(_:)``)
    /// where the error carries one, else a sentence for Foundation's file error codes, else the error's own
    /// description.
    public static func text(_ error: any Error) -> String {
        if let error = error as? POSIXError { return system(error.code.rawValue) }
        if let error = error as? CocoaError {
            if let underlying = error.underlying as? POSIXError { return system(underlying.code.rawValue) }
            return cocoaReasons[error.code.rawValue] ?? "the system refused the operation"
        }
        var text = String(describing: error)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Why a system call failed, for `code` (`errno`): a sentence of ours for the common codes,
    /// else the C library's text labelled with its number.
    public static func system(_ code: Int32) -> String {
        if let sentence = systemSentences[code] { return sentence }
        guard let message = strerror(code) else { return "system error \(code)" }
        return "the system refused it (error \(code): \(String(cString: message)))"
    }

    /// The common `errno` values in words. A user reads them after a path: "cannot open the store
    /// at a/b/store.sqlite: a part of the path is not a folder".
    private static let systemSentences: [Int32: String] = [
        EPERM: "the operation is not permitted",
        ENOENT: "no such file or folder",
        EIO: "the disk reported an input/output error",
        EACCES: "permission denied",
        EEXIST: "a file already exists there",
        ENOTDIR: "a part of the path is not a folder",
        EISDIR: "it is a folder",
        EINVAL: "the system does not accept this operation there",
        ENFILE: "the system has too many files open",
        EMFILE: "this program has too many files open",
        EFBIG: "the file is too large",
        ENOSPC: "the disk is full (no space left on device)",
        EROFS: "the file system is read-only",
        EMLINK: "the folder has too many links",
        ENAMETOOLONG: "the name is too long",
        ELOOP: "the path has too many symbolic links (or a loop of them)",
        EDQUOT: "the disk quota is exceeded",
        EXDEV: "the two paths are on different file systems",
        ENOTEMPTY: "the folder is not empty",
        EBUSY: "the file or folder is in use",
        ETXTBSY: "the file is in use",
        ENXIO: "no such device",
        ENODEV: "no such device",
        ESTALE: "the network file system lost the file (stale file handle)",
    ]

    /// Foundation's file error codes (`CocoaError.Code`) in words.
    private static let cocoaReasons: [Int: String] = [
        4: "no such file or folder",  // fileNoSuchFile
        255: "the file is locked",  // fileLocking
        256: "the file cannot be read",  // fileReadUnknown
        257: "permission denied",  // fileReadNoPermission
        258: "the file name is not valid",  // fileReadInvalidFileName
        259: "the file is damaged or not in the expected format",  // fileReadCorruptFile
        260: "no such file or folder",  // fileReadNoSuchFile
        261: "the text is not in a readable encoding",  // fileReadInapplicableStringEncoding
        263: "the file is too large",  // fileReadTooLarge
        512: "the file cannot be written",  // fileWriteUnknown
        513: "permission denied",  // fileWriteNoPermission
        514: "the file name is not valid",  // fileWriteInvalidFileName
        516: "a file already exists there",  // fileWriteFileExists
        517: "the text cannot be written in that encoding",  // fileWriteInapplicableStringEncoding
        640: "the disk is full (no space left on device)",  // fileWriteOutOfSpace
        642: "the file system is read-only",  // fileWriteVolumeReadOnly
    ]
}

/// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; the reason it
/// failed (``FileErrorReason/system(_:)``), or `nil`. The one such loop of the package: its other
/// targets write their files through it too.
package func writeFully(_ bytes: some ContiguousBytes, to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { bytes -> String? in
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return FileErrorReason.system(errno)
            }
            // A write that takes nothing would be asked again forever.
            if written == 0 { return "nothing could be written" }
            offset += written
        }
        return nil
    }
}
