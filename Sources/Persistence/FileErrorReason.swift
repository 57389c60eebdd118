import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain words for why a file operation failed, instead of Foundation's text
/// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
public enum FileErrorReason {
    /// The system's reason (`Permission denied`, `No such file or directory`) where the error
    /// carries one, else a sentence for Foundation's file error codes, else the error's own
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

    /// The C library's text for `code` (`errno`).
    public static func system(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "system error \(code)" }
        return String(cString: message)
    }

    /// Foundation's file error codes (`CocoaError.Code`) in words.
    private static let cocoaReasons: [Int: String] = [
        4: "No such file or directory",  // fileNoSuchFile
        255: "the file is locked",  // fileLocking
        256: "the file cannot be read",  // fileReadUnknown
        257: "Permission denied",  // fileReadNoPermission
        258: "the file name is not valid",  // fileReadInvalidFileName
        259: "the file is damaged or not in the expected format",  // fileReadCorruptFile
        260: "No such file or directory",  // fileReadNoSuchFile
        261: "the text is not in a readable encoding",  // fileReadInapplicableStringEncoding
        263: "the file is too large",  // fileReadTooLarge
        512: "the file cannot be written",  // fileWriteUnknown
        513: "Permission denied",  // fileWriteNoPermission
        514: "the file name is not valid",  // fileWriteInvalidFileName
        516: "a file with that name already exists",  // fileWriteFileExists
        517: "the text cannot be written in that encoding",  // fileWriteInapplicableStringEncoding
        640: "No space left on device",  // fileWriteOutOfSpace
        642: "Read-only file system",  // fileWriteVolumeReadOnly
    ]
}
