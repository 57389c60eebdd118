import FoundationEssentials
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files that imports and updates take.
public enum ExchangeFile {
    /// The bytes of the file at `path`.
    /// A pipe or `/dev/stdin` is read to its end like a file.
    /// - Throws: ``ExchangeError/unreadable(file:reason:)`` for a missing file, a directory, no
    ///   permission or more than ``maximumSize`` bytes (64 MiB), refused by its size before a
    ///   byte is read when it is a regular file.
    public static func contents(of path: String) throws(ExchangeError) -> Data {
        try JSONFile.read(path)
    }
}

/// Reads JSON files with errors a user can act on: a syntax error names the line and column, a
/// content error the path inside the document.
///
/// Foundation's `JSONDecoder` reports only "not valid JSON": a syntax error is located by
/// Persistence's strict reader (`JSONValue`), which names the line and column.
enum JSONFile {
    /// The largest file an import or an update reads (64 MiB): far above any export (an export of
    /// the whole catalog with long histories is a few megabytes), and a bound on what decoding it
    /// costs (`JSONDecoder` holds several times the file's size), a stop for `/dev/zero` or a wrong
    /// file. Documented in FORMAT.md.
    public static let maximumSize = 64 << 20

    /// Reads the file's bytes.
    ///
    /// The file is read with `read(2)` to its end, not by Foundation's `Data(contentsOf:)`, which
    /// refuses anything but a regular file with a false "Permission denied": a pipe is a file a user
    /// means too (`leettrack import <(ssh desktop leettrack export)`, `import /dev/stdin`).
    static func read(_ path: String) throws(ExchangeError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw .unreadable(file: path, reason: code == ENOENT ? "no such file" : FileErrorReason.system(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(file: path, reason: FileErrorReason.system(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable(file: path, reason: "it is a directory") }
        var data = Data()
        if info.st_mode & S_IFMT == S_IFREG {
            // Measured before a byte is read: a regular file too large is refused by its size.
            guard Int(info.st_size) <= maximumSize else { throw .unreadable(file: path, reason: tooLarge(size: Int(info.st_size))) }
            data.reserveCapacity(Int(info.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .unreadable(file: path, reason: FileErrorReason.system(code))
            }
            guard data.count + count <= maximumSize else { throw .unreadable(file: path, reason: tooLarge(size: nil)) }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// Why a file too large is refused, with its size when known and the size accepted.
    private static func tooLarge(size: Int?) -> String {
        let limit = "larger than \(maximumSize >> 20) MiB, the most an import or a catalog update reads (more than any export or catalog)"
        guard let size else { return "it is \(limit)" }
        let tenths = (size / 1024 * 10 + 512) / 1024  // MiB to one decimal, rounded.
        return "it is \(tenths / 10).\(tenths % 10) MiB, \(limit)"
    }

    /// Decodes `data` as `Value`, turning every failure into an ``ExchangeError`` naming `file`.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws(ExchangeError) -> Value {
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
            throw .malformedJSON(file: file, line: 1, column: 1, reason: "the file is empty")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw unreadableJSONError(in: data, file: file)
            }
            throw contentError(error, file: file)
        } catch {
            throw .invalidContent(file: file, path: "", reason: "\(error)")
        }
    }

    /// Why the decoder could not read `data` at all: the syntax error, located by the strict
    /// reader, or, for well-formed JSON that the decoder refused without a place, the one cause left.
    static func unreadableJSONError(in data: Data, file: String) -> ExchangeError {
        do {
            try JSONValue.check(data)
            // Well-formed JSON that Foundation's decoder still calls invalid, without a place: a
            // number that does not fit its field (`"reps": 1.5`, `"id": 1e30`, `1e999`).
            return .invalidContent(
                file: file, path: "",
                reason: "the JSON is well formed, but a number in it does not fit where it stands "
                    + "(a fraction where a whole number belongs, or a number too large)")
        } catch {
            let reason = error.endsEarly ? "the file ends early (is it truncated?)" : error.reason
            return .malformedJSON(file: file, line: error.line, column: error.column, reason: reason)
        }
    }

    /// "problems[3].status" for a decoding error's coding path, with the error's reason.
    static func contentError(_ error: DecodingError, file: String) -> ExchangeError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .invalidContent(file: file, path: path(context.codingPath), reason: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return .invalidContent(file: file, path: path(context.codingPath), reason: "expected \(describe(type)), found null")
        case .keyNotFound(let key, let context):
            return .invalidContent(file: file, path: path(context.codingPath), reason: "'\(key.stringValue)' is missing")
        case .dataCorrupted(let context):
            return .invalidContent(file: file, path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidContent(file: file, path: "", reason: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: String(describing: type).hasPrefix("Array") ? "an array"
            : String(describing: type).hasPrefix("Dictionary") ? "an object" : "\(type)"
        }
    }
}

/// `read(2)`, named apart from ``JSONFile/read(_:)``, inside which `read` is that method (and
/// from ``SolutionFolder``'s `read`).
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
