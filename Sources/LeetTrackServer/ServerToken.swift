import FoundationEssentials
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The secret a server on a non-loopback address needs: made once, kept 0600 in `serve-token`
/// beside the store, so the URL a phone saved keeps working after a restart.
enum ServerToken {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The token file's path for the store at `storePath`.
    static func path(forStore storePath: String) -> String {
        URL(fileURLWithPath: storePath).deletingLastPathComponent().appendingPathComponent("serve-token").path
    }

    /// The token in the file, made (0600, never replaced) when there is none.
    /// - Throws: `ServerError.tokenFile` when the file cannot be made or read, or is not private.
    static func load(at path: String) throws -> String {
        if let existing = try read(path) { return existing }
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let token = String(decoding: bytes.flatMap { [Self.hexDigits[Int($0 >> 4)], Self.hexDigits[Int($0 & 0xF)]] }, as: UTF8.self)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 {
            let code = errno
            // Another server made it at the same moment: use that one.
            if code == EEXIST, let existing = try read(path) { return existing }
            throw ServerError.tokenFile(path: path, reason: FileErrorReason.system(code))
        }
        defer { close(descriptor) }
        var failure = writeFully(Array((token + "\n").utf8), to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = FileErrorReason.system(errno) }
        if let failure {
            unlink(path)
            throw ServerError.tokenFile(path: path, reason: failure)
        }
        return token
    }

    private static func read(_ path: String) throws -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw ServerError.tokenFile(path: path, reason: FileErrorReason.system(errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ServerError.tokenFile(path: path, reason: "it is not a regular file") }
        guard info.st_mode & 0o077 == 0 else {
            throw ServerError.tokenFile(path: path, reason: "others can read it (chmod 600 it)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let token = String(decoding: data, as: UTF8.self).trimmedOfWhitespace
        guard token.count >= 32, token.allSatisfy(\.isHexDigit) else {
            throw ServerError.tokenFile(path: path, reason: "it does not hold a token")
        }
        return token
    }
}
